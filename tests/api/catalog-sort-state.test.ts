/**
 * Listing sorts and the seller-state filter: the listing's orders (price both ways, most popular from the last 30
 * days' orders, best rated from approved reviews) and the seller's state filter (`state=`, one or
 * several, with category, search and a store's listing), on both engines.
 */
import { describe, expect, it } from "vitest";
import { createCategory, createOrder, createProduct, createReview, createStore, createUser } from "~/db/seed/factories";
import { makeShopper } from "./orders-helpers";
import { engines, useApi, type TestApi } from "./harness";

interface P {
  id: number;
  name: string;
  selling_price: number;
  store_state: string | null;
}
interface Page {
  count: number;
  results: P[];
}

const WORD = "zebrawood";

describe.each(engines())("listing sorts and the state filter on %s", (engine) => {
  const api = useApi(engine);
  // Four products of one fresh category from three states, and one of another category in Kano.
  let cat: { id: number; slug: string };
  let other: { id: number };
  let kanoStore: { id: number; slug: string };
  const ids: Record<"kano5000" | "lagos1000" | "enugu3000" | "kano2000" | "elsewhere", number> = {} as never;

  const list = async (query: string) => {
    const r = await api.call<Page>(`/products/?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const inCat = async (query = "") => (await list(`category_id=${cat.id}&page_size=50${query ? `&${query}` : ""}`)).results.map((p) => p.id);

  const setUp = async (a: TestApi) => {
    cat = await createCategory(a.db, { name: `Sort test ${engine}` });
    other = await createCategory(a.db, { name: `Sort other ${engine}` });
    const store = async (state: string) => createStore(a.db, { owner_id: (await createUser(a.db)).id, state });
    kanoStore = await store("Kano");
    const lagos = await store("Lagos");
    const enugu = await store("Enugu");
    const product = async (s: { id: number }, naira: number, category = cat.id) =>
      (
        await createProduct(a.db, {
          store_id: s.id,
          user_id: (await a.db.query<{ owner_id: number }>("SELECT owner_id FROM stores WHERE id = $1", [s.id])).rows[0].owner_id,
          category_id: category,
          name: `${WORD} plank ${naira}`,
          price_kobo: naira * 100,
          stock_quantity: 500,
          // creation order: the dearer, the older (newest first: 1000, 2000, 3000, 5000)
          created_at: new Date(Date.now() - naira * 1000),
        })
      ).id;
    ids.kano5000 = await product(kanoStore, 5000);
    ids.lagos1000 = await product(lagos, 1000);
    ids.enugu3000 = await product(enugu, 3000);
    ids.kano2000 = await product(kanoStore, 2000);
    ids.elsewhere = await product(kanoStore, 4000, other.id);
  };

  it("orders by price, low to high and high to low, and says where each seller is", async () => {
    await setUp(api);
    expect(await inCat("ordering=selling_price")).toEqual([ids.lagos1000, ids.kano2000, ids.enugu3000, ids.kano5000]);
    expect(await inCat("ordering=price_asc")).toEqual([ids.lagos1000, ids.kano2000, ids.enugu3000, ids.kano5000]);
    expect(await inCat("ordering=-selling_price")).toEqual([ids.kano5000, ids.enugu3000, ids.kano2000, ids.lagos1000]);
    const page = await list(`category_id=${cat.id}&ordering=price_desc`);
    expect(page.results.map((p) => [p.selling_price, p.store_state])).toEqual([
      [5000, "Kano"],
      [3000, "Enugu"],
      [2000, "Kano"],
      [1000, "Lagos"],
    ]);
    // default: newest first
    expect(await inCat()).toEqual([ids.lagos1000, ids.kano2000, ids.enugu3000, ids.kano5000]);
  });

  it("orders by units ordered in the last 30 days (most popular)", async () => {
    const order = async (productId: number, quantity: number) => {
      const me = await makeShopper(api, { items: [{ product_id: productId, quantity }] });
      const r = await api.call("/orders/", { token: me.token, json: { delivery_address_id: me.addressId, order_payment_method: "PayOnDelivery", cart_id: me.cartId } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    await order(ids.enugu3000, 5);
    await order(ids.kano5000, 2);
    await order(ids.kano5000, 1);
    // 100 units of the cheapest, but 40 days ago: not popular now
    const old = await makeShopper(api);
    await createOrder(api.db, {
      user_id: old.id,
      items: [{ product_id: ids.lagos1000, quantity: 100 }],
      payment_status: "Complete",
      payment_method: "CardPayment",
      created_at: new Date(Date.now() - 40 * 86_400_000),
    });
    await api.db.query("UPDATE order_items SET created_at = now() - interval '40 days' WHERE product_id = $1", [ids.lagos1000]);
    // a cancelled line does not count
    await createOrder(api.db, { user_id: old.id, items: [{ product_id: ids.lagos1000, quantity: 50, status: "Cancelled" }], payment_status: "Complete", payment_method: "CardPayment" });
    expect(await inCat("ordering=-popularity")).toEqual([ids.enugu3000, ids.kano5000, ids.lagos1000, ids.kano2000]);
    expect(await inCat("ordering=popular")).toEqual([ids.enugu3000, ids.kano5000, ids.lagos1000, ids.kano2000]);
    // with a search (not ranked by relevance then) and a state
    const found = await list(`search=${WORD}&ordering=popular&state=Kano&page_size=50`);
    expect(found.results.map((p) => p.id).slice(0, 1)).toEqual([ids.kano5000]);
    expect(found.results.every((p) => p.store_state === "Kano")).toBe(true);
  });

  it("orders by the average of approved reviews, ties by their number, unreviewed last (best rated)", async () => {
    const review = async (productId: number, rating: number, hidden = false) => {
      const u = await createUser(api.db);
      const r = await createReview(api.db, { product_id: productId, user_id: u.id, rating });
      if (hidden) await api.db.query("UPDATE reviews SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1", [r.id]);
    };
    await review(ids.lagos1000, 5);
    await review(ids.lagos1000, 5);
    await review(ids.kano2000, 5);
    await review(ids.kano5000, 4);
    await review(ids.kano5000, 2);
    await review(ids.enugu3000, 5, true); // hidden by an admin: not counted
    expect(await inCat("ordering=-rating")).toEqual([ids.lagos1000, ids.kano2000, ids.kano5000, ids.enugu3000]);
    expect(await inCat("ordering=rated")).toEqual([ids.lagos1000, ids.kano2000, ids.kano5000, ids.enugu3000]);
  });

  it("filters by the seller's state: one, several, with category, search and a store's listing", async () => {
    expect(await inCat("state=Kano")).toEqual([ids.kano2000, ids.kano5000]);
    expect(await inCat("state=kano")).toEqual([ids.kano2000, ids.kano5000]);
    const several = await list(`category_id=${cat.id}&state=Kano&state=enugu&ordering=selling_price`);
    expect(several.results.map((p) => p.id)).toEqual([ids.kano2000, ids.enugu3000, ids.kano5000]);
    expect(several.count).toBe(3);
    expect(await inCat("state=Lagos,Enugu&ordering=price")).toEqual([ids.lagos1000, ids.enugu3000]);
    // search across categories: the other category's Kano product is found too, Lagos is not
    const searched = await list(`search=${WORD}&state=Kano&page_size=50`);
    expect(searched.results.map((p) => p.id).sort()).toEqual([ids.kano5000, ids.kano2000, ids.elsewhere].sort());
    expect(searched.count).toBe(3);
    const both = await list(`search=${WORD}&category_id=${other.id}&state=Kano`);
    expect(both.results.map((p) => p.id)).toEqual([ids.elsewhere]);
    expect((await list(`search=${WORD}&state=Lagos`)).results.map((p) => p.id)).toEqual([ids.lagos1000]);
    // a category's own products route and a state with no seller here
    const byCat = await api.call<Page>(`/products/categories/${cat.id}/products/?state=Enugu`);
    expect(byCat.body.results.map((p) => p.id)).toEqual([ids.enugu3000]);
    expect((await list(`category_id=${cat.id}&state=Sokoto`)).count).toBe(0);
    // a store's public listing takes the same orders
    const shop = await api.call<Page>(`/stores/${kanoStore.slug}/products/?ordering=selling_price`);
    expect(shop.status).toBe(200);
    expect(shop.body.results.map((p) => p.selling_price)).toEqual([2000, 4000, 5000]);
  });

  it("answers 400 naming an unknown state", async () => {
    const r = await api.call<{ state: string[] }>(`/products/?state=Kano&state=Atlantis`);
    expect(r.status).toBe(400);
    expect(r.body.state[0]).toContain('Unknown state "Atlantis"');
    const cat400 = await api.call(`/products/categories/${cat.id}/products/?state=Gotham`);
    expect(cat400.status).toBe(400);
  });

  it("documents the orders and the state filter in OpenAPI", async () => {
    const r = await api.call("/schema/");
    const params = r.body.paths["/products/"].get.parameters as { name: string; in: string; schema: { enum?: string[] } }[];
    const ordering = params.find((p) => p.name === "ordering" && p.in === "query");
    expect(ordering?.schema.enum).toEqual(expect.arrayContaining(["selling_price", "-selling_price", "-popularity", "-rating", "-created_at"]));
    expect(params.some((p) => p.name === "state" && p.in === "query")).toBe(true);
  });
});
