/**
 * Buyers who refuse at the door (issue 36 item 6, decision 0039): a store marks a Shipped
 * pay-on-delivery delivery "Refused at the door" (its lines cancelled, stock back, nothing refunded
 * or booked); three refusals within 90 days (by account, e-mail or phone) and the buyer cannot
 * choose pay on delivery (400 with the reason at checkout, the standing endpoint says why, a member
 * is told) until they pay an order online once.
 */
import { describe, expect, it } from "vitest";
import { addressRow, createCart, createOrder, createProduct } from "~/db/seed/factories";
import { DOOR_REFUSAL_MESSAGES } from "~/domain/door-refusals";
import { engines, useApi, type TestApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";
import { GUEST_ADDRESS, makeShopper, stockOf } from "./orders-helpers";
import { deliveryCodeOf } from "./delivery-code-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

let phoneSeq = 0;
/** A phone number no other test of the file uses. */
const freshPhone = () => `+23480${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++phoneSeq % 100).padStart(2, "0")}`;

async function product(api: TestApi, c: Cast, stock = 50) {
  const cat = await firstCategory(api);
  return createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Dangote cement 50kg", stock_quantity: stock });
}

const step = (api: TestApi, c: Cast, orderId: string, status: string) =>
  api.call(`/orders/${c.store.id}/store/${orderId}/status/`, { method: "PATCH", token: c.member.token, json: { status } });
const refuse = (api: TestApi, c: Cast, orderId: string, token = c.member.token) => api.call(`/orders/${c.store.id}/store/${orderId}/refused/`, { method: "POST", token, json: {} });

/** A pay-on-delivery order of `productId` × 2 for this buyer, confirmed and shipped by the store. */
async function shippedPod(api: TestApi, c: Cast, productId: number, buyer: { userId: number | null; email: string; phone: string }, method: "PayOnDelivery" | "CardPayment" = "PayOnDelivery") {
  const order = await createOrder(api.db, {
    user_id: buyer.userId,
    customer_email: buyer.email,
    delivery_address: addressRow(buyer.userId ?? 0, { receiver_phone_one: buyer.phone }),
    items: [{ product_id: productId, quantity: 2 }],
    payment_method: method,
    ...(method === "CardPayment" ? { payment_status: "Complete" as const } : {}),
  });
  for (const s of ["Confirmed", "Shipped"]) expect((await step(api, c, order.id, s)).status).toBe(200);
  return order;
}

describe.each(engines())("refused at the door on %s", (engine) => {
  const api = useApi(engine);

  it("the store marks a shipped pay-on-delivery delivery refused: its lines cancelled, stock back, nothing refunded or booked; once", async () => {
    const c = await vendorCast(api);
    const p = await product(api, c);
    const buyer = { userId: c.shopper.id, email: c.shopper.email, phone: freshPhone() };
    // Not yet shipped: nothing to refuse.
    const placed = await createOrder(api.db, { user_id: buyer.userId, customer_email: buyer.email, items: [{ product_id: p.id, quantity: 1 }], payment_method: "PayOnDelivery" });
    const early = await refuse(api, c, placed.id);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(DOOR_REFUSAL_MESSAGES.notShipped);

    const order = await shippedPod(api, c, p.id, buyer);
    const view = await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.member.token });
    expect(view.body).toMatchObject({ can_mark_refused: true, refused_at: null, order_delivery_status: "Shipped" });
    // Only the store's people: the buyer and another store's owner read it as missing.
    expect((await refuse(api, c, order.id, c.shopper.token)).status).toBe(404);
    expect((await refuse(api, c, order.id, c.otherOwner.token)).status).toBe(404);

    const stock = await stockOf(api, p.id);
    const r = await refuse(api, c, order.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ can_mark_refused: false, can_record_cash: false });
    expect(r.body.refused_at).toEqual(expect.any(String));
    expect(r.body.order_items.map((i: { status: string; cancel_reason: string | null }) => [i.status, i.cancel_reason])).toEqual([["Cancelled", "Refused at the door"]]);
    expect(await stockOf(api, p.id)).toBe(stock + 2);
    // Nothing was paid: no refund queued, nothing on the store's ledger, the order owes nothing.
    expect((await api.db.query("SELECT 1 FROM refunds WHERE order_id = $1", [order.id])).rows).toHaveLength(0);
    expect((await api.db.query("SELECT 1 FROM store_ledger WHERE store_id = $1", [c.store.id])).rows).toHaveLength(0);
    const mine = await api.call(`/orders/${order.id}/`, { token: c.shopper.token });
    expect(mine.body.order_payment_status).toBe("Cancelled");
    // The rider cannot then deliver it with the code, nor the store record cash.
    const code = await deliveryCodeOf(api.db, order.id, c.store.id);
    expect((await api.call(`/orders/${c.store.id}/store/${order.id}/cash/`, { method: "POST", token: c.member.token, json: { delivery_code: code } })).status).toBe(409);

    // Twice: nothing more (one refusal counted, stock as it was).
    expect((await refuse(api, c, order.id)).status).toBe(200);
    expect(await stockOf(api, p.id)).toBe(stock + 2);
    expect((await api.db.query("SELECT 1 FROM door_refusals WHERE order_id = $1", [order.id])).rows).toHaveLength(1);

    // A card order is not refused at the door (it is returned instead).
    const card = await shippedPod(api, c, p.id, buyer, "CardPayment");
    const no = await refuse(api, c, card.id);
    expect(no.status).toBe(409);
    expect(no.body.detail).toBe(DOOR_REFUSAL_MESSAGES.notPayOnDelivery);
  });

  it("three refusals in 90 days: no pay on delivery for that buyer (account, e-mail or phone) until they pay online once", async () => {
    const c = await vendorCast(api);
    const p = await product(api, c, 500);
    const phone = freshPhone();
    const me = await makeShopper(api, { items: [{ product_id: p.id, quantity: 1 }] });
    const buyer = { userId: me.id, email: me.email, phone };
    const standing = async () => (await api.call("/orders/pay-on-delivery/", { token: me.token })).body;
    expect(await standing()).toEqual({ allowed: true, refusals: 0, limit: 3, window_days: 90, detail: null });

    // Two refusals, and an old one (over 90 days ago) that no longer counts.
    expect((await refuse(api, c, (await shippedPod(api, c, p.id, buyer)).id)).status).toBe(200);
    await api.db.query("UPDATE door_refusals SET refused_at = now() - interval '91 days' WHERE user_id = $1", [me.id]);
    for (let i = 0; i < 2; i++) expect((await refuse(api, c, (await shippedPod(api, c, p.id, buyer)).id)).status).toBe(200);
    expect(await standing()).toMatchObject({ allowed: true, refusals: 2 });
    const before = await api.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'pay_on_delivery_off'", [me.id]);
    expect(before.rows).toHaveLength(0);

    // The third within the window turns it off, and the member is told why.
    expect((await refuse(api, c, (await shippedPod(api, c, p.id, buyer)).id)).status).toBe(200);
    expect(await standing()).toEqual({ allowed: false, refusals: 3, limit: 3, window_days: 90, detail: DOOR_REFUSAL_MESSAGES.lost });
    const told = await api.db.query<{ title: string; body: string }>("SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'pay_on_delivery_off'", [me.id]);
    expect(told.rows).toHaveLength(1);
    expect(told.rows[0].body).toMatch(/3 deliveries .* 90 days/);

    // Checkout: pay on delivery refused with the reason (nothing written); paying online is fine.
    const podOrder = (token: string | undefined, json: Record<string, unknown>) => api.call("/orders/", { token, json: { order_payment_method: "PayOnDelivery", ...json } });
    const countOrders = async () => (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders")).rows[0].n;
    const n0 = await countOrders();
    const stock0 = await stockOf(api, p.id);
    const refused = await podOrder(me.token, { delivery_address_id: me.addressId });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ order_payment_method: [DOOR_REFUSAL_MESSAGES.lost], code: "pay_on_delivery_off" });
    expect(await countOrders()).toBe(n0);
    expect(await stockOf(api, p.id)).toBe(stock0);

    // The same person as a guest: by the phone (another e-mail), or by the e-mail (another phone).
    const guestCart = async () => (await createCart(api.db, { user_id: null, items: [{ product_id: p.id, quantity: 1 }] })).id;
    const byPhone = await podOrder(undefined, { guest_delivery_address: { ...GUEST_ADDRESS, email: "someone.else@example.com", receiver_phone_one: phone }, cart_id: await guestCart() });
    expect(byPhone.status).toBe(400);
    expect(byPhone.body.code).toBe("pay_on_delivery_off");
    const byEmail = await podOrder(undefined, { guest_delivery_address: { ...GUEST_ADDRESS, email: me.email.toUpperCase(), receiver_phone_one: freshPhone() }, cart_id: await guestCart() });
    expect(byEmail.status).toBe(400);
    // Another buyer is not touched.
    const other = await podOrder(undefined, { guest_delivery_address: { ...GUEST_ADDRESS, email: "new.buyer@example.com", receiver_phone_one: freshPhone() }, cart_id: await guestCart() });
    expect(other.status).toBe(201);

    // They pay an order online once: pay on delivery is back, and the refusals before it no longer count.
    await createOrder(api.db, { user_id: me.id, customer_email: me.email, items: [{ product_id: p.id, quantity: 1 }], payment_method: "CardPayment", payment_status: "Complete" });
    expect(await standing()).toMatchObject({ allowed: true, refusals: 0, detail: null });
    const back = await podOrder(me.token, { delivery_address_id: me.addressId });
    expect(back.status).toBe(201);
  });
});
