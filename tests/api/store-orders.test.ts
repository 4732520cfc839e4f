/** A store's orders: the list, one order, and Placed → Confirmed → Shipped → Delivered with events and e-mails. */
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/seed/factories";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { engines, useApi, type TestApi } from "./harness";
import { statusBody } from "./delivery-code-helpers";
import { firstCategory, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

async function storeOrder(api: TestApi, c: Cast, over: Partial<Parameters<typeof createOrder>[1]> = {}) {
  const cat = await firstCategory(api);
  const mine = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Store A cement" });
  const theirs = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Store B tiles" });
  const order = await createOrder(api.db, {
    user_id: c.shopper.id,
    customer_email: c.shopper.email,
    items: [{ product_id: mine.id, quantity: 2 }, { product_id: theirs.id }],
    payment_method: "PayOnDelivery",
    ...over,
  });
  return { order, mine, theirs };
}

const move = async (api: TestApi, c: Cast, orderId: string, status: string, token = c.member.token, storeId = c.store.id) =>
  api.call(`/orders/${storeId}/store/${orderId}/status/`, { method: "PATCH", token, json: await statusBody(api.db, orderId, storeId, status) });

describe.each(engines())("store orders on %s", (engine) => {
  const api = useApi(engine);

  it("GET /orders/{storeId}/store lists the store's items only, with order {id, order_delivery_status}, paged, members only", async () => {
    const c = await vendorCast(api);
    const { order, mine } = await storeOrder(api, c);
    for (const path of [`/orders/${c.store.id}/store`, `/orders/${c.store.id}/store/`]) {
      const r = await api.call(path, { token: c.member.token });
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(1);
      expect(r.body.results[0]).toMatchObject({ order_id: order.id, product_id: mine.id, quantity: 2, order: { id: order.id, order_delivery_status: "Placed" } });
    }
    for (const who of [c.otherOwner, c.shopper]) expect((await api.call(`/orders/${c.store.id}/store`, { token: who.token })).status).toBe(404);
    expect((await api.call(`/orders/${c.store.id}/store`)).status).toBe(401);
    expect((await api.call(`/orders/${c.store.id}/store`, { token: c.admin.token })).status).toBe(200);
    const one = await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.owner.token });
    expect(one.status).toBe(200);
    expect(one.body.order_items.map((i: { product_name: string }) => i.product_name)).toEqual(["Store A cement"]);
    expect(one.body).toMatchObject({ next_status: "Confirmed", store_total: 25000 });
    // another store cannot open it through its own store id
    expect((await api.call(`/orders/${c.otherStore.id}/store/${order.id}/`, { token: c.owner.token })).status).toBe(404);
  });

  it("a member moves the order Placed → Confirmed → Shipped → Delivered: events with dates, the shopper's steps, shipped and delivered e-mails", async () => {
    const c = await vendorCast(api);
    const { order } = await storeOrder(api, c);
    for (const status of ["Confirmed", "shipped", "Delivered"]) {
      const r = await move(api, c, order.id, status);
      expect(r.status).toBe(200);
      expect(r.body.order_delivery_status.toLowerCase()).toBe(status.toLowerCase());
    }
    // The other store's shipment is still Placed: so is the order, until it moves too.
    expect((await api.call(`/orders/${order.id}/`, { token: c.shopper.token })).body.order_delivery_status).toBe("Placed");
    for (const status of ["Confirmed", "Shipped", "Delivered"]) expect((await move(api, c, order.id, status, c.otherOwner.token, c.otherStore.id)).status).toBe(200);
    const events = await api.db.query<{ kind: string }>("SELECT kind FROM order_events WHERE order_id = $1 AND order_item_id IS NULL ORDER BY id", [order.id]);
    expect(events.rows.map((e) => e.kind)).toEqual(["placed", "confirmed", "shipped", "delivered"]);
    const shopperView = await api.call(`/orders/${order.id}/`, { token: c.shopper.token });
    expect(shopperView.body.order_delivery_status).toBe("Delivered");
    for (const s of ["Placed", "Confirmed", "Shipped", "Delivered"]) expect(shopperView.body.steps[s]).toMatch(/^\d{4}-/);
    const mail = await api.db.query<{ subject: string; text_body: string; html_body: string }>(
      "SELECT subject, text_body, html_body FROM mail_queue WHERE to_address = $1 ORDER BY id",
      [c.shopper.email],
    );
    const subjects = mail.rows.map((m) => m.subject);
    expect(subjects.some((s) => /has shipped/.test(s))).toBe(true);
    expect(subjects.some((s) => /was delivered/.test(s))).toBe(true);
    expect(mail.rows.find((m) => /shipped/.test(m.subject))!.text_body).toContain(`/users/orders/${order.id}`);
    expect(mail.rows.find((m) => /shipped/.test(m.subject))!.html_body).toContain("BuildMart NG");
  });

  it("never backwards, never skipping, nothing past Delivered; the same status again changes nothing", async () => {
    const c = await vendorCast(api);
    const { order } = await storeOrder(api, c);
    expect((await move(api, c, order.id, "Shipped")).status).toBe(409);
    expect((await move(api, c, order.id, "Delivered")).status).toBe(409);
    expect((await move(api, c, order.id, "Confirmed")).status).toBe(200);
    const back = await move(api, c, order.id, "Placed");
    expect(back.status).toBe(409);
    expect(back.body.detail).toMatch(/only move on to Shipped/);
    const confirmedAt = async () =>
      (await api.db.query<{ at: string }>("SELECT confirmed_at::text AS at FROM shipments WHERE order_id = $1 AND store_id = $2", [order.id, c.store.id])).rows[0].at;
    const first = await confirmedAt();
    expect(first).toBeTruthy();
    const same = await move(api, c, order.id, "Confirmed");
    expect(same.status).toBe(200);
    expect(await confirmedAt()).toBe(first);
    expect((await move(api, c, order.id, "Lost")).status).toBe(400);
    await move(api, c, order.id, "Shipped");
    await move(api, c, order.id, "Delivered");
    expect((await move(api, c, order.id, "Shipped")).status).toBe(409);
    const row = await api.db.query("SELECT status FROM shipments WHERE order_id = $1 AND store_id = $2", [order.id, c.store.id]);
    expect(row.rows[0].status).toBe("Delivered");
    // the order waits for the other store's shipment
    expect((await api.db.query("SELECT order_delivery_status FROM orders WHERE id = $1", [order.id])).rows[0].order_delivery_status).toBe("Placed");
  });

  it("a card order waiting for its payment cannot be confirmed; a paid one can", async () => {
    const c = await vendorCast(api);
    const { order } = await storeOrder(api, c, { payment_method: "CardPayment", payment_status: "Pending" });
    const r = await move(api, c, order.id, "Confirmed");
    expect(r.status).toBe(409);
    expect(r.body.detail).toMatch(/waiting for its card payment/);
    await api.db.query("UPDATE orders SET order_payment_status = 'Complete' WHERE id = $1", [order.id]);
    expect((await move(api, c, order.id, "Confirmed")).status).toBe(200);
  });

  it("store isolation: another store's owner, a shopper (even the buyer) get 404, anonymous 401; the owner and an admin may", async () => {
    const c = await vendorCast(api);
    const { order } = await storeOrder(api, c);
    expect((await move(api, c, order.id, "Confirmed", c.otherOwner.token)).status).toBe(404);
    // the other store's owner through their own store id: the order has their item, but the path's store is checked
    expect((await move(api, c, order.id, "Confirmed", c.otherOwner.token, c.store.id)).status).toBe(404);
    expect((await move(api, c, order.id, "Confirmed", c.shopper.token)).status).toBe(404);
    expect((await api.call(`/orders/${c.store.id}/store/${order.id}/status/`, { method: "PATCH", json: { status: "Confirmed" } })).status).toBe(401);
    expect((await api.db.query("SELECT order_delivery_status FROM orders WHERE id = $1", [order.id])).rows[0].order_delivery_status).toBe("Placed");
    expect((await move(api, c, order.id, "Confirmed", c.owner.token)).status).toBe(200);
    expect((await move(api, c, order.id, "Shipped", c.admin.token)).status).toBe(200);
    // an order without this store's items is not the store's
    const cat = await firstCategory(api);
    const elsewhere = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat });
    const foreign = await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: elsewhere.id }], payment_method: "PayOnDelivery" });
    expect((await move(api, c, foreign.id, "Confirmed", c.owner.token)).status).toBe(404);
  });

  it("a guest order's e-mail links to the signed guest page; an order whose store items were all cancelled cannot move", async () => {
    const c = await vendorCast(api);
    const { order } = await storeOrder(api, c, { user_id: null, customer_email: "guest.vendor@example.com", delivery_status: "Confirmed" });
    expect((await move(api, c, order.id, "Shipped")).status).toBe(200);
    const mail = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = 'guest.vendor@example.com' AND subject LIKE '%shipped%'");
    expect(mail.rows[0].text_body).toContain(`/orders/${order.id}?t=${encodeURIComponent(guestTokenFor(order.id))}`);
    const second = await storeOrder(api, c);
    await api.db.query("UPDATE order_items SET status = 'Cancelled' WHERE order_id = $1 AND store_id = $2", [second.order.id, c.store.id]);
    const r = await move(api, c, second.order.id, "Confirmed");
    expect(r.status).toBe(409);
  });
});
