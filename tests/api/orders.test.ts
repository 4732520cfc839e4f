import { describe, expect, it } from "vitest";
import { engines, makeUser, useApi, type TestApi } from "./harness";

async function placeOrder(api: TestApi, userId: number) {
  const p = await api.db.query<{ id: number; name: string; selling_price_kobo: number; store_id: number }>(
    "SELECT id, name, selling_price_kobo, store_id FROM products WHERE published ORDER BY id LIMIT 1",
  );
  const prod = p.rows[0];
  const o = await api.db.query<{ id: string }>(
    `INSERT INTO orders (user_id, delivery_address, order_total_kobo, shipping_kobo, order_payment_method)
     VALUES ($1, $2, $3, 350000, 'PayOnDelivery') RETURNING id`,
    [userId, JSON.stringify({ receiver_first_name: "Ada", receiver_last_name: "Obi", street_address: "12 Allen Avenue", city: "Ikeja", state: "Lagos" }), prod.selling_price_kobo * 2],
  );
  await api.db.query(
    "INSERT INTO order_items (order_id, product_id, store_id, product_name, quantity, item_price_kobo, line_total_kobo) VALUES ($1, $2, $3, $4, 2, $5, 2 * $5::bigint)",
    [o.rows[0].id, prod.id, prod.store_id, prod.name, prod.selling_price_kobo],
  );
  return { orderId: o.rows[0].id, product: prod };
}

describe.each(engines())("orders (reading) on %s", (engine) => {
  const api = useApi(engine);

  it("lists a member's orders paginated, with items and naira amounts", async () => {
    const me = await makeUser(api);
    const { orderId, product } = await placeOrder(api, me.id);
    const r = await api.call(`/orders/user/${me.id}`, { token: me.token });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(1);
    const o = r.body.results[0];
    expect(o.id).toBe(orderId);
    expect(o.order_delivery_status).toBe("Placed");
    expect(o.order_payment_status).toBe("Pending");
    expect(o.order_total_price).toBe((product.selling_price_kobo * 2) / 100);
    expect(o.shipping_cost).toBe(3500);
    expect(o.order_items).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 2, item_price: product.selling_price_kobo / 100, order_id: orderId }),
    ]);
    const one = await api.call(`/orders/${orderId}/`, { token: me.token });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(orderId);
  });

  it("keeps orders private: another member gets 403 on the list and 404 on the order; no token is 401", async () => {
    const owner = await makeUser(api);
    const other = await makeUser(api);
    const { orderId } = await placeOrder(api, owner.id);
    expect((await api.call(`/orders/user/${owner.id}`, { token: other.token })).status).toBe(403);
    const peek = await api.call(`/orders/${orderId}/`, { token: other.token });
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual({ detail: "Not found." });
    expect((await api.call(`/orders/user/${owner.id}`)).status).toBe(401);
  });

  it("answers an empty page for a member with no orders", async () => {
    const me = await makeUser(api);
    const r = await api.call(`/orders/user/${me.id}/`, { token: me.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
