import { describe, expect, it } from "vitest";
import { SEARCH_WINDOW } from "~/api/catalog/queries.server";
import { engines, makeUser, useApi, type TestApi } from "./harness";

interface P {
  id: number;
  name: string;
  description: string;
  type: string;
  category_id: number;
  category_name: string;
  category_slug: string;
  selling_price: number;
  price: number;
  published: boolean;
  featured: boolean;
  images: Record<string, unknown>[];
  created_at: string;
}
interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
interface Cat {
  id: number;
  name: string;
  slug: string;
  parent: number | null;
}

async function allPages<T>(api: TestApi, path: string): Promise<{ count: number; items: T[] }> {
  const first = await api.call<Page<T>>(path);
  expect(first.status).toBe(200);
  const items = [...first.body.results];
  let next = first.body.next;
  while (next) {
    const r = await api.call<Page<T>>(next);
    expect(r.status).toBe(200);
    items.push(...r.body.results);
    next = r.body.next;
  }
  return { count: first.body.count, items };
}

/** Inserts a product straight into the database (for bound and visibility cases). */
async function insertProduct(
  api: TestApi,
  over: { name?: string; naira: number; published?: boolean; type?: "sale" | "rent"; categoryId?: number; description?: string },
): Promise<{ id: number; owner: number }> {
  const store = await api.db.query<{ id: number; owner_id: number }>("SELECT id, owner_id FROM stores ORDER BY id LIMIT 1");
  const cat = over.categoryId ?? (await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1")).rows[0].id;
  const r = await api.db.query<{ id: number }>(
    `INSERT INTO products (store_id, user_id, category_id, name, description, type, price_kobo, selling_price_kobo, published)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING id`,
    [
      store.rows[0].id,
      store.rows[0].owner_id,
      cat,
      over.name ?? `Boundary product ${over.naira}`,
      over.description ?? "A product inserted by a test.",
      over.type ?? "sale",
      over.naira * 100,
      over.published ?? true,
    ],
  );
  return { id: r.rows[0].id, owner: store.rows[0].owner_id };
}

describe.each(engines())("catalogue API on %s", (engine) => {
  const api = useApi(engine);

  async function roots(): Promise<Cat[]> {
    return (await api.call<Cat[]>("/products/categories/root_categories/")).body;
  }
  async function bySlug(slug: string): Promise<Cat> {
    const all = await api.call<Page<Cat>>("/products/categories/?page_size=500");
    const c = all.body.results.find((x) => x.slug === slug);
    if (!c) throw new Error(`no category ${slug}`);
    return c;
  }

  describe("categories", () => {
    it("pages the full list and its page size", async () => {
      const all = await api.call<Page<Cat>>("/products/categories/?page_size=500");
      expect(all.body.count).toBe(all.body.results.length);
      const small = await api.call<Page<Cat>>("/products/categories/?page_size=5");
      expect(small.body.results).toHaveLength(5);
      expect(small.body.next).toMatch(/page=2/);
      const p2 = await api.call<Page<Cat>>(small.body.next!);
      expect(p2.body.results[0].id).not.toBe(small.body.results[0].id);
      expect((await api.call("/products/categories/?page=999")).status).toBe(404);
    });

    it("gives one category and 404s for an unknown one, with DRF's body", async () => {
      const [root] = await roots();
      expect((await api.call<Cat>(`/products/categories/${root.id}/`)).body).toEqual(root);
      for (const bad of ["999999", "abc", "0"]) {
        const r = await api.call(`/products/categories/${bad}/subcategories/`);
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ detail: "Not found." });
      }
    });

    it("lists a root's products with levels_deep=all, including every subcategory", async () => {
      const root = await bySlug("building-materials");
      const subs = (await api.call<Cat[]>(`/products/categories/${root.id}/subcategories/`)).body;
      const subIds = new Set(subs.map((s) => s.id));
      const deep = await allPages<P>(api, `/products/categories/${root.id}/products/?levels_deep=all&page_size=100`);
      expect(deep.count).toBe(deep.items.length);
      expect(deep.items.length).toBeGreaterThan(20);
      expect(deep.items.every((p) => subIds.has(p.category_id) && p.published)).toBe(true);
      const shallow = await api.call<Page<P>>(`/products/categories/${root.id}/products/`);
      expect(shallow.body.count).toBe(0); // products hang off subcategories
      // the same set through GET /products/?category_id=
      const viaList = await allPages<P>(api, `/products/?category_id=${root.id}&page_size=100`);
      expect(new Set(viaList.items.map((p) => p.id))).toEqual(new Set(deep.items.map((p) => p.id)));
    });

    it("gives six random published products of a category tree as an array", async () => {
      const root = await bySlug("electronics");
      const subIds = new Set((await api.call<Cat[]>(`/products/categories/${root.id}/subcategories/`)).body.map((s) => s.id));
      const seen = new Set<number>();
      for (let i = 0; i < 3; i++) {
        const r = await api.call<P[]>(`/products/categories/${root.id}/random_products/`);
        expect(Array.isArray(r.body)).toBe(true);
        expect(r.body).toHaveLength(6);
        expect(r.body.every((p) => subIds.has(p.category_id) && p.published)).toBe(true);
        r.body.forEach((p) => seen.add(p.id));
      }
      expect(seen.size).toBeGreaterThan(6);
      const one = (await api.call<P[]>(`/products/categories/${root.id}/random_products/`)).body[0];
      for (let i = 0; i < 5; i++) {
        const r = await api.call<P[]>(`/products/categories/${one.category_id}/random_products/?exclude=${one.id}`);
        expect(r.body.some((p) => p.id === one.id)).toBe(false);
      }
    });
  });

  describe("product list filters", () => {
    it("filters by featured with both spellings", async () => {
      const a = await allPages<P>(api, "/products/?featured=true&page_size=100");
      const b = await allPages<P>(api, "/products/?f=true&page_size=100");
      expect(a.items.length).toBeGreaterThanOrEqual(6);
      expect(a.items.every((p) => p.featured && p.published)).toBe(true);
      expect(b.items.map((p) => p.id)).toEqual(a.items.map((p) => p.id));
      expect(a.count).toBe(a.items.length);
    });

    it("combines category, type and price bounds, and counts exactly", async () => {
      const root = await bySlug("logistics");
      const all = await allPages<P>(api, `/products/?category_id=${root.id}&page_size=100`);
      const expected = all.items.filter((p) => p.type === "rent" && p.selling_price > 24000 && p.selling_price < 270000);
      expect(expected.length).toBeGreaterThan(0);
      const r = await allPages<P>(
        api,
        `/products/?category_id=${root.id}&type=rent&selling_price__gt=24000&selling_price__lt=270000&page_size=7`,
      );
      expect(r.items.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
      expect(r.count).toBe(expected.length);
      const sale = await api.call<Page<P>>(`/products/?type=SALE&page_size=100`);
      expect(sale.body.results.every((p) => p.type === "sale")).toBe(true);
    });

    it("accepts price__lt/price__gt as the same filter as selling_price__lt/__gt", async () => {
      const a = await api.call<Page<P>>("/products/?selling_price__gt=80000&selling_price__lt=270000&page_size=100");
      const b = await api.call<Page<P>>("/products/?price__gt=80000&price__lt=270000&page_size=100");
      expect(a.body.count).toBeGreaterThan(0);
      expect(b.body.count).toBe(a.body.count);
      expect(b.body.results.map((p) => p.id)).toEqual(a.body.results.map((p) => p.id));
      expect(a.body.results.every((p) => p.selling_price > 80000 && p.selling_price < 270000)).toBe(true);
    });

    it("keeps the bucket bounds strict, with the 950000 switch of spec section 7", async () => {
      const at24 = await insertProduct(api, { naira: 24000 });
      const at950 = await insertProduct(api, { naira: 950000 });
      const over950 = await insertProduct(api, { naira: 950001 });
      const ids = async (q: string) => (await allPages<P>(api, `/products/?${q}&page_size=100`)).items.map((p) => p.id);
      // Under 24 K: only an upper bound
      const under24 = await ids("selling_price__lt=24000");
      expect(under24).not.toContain(at24.id);
      // 24 - 80 K: min is the greater-than bound, max the less-than bound
      const b24 = await ids("selling_price__gt=24000&selling_price__lt=80000");
      expect(b24).not.toContain(at24.id);
      // 270 - 950 K: a max of 950000 is still a less-than bound
      const b270 = await ids("selling_price__gt=270000&selling_price__lt=950000");
      expect(b270).not.toContain(at950.id);
      // More than 950 K (max 950001 is above 950000, so it is sent as the greater-than bound)
      const more = await allPages<P>(api, "/products/?selling_price__gt=950000&page_size=100");
      expect(more.items.map((p) => p.id)).toContain(over950.id);
      expect(more.items.map((p) => p.id)).not.toContain(at950.id);
      expect(more.items.every((p) => p.selling_price > 950000)).toBe(true);
      expect(more.count).toBe(more.items.length);
      // Junk bounds are ignored rather than failing the page
      expect((await api.call("/products/?selling_price__lt=abc")).status).toBe(200);
      await api.db.query("DELETE FROM products WHERE id = ANY($1::int[])", [[at24.id, at950.id, over950.id]]);
    });

    it("orders newest first by default and oldest first on request", async () => {
      const newest = (await api.call<Page<P>>("/products/?page_size=30")).body.results;
      const oldest = (await api.call<Page<P>>("/products/?ordering=created_at&page_size=30")).body.results;
      const t = (l: P[]) => l.map((p) => Date.parse(p.created_at));
      expect(t(newest)).toEqual([...t(newest)].sort((a, b) => b - a));
      expect(t(oldest)).toEqual([...t(oldest)].sort((a, b) => a - b));
      expect(newest[0].id).not.toBe(oldest[0].id);
      const named = (await api.call<Page<P>>("/products/?ordering=oldest&page_size=30")).body.results;
      expect(named.map((p) => p.id)).toEqual(oldest.map((p) => p.id));
      const desc = (await api.call<Page<P>>("/products/?ordering=-created_at&page_size=30")).body.results;
      expect(desc.map((p) => p.id)).toEqual(newest.map((p) => p.id));
    });

    it("pages without overlap or gaps, and the count matches", async () => {
      const all = await allPages<P>(api, "/products/?page_size=37");
      expect(all.items.length).toBe(all.count);
      expect(new Set(all.items.map((p) => p.id)).size).toBe(all.count);
      const p2 = await api.call<Page<P>>("/products/?page=2&page_size=37");
      expect(p2.body.previous).not.toMatch(/page=/);
      expect(p2.body.previous).toMatch(/page_size=37/);
    });

    it("keeps the listing count right through inserts, updates and deletes", async () => {
      const before = (await api.call<Page<P>>("/products/?type=rent")).body.count;
      const p = await insertProduct(api, { naira: 5000, type: "rent" });
      expect((await api.call<Page<P>>("/products/?type=rent")).body.count).toBe(before + 1);
      await api.db.query("UPDATE products SET published = false WHERE id = $1", [p.id]);
      expect((await api.call<Page<P>>("/products/?type=rent")).body.count).toBe(before);
      await api.db.query("UPDATE products SET published = true, type = 'sale' WHERE id = $1", [p.id]);
      expect((await api.call<Page<P>>("/products/?type=rent")).body.count).toBe(before);
      await api.db.query("DELETE FROM products WHERE id = $1", [p.id]);
      const exact = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM products WHERE published");
      expect((await api.call<Page<P>>("/products/")).body.count).toBe(exact.rows[0].n);
    });
  });

  describe("search", () => {
    const names = async (q: string, extra = "") =>
      (await api.call<Page<P>>(`/products/?search=${encodeURIComponent(q)}&page_size=10${extra}`)).body;

    it("ranks products named after the word first", async () => {
      const r = await names("cement");
      expect(r.count).toBeGreaterThan(3);
      expect(r.results.slice(0, 3).every((p) => /cement/i.test(p.name))).toBe(true);
    });

    it("tolerates typos: 'cemnt' finds cement, 'roffing sheet' finds roofing sheets", async () => {
      const cement = await names("cemnt");
      expect(cement.results.length).toBeGreaterThan(0);
      expect(cement.results[0].name).toMatch(/cement/i);
      const roofing = await names("roffing sheet");
      expect(roofing.results.length).toBeGreaterThan(0);
      expect(roofing.results[0].name).toMatch(/roofing sheet/i);
      const gen = await names("genrator");
      expect(gen.results[0].name).toMatch(/generator/i);
    });

    it("searches category names and descriptions, with every word required when possible", async () => {
      const plumbing = await bySlug("plumbing");
      const r = await allPages<P>(api, `/products/?search=plumbing&page_size=100`);
      expect(r.items.filter((p) => p.category_id === plumbing.id).length).toBeGreaterThan(3);
      const both = await names("dangote cement");
      expect(both.results.length).toBeGreaterThan(0);
      expect(both.results.every((p) => /dangote/i.test(p.name + p.description))).toBe(true);
    });

    it("is case-insensitive, finds nothing for nonsense, and combines with filters", async () => {
      expect((await names("CEMENT")).count).toBe((await names("cement")).count);
      expect((await names("qqxzvw")).count).toBe(0);
      const root = await bySlug("building-materials");
      const r = await allPages<P>(api, `/products/?search=cement&category_id=${root.id}&selling_price__lt=20000&page_size=100`);
      expect(r.items.length).toBeGreaterThan(0);
      expect(r.items.every((p) => p.selling_price < 20000)).toBe(true);
      const sorted = (await names("cement", "&ordering=created_at")).results.map((p) => Date.parse(p.created_at));
      expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    });

    it("finds a new product by its name straight away, and a typo of it", async () => {
      const p = await insertProduct(api, { naira: 12000, name: "Zinkolux galvanised gutter bracket" });
      expect((await names("zinkolux")).results[0].id).toBe(p.id);
      expect((await names("zinkolox")).results[0].id).toBe(p.id);
      await api.db.query("DELETE FROM products WHERE id = $1", [p.id]);
    });

    it("ranks a very broad word among its newest matches only, and says so in the count", async () => {
      const store = await api.db.query<{ id: number; owner_id: number }>("SELECT id, owner_id FROM stores ORDER BY id LIMIT 1");
      const cat = await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1");
      // 2,500 matches spread over a wide id range, newer ids created later
      await api.db.query(
        `INSERT INTO products (id, store_id, user_id, category_id, name, description, price_kobo, selling_price_kobo, created_at)
         SELECT 100000 + i * 10, $1, $2, $3, 'Zebrawood plank ' || i, 'Hardwood.', 500000, 500000, now() - make_interval(secs => 2500 - i)
           FROM generate_series(1, 2500) AS i`,
        [store.rows[0].id, store.rows[0].owner_id, cat.rows[0].id],
      );
      try {
        const all = await allPages<P>(api, "/products/?search=zebrawood&page_size=100");
        expect(all.count).toBe(SEARCH_WINDOW);
        expect(all.items).toHaveLength(SEARCH_WINDOW);
        const ids = all.items.map((p) => p.id).sort((a, b) => a - b);
        expect(ids[0]).toBe(100000 + (2500 - SEARCH_WINDOW + 1) * 10); // the newest of 2,500
        expect(all.items.every((p) => p.name.startsWith("Zebrawood"))).toBe(true);
        // sorted by time, every match is reachable
        const oldest = await api.call<Page<P>>("/products/?search=zebrawood&ordering=created_at&page_size=5");
        expect(oldest.body.results[0].id).toBe(100010);
      } finally {
        await api.db.query("DELETE FROM products WHERE id >= 100000");
      }
    });

    it("does not break on punctuation or tsquery syntax", async () => {
      for (const q of ["cement & | ! ( ) :*", "'", "42.5R", "   ", "a"]) {
        const r = await api.call(`/products/?search=${encodeURIComponent(q)}`);
        expect(r.status).toBe(200);
      }
    });
  });

  describe("one product", () => {
    it("answers the product's shape with its category slug", async () => {
      const first = (await api.call<Page<P>>("/products/?page_size=1")).body.results[0];
      const r = await api.call<P>(`/products/${first.id}/`);
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(first.id);
      expect(r.body.category_slug).toMatch(/^[a-z-]+$/);
      expect(Object.values(r.body.images[0])[0]).toMatch(/\/media\//);
    });

    it("hides a missing or unpublished product from the public with DRF's 404, but not from its owner", async () => {
      const missing = await api.call("/products/99999999/");
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: "Not found." });
      const p = await insertProduct(api, { naira: 1000, published: false });
      const pub = await api.call(`/products/${p.id}/`);
      expect(pub.status).toBe(404);
      expect(pub.body).toEqual({ detail: "Not found." });
      const stranger = await makeUser(api);
      expect((await api.call(`/products/${p.id}/`, { token: stranger.token })).status).toBe(404);
      const { signAccess } = await import("~/api/tokens.server");
      const { token } = await signAccess(p.owner);
      expect((await api.call(`/products/${p.id}/`, { token })).status).toBe(200);
      const list = await allPages<P>(api, "/products/?page_size=100");
      expect(list.items.some((x) => x.id === p.id)).toBe(false);
      await api.db.query("DELETE FROM products WHERE id = $1", [p.id]);
    });
  });
});
