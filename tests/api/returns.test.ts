/**
 * Returns: the shopper asks within the window, the store accepts or refuses, a card
 * return is refunded through Paystack (the local stand-in, as in payments.test.ts), a pay-on-delivery
 * one is marked refunded by an admin; notifications and e-mails for both sides; nothing written on a 4xx.
 */
import { setPaystack, waitFor } from "./paystack-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/seed/factories";
import { RETURN_MESSAGES } from "~/domain/returns";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { processQueuedRefunds } from "~/jobs.server";
import { engines, useApi } from "./harness";
import { file, firstCategory, form, image, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

describe.each(engines())("returns on %s", (engine) => {
  const api = useApi(engine);
  let paystack: PaystackStandin;

  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: `${api.origin}/api/v1/webhooks/paystack`, retryDelaysMs: [50, 100, 200], refundDelayMs: 50 });
    setPaystack(paystack.secretKey, paystack.url);
  });
  afterAll(async () => {
    await paystack.idle();
    await paystack.close();
    setPaystack(undefined, undefined);
  });

  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params)).rows[0].n;

  /** A pay-on-delivery order of the cast's shopper: two of the store's cement (₦125 each) and another store's tiles, delivered `daysAgo` days ago. */
  async function deliveredOrder(c: Cast, over: { daysAgo?: number; delivery?: "Placed" | "Shipped" | "Delivered"; payment?: "PayOnDelivery" | "CardPayment" } = {}) {
    const cat = await firstCategory(api);
    const mine = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Store A cement" });
    const theirs = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Store B tiles" });
    const delivery = over.delivery ?? "Delivered";
    const order = await createOrder(api.db, {
      user_id: c.shopper.id,
      customer_email: c.shopper.email,
      items: [{ product_id: mine.id, quantity: 2 }, { product_id: theirs.id }],
      payment_method: over.payment ?? "PayOnDelivery",
      payment_status: delivery === "Delivered" ? "Complete" : "Pending",
      delivery_status: delivery,
      created_at: new Date(Date.now() - 20 * 86_400_000),
    });
    if (delivery === "Delivered") {
      await api.db.query("UPDATE order_events SET created_at = now() - make_interval(days => $2) WHERE order_id = $1 AND kind = 'delivered'", [order.id, over.daysAgo ?? 1]);
      // the return window runs from the item's own shipment's delivery
      await api.db.query("UPDATE shipments SET delivered_at = now() - make_interval(days => $2) WHERE order_id = $1", [order.id, over.daysAgo ?? 1]);
    }
    const items = (await api.db.query<{ id: string; store_id: number; total: number }>(
      "SELECT id::text AS id, store_id, item_price_kobo * quantity AS total FROM order_items WHERE order_id = $1 ORDER BY created_at, id",
      [order.id],
    )).rows;
    const item = items.find((i) => i.store_id === c.store.id)!;
    return { orderId: order.id, item, other: items.find((i) => i.store_id === c.otherStore.id)! };
  }

  const ask = (orderId: string, itemId: string, token: string, fields: Record<string, string | File> = { reason: "Damaged or defective", details: "The bag was torn and wet." }) =>
    api.call(`/orders/${orderId}/items/${itemId}/return/`, { token, form: form(fields) });
  const decide = (c: Cast, returnId: number, json: unknown, token = c.member.token, storeId = c.store.id) =>
    api.call(`/stores/${storeId}/returns/${returnId}/decision/`, { token, json });
  const returnsRows = (orderId: string) => count("SELECT count(*)::int AS n FROM returns WHERE order_id = $1", [orderId]);

  it("day 6 after delivery: the buyer asks (with a photo); the store is notified and e-mailed; the order shows the step", async () => {
    const c = await vendorCast(api);
    const { orderId, item } = await deliveredOrder(c, { daysAgo: 6 });
    const r = await ask(orderId, item.id, c.shopper.token, { reason: "Damaged or defective", details: "The bag was torn and wet.", photo: file(await image("jpeg", 7), "bag.jpg", "image/jpeg") });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ order_item_id: item.id, status: "requested", reason: "Damaged or defective", amount: item.total / 100, store: { id: c.store.id } });
    expect(r.body.photo).toBe(`${api.base}/orders/${orderId}/returns/${r.body.id}/photo/`);
    const mine = await api.call(`/orders/${orderId}/returns/`, { token: c.shopper.token });
    expect(mine.status).toBe(200);
    expect(mine.body.window_days).toBe(7);
    expect(mine.body.results.map((x: { id: number }) => x.id)).toEqual([r.body.id]);
    // the asked item is no longer returnable; the other store's item still is
    expect(mine.body.returnable.map((x: { order_item_id: string }) => x.order_item_id)).not.toContain(item.id);
    expect(mine.body.returnable).toHaveLength(1);
    const order = await api.call(`/orders/${orderId}/`, { token: c.shopper.token });
    expect(order.body.status_history).toContainEqual(expect.objectContaining({ kind: "return_requested", order_item_id: item.id }));
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'return_requested'", [c.store.id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE 'Return requested: Store A cement%'", [])).toBeGreaterThanOrEqual(1);
    // the store's list, its filter, and members only
    const list = await api.call(`/stores/${c.store.id}/returns/?status=requested`, { token: c.member.token });
    expect(list.status).toBe(200);
    expect(list.body.results.map((x: { id: number }) => x.id)).toContain(r.body.id);
    expect((await api.call(`/stores/${c.store.id}/returns/?status=refused`, { token: c.member.token })).body.count).toBe(0);
    expect((await api.call(`/stores/${c.store.id}/returns/`, { token: c.otherOwner.token })).status).toBe(404);
    expect((await api.call(`/stores/${c.otherStore.id}/returns/`, { token: c.otherOwner.token })).body.count).toBe(0);
  });

  it("refuses, writing nothing: day 8, not delivered, twice, a cancelled item, another user's order (404), a bad photo", async () => {
    const c = await vendorCast(api);
    const late = await deliveredOrder(c, { daysAgo: 8 });
    const r8 = await ask(late.orderId, late.item.id, c.shopper.token);
    expect(r8.status).toBe(400);
    expect(r8.body.detail).toBe(RETURN_MESSAGES.tooLate(7));
    expect(await returnsRows(late.orderId)).toBe(0);
    expect((await api.call(`/orders/${late.orderId}/returns/`, { token: c.shopper.token })).body.returnable).toEqual([]);

    const shipped = await deliveredOrder(c, { delivery: "Shipped" });
    const rs = await ask(shipped.orderId, shipped.item.id, c.shopper.token);
    expect(rs.status).toBe(400);
    expect(rs.body.detail).toBe(RETURN_MESSAGES.notDelivered);

    const ok = await deliveredOrder(c, { daysAgo: 2 });
    expect((await ask(ok.orderId, ok.item.id, c.shopper.token)).status).toBe(201);
    const twice = await ask(ok.orderId, ok.item.id, c.shopper.token);
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toBe(RETURN_MESSAGES.already);
    expect(await returnsRows(ok.orderId)).toBe(1);

    await api.db.query("UPDATE order_items SET status = 'Cancelled' WHERE id = $1", [ok.other.id]);
    expect((await ask(ok.orderId, ok.other.id, c.shopper.token)).body.detail).toBe(RETURN_MESSAGES.cancelled);

    // someone else's order, or an item of another order: 404
    const fresh = await deliveredOrder(c, { daysAgo: 1 });
    expect((await ask(fresh.orderId, fresh.item.id, c.otherOwner.token)).status).toBe(404);
    expect((await api.call(`/orders/${fresh.orderId}/returns/`, { token: c.member.token })).status).toBe(404);
    expect((await ask(fresh.orderId, ok.item.id, c.shopper.token)).status).toBe(404);
    // bad body and photo
    const noReason = await ask(fresh.orderId, fresh.item.id, c.shopper.token, { reason: "Because", details: "" });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ reason: [RETURN_MESSAGES.reason], details: [RETURN_MESSAGES.details] });
    const fake = await ask(fresh.orderId, fresh.item.id, c.shopper.token, { reason: "Wrong item", details: "Not the colour I ordered.", photo: file("<html>hi</html>", "x.png", "image/png") });
    expect(fake.status).toBe(400);
    expect(fake.body.photo).toEqual(["Invalid file type. Please choose a valid image (JPEG, PNG or WEBP)."]);
    expect(await returnsRows(fresh.orderId)).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind LIKE 'return_%'", [fresh.orderId])).toBe(0);
  });

  it("the store decides: another store 404, refusing needs a message, a refusal reaches the buyer, a decided return stays decided", async () => {
    const c = await vendorCast(api);
    const { orderId, item } = await deliveredOrder(c);
    const id = (await ask(orderId, item.id, c.shopper.token)).body.id as number;
    expect((await decide(c, id, { decision: "refuse" }, c.otherOwner.token, c.otherStore.id)).status).toBe(404);
    expect((await decide(c, id, { decision: "refuse", message: "no" }, c.otherOwner.token)).status).toBe(404);
    expect((await decide(c, id, { decision: "refuse" }, c.shopper.token)).status).toBe(404);
    const noMessage = await decide(c, id, { decision: "refuse", message: "  " });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body).toEqual({ message: [RETURN_MESSAGES.messageRequired] });
    expect((await decide(c, id, { decision: "maybe" })).status).toBe(400);
    expect(await count("SELECT count(*)::int AS n FROM returns WHERE id = $1 AND status = 'requested'", [id])).toBe(1);
    const refused = await decide(c, id, { decision: "refuse", message: "The bag was opened and used." });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: "refused", vendor_message: "The bag was opened and used." });
    expect((await decide(c, id, { decision: "accept" })).status).toBe(409);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'return_refused' AND body = 'The bag was opened and used.'", [c.shopper.id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE to_address = $1 AND subject LIKE '%was refused' AND text_body LIKE '%opened and used%'", [c.shopper.email])).toBe(1);
    const order = await api.call(`/orders/${orderId}/`, { token: c.shopper.token });
    expect(order.body.status_history).toContainEqual(expect.objectContaining({ kind: "return_refused", order_item_id: item.id }));
    // once per item: a refused return cannot be asked again
    expect((await ask(orderId, item.id, c.shopper.token)).body.detail).toBe(RETURN_MESSAGES.already);
  });

  it("pay on delivery: accepted (no refund queued), then an admin marks it refunded; buyer notified at each step", async () => {
    const c = await vendorCast(api);
    const { orderId, item } = await deliveredOrder(c);
    const id = (await ask(orderId, item.id, c.shopper.token)).body.id as number;
    // the admin cannot mark a return that is not accepted
    expect((await api.call(`/admin/returns/${id}/refunded/`, { token: c.admin.token, json: {} })).status).toBe(409);
    const accepted = await decide(c, id, { decision: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", payment_method: "PayOnDelivery", refund_status: null });
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1", [orderId])).toBe(0);
    const pending = await api.call("/admin/returns/?status=accepted", { token: c.admin.token });
    expect(pending.body.results.map((x: { id: number }) => x.id)).toContain(id);
    expect((await api.call("/admin/returns/", { token: c.owner.token })).status).toBe(404);
    expect((await api.call(`/admin/returns/${id}/refunded/`, { token: c.owner.token, json: {} })).status).toBe(404);
    const done = await api.call(`/admin/returns/${id}/refunded/`, { token: c.admin.token, json: { note: "Bank transfer ref 00123" } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "refunded", refund_note: "Bank transfer ref 00123" });
    expect(done.body.refunded_at).toMatch(/^\d{4}-/);
    expect((await api.call(`/admin/returns/${id}/refunded/`, { token: c.admin.token, json: {} })).status).toBe(409);
    const kinds = (await api.db.query<{ kind: string }>("SELECT kind FROM notifications WHERE user_id = $1 ORDER BY id", [c.shopper.id])).rows.map((r) => r.kind);
    expect(kinds).toEqual(["return_accepted", "return_refunded"]);
    const subjects = (await api.db.query<{ subject: string }>("SELECT subject FROM mail_queue WHERE to_address = $1 ORDER BY id", [c.shopper.email])).rows.map((r) => r.subject);
    expect(subjects).toEqual(expect.arrayContaining([expect.stringMatching(/was accepted$/), expect.stringMatching(/was refunded$/)]));
    const order = await api.call(`/orders/${orderId}/`, { token: c.shopper.token });
    const history = order.body.status_history.filter((e: { order_item_id: string | null }) => e.order_item_id === item.id).map((e: { kind: string }) => e.kind);
    expect(history).toEqual(["return_requested", "return_accepted", "refunded"]);
  });

  it("card: accepting queues exactly one refund of the item, Paystack refunds it and the return becomes refunded", async () => {
    const c = await vendorCast(api);
    const { orderId, item } = await deliveredOrder(c, { delivery: "Placed", payment: "CardPayment" });
    // pay for real through the stand-in, then deliver
    const made = await api.call("/payments/paystack/make/", { token: c.shopper.token, json: { order_id: orderId } });
    expect(made.status).toBe(201);
    const { authorization_url, reference } = made.body.data;
    const page = await (await fetch(authorization_url)).text();
    const action = /action="([^"]+\/pay)"/.exec(page)![1].replace(/&amp;/g, "&");
    await fetch(action, { method: "POST", redirect: "manual" });
    await api.call("/payments/paystack/confirm_payment", { method: "PATCH", json: { trx_ref: reference, order_id: orderId } });
    await waitFor("the order to be paid", async () => (await count("SELECT count(*)::int AS n FROM orders WHERE id = $1 AND order_payment_status = 'Complete'", [orderId])) === 1);
    await api.db.query("UPDATE orders SET order_delivery_status = 'Delivered' WHERE id = $1", [orderId]);
    await api.db.query("UPDATE shipments SET status = 'Delivered', delivered_at = now() WHERE order_id = $1", [orderId]);
    await api.db.query("INSERT INTO order_events (order_id, kind, created_at) VALUES ($1, 'delivered', now() - interval '2 days')", [orderId]);

    const id = (await ask(orderId, item.id, c.shopper.token)).body.id as number;
    const accepted = await decide(c, id, { decision: "accept", message: "Sorry about that." }, c.owner.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", payment_method: "CardPayment", vendor_message: "Sorry about that." });
    const refunds = (await api.db.query<{ order_item_id: string; amount_kobo: number; kind: string }>(
      "SELECT order_item_id::text AS order_item_id, amount_kobo, kind FROM refunds WHERE order_id = $1",
      [orderId],
    )).rows;
    expect(refunds).toEqual([{ order_item_id: item.id, amount_kobo: item.total, kind: "item" }]);
    // a card return cannot be marked refunded by hand while Paystack handles it
    expect((await api.call(`/admin/returns/${id}/refunded/`, { token: c.admin.token, json: {} })).status).toBe(409);
    await processQueuedRefunds(api.db);
    await paystack.idle();
    await waitFor("the return to be refunded", async () => (await api.call(`/orders/${orderId}/returns/`, { token: c.shopper.token })).body.results[0].status === "refunded");
    expect(paystack.transaction(reference)?.refunded).toBe(item.total);
    const mine = (await api.call(`/orders/${orderId}/returns/`, { token: c.shopper.token })).body.results[0];
    expect(mine).toMatchObject({ refund_status: "processed", status: "refunded" });
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1", [orderId])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind IN ('return_accepted', 'return_refunded')", [c.shopper.id])).toBe(2);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'return_requested'", [c.store.id])).toBe(1);
    const order = await api.call(`/orders/${orderId}/`, { token: c.shopper.token });
    expect(order.body.status_history).toContainEqual(expect.objectContaining({ kind: "refunded", order_item_id: item.id }));
    // the other item is still paid for: part of the payment went back (docs/orders.md, payment status)
    expect(order.body.order_payment_status).toBe("Partly refunded");
  });
});
