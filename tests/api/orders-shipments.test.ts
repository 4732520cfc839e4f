/**
 * Orders as a multi-vendor marketplace keeps them (docs/orders.md): spec section 7's placement
 * sequence (an empty order, then one line per item), one shipment per store with its own status,
 * steps and shipping, cash on delivery per shipment and the derived payment status, a store
 * member's view through GET /orders/{id}/, and no race between a store's move and a cancel.
 */
import { describe, expect, it } from "vitest";
import { settleEmptyOrders } from "~/workflows/checkout.server";
import { createAddress, createCart, createOrder, createProduct } from "~/db/seed/factories";
import { FEE_KOBO } from "~/domain/shipping";
import { engines, useApi, type TestApi } from "./harness";
import { deliveryCodeOf, statusBody } from "./delivery-code-helpers";
import { makeShopper, mailsTo, stockOf } from "./orders-helpers";
import { firstCategory, vendorCast } from "./vendor-helpers";

/** Store A in Abuja (FCT), store B in Kano; one product each (A large, B small). */
async function twoStores(api: TestApi) {
  const c = await vendorCast(api);
  await api.db.query("UPDATE stores SET state = 'Federal Capital Territory' WHERE id = $1", [c.store.id]);
  await api.db.query("UPDATE stores SET state = 'Kano' WHERE id = $1", [c.otherStore.id]);
  const cat = await firstCategory(api);
  const sheet = await createProduct(api.db, {
    store_id: c.store.id,
    user_id: c.owner.id,
    category_id: cat,
    name: "Roofing sheet",
    price_kobo: 620_000,
    selling_price_kobo: 620_000,
    size: "large",
    stock_quantity: 50,
  });
  const bulb = await createProduct(api.db, {
    store_id: c.otherStore.id,
    user_id: c.otherOwner.id,
    category_id: cat,
    name: "LED bulb",
    price_kobo: 150_000,
    selling_price_kobo: 150_000,
    size: "small",
    stock_quantity: 50,
  });
  return { c, sheet, bulb };
}

const move = async (api: TestApi, token: string, storeId: number, orderId: string, status: string) =>
  api.call(`/orders/${storeId}/store/${orderId}/status/`, { method: "PATCH", token, json: await statusBody(api.db, orderId, storeId, status) });
// A Shipped pay-on-delivery shipment is delivered with the cash: the buyer's code goes with it.
const cash = async (api: TestApi, token: string, storeId: number, orderId: string) =>
  api.call(`/orders/${storeId}/store/${orderId}/cash/`, { method: "POST", token, json: { delivery_code: await deliveryCodeOf(api.db, orderId, storeId) } });

/** A two-store pay-on-delivery order of the cast's shopper to Abuja, placed from their cart. */
async function twoStoreOrder(api: TestApi, t: Awaited<ReturnType<typeof twoStores>>) {
  const address = await createAddress(api.db, t.c.shopper.id, { state: "Federal Capital Territory" });
  const cart = await createCart(api.db, { user_id: t.c.shopper.id, items: [{ product_id: t.sheet.id, quantity: 1 }, { product_id: t.bulb.id, quantity: 2 }] });
  const r = await api.call("/orders/", { token: t.c.shopper.token, json: { delivery_address_id: address.id, order_payment_method: "PayOnDelivery", cart_id: cart.id } });
  expect(r.status).toBe(201);
  return r.body as { id: string; shipments: Array<{ store: number; status: string; shipping_cost: number }> };
}

