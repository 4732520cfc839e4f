/**
 * A store's deadlines (issue 36 item 3; app/domain/deadlines.ts, app/workflows/deadlines.server.ts):
 * confirm within 24 business hours of the order (pay on delivery: placed; card: paid), ship within
 * 48 of confirming, Sundays and public holidays not counted. At half-time the store is reminded
 * once; past the deadline its lines are cancelled once, with the reason, stock back, a paid line
 * refunded, the buyer and the store told. Two "servers" run the job at the same moment (on
 * PostgreSQL a second connection pool to the same database, as a second app server has): one
 * reminder, one cancellation, one refund.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Db } from "~/db/client.server";
import { createOrder, createProduct } from "~/db/seed/factories";
import { DEADLINE_CANCEL_REASONS } from "~/domain/deadlines";
import { sayNotice, type StoredNotice } from "~/domain/notices";
import { formatDate } from "~/i18n/dates";
import { textsFor } from "~/i18n/texts.server";
import { enforceShipmentDeadlines } from "~/workflows/deadlines.server";
import { engines, useApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";
import { pgUrlFor } from "../setup/templates";

const SETTINGS = { confirmHours: 24, shipHours: 48 };
/** Saturday 5 December 2026, 10:00 in Lagos. */
const SATURDAY_10 = new Date("2026-12-05T09:00:00Z");
/** Monday 7 December, 10:00 in Lagos: 24 business hours later (Sunday does not count). */
const MONDAY_10 = new Date("2026-12-07T09:00:00Z");

