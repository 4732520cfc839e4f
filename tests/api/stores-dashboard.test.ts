/** GET /stores/{storeId}/dashboard/ (figures from real orders) and the public GET /stores/{slug}/products/. */
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createStore } from "~/db/seed/factories";
import { lagosDay } from "~/api/stores/dashboard.server";
import { engines, makeUser, useApi } from "./harness";
import { firstCategory } from "./vendor-helpers";

const DAY = 86_400_000;

describe.each(engines())("store dashboard on %s", (engine) => {
  const api = useApi(engine);

  async function cast() {
    const owner = await makeUser(api);
    const member = await makeUser(api);
    const buyer = await makeUser(api);
    const store = await createStore(api.db, { owner_id: owner.id, members: [member.id] });
    const other = await createStore(api.db, { owner_id: buyer.id });
    const category_id = await firstCategory(api);
    const p = (name: string, naira: number, stock = 50, store_id = store.id) =>
      createProduct(api.db, { store_id, user_id: owner.id, category_id, name, selling_price_kobo: naira * 100, price_kobo: naira * 100, stock_quantity: stock });
    return { owner, member, buyer, store, other, category_id, p };
  }

  it("adds up active items of paid and pay-on-delivery orders by Lagos day, by status, top products, low stock, 30 daily points", async () => {
    const { owner, member, buyer, store, other, p } = await cast();
    const cement = await p("Dangote cement 50kg", 5000);
    const tiles = await p("Floor tiles", 2000, 3);
    const nails = await p("Roofing nails", 100, 0);
    const foreign = await p("Other store's paint", 9000, 50, other.id);
    const now = Date.now();
    // today, paid by card: 2 cement + 1 tiles (cancelled), and another store's line in the same order
    await createOrder(api.db, { user_id: buyer.id, payment_status: "Complete", items: [{ product_id: cement.id, quantity: 2 }, { product_id: tiles.id, quantity: 1, status: "Cancelled" }, { product_id: foreign.id, quantity: 1 }] });
    // 3 days ago, pay on delivery (pending), shipped: 5 tiles
    await createOrder(api.db, { user_id: buyer.id, payment_method: "PayOnDelivery", delivery_status: "Shipped", created_at: new Date(now - 3 * DAY), items: [{ product_id: tiles.id, quantity: 5 }] });
    // 10 days ago, paid, delivered: 1 cement
    await createOrder(api.db, { user_id: buyer.id, payment_status: "Complete", delivery_status: "Delivered", created_at: new Date(now - 10 * DAY), items: [{ product_id: cement.id, quantity: 1 }] });
    // not sales: a card order never paid, 40 days old paid order (outside the windows but counted by status)
    await createOrder(api.db, { user_id: buyer.id, payment_status: "Pending", items: [{ product_id: nails.id, quantity: 100 }] });
    await createOrder(api.db, { user_id: buyer.id, payment_status: "Complete", delivery_status: "Delivered", created_at: new Date(now - 40 * DAY), items: [{ product_id: nails.id, quantity: 7 }] });

    for (const who of [owner, member]) {
      const r = await api.call(`/stores/${store.id}/dashboard/`, { token: who.token });
      expect(r.status).toBe(200);
      const d = r.body;
      expect(d.sales).toEqual({ today: 10000, last_7_days: 20000, last_30_days: 25000 });
      expect(d.orders_by_status).toEqual({ Placed: 1, Confirmed: 0, Shipped: 1, Delivered: 2 });
      expect(d.orders_count).toBe(4);
      expect(d.products_count).toBe(3);
      expect(d.top_products).toEqual([
        { product_id: tiles.id, name: "Floor tiles", units: 5, sales: 10000 },
        { product_id: cement.id, name: "Dangote cement 50kg", units: 3, sales: 15000 },
      ]);
      expect(d.low_stock_threshold).toBe(5);
      expect(d.low_stock.map((x: { id: number }) => x.id)).toEqual([nails.id, tiles.id]);
      expect(d.daily_sales).toHaveLength(30);
      expect(d.daily_sales.at(-1)).toEqual({ date: lagosDay(now), sales: 10000, orders: 1 });
      expect(d.daily_sales.find((x: { date: string }) => x.date === lagosDay(now - 3 * DAY))).toEqual({ date: lagosDay(now - 3 * DAY), sales: 10000, orders: 1 });
      expect(d.daily_sales.reduce((s: number, x: { sales: number }) => s + x.sales, 0)).toBe(25000);
    }
  });

  it("an empty store answers zeros; non-members 404, anonymous 401, an admin sees it", async () => {
    const { store, buyer } = await cast();
    const admin = await makeUser(api, { role: "admin" });
    const r = await api.call(`/stores/${store.id}/dashboard/`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ products_count: 0, orders_count: 0, sales: { today: 0, last_7_days: 0, last_30_days: 0 }, top_products: [], low_stock: [] });
    expect(r.body.daily_sales.every((x: { sales: number }) => x.sales === 0)).toBe(true);
    expect((await api.call(`/stores/${store.id}/dashboard/`, { token: buyer.token })).status).toBe(404);
    expect((await api.call(`/stores/${store.id}/dashboard/`)).status).toBe(401);
    expect((await api.call(`/stores/999999/dashboard/`, { token: admin.token })).status).toBe(404);
  });

  it("GET /stores/{slug}/products/: the store's published products only, in the catalogue's page shape; unknown store 404", async () => {
    const { store, p, owner, category_id } = await cast();
    const a = await p("Visible sink", 30000);
    await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id, name: "Hidden draft", published: false });
    const r = await api.call(`/stores/${store.slug}/products/`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["count", "next", "previous", "results"]);
    expect(r.body.count).toBe(1);
    expect(r.body.results[0]).toMatchObject({ id: a.id, name: "Visible sink" });
    const catalogue = await api.call(`/products/${a.id}/`);
    // The catalogue's product fields (one product's own answer adds its variant options, the seller block and its certificate).
    expect(Object.keys(r.body.results[0]).sort()).toEqual(Object.keys(catalogue.body).filter((k) => !["options", "seller", "certificate"].includes(k)).sort());
    expect((await api.call(`/stores/no-such-store-zz/products/`)).status).toBe(404);
  });
});