describe.each(engines())("orders by shipment on %s", (engine) => {
  const api = useApi(engine);

  it("follows spec section 7's sequence: an empty order, then one line per cart item, without doubling", async () => {
    const { c, sheet, bulb } = await twoStores(api);
    const address = await createAddress(api.db, c.shopper.id, { state: "Lagos" });
    const cart = await createCart(api.db, { user_id: c.shopper.id, items: [{ product_id: sheet.id, quantity: 2 }, { product_id: bulb.id, quantity: 1 }] });
    // The spec's signed-in body: no items, no payment method, client money and statuses.
    const placed = await api.call("/orders/", {
      token: c.shopper.token,
      json: { user_id: c.shopper.id, delivery_address_id: address.id, order_delivery_status: "Placed", delivery_charge: 0, order_payment_status: "Pending" },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ order_items: [], order_total_price: 0, shipping_cost: 0, order_payment_method: "PayOnDelivery", shipments: [] });
    const id = placed.body.id as string;
    // An order with no lines is nobody's business yet: no store sees it, nobody is mailed.
    expect((await api.call(`/orders/${c.store.id}/store`, { token: c.owner.token })).body.count).toBe(0);
    for (const [product_id, quantity] of [[sheet.id, 2], [bulb.id, 1]]) {
      const r = await api.call(`/orders/${id}/orderitems/create/`, { token: c.shopper.token, json: { product_id, item_price: 1, quantity } });
      expect(r.status).toBe(201);
    }
    const order = (await api.call(`/orders/${id}/`, { token: c.shopper.token })).body;
    expect(order.order_items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity]).sort()).toEqual([[sheet.id, 2], [bulb.id, 1]].sort());
    expect(order.order_total_price).toBe(6_200 * 2 + 1_500);
    // Shipping per store: Abuja → Lagos is a neighbouring zone, Kano → Lagos is far.
    expect(order.shipping_cost).toBe((FEE_KOBO.neighbouring_zone.large * 2 + FEE_KOBO.far.small) / 100);
    expect(order.shipments.map((s: { store: number }) => s.store).sort()).toEqual([c.store.id, c.otherStore.id].sort());
    // One money rule: each line's total, each shipment's total, the order's total.
    for (const i of order.order_items as Array<{ item_price: number; quantity: number; line_total: number }>) expect(i.line_total).toBe(i.item_price * i.quantity);
    const ships = order.shipments as Array<{ items_total: number; shipping_cost: number; total: number }>;
    for (const sh of ships) expect(sh.total).toBe(sh.items_total + sh.shipping_cost);
    expect(order.total).toBe(ships.reduce((t, sh) => t + sh.total, 0));
    expect(order.total).toBe(order.order_total_price + order.shipping_cost);
    // The cart is the client's to delete; the order took nothing from it.
    expect((await api.db.query("SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1", [cart.id])).rows[0].n).toBe(2);
    expect(await stockOf(api, sheet.id)).toBe(48);
    // Announced once, when the lines stop coming: the job after two quiet minutes.
    expect(await settleEmptyOrders(api.db)).toMatchObject({ announced: 0 });
    await api.db.query("UPDATE orders SET lines_changed_at = now() - interval '3 minutes' WHERE id = $1", [id]);
    expect(await settleEmptyOrders(api.db)).toMatchObject({ announced: 1 });
    expect(await settleEmptyOrders(api.db)).toMatchObject({ announced: 0 });
    expect((await mailsTo(api, c.shopper.email)).filter((m) => /is placed/.test(m))).toHaveLength(1);
    expect((await api.call(`/orders/${c.store.id}/store`, { token: c.owner.token })).body.count).toBe(1);
    // The client's last call, make: the card payment asks for exactly that total.
    const make = await api.call("/payments/paystack/make/", { token: c.shopper.token, json: { order_id: id } });
    expect(make.status).toBeLessThan(300);
    const asked = await api.db.query<{ amount_kobo: number }>("SELECT amount_kobo FROM payment_transactions WHERE order_id = $1", [id]);
    expect(asked.rows.map((r) => Number(r.amount_kobo))).toEqual([Math.round(order.total * 100)]);
  });

  it("Buy Now with the spec's body takes only the one product, never the cart's other items", async () => {
    const { c, sheet, bulb } = await twoStores(api);
    const address = await createAddress(api.db, c.shopper.id, { state: "Kano" });
    await createCart(api.db, { user_id: c.shopper.id, items: [{ product_id: sheet.id, quantity: 3 }] });
    const placed = await api.call("/orders/", { token: c.shopper.token, json: { user_id: c.shopper.id, delivery_address_id: address.id, order_delivery_status: "Placed" } });
    const add = await api.call(`/orders/${placed.body.id}/orderitems/create/`, { token: c.shopper.token, json: { product_id: bulb.id, quantity: 1 } });
    expect(add.status).toBe(201);
    expect(add.body.order.order_items).toHaveLength(1);
    // Kano store to a Kano buyer: within the state.
    expect(add.body.order.shipping_cost).toBe(FEE_KOBO.same_state.small / 100);
    // The one-call form too.
    const buy = await api.call("/orders/", { token: c.shopper.token, json: { delivery_address_id: address.id, buy: bulb.id, quantity: 2 } });
    expect(buy.status).toBe(201);
    expect(buy.body.order_items).toMatchObject([{ product_id: bulb.id, quantity: 2 }]);
    // Both at once is refused, and so is a line that the stock cannot cover.
    expect((await api.call("/orders/", { token: c.shopper.token, json: { delivery_address_id: address.id, buy: bulb.id, cartItems: [] } })).status).toBe(400);
    const short = await api.call(`/orders/${placed.body.id}/orderitems/create/`, { token: c.shopper.token, json: { product_id: sheet.id, quantity: 51 } });
    expect(short.status).toBe(409);
    expect(short.body.detail).toContain("Roofing sheet");
  });

  it("a guest order placed empty takes its lines with the guest token; others get 404", async () => {
    const { sheet } = await twoStores(api);
    const placed = await api.call("/orders/", {
      json: {
        guest_delivery_address: { email: "guest.lines@example.com", receiver_first_name: "Chidi", receiver_last_name: "Okafor", receiver_phone_one: "08031234567", street_address: "14 Ogui Road, Enugu North", city: "Enugu", state: "Enugu", zip_code: "400001" },
        order_payment_method: "PayOnDelivery",
      },
    });
    expect(placed.status).toBe(201);
    const token = placed.body.guest_token as string;
    expect((await api.call(`/orders/${placed.body.id}/orderitems/create/`, { json: { product_id: sheet.id } })).status).toBe(401);
    expect((await api.call(`/orders/${placed.body.id}/orderitems/create/?token=nope`, { json: { product_id: sheet.id } })).status).toBe(404);
    const ok = await api.call(`/orders/${placed.body.id}/orderitems/create/?token=${encodeURIComponent(token)}`, { json: { product_id: sheet.id } });
    expect(ok.status).toBe(201);
    expect(ok.body.order.order_items).toHaveLength(1);
  });

  it("make answers Paystack's initialize body and turns a pay-on-delivery order into a card order, announcing it", async () => {
    const shopper = await makeShopper(api, { state: "Lagos" });
    const { sheet } = await twoStores(api);
    const placed = await api.call("/orders/", { token: shopper.token, json: { delivery_address_id: shopper.addressId } });
    await api.call(`/orders/${placed.body.id}/orderitems/create/`, { token: shopper.token, json: { product_id: sheet.id } });
    const make = await api.call("/payments/paystack/make/", { token: shopper.token, json: { order_id: placed.body.id, amount: 100, payment_method: "CardPayment", currency: "NGN" } });
    expect(make.status).toBe(201);
    expect(make.body).toMatchObject({ status: true, message: expect.any(String), data: { authorization_url: expect.stringMatching(/^https?:\/\//), access_code: expect.any(String), reference: expect.any(String) } });
    const order = (await api.call(`/orders/${placed.body.id}/`, { token: shopper.token })).body;
    expect(order.order_payment_method).toBe("CardPayment");
    // Paystack is asked for exactly the order's lines and shipping, never the client's 100 kobo.
    const attempt = await api.db.query<{ amount_kobo: number }>("SELECT amount_kobo FROM payment_transactions WHERE order_id = $1", [placed.body.id]);
    expect(attempt.rows.map((a) => Number(a.amount_kobo))).toEqual([Math.round(order.total * 100)]);
    expect(order.total).toBe(6_200 + order.shipping_cost);
    expect((await api.db.query("SELECT announced_at IS NOT NULL AS done FROM orders WHERE id = $1", [placed.body.id])).rows[0].done).toBe(true);
    // Back to pay on delivery.
    expect((await api.call("/payments/paystack/switch_to_pod/", { method: "PATCH", token: shopper.token, json: { order_id: placed.body.id } })).status).toBe(200);
    expect((await api.call(`/orders/${placed.body.id}/`, { token: shopper.token })).body.order_payment_method).toBe("PayOnDelivery");
  });

  it("ships per store: each store moves its own shipment, the order's status is the least advanced, shipping is per store", async () => {
    const t = await twoStores(api);
    const { c } = t;
    const placed = await twoStoreOrder(api, t);
    const mine = placed.shipments.find((s) => s.store === c.store.id)!;
    const theirs = placed.shipments.find((s) => s.store === c.otherStore.id)!;
    // Abuja store to an Abuja buyer: ₦5,000 for one large roofing sheet, not a Lagos hub's fee.
    expect(mine.shipping_cost).toBe(5_000);
    expect(theirs.shipping_cost).toBe((FEE_KOBO.neighbouring_zone.small * 2) / 100);
    for (const s of ["Confirmed", "Shipped", "Delivered"]) expect((await move(api, c.member.token, c.store.id, placed.id, s)).status).toBe(200);
    expect((await move(api, c.otherOwner.token, c.otherStore.id, placed.id, "Confirmed")).status).toBe(200);
    const order = (await api.call(`/orders/${placed.id}/`, { token: c.shopper.token })).body;
    expect(order.order_delivery_status).toBe("Confirmed");
    const byStore = Object.fromEntries(order.shipments.map((s: { store: number; status: string; steps: Record<string, string | null> }) => [s.store, s]));
    expect(byStore[c.store.id]).toMatchObject({ status: "Delivered", store_name: expect.any(String) });
    expect(byStore[c.store.id].steps.Delivered).toEqual(expect.any(String));
    expect(byStore[c.otherStore.id]).toMatchObject({ status: "Confirmed", steps: { Shipped: null } });
    // A line can be cancelled until its own shipment ships.
    const lineOf = (product: number) => order.order_items.find((i: { product_id: number }) => i.product_id === product);
    expect(lineOf(t.sheet.id)).toMatchObject({ shipment_status: "Delivered", cancellable: false });
    expect(lineOf(t.bulb.id)).toMatchObject({ shipment_status: "Confirmed", cancellable: true });
    const reason = { order_item_cancel_reason: "Financial Constraint" };
    expect((await api.call(`/orders/${lineOf(t.sheet.id).id}/orderitem/cancel`, { token: c.shopper.token, json: reason })).status).toBe(409);
    expect((await api.call(`/orders/${lineOf(t.bulb.id).id}/orderitem/cancel`, { token: c.shopper.token, json: reason })).status).toBe(200);
    // With store B's only line cancelled, the order is as far as store A's shipment.
    expect((await api.call(`/orders/${placed.id}/`, { token: c.shopper.token })).body.order_delivery_status).toBe("Delivered");
    // Shipped / delivered e-mails are per shipment and name the store.
    const subjects = (await mailsTo(api, c.shopper.email, 2)).map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? "");
    expect(subjects.filter((s) => /has shipped from/.test(s))).toHaveLength(1);
  });

  it("lets a store member read the order's store part with GET /orders/{id}/, and nobody else", async () => {
    const t = await twoStores(api);
    const { c } = t;
    const placed = await twoStoreOrder(api, t);
    const asStore = await api.call(`/orders/${placed.id}/`, { token: c.member.token });
    expect(asStore.status).toBe(200);
    expect(asStore.body.order_items.map((i: { product_id: number }) => i.product_id)).toEqual([t.sheet.id]);
    expect(asStore.body.shipments).toHaveLength(1);
    expect(asStore.body.shipments[0].store).toBe(c.store.id);
    expect(asStore.body.delivery_address).toMatchObject({ state: "Federal Capital Territory" });
    expect(asStore.body.order_total_price).toBe(6_200);
    const other = await api.call(`/orders/${placed.id}/`, { token: c.otherOwner.token });
    expect(other.body.order_items.map((i: { product_id: number }) => i.product_id)).toEqual([t.bulb.id]);
    const stranger = await makeShopper(api);
    expect((await api.call(`/orders/${placed.id}/`, { token: stranger.token })).status).toBe(404);
    // The store's list shows its own shipment's status.
    await move(api, c.member.token, c.store.id, placed.id, "Confirmed");
    const list = await api.call(`/orders/${c.otherStore.id}/store`, { token: c.otherOwner.token });
    expect(list.body.results[0].order.order_delivery_status).toBe("Placed");
  });

  it("records cash on delivery per shipment: Partly paid, then Complete; stores are credited only once their cash is in", async () => {
    const t = await twoStores(api);
    const { c } = t;
    const placed = await twoStoreOrder(api, t);
    const ledger = async (storeId: number) =>
      (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM store_ledger WHERE store_id = $1 AND kind = 'sale'", [storeId])).rows[0].n;
    // Not before it is out for delivery.
    expect((await cash(api, c.member.token, c.store.id, placed.id)).status).toBe(409);
    for (const s of ["Confirmed", "Shipped"]) await move(api, c.member.token, c.store.id, placed.id, s);
    // One click on a Shipped shipment: delivered and paid.
    const a = await cash(api, c.member.token, c.store.id, placed.id);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ order_delivery_status: "Delivered", shipments: [{ cash_received: true }] });
    expect(await ledger(c.store.id)).toBe(1);
    expect((await api.call(`/orders/${placed.id}/`, { token: c.shopper.token })).body.order_payment_status).toBe("Partly paid");
    // Store B delivers first (no credit without its cash), then records it.
    for (const s of ["Confirmed", "Shipped", "Delivered"]) await move(api, c.otherOwner.token, c.otherStore.id, placed.id, s);
    expect(await ledger(c.otherStore.id)).toBe(0);
    expect((await cash(api, c.otherOwner.token, c.otherStore.id, placed.id)).status).toBe(200);
    expect((await cash(api, c.otherOwner.token, c.otherStore.id, placed.id)).status).toBe(200);
    expect(await ledger(c.otherStore.id)).toBe(1);
    const order = (await api.call(`/orders/${placed.id}/`, { token: c.shopper.token })).body;
    expect(order).toMatchObject({ order_payment_status: "Complete", order_delivery_status: "Delivered" });
    // Another store's member, or a shopper, cannot record it.
    expect((await cash(api, c.shopper.token, c.store.id, placed.id)).status).toBe(404);
  });

  it("refuses cash on a card order, and shows an order whose paid items all went back as Refunded", async () => {
    const t = await twoStores(api);
    const { c } = t;
    const order = await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: t.sheet.id }], payment_method: "CardPayment", payment_status: "Complete", delivery_status: "Shipped" });
    expect((await cash(api, c.member.token, c.store.id, order.id)).status).toBe(409);
    const pod = await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: t.sheet.id }], payment_method: "PayOnDelivery", payment_status: "Complete", delivery_status: "Delivered" });
    expect((await api.call(`/orders/${pod.id}/`, { token: c.shopper.token })).body.order_payment_status).toBe("Complete");
    const item = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1", [pod.id])).rows[0];
    await api.db.query("INSERT INTO returns (order_item_id, order_id, store_id, user_id, reason, status, refunded_at) VALUES ($1, $2, $3, $4, 'Wrong item', 'refunded', now())", [
      item.id,
      pod.id,
      c.store.id,
      c.shopper.id,
    ]);
    expect((await api.call(`/orders/${pod.id}/`, { token: c.shopper.token })).body.order_payment_status).toBe("Refunded");
  });

  it("removes orders that never got a line after a day, and keeps the others", async () => {
    const shopper = await makeShopper(api);
    const empty = await api.call("/orders/", { token: shopper.token, json: { delivery_address_id: shopper.addressId } });
    await api.db.query("UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = $1", [empty.body.id]);
    const fresh = await api.call("/orders/", { token: shopper.token, json: { delivery_address_id: shopper.addressId } });
    const r = await settleEmptyOrders(api.db);
    expect(r.removed).toBeGreaterThanOrEqual(1);
    expect((await api.call(`/orders/${empty.body.id}/`, { token: shopper.token })).status).toBe(404);
    expect((await api.call(`/orders/${fresh.body.id}/`, { token: shopper.token })).status).toBe(200);
  });

  it.runIf(engine === "postgres")("never ends Shipped with every item cancelled: ship vs cancel and deliver vs return, 50 times each, concurrently", async () => {
    const t = await twoStores(api);
    const { c } = t;
    const reason = { order_item_cancel_reason: "Financial Constraint" };
    let shippedWins = 0;
    let cancelWins = 0;
    for (let n = 0; n < 50; n++) {
      const o = await createOrder(api.db, { user_id: c.shopper.id, customer_email: c.shopper.email, items: [{ product_id: t.sheet.id }], payment_method: "PayOnDelivery", delivery_status: "Confirmed" });
      const item = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1", [o.id])).rows[0].id;
      const [ship, cancel] = await Promise.all([move(api, c.member.token, c.store.id, o.id, "Shipped"), api.call(`/orders/${item}/orderitem/cancel`, { token: c.shopper.token, json: reason })]);
      const state = (
        await api.db.query<{ shipment: string; item: string; shipped_mails: number }>(
          `SELECT sh.status AS shipment, oi.status AS item,
                  (SELECT count(*)::int FROM mail_queue m WHERE m.subject LIKE '%has shipped%' AND m.text_body LIKE '%' || $2 || '%') AS shipped_mails
             FROM shipments sh JOIN order_items oi ON oi.order_id = sh.order_id WHERE sh.order_id = $1`,
          [o.id, o.id.split("-")[0].toUpperCase()],
        )
      ).rows[0];
      // Exactly one wins, and the losing request says so.
      expect([ship.status, cancel.status].sort()).toEqual([200, 409]);
      if (ship.status === 200) {
        shippedWins++;
        expect(state).toMatchObject({ shipment: "Shipped", item: "Active" });
      } else {
        cancelWins++;
        expect(state).toMatchObject({ shipment: "Confirmed", item: "Cancelled", shipped_mails: 0 });
      }
    }
    expect(shippedWins + cancelWins).toBe(50);
    for (let n = 0; n < 50; n++) {
      const o = await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: t.sheet.id }], payment_method: "PayOnDelivery", delivery_status: "Shipped" });
      const item = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1", [o.id])).rows[0].id;
      const [deliver, ret] = await Promise.all([
        move(api, c.member.token, c.store.id, o.id, "Delivered"),
        api.call(`/orders/${o.id}/items/${item}/return/`, { token: c.shopper.token, json: { reason: "Wrong item", details: "Sent the wrong gauge of sheet." } }),
      ]);
      expect(deliver.status).toBe(200);
      const returns = (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM returns WHERE order_item_id = $1", [item])).rows[0].n;
      // A return exists only if the delivery came first; a refused one wrote nothing.
      expect(returns).toBe(ret.status === 201 ? 1 : 0);
      if (ret.status !== 201) expect(ret.status).toBeGreaterThanOrEqual(400);
      expect((await api.db.query("SELECT status FROM shipments WHERE order_id = $1", [o.id])).rows[0].status).toBe("Delivered");
    }
  }, 120_000);
});
