/** The product detail's seller block and the delivery promise's dates in the shipping quotes. */
import { describe, expect, it } from "vitest";
import { deliveryWindowFor, lagosDate } from "~/domain/delivery";
import { createProduct, createReview, createStore } from "~/db/seed/factories";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { firstCategory } from "./vendor-helpers";

async function cast(api: TestApi, state: string | null = "Kano") {
  const owner = await makeUser(api);
  const store = await createStore(api.db, { owner_id: owner.id, name: `Sabon Gari Blocks ${Math.random().toString(36).slice(2, 8)}`, state, logo_key: null });
  const cat = await firstCategory(api);
  const product = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat, size: "large", selling_price_kobo: 500_000, price_kobo: 500_000, stock_quantity: 40 });
  return { owner, store, cat, product };
}

/** The window the rule gives today (computed around the call, so a test running across midnight in Lagos still agrees). */
const windowToday = (origin: string | null, dest: string | null) => deliveryWindowFor(origin, dest, lagosDate(new Date()));

describe.each(engines())("product delivery and seller on %s", (engine) => {
  const api = useApi(engine);

  it("the product detail names its seller: store, slug, logo, verified, state and the average rating of its products", async () => {
    const c = await cast(api);
    const other = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: c.cat });
    const first = (await api.call(`/products/${c.product.id}/`)).body;
    expect(first.seller).toEqual({ id: c.store.id, name: expect.stringContaining("Sabon Gari Blocks"), slug: c.store.slug, logo: null, verified: false, state: "Kano", rating_average: null, rating_count: 0 });

    const [a, b, d] = [await makeUser(api), await makeUser(api), await makeUser(api)];
    await createReview(api.db, { product_id: c.product.id, user_id: a.id, rating: 5 });
    await createReview(api.db, { product_id: c.product.id, user_id: b.id, rating: 4 });
    await createReview(api.db, { product_id: other.id, user_id: d.id, rating: 2 });
    await api.db.query("UPDATE stores SET verified_at = now(), logo_key = 'stores/logo-x.webp' WHERE id = $1", [c.store.id]);
    const seller = (await api.call(`/products/${c.product.id}/`)).body.seller;
    expect(seller).toMatchObject({ verified: true, rating_average: 3.7, rating_count: 3 });
    expect(seller.logo).toMatch(/logo-x\.webp/);
    // The list answers are unchanged: the seller block is the detail's.
    const list = (await api.call(`/products/categories/${c.cat}/products/?page_size=100`)).body.results;
    expect(list.find((p: { id: number }) => p.id === c.product.id).seller).toBeUndefined();
  });

  it("the buy-now quote dates the delivery: farther states arrive later and cost more", async () => {
    const c = await cast(api);
    const near = (await api.call(`/orders/${c.product.id}/shippingfee/?state=Kano&quantity=3`)).body;
    const far = (await api.call(`/orders/${c.product.id}/shippingfee/?state=Lagos&quantity=3`)).body;
    expect(near).toMatchObject({ state: "Kano", zone: "same_state", origin_state: "Kano" });
    expect(far).toMatchObject({ state: "Lagos", zone: "far" });
    expect(far.shipping_cost).toBeGreaterThan(near.shipping_cost);
    const w = windowToday("Kano", "Lagos");
    expect({ earliest: far.earliest_delivery, latest: far.latest_delivery }).toEqual({ earliest: w.earliest, latest: w.latest });
    expect(far.earliest_delivery > near.earliest_delivery).toBe(true);
    expect(far.latest_delivery > near.latest_delivery).toBe(true);
  });

  it("each cart shipment carries its delivery window for the quoted state", async () => {
    const c = await cast(api);
    const cart = (await api.call("/carts/", { method: "POST", json: { user_id: null } })).body;
    expect((await api.call(`/carts/${cart.id}/items/`, { json: { prod_id: c.product.id, quantity: 3 } })).status).toBe(201);
    const quoted = (await api.call(`/carts/${cart.id}/?state=Borno`)).body;
    expect(quoted.cart_items[0].quantity).toBe(3);
    const w = windowToday("Kano", "Borno");
    expect(quoted.shipments[0]).toMatchObject({ store_state: "Kano", earliest_delivery: w.earliest, latest_delivery: w.latest });
    const unquoted = (await api.call(`/carts/${cart.id}/`)).body;
    expect(unquoted.shipments[0].earliest_delivery).toBe(windowToday("Kano", null).earliest);
  });
});
