/**
 * Browsing at scale (migration 0025, queries.server listingIds): listings walk indexes on the
 * kept `listed` flag, a root category is read per sub-category and merged, "best rated" reads
 * the rating kept on products and "most popular" puts the products ordered lately before the
 * rest. What a shopper notices: every order pages without a product twice or missing, ties
 * included; the counts match; a suspended store's or a retired category's products leave every
 * listing and come back; a review changes the order at once. Both engines.
 */
import { describe, expect, it } from "vitest";
import { createCategory, createOrder, createProduct, createReview, createStore, createUser } from "~/db/seed/factories";
import { POPULAR_DAYS } from "~/api/catalog/queries.server";
import { COUNTED_ORDER_SQL } from "~/api/stores/dashboard.server";
import { engines, makeUser, useApi } from "./harness";

interface P {
  id: number;
  selling_price: number;
}
interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: P[];
}

interface Made {
  id: number;
  at: number;
  price: number;
  ratings: number[];
  units: number;
}

describe.each(engines())("browsing a category tree on %s", (engine) => {
  const api = useApi(engine);

  /** `buy(productId, quantity, daysAgo)`: a paid order of the shopper's, placed that many days ago. */
  const buyAs = (shopperId: number) => async (productId: number, quantity: number, daysAgo = 0) =>
    createOrder(api.db, {
      user_id: shopperId,
      items: [{ product_id: productId, quantity }],
      payment_status: "Complete",
      payment_method: "CardPayment",
      created_at: new Date(Date.now() - daysAgo * 86_400_000),
    });

  /** A root with three sub-categories, products in all four, with ties on time, price and rating. */
  const makeTree = async () => {
    const root = await createCategory(api.db, { name: `Browse root ${engine} ${Math.random().toString(36).slice(2, 8)}` });
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push(await createCategory(api.db, { name: `Browse sub ${i} ${engine}`, parent_id: root.id }));
    const owner = await createUser(api.db);
    const store = await createStore(api.db, { owner_id: owner.id, state: "Lagos" });
    const other = await createStore(api.db, { owner_id: (await createUser(api.db)).id, state: "Kano" });
    const shopper = await createUser(api.db);
    const cats = [root.id, ...subs.map((s) => s.id)];
    const base = Date.now() - 3_600_000;
    const made: Made[] = [];
    for (let i = 0; i < 14; i++) {
      // Three instants and three prices only: many products tie on each.
      const at = base + (i % 3) * 60_000;
      const price = [5000, 12000, 9000][i % 3] * 100;
      // Each category (i % 4) gets one product of each kind of rating: 4.5 (two), 5, 3, none.
      const ratings = [[4, 5], [5], [3], []][Math.floor(i / 4) % 4];
      const units = i % 5 === 0 ? 0 : i % 5 === 1 ? 3 : i % 5 === 2 ? 3 : 0;
      const p = await createProduct(api.db, {
        store_id: i === 13 ? other.id : store.id,
        user_id: owner.id,
        category_id: cats[i % cats.length],
        price_kobo: price,
        created_at: new Date(at),
      });
      for (const r of ratings) await createReview(api.db, { product_id: p.id, user_id: (await createUser(api.db)).id, rating: r });
      if (units) await createOrder(api.db, { user_id: shopper.id, items: [{ product_id: p.id, quantity: units }], payment_status: "Complete", payment_method: "CardPayment" });
      made.push({ id: p.id, at, price, ratings, units });
    }
    // Unlisted: a draft in the tree is never shown.
    await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: subs[0].id, published: false });
    return { root, subs, made, store, other };
  };

  const avg = (m: Made) => (m.ratings.length ? m.ratings.reduce((a, b) => a + b, 0) / m.ratings.length : null);
  const cmp = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
  /** The documented orders, written out. */
  const ORDERS: Record<string, (a: Made, b: Made) => number> = {
    "-created_at": (a, b) => cmp(b.at, a.at) || cmp(b.id, a.id),
    created_at: (a, b) => cmp(a.at, b.at) || cmp(a.id, b.id),
    selling_price: (a, b) => cmp(a.price, b.price) || cmp(a.id, b.id),
    "-selling_price": (a, b) => cmp(b.price, a.price) || cmp(b.id, a.id),
    "-popularity": (a, b) => cmp(b.units, a.units) || cmp(b.at, a.at) || cmp(b.id, a.id),
    "-rating": (a, b) => {
      const x = avg(a);
      const y = avg(b);
      if (x === null || y === null) return x === y ? cmp(b.at, a.at) || cmp(b.id, a.id) : x === null ? 1 : -1;
      return cmp(y, x) || cmp(b.ratings.length, a.ratings.length) || cmp(b.at, a.at) || cmp(b.id, a.id);
    },
  };

  /** Every page of a listing, following the answer's own `next` links; checks count and the 404 after the last page. */
  const allPages = async (path: string, pageSize: number) => {
    const ids: number[] = [];
    let count = -1;
    for (let page = 1; ; page++) {
      const r = await api.call<Page>(`${path}&page_size=${pageSize}&page=${page}`);
      expect(r.status, `${path} page ${page}: ${JSON.stringify(r.body)}`).toBe(200);
      if (count === -1) count = r.body.count;
      expect(r.body.count).toBe(count);
      ids.push(...r.body.results.map((p) => p.id));
      if (!r.body.next) {
        expect((await api.call(`${path}&page_size=${pageSize}&page=${page + 1}`)).status).toBe(404);
        break;
      }
    }
    return { ids, count };
  };

  it("pages a root category in every order with no product twice or missing, ties kept in one order", async () => {
    const { root, made } = await makeTree();
    for (const [ordering, order] of Object.entries(ORDERS)) {
      const expected = [...made].sort(order).map((m) => m.id);
      for (const path of [`/products/?category_id=${root.id}&ordering=${ordering}`, `/products/categories/${root.id}/products/?levels_deep=all&ordering=${ordering}`]) {
        const got = await allPages(path, 5);
        expect(got.ids, `${path}`).toEqual(expected);
        expect(got.count).toBe(made.length);
      }
    }
  }, 180_000); // many requests: room for a busy machine

  it("pages a root category with a price band and a store's page in every order", async () => {
    const { root, made, store } = await makeTree();
    const inBand = made.filter((m) => m.price > 6000_00 && m.price < 13000_00);
    const ofStore = made.filter((m) => m.id !== made[13].id);
    for (const [ordering, order] of Object.entries(ORDERS)) {
      const banded = await allPages(`/products/?category_id=${root.id}&selling_price__gt=6000&selling_price__lt=13000&ordering=${ordering}`, 3);
      expect(banded.ids, ordering).toEqual([...inBand].sort(order).map((m) => m.id));
      expect(banded.count).toBe(inBand.length);
      const shop = await allPages(`/stores/${store.slug}/products/?ordering=${ordering}`, 5);
      expect(shop.ids, ordering).toEqual([...ofStore].sort(order).map((m) => m.id));
      expect(shop.count).toBe(ofStore.length);
    }
  }, 180_000);

  it("pages a store's most popular listing in one order when other stores' and hidden products sell more", async () => {
    const cat = await createCategory(api.db, { name: `Popular ${engine} ${Math.random().toString(36).slice(2, 8)}` });
    const owner = await createUser(api.db);
    const store = await createStore(api.db, { owner_id: owner.id, state: "Lagos" });
    const rival = await createStore(api.db, { owner_id: (await createUser(api.db)).id, state: "Kano" });
    const shopper = await createUser(api.db);
    const base = Date.now() - 3_600_000;
    const make = async (storeId: number, minutes: number) =>
      (await createProduct(api.db, { store_id: storeId, user_id: owner.id, category_id: cat.id, created_at: new Date(base + minutes * 60_000) })).id;
    const buy = buyAs(shopper.id);
    // The rival's products sell most: they lead the whole listing but are not on this store's page.
    const rivals = [await make(rival.id, 9), await make(rival.id, 8)];
    for (const id of rivals) await buy(id, 9);
    // Made in an order their times do not follow, so neither the id nor the time alone gives the ties' order.
    const [a1, a2, a3] = [await make(store.id, 0), await make(store.id, 2), await make(store.id, 1)];
    const [a4, a5] = [await make(store.id, 3), await make(store.id, 3)];
    for (const id of [a1, a2, a3]) await buy(id, 2);
    for (const id of [a4, a5]) await buy(id, 1);
    // Sold most of this store's products, then unpublished: in no listing.
    const draft = await make(store.id, 4);
    await buy(draft, 7);
    await api.db.query("UPDATE products SET published = false WHERE id = $1", [draft]);
    // Many units, but 40 days ago: among the rest, newest first.
    const old = await make(store.id, -5);
    await buy(old, 50, 40);
    const rest = [await make(store.id, 5), await make(store.id, -1), old];

    const expected = [a2, a3, a1, a5, a4, rest[0], rest[1], old];
    for (const size of [2, 3, 5]) {
      const shop = await allPages(`/stores/${store.slug}/products/?ordering=-popularity`, size);
      expect(shop.ids, `page size ${size}`).toEqual(expected);
      expect(shop.count).toBe(expected.length);
    }
    const all = await allPages(`/products/?category_id=${cat.id}&ordering=-popularity`, 4);
    expect(all.ids).toEqual([rivals[0], rivals[1], ...expected]);
  });

  it("lists most popular in every category, sub-category and price band by the rule when products and sub-categories move", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const roots = [await createCategory(api.db, { name: `Moves A ${engine} ${tag}` }), await createCategory(api.db, { name: `Moves B ${engine} ${tag}` })];
    const subs: typeof roots = [];
    for (const root of roots) for (let i = 0; i < 2; i++) subs.push(await createCategory(api.db, { name: `Moves ${root.id} sub ${i}`, parent_id: root.id }));
    const places = [roots[0], subs[0], subs[1], roots[1], subs[2], subs[3]];
    const owner = await makeUser(api);
    const store = await createStore(api.db, { owner_id: owner.id, state: "Lagos" });
    const shopper = await createUser(api.db);
    const base = Date.now() - 3_600_000;
    const buy = buyAs(shopper.id);
    const ids: number[] = [];
    for (let i = 0; i < 26; i++) {
      // Few instants, prices and unit counts: ties on each, in every category.
      const p = await createProduct(api.db, {
        store_id: store.id,
        user_id: owner.id,
        category_id: places[i % places.length].id,
        price_kobo: [5000, 12000, 9000][i % 3] * 100,
        created_at: new Date(base + (i % 4) * 60_000),
      });
      const units = [0, 2, 5, 2, 0, 1, 5][i % 7];
      if (units) await buy(p.id, units);
      ids.push(p.id);
    }
    // Sold most, but unpublished; sold most, but 40 days ago.
    await buy(ids[6], 40);
    await api.db.query("UPDATE products SET published = false WHERE id = $1", [ids[6]]);
    await buy(ids[7], 50, 40);

    /** The documented rule, from the products themselves: listed, in the tree, units of 30 days, then newest, then the highest id. */
    const byRule = async (categoryId: number, band = false) =>
      (
        await api.db.query<{ id: number }>(
          `WITH RECURSIVE t(id) AS (SELECT $1::int UNION ALL SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id)
           SELECT p.id FROM products p
             LEFT JOIN (SELECT i.product_id, sum(i.quantity) AS units FROM order_items i JOIN orders o ON o.id = i.order_id
                         WHERE i.status = 'Active' AND ${COUNTED_ORDER_SQL} AND i.created_at >= now() - interval '${POPULAR_DAYS} days'
                         GROUP BY i.product_id) u ON u.product_id = p.id
            WHERE p.published AND p.deleted_at IS NULL AND p.category_id IN (SELECT id FROM t)
              AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = p.store_id AND s.suspended_at IS NOT NULL)
              AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.id = p.category_id AND c.retired_at IS NOT NULL)
              AND ($2::boolean IS FALSE OR (p.selling_price_kobo > 600000 AND p.selling_price_kobo < 1300000))
            ORDER BY coalesce(u.units, 0) DESC, p.created_at DESC, p.id DESC`,
          [categoryId, band],
        )
      ).rows.map((r) => r.id);
    const check = async (step: string) => {
      for (const c of [...roots, ...subs]) {
        const expected = await byRule(c.id);
        const paths = [`/products/?category_id=${c.id}&ordering=-popularity`, `/products/categories/${c.id}/products/?levels_deep=all&ordering=-popularity`];
        for (const path of paths) {
          const got = await allPages(path, 4);
          expect(got.ids, `${step}: ${path}`).toEqual(expected);
          expect(got.count, `${step}: ${path}`).toBe(expected.length);
        }
        const banded = await allPages(`${paths[0]}&selling_price__gt=6000&selling_price__lt=13000`, 3);
        expect(banded.ids, `${step}: ${c.id} in the band`).toEqual(await byRule(c.id, true));
      }
    };
    await check("as made");
    // The rule as meant: 5 units each, newest first (the unpublished best seller and the one sold 40 days ago not among them).
    expect((await byRule(roots[0].id)).slice(0, 3)).toEqual([ids[2], ids[13], ids[20]]);

    // A vendor moves a best seller to the other root's sub-category: it leads there and leaves here.
    expect((await allPages(`/products/?category_id=${roots[1].id}&ordering=-popularity`, 4)).ids.slice(0, 2)).toEqual([ids[23], ids[9]]);
    const moved = await api.call(`/products/${ids[2]}/`, { method: "PATCH", token: owner.token, json: { category: subs[3].id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await allPages(`/products/?category_id=${roots[1].id}&ordering=-popularity`, 4)).ids.slice(0, 2)).toEqual([ids[23], ids[2]]);
    await check("a product moved to another root");
    // Every product of one sub-category moved at once; a sub-category put under the other root.
    await api.db.query("UPDATE products SET category_id = $1 WHERE category_id = $2", [subs[0].id, subs[2].id]);
    await check("a sub-category's products moved");
    await api.db.query("UPDATE categories SET parent_id = $1 WHERE id = $2", [roots[0].id, subs[3].id]);
    await check("a sub-category moved to the other root");
    // An order line given another product; a line's copy of the category written wrong by hand.
    await api.db.query("UPDATE order_items SET product_id = $1 WHERE product_id = $2", [ids[4], ids[1]]);
    await api.db.query("UPDATE order_items SET product_category_id = $1 WHERE product_id = $2", [roots[1].id, ids[13]]);
    await check("order lines changed");
  }, 240_000); // many requests: room for a busy machine

  it("takes a suspended store's and a retired category's products out of every listing and count, and brings them back", async () => {
    const { root, subs, made, other } = await makeTree();
    const admin = await makeUser(api, { role: "admin" });
    const hiddenId = made[13].id; // the only product of the other store
    const listing = async (q: string) => (await api.call<Page>(`/products/?${q}&page_size=50`)).body;
    const before = await listing(`category_id=${root.id}`);
    expect(before.results.map((p) => p.id)).toContain(hiddenId);

    const s = await api.call(`/admin/stores/${other.id}/suspend/`, { token: admin.token, json: { reason: "Fake goods" } });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    for (const ordering of Object.keys(ORDERS)) {
      const page = await listing(`category_id=${root.id}&ordering=${ordering}`);
      expect(page.results.map((p) => p.id)).not.toContain(hiddenId);
      expect(page.count).toBe(made.length - 1);
    }
    expect((await api.call(`/products/${hiddenId}/`)).status).toBe(404);
    expect((await api.call(`/stores/${other.slug}/products/?page_size=50`)).body.count).toBe(0);

    const r = await api.call(`/admin/stores/${other.id}/reinstate/`, { token: admin.token, json: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const back = await listing(`category_id=${root.id}`);
    expect(back.results.map((p) => p.id)).toContain(hiddenId);
    expect(back.count).toBe(made.length);

    // A retired sub-category: its products leave the root's listing and its count.
    const sub = subs[0];
    const inSub = made.filter((_, i) => i % 4 === 1).map((m) => m.id);
    const ret = await api.call(`/admin/categories/${sub.id}/retire/`, { token: admin.token, json: {} });
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    const without = await listing(`category_id=${root.id}&ordering=selling_price`);
    expect(without.results.map((p) => p.id).filter((id) => inSub.includes(id))).toEqual([]);
    expect(without.count).toBe(made.length - inSub.length);
    expect((await api.call(`/admin/categories/${sub.id}/restore/`, { token: admin.token, json: {} })).status).toBe(200);
    expect((await listing(`category_id=${root.id}`)).count).toBe(made.length);
  });

  it("moves a product in the best-rated order as soon as a review is added, hidden, changed or deleted", async () => {
    const { subs, made } = await makeTree();
    // The last sub-category holds products 3 (rated 4 and 5), 7 (rated 5) and 11 (rated 3).
    const order = async () => (await api.call<Page>(`/products/?category_id=${subs[2].id}&ordering=-rating`)).body.results.map((p) => p.id);
    const [p3, p7, p11] = [made[3], made[7], made[11]];
    const reviewOf = async (productId: number) =>
      (await api.db.query<{ id: number }>("SELECT id FROM reviews WHERE product_id = $1 ORDER BY id", [productId])).rows[0].id;
    expect(await order()).toEqual([p7.id, p3.id, p11.id]);
    const r7 = await reviewOf(p7.id);
    await api.db.query("UPDATE reviews SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1", [r7]);
    expect(await order()).toEqual([p3.id, p11.id, p7.id]); // no approved review: last
    await api.db.query("UPDATE reviews SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1", [r7]);
    const r11 = await reviewOf(p11.id);
    await api.db.query("UPDATE reviews SET rating = 5 WHERE id = $1", [r11]);
    // 5 from one review each: the newer product first (11 was made after 7)
    expect(await order()).toEqual([p11.id, p7.id, p3.id]);
    await api.db.query("DELETE FROM reviews WHERE id = $1", [r11]);
    expect(await order()).toEqual([p7.id, p3.id, p11.id]);
    await createReview(api.db, { product_id: p11.id, user_id: (await createUser(api.db)).id, rating: 5 });
    await createReview(api.db, { product_id: p11.id, user_id: (await createUser(api.db)).id, rating: 5 });
    expect(await order()).toEqual([p11.id, p7.id, p3.id]); // 5 from two reviews beats 5 from one
  });
});
