/**
 * The in-process catalogue cache: a second read of a public catalogue answer is served
 * from memory, and ANY committed change to the catalogue (a product's price, a store, a review)
 * is seen by the next read, on both engines. A rolled-back change keeps the cache. An answer that
 * depended on the caller (an unpublished product its store sees) is never served to anyone else.
 * A stock-only change (a checkout, a restock; migration 0020) drops only the answers that show
 * that product's stock, and is seen at once there, down to 0 and back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { returnStock } from "~/api/products/stock.server";
import { CATALOG_CHANNEL, catalogCacheFor } from "~/api/core/cache.server";
import { createProduct, createStore } from "~/db/seed/factories";
import { makeShopper } from "./orders-helpers";
import { engines, makeUser, useApi, type TestApi } from "./harness";

beforeAll(() => {
  process.env.CATALOG_CACHE = "on";
  resetEnvCache();
});
afterAll(() => {
  process.env.CATALOG_CACHE = "off";
  resetEnvCache();
});

/** Reads until the change is visible: a NOTIFY arrives just after the commit, so allow a moment. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

for (const engine of engines()) {
  describe(`catalogue cache on ${engine}`, () => {
    const api: TestApi = useApi(engine);
    const category = async () => (await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1")).rows[0].id;
    /**
     * Waits until every change committed so far has reached this server's cache. A NOTIFY
     * arrives some time after its commit (tens of ms on a busy database), so a hit/miss checked
     * right after a write could meet that write's late notification (or an earlier test's)
     * instead of what the test means. Notifications arrive in commit order: once a marker sent
     * now has arrived (it drops the cache, as any change does), all earlier ones have.
     */
    const arrived = new Set<string>();
    let sent = 0;
    beforeAll(async () => {
      const cache = await catalogCacheFor(api.db);
      if (!cache) throw new Error("the catalogue cache is not listening");
      const changed = cache.changed.bind(cache);
      cache.changed = (payload) => {
        if (payload?.startsWith("test: ")) arrived.add(payload);
        changed(payload);
      };
    });
    const settled = async () => {
      const marker = `test: settled ${++sent}`;
      await api.db.query("SELECT pg_notify($1, $2)", [CATALOG_CHANNEL, marker]);
      if (!(await eventually(async () => arrived.has(marker), Boolean, 10_000))) throw new Error("the marker notification never arrived");
    };
    const setup = async () => {
      const owner = await makeUser(api);
      const store = await createStore(api.db, { owner_id: owner.id });
      return { owner, store, base: { store_id: store.id, user_id: owner.id, category_id: await category() } };
    };

    it("serves the second read from memory and the next read after a price change fresh", async () => {
      const { base } = await setup();
      const product = await createProduct(api.db, { ...base, price_kobo: 150_000 });
      await settled();
      const first = await api.call<{ selling_price: number }>(`/products/${product.id}/`);
      expect(first.status).toBe(200);
      expect(first.headers.get("x-cache")).toBe("miss");
      const second = await api.call<{ selling_price: number }>(`/products/${product.id}/`);
      expect(second.headers.get("x-cache")).toBe("hit");
      expect(second.body).toEqual(first.body);

      await api.db.query("UPDATE products SET price_kobo = 990000, selling_price_kobo = 990000 WHERE id = $1", [product.id]);
      const after = await eventually(
        () => api.call<{ selling_price: number }>(`/products/${product.id}/`),
        (r) => r.body.selling_price === 9900,
      );
      expect(after.body.selling_price).toBe(9900);
    });

    it("drops search answers when a store changes, and keeps them over a rolled-back change", async () => {
      const { store, base } = await setup();
      const word = `zebrawood${engine}`;
      await createProduct(api.db, { ...base, name: `Polished ${word} plank` });
      await settled();
      const search = () => api.call<{ count: number }>(`/products/?search=${word}`);
      expect((await search()).body.count).toBe(1);
      expect((await search()).headers.get("x-cache")).toBe("hit");

      await api.db
        .tx(async (q) => {
          await q.query("UPDATE stores SET name = 'Rolled back' WHERE id = $1", [store.id]);
          throw new Error("roll back");
        })
        .catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
      expect((await search()).headers.get("x-cache")).toBe("hit");

      await api.db.query("UPDATE products SET published = false WHERE store_id = $1", [store.id]);
      const after = await eventually(search, (r) => r.body.count === 0);
      expect(after.body.count).toBe(0);
    });

    it("reuses one random pick of a category (the home page's sections) until the catalogue changes", async () => {
      const cat = await category();
      const path = `/products/categories/${cat}/random_products/`;
      await settled();
      const first = await api.call<{ id: number }[]>(path);
      const second = await api.call<{ id: number }[]>(path);
      expect(second.headers.get("x-cache")).toBe("hit");
      expect(second.body.map((p) => p.id)).toEqual(first.body.map((p) => p.id));
    });

    it("a listing filtered by the seller's state sees the store's new state; 'most popular' is kept only a minute", async () => {
      const { base, store } = await setup();
      await api.db.query("UPDATE stores SET state = 'Sokoto' WHERE id = $1", [store.id]);
      const product = await createProduct(api.db, { ...base });
      await settled();
      const path = `/products/?state=Sokoto&category_id=${base.category_id}&page_size=100`;
      const ids = async () => (await api.call<{ results: { id: number }[] }>(path)).body.results.map((p) => p.id);
      expect(await ids()).toContain(product.id);
      expect((await api.call(path)).headers.get("x-cache")).toBe("hit");
      await api.db.query("UPDATE stores SET state = 'Zamfara' WHERE id = $1", [store.id]);
      expect(await eventually(ids, (v) => !v.includes(product.id))).not.toContain(product.id);

      // orders do not notify the catalogue cache: an order by recent sales expires on its own
      await settled();
      const cache = (await catalogCacheFor(api.db))!;
      const popular = `/products/?ordering=-popularity&category_id=${base.category_id}`;
      expect((await api.call(popular)).status).toBe(200);
      const kept = cache.get(`${api.origin}${popular}`);
      expect(kept?.expires).toBeDefined();
      expect(kept!.expires! - Date.now()).toBeLessThanOrEqual(60_000);
      const newest = `/products/?ordering=-created_at&category_id=${base.category_id}`;
      await api.call(newest);
      const plain = cache.get(`${api.origin}${newest}`);
      expect(plain).toBeDefined();
      expect(plain!.expires).toBeUndefined();
    });

    it("never serves a store's view of its unpublished product to someone else", async () => {
      const { owner, base } = await setup();
      const product = await createProduct(api.db, { ...base, published: false });
      const token = owner.token;
      const mine = await api.call(`/products/${product.id}/`, { token });
      expect(mine.status).toBe(200);
      const again = await api.call(`/products/${product.id}/`, { token });
      expect(again.status).toBe(200);
      expect(again.headers.get("x-cache")).not.toBe("hit");
      expect((await api.call(`/products/${product.id}/`)).status).toBe(404);
    });

    it("a checkout drops only the answers showing the product bought; its stock is seen at once, down to 0 and back", async () => {
      const { base } = await setup();
      const word = `quokkastone${engine}`;
      const sold = await createProduct(api.db, { ...base, name: `Block ${word}sold`, stock_quantity: 2 });
      const other = await createProduct(api.db, { ...base, name: `Tile ${word}other`, stock_quantity: 5 });
      type P = { id: number; stock_quantity: number; in_stock: boolean };
      const one = (id: number) => api.call<P>(`/products/${id}/`);
      const soldList = () => api.call<{ results: P[] }>(`/products/?search=${word}sold`);
      const otherList = () => api.call<{ results: P[] }>(`/products/?search=${word}other`);
      const tree = () => api.call("/products/categories/");
      const all = [() => one(sold.id), () => one(other.id), soldList, otherList, tree];
      await settled();
      for (const read of all) await read();
      for (const read of all) expect((await read()).headers.get("x-cache")).toBe("hit");
      expect((await soldList()).body.results.map((p) => p.id)).toEqual([sold.id]);
      expect((await otherList()).body.results.map((p) => p.id)).toEqual([other.id]);

      const shopper = await makeShopper(api);
      const buy = (quantity: number) =>
        api.call("/orders/", { token: shopper.token, json: { delivery_address_id: shopper.addressId, order_payment_method: "PayOnDelivery", buy: sold.id, quantity } });
      expect((await buy(1)).status).toBe(201);
      const after = await eventually(() => one(sold.id), (r) => r.body.stock_quantity === 1);
      expect(after.body).toMatchObject({ stock_quantity: 1, in_stock: true });
      expect((await soldList()).body.results.find((p) => p.id === sold.id)?.stock_quantity).toBe(1);
      // Unrelated answers were kept.
      for (const read of [() => one(other.id), otherList, tree]) expect((await read()).headers.get("x-cache"), String(read)).toBe("hit");

      // A checkout that finds too little stock changes nothing and drops nothing.
      await one(sold.id);
      expect((await buy(5)).status).toBe(409);
      await new Promise((r) => setTimeout(r, 100));
      expect((await one(sold.id)).headers.get("x-cache")).toBe("hit");

      // Down to 0: out of stock at once; back again: in stock at once.
      expect((await buy(1)).status).toBe(201);
      const out = await eventually(() => one(sold.id), (r) => r.body.stock_quantity === 0);
      expect(out.body).toMatchObject({ stock_quantity: 0, in_stock: false });
      expect((await soldList()).body.results.find((p) => p.id === sold.id)?.in_stock).toBe(false);
      await returnStock(api.db, sold.id, 3);
      const back = await eventually(() => one(sold.id), (r) => r.body.stock_quantity === 3);
      expect(back.body).toMatchObject({ stock_quantity: 3, in_stock: true });
      for (const read of [() => one(other.id), otherList, tree]) expect((await read()).headers.get("x-cache"), String(read)).toBe("hit");

      // Stock and anything else in one statement: everything goes.
      await api.db.query("UPDATE products SET stock_quantity = 4, name = $2 WHERE id = $1", [sold.id, `Renamed ${word} block`]);
      await eventually(() => one(sold.id), (r) => r.body.stock_quantity === 4);
      expect((await tree()).headers.get("x-cache")).toBe("miss");
    });
  });
}
