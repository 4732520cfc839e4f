/**
 * Bulk quotes (issue 35; decision 0036), both engines: a buyer asks two stores from one request; only
 * the parties read a quote; a price above the list is refused without a reason; the buyer counters
 * once; accepting makes ONE order (twice in a row, and two accepts at once) at the offer's prices and
 * delivery charge, whose total equals the offer's (VAT shown apart, included); list price changes do
 * not move an offer; an expired offer is refused (410); an accept racing the expiry either makes the
 * order or is refused, never both.
 */
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/seed/factories";
import { vatIncludedKobo } from "~/domain/pricing";
import { lagosToday } from "~/domain/quote-rules";
import { engines, makeUser, useApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

/** ₦10,450.50 a bag of cement (list); 500 bags. */
const LIST = 1_045_050;
const QTY = 500;

const inDays = (n: number) => {
  const d = new Date(`${lagosToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe.each(engines())("quotes on %s", (engine) => {
  const api = useApi(engine);

  async function setup() {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const cement = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Dangote cement 50kg", selling_price_kobo: LIST, price_kobo: LIST, stock_quantity: 2000 });
    const other = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Granite 3/4", selling_price_kobo: 5_000_000, price_kobo: 5_000_000, stock_quantity: 50 });
    await api.db.query("UPDATE stores SET state = 'Lagos' WHERE id = ANY($1::int[])", [[c.store.id, c.otherStore.id]]);
    return { c, cement: cement.id, granite: other.id };
  }

  const request = (token: string, lines: unknown[]) =>
    api.call("/quotes/", {
      token,
      json: {
        lines,
        receiver_first_name: "Tunde",
        receiver_last_name: "Bakare",
        receiver_phone_one: "08031234567",
        company_name: "Bakare Builders Ltd",
        street_address: "12 Allen Avenue site",
        city: "Ikeja",
        state: "Lagos",
        lga: "Ikeja",
        wanted_date: inDays(5),
        note: "Site takes trucks before 10am.",
      },
    });

  const offerBody = (lineId: number, unit: number, extra: Record<string, unknown> = {}) => ({
    lines: [{ quote_line_id: lineId, unit_price: unit, ...(extra.reason ? { reason: extra.reason } : {}) }],
    delivery: 85_000,
    delivery_date: inDays(6),
    valid_hours: 72,
    note: "Price holds for 72 hours.",
    ...extra,
  });

  it("asks each store, only the parties read it, the offer is checked against the list, the counter is once, and accepting makes one order at the offer's total", async () => {
    const { c, cement, granite } = await setup();
    const asked = await request(c.shopper.token, [
      { product_id: cement, quantity: QTY },
      { product_id: granite, quantity: 2 },
    ]);
    expect(asked.status).toBe(201);
    expect(asked.body.results).toHaveLength(2);
    const quote = asked.body.results.find((q: { store: { id: number } }) => q.store.id === c.store.id);
    expect(quote).toMatchObject({ status: "requested", turn: "store", buyer: { company_name: "Bakare Builders Ltd" }, site: { lga: "Ikeja", state: "Lagos" } });
    expect(quote.lines[0]).toMatchObject({ product_name: "Dangote cement 50kg", quantity: QTY, list_unit_price: LIST / 100 });
    // The store was told: a bell notice and e-mail queued.
    const told = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'quote_requested'", [c.store.id]);
    expect(told.rows[0].n).toBe(1);

    // Only the parties read it.
    const path = `/quotes/${quote.id}/`;
    expect((await api.call(path, { token: c.shopper.token })).status).toBe(200);
    expect((await api.call(path, { token: c.otherOwner.token })).status).toBe(404);
    expect((await api.call(path)).status).toBe(401);
    expect((await api.call(`/stores/${c.store.id}/quotes/${quote.id}/`, { token: c.member.token })).status).toBe(200);
    expect((await api.call(`/stores/${c.otherStore.id}/quotes/${quote.id}/`, { token: c.otherOwner.token })).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/quotes/${quote.id}/`, { token: c.otherOwner.token })).status).toBe(404);
    expect((await api.call(`/admin/quotes/${quote.id}/`, { token: c.admin.token })).status).toBe(200);
    expect((await api.call(`/admin/quotes/${quote.id}/`, { token: c.shopper.token })).status).toBe(404);
    const mine = await api.call("/quotes/", { token: c.shopper.token });
    expect(mine.body.count).toBe(2);
    expect((await api.call("/quotes/", { token: c.otherOwner.token })).body.count).toBe(0);

    // The buyer cannot accept before an offer.
    expect((await api.call(`${path}accept/`, { method: "POST", token: c.shopper.token })).status).toBe(409);

    // Above the list price: refused without a reason, nothing written.
    const lineId = quote.lines[0].id;
    const high = await api.call(`/stores/${c.store.id}/quotes/${quote.id}/offer/`, { token: c.member.token, json: offerBody(lineId, LIST / 100 + 1) });
    expect(high.status).toBe(400);
    expect(high.body["lines[0].reason"]).toBeTruthy();
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM quote_offers WHERE quote_id = $1", [quote.id])).rows[0].n).toBe(0);
    // With a reason it is taken; the store is VAT-registered from now on.
    await api.db.query("UPDATE stores SET vat_registered = true, tin = '12345678-0001' WHERE id = $1", [c.store.id]);
    const first = await api.call(`/stores/${c.store.id}/quotes/${quote.id}/offer/`, { token: c.member.token, json: offerBody(lineId, LIST / 100 + 1, { reason: "Trucks to Ikeja at night" }) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "offered", turn: "buyer", can_counter: true });

    // The buyer counters once; a second counter is refused.
    const countered = await api.call(`${path}counter/`, { token: c.shopper.token, json: { note: "₦9,800 a bag and we have a deal." } });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({ status: "countered", turn: "store", can_counter: false });
    // The buyer cannot accept while it is the store's turn.
    expect((await api.call(`${path}accept/`, { method: "POST", token: c.shopper.token })).status).toBe(409);
    const unit = 9_850.25;
    const again = await api.call(`/stores/${c.store.id}/quotes/${quote.id}/offer/`, { token: c.owner.token, json: offerBody(lineId, unit) });
    expect(again.status).toBe(200);
    expect(again.body.offers).toHaveLength(2);
    expect((await api.call(`${path}counter/`, { token: c.shopper.token, json: { note: "And ₦9,700?" } })).status).toBe(409);

    // The offer's figures: 500 × ₦9,850.25 + ₦85,000 delivery, VAT 7.5% included and shown apart.
    const itemsKobo = Math.round(unit * 100) * QTY;
    const totalKobo = itemsKobo + 8_500_000;
    const live = again.body.offers[1];
    expect(again.body.live_offer_id).toBe(live.id);
    expect(live).toMatchObject({ items_total: itemsKobo / 100, delivery: 85_000, total: totalKobo / 100, vat: vatIncludedKobo(totalKobo) / 100, net: (totalKobo - vatIncludedKobo(totalKobo)) / 100, vat_registered: true, tin: "12345678-0001" });

    // The list price changes: the offer's prices do not move.
    await api.db.query("UPDATE products SET selling_price_kobo = 2000000, price_kobo = 2000000 WHERE id = $1", [cement]);
    expect((await api.call(path, { token: c.shopper.token })).body.offers[1].total).toBe(totalKobo / 100);

    // Someone else cannot accept; the buyer accepts twice at once: one order.
    expect((await api.call(`${path}accept/`, { method: "POST", token: c.otherOwner.token })).status).toBe(404);
    const [a, b] = await Promise.all([
      api.call(`${path}accept/`, { method: "POST", token: c.shopper.token }),
      api.call(`${path}accept/`, { method: "POST", token: c.shopper.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.order_id).toBe(b.body.order_id);
    const third = await api.call(`${path}accept/`, { method: "POST", token: c.shopper.token });
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ order_id: a.body.order_id, replayed: true });
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE quote_id = $1", [quote.id])).rows[0].n).toBe(1);

    // The order: at the offer's prices, its delivery charge the shipment's fee, its total the offer's.
    const order = await api.call(`/orders/${a.body.order_id}/`, { token: c.shopper.token });
    expect(order.status).toBe(200);
    expect(order.body.order_payment_status).toBe("Pending");
    expect(order.body.order_items[0]).toMatchObject({ quantity: QTY });
    const money = await api.db.query<{ items: string; shipping: string; price: string; fee: string }>(
      `SELECT o.order_total_kobo AS items, o.shipping_kobo AS shipping, oi.item_price_kobo AS price, sh.shipping_kobo AS fee
         FROM orders o JOIN order_items oi ON oi.order_id = o.id JOIN shipments sh ON sh.order_id = o.id WHERE o.id = $1`,
      [a.body.order_id],
    );
    expect(Number(money.rows[0].price)).toBe(Math.round(unit * 100));
    expect(Number(money.rows[0].items)).toBe(itemsKobo);
    expect(Number(money.rows[0].fee)).toBe(8_500_000);
    expect(Number(money.rows[0].items) + Number(money.rows[0].shipping)).toBe(totalKobo);
    expect(order.body.total).toBe(totalKobo / 100);
    // Stock taken as checkout takes it.
    expect((await api.db.query<{ s: number }>("SELECT stock_quantity::float8 AS s FROM products WHERE id = $1", [cement])).rows[0].s).toBe(2000 - QTY);
    // The quote is closed: no more offers, counters or declines.
    expect((await api.call(`/stores/${c.store.id}/quotes/${quote.id}/offer/`, { token: c.owner.token, json: offerBody(lineId, unit) })).status).toBe(409);
    expect((await api.call(`${path}decline/`, { token: c.shopper.token, json: {} })).status).toBe(409);

    // The other store declines with a reason; the buyer is told.
    const granQuote = asked.body.results.find((q: { store: { id: number } }) => q.store.id === c.otherStore.id);
    expect((await api.call(`/stores/${c.otherStore.id}/quotes/${granQuote.id}/decline/`, { token: c.otherOwner.token, json: {} })).status).toBe(400);
    const declined = await api.call(`/stores/${c.otherStore.id}/quotes/${granQuote.id}/decline/`, { token: c.otherOwner.token, json: { reason: "No trucks to Ikeja this month." } });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "declined", declined_by: "store", turn: null });
    const buyerTold = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind IN ('quote_offered', 'quote_answered')", [c.shopper.id]);
    expect(buyerTold.rows[0].n).toBe(3);
  });

  it("refuses an expired offer with 410, and an accept racing the expiry either makes the order or is refused, never both", async () => {
    const { c, cement } = await setup();
    const asked = await request(c.shopper.token, [{ product_id: cement, quantity: 10 }]);
    const quote = asked.body.results[0];
    const path = `/quotes/${quote.id}/`;
    expect((await api.call(`/stores/${c.store.id}/quotes/${quote.id}/offer/`, { token: c.member.token, json: offerBody(quote.lines[0].id, 10_000) })).status).toBe(200);
    await api.db.query("UPDATE quote_offers SET expires_at = now() - interval '1 second' WHERE quote_id = $1", [quote.id]);
    const seen = await api.call(path, { token: c.shopper.token });
    expect(seen.body).toMatchObject({ shown_status: "expired", live_offer_id: null });
    const late = await api.call(`${path}accept/`, { method: "POST", token: c.shopper.token });
    expect(late.status).toBe(410);
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE quote_id = $1", [quote.id])).rows[0].n).toBe(0);
    // The admin sees it among the expired.
    const expired = await api.call("/admin/quotes/?status=expired", { token: c.admin.token });
    expect(expired.body.results.map((q: { id: number }) => q.id)).toContain(quote.id);
    const open = await api.call("/admin/quotes/?status=open", { token: c.admin.token });
    expect(open.body.results.map((q: { id: number }) => q.id)).not.toContain(quote.id);

    // The store offers again, expiring in a moment; accepts race the expiry.
    for (let round = 0; round < 3; round++) {
      const q2 = (await request(c.shopper.token, [{ product_id: cement, quantity: 10 }])).body.results[0];
      expect((await api.call(`/stores/${c.store.id}/quotes/${q2.id}/offer/`, { token: c.member.token, json: offerBody(q2.lines[0].id, 10_000) })).status).toBe(200);
      await api.db.query("UPDATE quote_offers SET expires_at = clock_timestamp() + interval '15 milliseconds' WHERE quote_id = $1", [q2.id]);
      const answers = await Promise.all(
        [0, 5, 10, 20].map(async (wait) => {
          await new Promise((r) => setTimeout(r, wait));
          return api.call(`/quotes/${q2.id}/accept/`, { method: "POST", token: c.shopper.token });
        }),
      );
      const orders = (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE quote_id = $1", [q2.id])).rows[0].n;
      const made = answers.filter((a) => a.status === 201).length;
      const status = (await api.db.query<{ status: string }>("SELECT status FROM quotes WHERE id = $1", [q2.id])).rows[0].status;
      for (const a of answers) expect([200, 201, 410]).toContain(a.status);
      expect(made).toBeLessThanOrEqual(1);
      expect(orders).toBe(made);
      expect(status).toBe(made ? "accepted" : "offered");
      // Every 200 answers the one order made; a 410 never follows a made order's 201 ... except as a refusal of a later try (none is made then).
      for (const a of answers.filter((x) => x.status === 200)) expect(a.body.order_id).toBe(answers.find((x) => x.status === 201)!.body.order_id);
    }
  });

  it("refuses a request for the buyer's own store's product and bad fields with 400", async () => {
    const { c, cement } = await setup();
    const own = await request(c.owner.token, [{ product_id: cement, quantity: 10 }]);
    expect(own.status).toBe(400);
    const bad = await api.call("/quotes/", { token: c.shopper.token, json: { lines: [], state: "Lagos", lga: "Ikeja", wanted_date: "2001-01-01" } });
    expect(bad.status).toBe(400);
    expect(bad.body.lines).toBeTruthy();
    expect(bad.body.wanted_date).toBeTruthy();
    const stranger = await makeUser(api);
    expect((await api.call(`/stores/${c.store.id}/tax/`, { method: "PUT", token: c.member.token, json: { vat_registered: true, tin: "1" } })).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/tax/`, { method: "PUT", token: c.owner.token, json: { vat_registered: true } })).status).toBe(400);
    const set = await api.call(`/stores/${c.store.id}/tax/`, { method: "PUT", token: c.owner.token, json: { vat_registered: true, tin: "12345678-0001" } });
    expect(set.body).toEqual({ vat_registered: true, tin: "12345678-0001" });
    expect((await api.call(`/stores/${c.store.id}/tax/`, { token: stranger.token })).status).toBe(404);
  });
});
