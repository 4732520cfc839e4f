/**
 * Notifications ("new order, cancelled item, low stock"): every event writes its
 * notification rows (and its e-mail) in the transaction of the change; a member's and a store's
 * lists, unread counts and mark-read are theirs alone.
 */
import { describe, expect, it } from "vitest";
import { markPaid } from "~/workflows/payments.server";
import { settleRefund } from "~/workflows/refunds.server";
import { createAddress, createCart, createOrder, createProduct } from "~/db/seed/factories";
import { LOW_STOCK_THRESHOLD } from "~/domain/products";
import type { VerifyData } from "~/integrations/paystack/client.server";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { statusBody } from "./delivery-code-helpers";
import { firstCategory, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;
type Row = { kind: string; title: string; body: string; link: string | null; user_id: number | null; store_id: number | null };

const number = (id: string) => `#${id.split("-")[0].toUpperCase()}`;

async function noticesFor(api: TestApi, who: { userId?: number; storeId?: number }): Promise<Row[]> {
  const r = who.userId
    ? await api.db.query<Row>("SELECT kind, title, body, link, user_id, store_id FROM notifications WHERE user_id = $1 ORDER BY id", [who.userId])
    : await api.db.query<Row>("SELECT kind, title, body, link, user_id, store_id FROM notifications WHERE store_id = $1 ORDER BY id", [who.storeId]);
  return r.rows;
}

const mailCount = async (api: TestApi, to: string) =>
  (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_queue WHERE to_address = $1", [to])).rows[0].n;

async function products(api: TestApi, c: Cast, stock = { mine: 50, theirs: 50 }) {
  const cat = await firstCategory(api);
  const mine = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Store A cement", stock_quantity: stock.mine });
  const theirs = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Store B tiles", stock_quantity: stock.theirs });
  return { mine, theirs };
}

/** The shopper places a pay-on-delivery (or card) order of their cart through the API. */
async function place(api: TestApi, c: Cast, items: Array<{ product_id: number; quantity?: number }>, method = "PayOnDelivery") {
  const address = await createAddress(api.db, c.shopper.id, { state: "Lagos" });
  await api.db.query("DELETE FROM carts WHERE user_id = $1", [c.shopper.id]);
  await createCart(api.db, { user_id: c.shopper.id, items });
  return api.call("/orders/", { token: c.shopper.token, json: { cartItems: [], delivery_address_id: address.id, order_payment_method: method } });
}

const move = async (api: TestApi, c: Cast, orderId: string, status: string) =>
  api.call(`/orders/${c.store.id}/store/${orderId}/status/`, { method: "PATCH", token: c.member.token, json: await statusBody(api.db, orderId, c.store.id, status) });

describe.each(engines())("notifications on %s", (engine) => {
  const api = useApi(engine);

  it("an order placed tells the buyer and each store with items in it (with links), queues the e-mail; the API counts them unread", async () => {
    const c = await vendorCast(api);
    const { mine, theirs } = await products(api, c);
    const r = await place(api, c, [{ product_id: mine.id, quantity: 2 }, { product_id: theirs.id }]);
    expect(r.status).toBe(201);
    const id: string = r.body.id;
    const buyer = await noticesFor(api, { userId: c.shopper.id });
    expect(buyer).toEqual([expect.objectContaining({ kind: "order_placed", title: `Order ${number(id)} placed`, link: `/users/orders/${id}`, store_id: null })]);
    for (const s of [c.store, c.otherStore]) {
      const n = await noticesFor(api, { storeId: s.id });
      expect(n).toEqual([expect.objectContaining({ kind: "order_placed", title: `New order ${number(id)}`, link: `/stores/${s.slug}/orders/${id}`, user_id: null })]);
    }
    expect(await mailCount(api, c.shopper.email)).toBe(1);
    const unread = await api.call(`/users/${c.shopper.id}/notifications/unread/`, { token: c.shopper.token });
    expect(unread).toMatchObject({ status: 200, body: { unread: 1 } });
    const storeList = await api.call(`/stores/${c.store.id}/notifications/`, { token: c.member.token });
    expect(storeList.body).toMatchObject({ count: 1, unread: 1, results: [{ title: `New order ${number(id)}`, read: false }] });
  });

  it("a failed placement (out of stock) leaves no notification and no e-mail, not even the low-stock notice of a line taken before the failure", async () => {
    const c = await vendorCast(api);
    // mine is taken first (lower id) and would cross the threshold; theirs then fails the order
    const { mine, theirs } = await products(api, c, { mine: LOW_STOCK_THRESHOLD + 1, theirs: 1 });
    const r = await place(api, c, [{ product_id: mine.id, quantity: 2 }, { product_id: theirs.id, quantity: 3 }]);
    expect(r.status).toBe(409);
    expect(await noticesFor(api, { userId: c.shopper.id })).toEqual([]);
    expect(await noticesFor(api, { storeId: c.store.id })).toEqual([]);
    expect(await noticesFor(api, { storeId: c.otherStore.id })).toEqual([]);
    expect(await mailCount(api, c.shopper.email)).toBe(0);
  });

  it("low stock: the store is told once when an order takes stock to the threshold or below, not again on the next order", async () => {
    const c = await vendorCast(api);
    const { mine } = await products(api, c, { mine: LOW_STOCK_THRESHOLD + 2, theirs: 50 });
    expect((await place(api, c, [{ product_id: mine.id, quantity: 1 }])).status).toBe(201); // 7 → 6: still above
    expect((await noticesFor(api, { storeId: c.store.id })).filter((n) => n.kind === "low_stock")).toEqual([]);
    expect((await place(api, c, [{ product_id: mine.id, quantity: 2 }])).status).toBe(201); // 6 → 4: crossed
    expect((await place(api, c, [{ product_id: mine.id, quantity: 1 }])).status).toBe(201); // 4 → 3: already low
    const low = (await noticesFor(api, { storeId: c.store.id })).filter((n) => n.kind === "low_stock");
    expect(low).toEqual([expect.objectContaining({ title: "Low stock: Store A cement (4 left)", link: `/stores/${c.store.slug}/products/${mine.id}` })]);
    // the buyer never sees the store's stock
    expect((await noticesFor(api, { userId: c.shopper.id })).some((n) => n.kind === "low_stock")).toBe(false);
  });

  it("Confirmed, Shipped, Delivered each tell the buyer; shipped and delivered e-mails go with them", async () => {
    const c = await vendorCast(api);
    const { mine } = await products(api, c);
    const order = await createOrder(api.db, { user_id: c.shopper.id, customer_email: c.shopper.email, items: [{ product_id: mine.id }], payment_method: "PayOnDelivery" });
    for (const s of ["Confirmed", "Shipped", "Delivered"]) expect((await move(api, c, order.id, s)).status).toBe(200);
    expect((await move(api, c, order.id, "Delivered")).status).toBe(200); // the same again: no second notice
    const buyer = await noticesFor(api, { userId: c.shopper.id });
    // Each store's shipment moves on its own, so every notice names the store.
    const store = (await api.db.query<{ name: string }>("SELECT name FROM stores WHERE id = $1", [c.store.id])).rows[0].name;
    expect(buyer.map((n) => [n.kind, n.title, n.link])).toEqual([
      ["order_confirmed", `Order ${number(order.id)}: ${store} confirmed`, `/users/orders/${order.id}`],
      ["order_shipped", `Order ${number(order.id)}: ${store} shipped`, `/users/orders/${order.id}`],
      ["order_delivered", `Order ${number(order.id)}: ${store} delivered`, `/users/orders/${order.id}`],
    ]);
    expect(await mailCount(api, c.shopper.email)).toBe(2);
  });

  it("a step refused (skipping) writes no notification", async () => {
    const c = await vendorCast(api);
    const { mine } = await products(api, c);
    const order = await createOrder(api.db, { user_id: c.shopper.id, customer_email: c.shopper.email, items: [{ product_id: mine.id }], payment_method: "PayOnDelivery" });
    expect((await move(api, c, order.id, "Shipped")).status).toBe(409);
    expect(await noticesFor(api, { userId: c.shopper.id })).toEqual([]);
    expect(await mailCount(api, c.shopper.email)).toBe(0);
  });

  it("an item cancelled tells the buyer and the item's store only, with the cancellation e-mail", async () => {
    const c = await vendorCast(api);
    const { mine, theirs } = await products(api, c);
    const r = await place(api, c, [{ product_id: mine.id }, { product_id: theirs.id }]);
    const item = r.body.order_items.find((i: { product_id: number }) => i.product_id === mine.id);
    const before = await mailCount(api, c.shopper.email);
    const cancel = await api.call(`/orders/${item.id}/orderitem/cancel`, { token: c.shopper.token, json: { order_item_cancel_reason: "Security Reasons" } });
    expect(cancel.status).toBe(200);
    const cancelled = (rows: Row[]) => rows.filter((n) => n.kind === "item_cancelled");
    expect(cancelled(await noticesFor(api, { userId: c.shopper.id }))).toEqual([expect.objectContaining({ link: `/users/orders/${r.body.id}` })]);
    expect(cancelled(await noticesFor(api, { storeId: c.store.id }))).toEqual([
      expect.objectContaining({ title: `Item cancelled on order ${number(r.body.id)}`, link: `/stores/${c.store.slug}/orders/${r.body.id}` }),
    ]);
    expect(cancelled(await noticesFor(api, { storeId: c.otherStore.id }))).toEqual([]);
    expect(await mailCount(api, c.shopper.email)).toBe(before + 1);
  });

  it("a verified card payment tells the buyer and the stores; a processed refund tells the buyer, each with its e-mail", async () => {
    const c = await vendorCast(api);
    const { mine } = await products(api, c);
    const r = await place(api, c, [{ product_id: mine.id }], "CardPayment");
    const orderId: string = r.body.id;
    const due = (await api.db.query<{ n: number }>("SELECT order_total_kobo + shipping_kobo AS n FROM orders WHERE id = $1", [orderId])).rows[0].n;
    const ref = `test-${orderId.slice(0, 8)}`;
    const t = await api.db.query<{ id: number }>(
      "INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, customer_email, payment_method) VALUES ($1, $2, $3, $4, $5, 'CardPayment') RETURNING id",
      [orderId, c.shopper.id, ref, due, c.shopper.email],
    );
    const verified: VerifyData = {
      id: 1, status: "success", reference: ref, amount: due, currency: "NGN", paid_at: new Date().toISOString(),
      channel: "card", gateway_response: "Approved", customer: { email: c.shopper.email, customer_code: "CUS_x" }, metadata: null,
    };
    const mailsBefore = await mailCount(api, c.shopper.email);
    expect(await markPaid(api.db, t.rows[0].id, verified)).toBe("paid");
    expect((await noticesFor(api, { userId: c.shopper.id })).filter((n) => n.kind === "order_paid")).toEqual([
      expect.objectContaining({ title: `Payment received for order ${number(orderId)}`, link: `/users/orders/${orderId}` }),
    ]);
    expect((await noticesFor(api, { storeId: c.store.id })).filter((n) => n.kind === "order_paid")).toHaveLength(1);
    expect(await mailCount(api, c.shopper.email)).toBe(mailsBefore + 1);

    const refund = await api.db.query<{ id: number }>(
      "INSERT INTO refunds (order_id, payment_transaction_id, amount_kobo, reason, kind, status) VALUES ($1, $2, 50000, 'test', 'overpayment', 'pending') RETURNING id",
      [orderId, t.rows[0].id],
    );
    expect(await settleRefund(api.db, refund.rows[0].id, "processed", {})).toBe(true);
    expect((await noticesFor(api, { userId: c.shopper.id })).filter((n) => n.kind === "refund")).toEqual([
      expect.objectContaining({ title: "Refund of ₦500 sent", link: `/users/orders/${orderId}` }),
    ]);
    expect(await mailCount(api, c.shopper.email)).toBe(mailsBefore + 2);
  });

  it("a review posted tells the product's store", async () => {
    const c = await vendorCast(api);
    const { mine } = await products(api, c);
    await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: mine.id }], delivery_status: "Delivered", payment_status: "Complete" });
    const r = await api.call(`/reviews/user/${c.shopper.id}/`, { token: c.shopper.token, json: { prod_id: mine.id, rating: 4, review_text: "Solid cement, set well." } });
    expect(r.status).toBe(201);
    expect(await noticesFor(api, { storeId: c.store.id })).toEqual([
      expect.objectContaining({ kind: "review_posted", title: "New review: Store A cement (4/5)", link: `/products/${mine.id}/reviews` }),
    ]);
  });

  it("lists are their owners' alone: another member or store cannot read or mark them; mark-read by ids and all", async () => {
    const c = await vendorCast(api);
    const { mine } = await products(api, c);
    for (let i = 0; i < 3; i++) await place(api, c, [{ product_id: mine.id }]);
    const intruder = await makeUser(api);
    const list = `/users/${c.shopper.id}/notifications/`;
    for (const who of [intruder, c.owner]) {
      expect((await api.call(list, { token: who.token })).status).toBeGreaterThanOrEqual(400);
      expect((await api.call(`${list}read/`, { token: who.token, json: {} })).status).toBeGreaterThanOrEqual(400);
    }
    expect((await api.call(`/stores/${c.store.id}/notifications/read/`, { token: c.otherOwner.token, json: {} })).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/notifications/`, { token: c.shopper.token })).status).toBe(404);
    // nothing was marked by those attempts
    expect((await api.call(`${list}unread/`, { token: c.shopper.token })).body.unread).toBe(3);
    expect((await api.call(`/stores/${c.store.id}/notifications/unread/`, { token: c.owner.token })).body.unread).toBe(3);

    const page = await api.call(list, { token: c.shopper.token });
    expect(page.body.results).toHaveLength(3);
    // newest first
    const ids = page.body.results.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // marking someone else's ids through my own list changes nothing of theirs
    const storeIds = (await api.call(`/stores/${c.store.id}/notifications/`, { token: c.owner.token })).body.results.map((n: { id: number }) => n.id);
    expect((await api.call(`/users/${intruder.id}/notifications/read/`, { token: intruder.token, json: { ids: [...ids, ...storeIds] } })).body).toEqual({ marked: 0, unread: 0 });
    expect((await api.call(`${list}unread/`, { token: c.shopper.token })).body.unread).toBe(3);

    expect((await api.call(`${list}read/`, { token: c.shopper.token, json: { ids: [ids[0]] } })).body).toEqual({ marked: 1, unread: 2 });
    expect((await api.call(`${list}read/`, { token: c.shopper.token, json: {} })).body).toEqual({ marked: 2, unread: 0 });
    expect((await api.call(list, { token: c.shopper.token })).body.results.every((n: { read: boolean }) => n.read)).toBe(true);
    // the store's list is separate: still unread; a member marks it for the store
    expect((await api.call(`/stores/${c.store.id}/notifications/read/`, { token: c.member.token, json: {} })).body).toEqual({ marked: 3, unread: 0 });
    expect((await api.call(`/stores/${c.store.id}/notifications/unread/`, { token: c.owner.token })).body.unread).toBe(0);
  });
});