describe.each(engines())("a store's deadlines on %s", (engine) => {
  const api = useApi(engine);
  /** The second app server: its own pool on PostgreSQL; the one database in-process on PGlite. */
  let other: Db;
  beforeAll(async () => {
    if (engine === "postgres") {
      const name = (await api.db.query<{ d: string }>("SELECT current_database() AS d")).rows[0].d;
      other = await openPostgres(pgUrlFor(name), 3);
    } else other = api.db;
    // The demo orders of the database's template: past their deadlines before these tests' days.
    await enforceShipmentDeadlines(api.db, SETTINGS, { now: SATURDAY_10, limit: 100_000 });
  });
  afterAll(async () => {
    if (other !== api.db) await other.close();
  });

  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params)).rows[0].n;
  /** Both servers' job at the same instant. */
  const bothAt = async (now: Date) => {
    const [a, b] = await Promise.all([enforceShipmentDeadlines(api.db, SETTINGS, { now }), enforceShipmentDeadlines(other, SETTINGS, { now })]);
    return { reminded: a.reminded + b.reminded, cancelled: a.cancelled + b.cancelled, lines: a.lines + b.lines };
  };

  async function orderOf(method: "PayOnDelivery" | "CardPayment", placedAt: Date) {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const rods = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Iron rods 16mm", selling_price_kobo: 1_200_000, stock_quantity: 40 });
    const order = await createOrder(api.db, {
      user_id: c.shopper.id,
      customer_email: c.shopper.email,
      items: [{ product_id: rods.id, quantity: 5 }],
      payment_method: method,
      payment_status: method === "CardPayment" ? "Complete" : "Pending",
      shipping_kobo: 300_000,
      created_at: placedAt,
      stepHours: 0,
    });
    if (method === "CardPayment") {
      await api.db.query(
        `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, customer_email, payment_method, payment_status, verified_at)
         VALUES ($1, $2, $3, $4, 'payer@example.com', 'CardPayment', 'Complete', $5)`,
        [order.id, c.shopper.id, `ord_${order.id}_1`, 5 * 1_200_000 + 300_000, placedAt.toISOString()],
      );
    }
    const shipment = (await api.db.query<{ id: number }>("SELECT id FROM shipments WHERE order_id = $1", [order.id])).rows[0].id;
    return { c, rods, order, shipment };
  }

  it("pay on delivery placed on a Saturday: reminded once at half-time, not due on Sunday, cancelled once on Monday at 10:00", async () => {
    const { c, rods, order, shipment } = await orderOf("PayOnDelivery", SATURDAY_10);
    const stockAfterOrder = (await api.db.query<{ stock: number }>("SELECT stock_quantity AS stock FROM products WHERE id = $1", [rods.id])).rows[0].stock;

    // Saturday 21:00 Lagos: 11 of 12 hours to half-time gone: nothing yet.
    expect(await bothAt(new Date("2026-12-05T20:00:00Z"))).toMatchObject({ reminded: 0, cancelled: 0 });
    // Sunday noon: past half-time (Saturday 22:00), so the store is reminded, once by two servers.
    expect(await bothAt(new Date("2026-12-06T11:00:00Z"))).toMatchObject({ reminded: 1, cancelled: 0 });
    expect(await bothAt(new Date("2026-12-06T12:00:00Z"))).toMatchObject({ reminded: 0, cancelled: 0 });
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'deadline_reminder'", [c.store.id])).toBe(1);
    const reminder = await api.db.query<StoredNotice>(
      "SELECT title, body, title_key, body_key, params FROM notifications WHERE store_id = $1 AND kind = 'deadline_reminder'",
      [c.store.id],
    );
    expect(reminder.rows[0].title).toMatch(/^Confirm order #\w+ by 7 December 2026 at 10:00$/);
    // Stored as a key and its values (the deadline as an instant), said in the reader's language when shown (issue 38)
    expect(reminder.rows[0]).toMatchObject({ title_key: "deadline_confirm", body_key: "deadline_reminder", params: { due_at: MONDAY_10.toISOString() } });
    const yo = textsFor("yo", "account");
    const inYoruba = sayNotice(reminder.rows[0], yo, (iso) => formatDate(iso, yo));
    expect(inYoruba.title).toMatch(/^Fọwọ́ sí order #\w+ kí 7 Oṣù Ọ̀pẹ̀ 2026 ní 10:00 tó dé$/);
    expect(inYoruba.body).not.toMatch(/refunded|cancelled/);
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE to_address = $1 AND subject LIKE 'Confirm order%'", [c.owner.email])).toBe(1);

    // The store's own view of the order says by when.
    const view = await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.owner.token });
    expect(view.body.deadline).toEqual({ stage: "confirm", due_at: MONDAY_10.toISOString() });

    // Monday 09:59 Lagos: one minute left (a calendar clock would have cancelled it on Sunday 10:00).
    expect(await bothAt(new Date(MONDAY_10.getTime() - 60_000))).toMatchObject({ cancelled: 0 });
    expect(await count("SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND status = 'Active'", [order.id])).toBe(1);

    // Monday 10:00: missed. Two servers, one cancellation.
    expect(await bothAt(MONDAY_10)).toMatchObject({ cancelled: 1, lines: 1 });
    expect(await bothAt(new Date(MONDAY_10.getTime() + 3_600_000))).toMatchObject({ cancelled: 0, reminded: 0 });
    const item = (await api.db.query<{ status: string; cancel_reason: string }>("SELECT status, cancel_reason FROM order_items WHERE order_id = $1", [order.id])).rows[0];
    expect(item).toEqual({ status: "Cancelled", cancel_reason: DEADLINE_CANCEL_REASONS.confirm });
    expect((await api.db.query<{ stock: number }>("SELECT stock_quantity AS stock FROM products WHERE id = $1", [rods.id])).rows[0].stock).toBe(stockAfterOrder + 5);
    expect((await api.db.query<{ deadline_missed: string }>("SELECT deadline_missed FROM shipments WHERE id = $1", [shipment])).rows[0].deadline_missed).toBe("confirm");
    // Nothing was paid: nothing to refund; the buyer and the store are told once.
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1", [order.id])).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'item_cancelled'", [c.shopper.id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE to_address = $1 AND subject LIKE '%deadline was missed'", [c.owner.email])).toBe(1);

    // The buyer reads it on their order, from the API.
    const got = await api.call(`/orders/${order.id}/`, { token: c.shopper.token });
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body)).toContain(DEADLINE_CANCEL_REASONS.confirm);
  });

  it("a paid card order confirmed but not shipped in 48 business hours: cancelled and refunded exactly once", async () => {
    const paidAt = new Date("2026-12-08T09:00:00Z"); // Tuesday 10:00
    const { c, order, shipment } = await orderOf("CardPayment", paidAt);
    // The store confirmed on time (Tuesday 12:00 Lagos), then did nothing.
    const confirmedAt = new Date("2026-12-08T11:00:00Z");
    await api.db.query("UPDATE shipments SET status = 'Confirmed', confirmed_at = $2 WHERE id = $1", [shipment, confirmedAt.toISOString()]);
    await api.db.query("UPDATE orders SET order_delivery_status = 'Confirmed' WHERE id = $1", [order.id]);

    // Wednesday 12:00 Lagos: 24 of 48 hours: reminded to ship.
    expect(await bothAt(new Date("2026-12-09T11:00:00Z"))).toMatchObject({ reminded: 1 });
    const view = await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.owner.token });
    expect(view.body.deadline).toEqual({ stage: "ship", due_at: "2026-12-10T11:00:00.000Z" });
    const ship = await api.db.query<{ title: string }>("SELECT title FROM notifications WHERE store_id = $1 AND kind = 'deadline_reminder'", [c.store.id]);
    expect(ship.rows.map((r) => r.title)).toEqual([expect.stringMatching(/^Ship order #\w+ by 10 December 2026 at 12:00$/)]);
    // Thursday 12:00 Lagos: missed.
    expect(await bothAt(new Date("2026-12-10T11:00:00Z"))).toMatchObject({ cancelled: 1, lines: 1 });
    expect(await bothAt(new Date("2026-12-10T12:00:00Z"))).toMatchObject({ cancelled: 0 });
    const reason = (await api.db.query<{ cancel_reason: string }>("SELECT cancel_reason FROM order_items WHERE order_id = $1", [order.id])).rows[0].cancel_reason;
    expect(reason).toBe(DEADLINE_CANCEL_REASONS.ship);
    // The item and its shipping come back through the card payment, once each.
    const refunds = await api.db.query<{ kind: string; amount_kobo: string }>("SELECT kind, amount_kobo::text FROM refunds WHERE order_id = $1 ORDER BY kind", [order.id]);
    expect(refunds.rows.map((r) => [r.kind, Number(r.amount_kobo)])).toEqual([
      ["item", 5 * 1_200_000],
      ["shipping", 300_000],
    ]);
  });

  it("a card order never paid is not the store's to confirm", async () => {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Roofing nails", selling_price_kobo: 50_000 });
    const order = await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: p.id }], payment_method: "CardPayment", created_at: SATURDAY_10 });
    await bothAt(new Date("2026-12-20T09:00:00Z"));
    expect(await count("SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND status = 'Active'", [order.id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1", [c.store.id])).toBe(0);
  });
});
