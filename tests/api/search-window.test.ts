/**
 * Search at scale: a relevance search ranks at most SEARCH_WINDOW of the newest
 * matches. With more matches it answers that many with `count_estimated: true` (every page of
 * the window reachable, none promised beyond it), keeps name matches above description-only ones
 * within the window, and the listing page says "300+ products". Both engines; with and without
 * planner statistics (ANALYZE), since the window's id range is sized from them.
 */
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { createPageI18n } from "~/i18n/i18next.server";
import { i18nextTranslator } from "~/i18n/i18next-translator.server";
import { TranslatorProvider } from "~/i18n/react";
import { describe, expect, it } from "vitest";
import { listedSql } from "~/api/catalog/listed";
import { SEARCH_WINDOW } from "~/api/catalog/queries.server";
import { matchSql, planSearch, rankSql } from "~/api/search.server";
import { ResultCount, resultCountText } from "~/components/listing/result-count";
import { engines, useApi, type TestApi } from "./harness";
import { form, productFields, vendorCast } from "./vendor-helpers";

interface P {
  id: number;
  name: string;
  description: string;
  category_id: number;
}
interface Page {
  count: number;
  count_estimated?: boolean;
  next: string | null;
  previous: string | null;
  results: P[];
}

const BASE = 500_000;

/** `n` products named or described with `word`, ids BASE + i * 10 (newer ids created later). */
async function insertMatches(api: TestApi, n: number, row: (i: number) => { name: string; description: string }) {
  const store = await api.db.query<{ id: number; owner_id: number }>("SELECT id, owner_id FROM stores ORDER BY id LIMIT 1");
  const cat = await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1");
  const rows = Array.from({ length: n }, (_, k) => row(k + 1));
  await api.db.query(
    `INSERT INTO products (id, store_id, user_id, category_id, name, description, price_kobo, selling_price_kobo, created_at)
     SELECT $4::int + i * 10, $1, $2, $3, ($5::text[])[i], ($6::text[])[i], 500000, 500000, now() - make_interval(secs => $7::int - i)
       FROM generate_series(1, $7::int) AS i`,
    [store.rows[0].id, store.rows[0].owner_id, cat.rows[0].id, BASE, rows.map((r) => r.name), rows.map((r) => r.description), n],
  );
}

describe.each(engines())("search window on %s", (engine) => {
  const api = useApi(engine);
  const search = (q: string, extra = "") => api.call<Page>(`/products/?search=${encodeURIComponent(q)}${extra}`);

  it("answers a narrow search with an exact count and no estimate flag", async () => {
    const r = await search("cement", "&page_size=5");
    expect(r.status).toBe(200);
    expect(r.body.count).toBeGreaterThan(0);
    expect(r.body.count).toBeLessThanOrEqual(SEARCH_WINDOW);
    expect("count_estimated" in r.body).toBe(false);
    expect(Object.keys(r.body).sort()).toEqual(["count", "next", "previous", "results"]);
  });

  for (const analyzed of [false, true]) {
    it(`ranks the newest ${SEARCH_WINDOW} of a broad word's matches and says "more" (${analyzed ? "with" : "without"} statistics)`, async () => {
      // 2,500 matches, the newest with the highest ids; one newer product without the word far
      // above them, so the newest ids hold no match and the search must look further back.
      await insertMatches(api, 2500, (i) => ({ name: `Quokkawood plank ${i}`, description: "Hardwood." }));
      await api.db.query(
        `INSERT INTO products (id, store_id, user_id, category_id, name, description, price_kobo, selling_price_kobo)
         SELECT 2000000, store_id, user_id, category_id, 'Plain bucket', 'A bucket.', 100000, 100000 FROM products WHERE id = $1`,
        [BASE + 10],
      );
      if (analyzed) await api.db.exec("ANALYZE products");
      try {
        const first = await search("quokkawood", "&page_size=100");
        expect(first.status).toBe(200);
        expect(first.body.count).toBe(SEARCH_WINDOW);
        expect(first.body.count_estimated).toBe(true);
        expect(first.body.next).toContain("page=2");
        // every page of the window is there, the last one says so, and none beyond it
        const items = [...first.body.results];
        let next = first.body.next;
        let last = first.body;
        while (next) {
          const r = await api.call<Page>(next);
          expect(r.status).toBe(200);
          expect(r.body.count).toBe(SEARCH_WINDOW);
          expect(r.body.count_estimated).toBe(true);
          items.push(...r.body.results);
          last = r.body;
          next = r.body.next;
        }
        expect(last.next).toBeNull();
        expect(items).toHaveLength(SEARCH_WINDOW);
        expect((await search("quokkawood", `&page_size=100&page=${SEARCH_WINDOW / 100 + 1}`)).status).toBe(404);
        const ids = items.map((p) => p.id).sort((a, b) => a - b);
        expect(new Set(ids).size).toBe(SEARCH_WINDOW);
        expect(ids[0]).toBe(BASE + (2500 - SEARCH_WINDOW + 1) * 10); // the newest of 2,500
        // sorted by time, every match is still reachable
        const oldest = await search("quokkawood", "&ordering=created_at&page_size=5");
        expect(oldest.body.results[0].id).toBe(BASE + 10);
        // a typo of it and a two-word query take the same window
        const typo = await search("quokawood", "&page_size=5");
        expect(typo.body.count).toBe(SEARCH_WINDOW);
        expect(typo.body.count_estimated).toBe(true);
        const two = await search("quokkawood plank", "&page_size=5");
        expect(two.body.count).toBe(SEARCH_WINDOW);
        expect(two.body.results.every((p) => p.id > BASE + (2500 - SEARCH_WINDOW) * 10)).toBe(true);
      } finally {
        await api.db.query("DELETE FROM products WHERE id >= $1", [BASE]);
      }
    });
  }

  it("keeps name matches above description-only matches within the window", async () => {
    // 1,200 matches: every tenth one has the word in its name, the others only in the description.
    await insertMatches(api, 1200, (i) =>
      i % 10 === 0 ? { name: `Wallaby tile ${i}`, description: "Ceramic." } : { name: `Floor tile ${i}`, description: `Pairs well with wallaby grout ${i}.` },
    );
    try {
      // the window holds the newest SEARCH_WINDOW matches; its name matches (one in ten) come first, newest first
      const inName = SEARCH_WINDOW / 10;
      const r = await search("wallaby", `&page_size=${inName}`);
      expect(r.body.count).toBe(SEARCH_WINDOW);
      expect(r.body.count_estimated).toBe(true);
      const names = r.body.results.map((p) => p.name);
      expect(names).toHaveLength(inName);
      expect(names.every((n) => n.startsWith("Wallaby tile"))).toBe(true);
      expect(names[0]).toBe("Wallaby tile 1200");
      const page2 = await search("wallaby", `&page_size=${inName}&page=2`);
      expect(page2.body.results.length).toBeGreaterThan(0);
      expect(page2.body.results.every((p) => p.name.startsWith("Floor tile"))).toBe(true);
    } finally {
      await api.db.query("DELETE FROM products WHERE id >= $1", [BASE]);
    }
  });

  it("keeps two-word search right through product inserts, edits and deletes (the postings of migration 0019)", async () => {
    // Two words each common enough (with statistics) that the search walks their postings.
    await insertMatches(api, 800, (i) => ({ name: i % 2 ? `Wombat kettle ${i}` : `Wombat toaster ${i}`, description: "Steel." }));
    await api.db.exec("ANALYZE");
    // products made through the API are newer than those: ids follow creation
    await api.db.query("SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT max(id) FROM products))");
    /** The product's postings and the lexemes of its search_vector, which they must equal. */
    const postings = async (id: number) => {
      const r = await api.db.query<{ have: string[] | null; want: string[] | null }>(
        `SELECT (SELECT array_agg(word::text) FROM product_words WHERE product_id = $1) AS have,
                (SELECT tsvector_to_array(search_vector) FROM products WHERE id = $1) AS want`,
        [id],
      );
      return { have: [...(r.rows[0]?.have ?? [])].sort(), want: [...(r.rows[0]?.want ?? [])].sort() };
    };
    const ids = async (q: string) => (await search(q, "&page_size=50")).body.results.map((p) => p.id);
    try {
      const c = await vendorCast(api);
      const made = await api.call<P>("/products/", { token: c.owner.token, form: form(await productFields(api, c.store.id, { name: "Wombat kettle deluxe" })) });
      expect(made.status).toBe(201);
      const id = made.body.id;
      let p = await postings(id);
      expect(p.have).toEqual(p.want);
      expect(p.have).toContain("kettl");
      // the newest of its matches: first among equal ranks, found by the walk
      expect((await ids("wombat kettle"))[0]).toBe(id);
      expect(await ids("wombat toaster")).not.toContain(id);
      const two = await search("wombat kettle", "&page_size=5");
      expect(two.body.count).toBe(SEARCH_WINDOW);
      expect(two.body.count_estimated).toBe(true);

      // renamed through the API: now a toaster, and no longer a kettle
      const edited = await api.call(`/products/${id}/`, { method: "PATCH", token: c.owner.token, form: form({ name: "Wombat toaster deluxe" }) });
      expect(edited.status).toBe(200);
      p = await postings(id);
      expect(p.have).toEqual(p.want);
      expect(p.have).not.toContain("kettl");
      expect((await ids("wombat toaster"))[0]).toBe(id);
      expect(await ids("wombat kettle")).not.toContain(id);

      // moved to another category, and that category renamed: the products below it are
      // refreshed (migration 0002), and so are their postings
      const cat = await api.db.query<{ id: number }>(
        "INSERT INTO categories (name, slug, parent_id, position) SELECT 'Kitchen gadgets', 'kitchen-gadgets-0019', parent_id, 99 FROM categories WHERE id = $1 RETURNING id",
        [made.body.category_id],
      );
      await api.db.query("UPDATE products SET category_id = $2 WHERE id = $1", [id, cat.rows[0].id]);
      p = await postings(id);
      expect(p.have).toEqual(p.want);
      expect(p.have).toContain("gadget");
      await api.db.query("UPDATE categories SET name = 'Platypusware' WHERE id = $1", [cat.rows[0].id]);
      p = await postings(id);
      expect(p.have).toEqual(p.want);
      expect(p.have).not.toContain("gadget");
      expect(p.have.some((w) => w.startsWith("platypus"))).toBe(true);

      // deleted through the API: out of search; removed for good: out of the postings too
      expect((await api.fetch(`/products/${id}/`, { method: "DELETE", token: c.owner.token })).status).toBe(204);
      expect(await ids("wombat toaster")).not.toContain(id);
      await api.db.query("DELETE FROM products WHERE id = $1", [id]);
      expect((await postings(id)).have).toEqual([]);
      const orphans = await api.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM product_words w WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = w.product_id)",
      );
      expect(orphans.rows[0].n).toBe(0);
    } finally {
      await api.db.query("DELETE FROM products WHERE id >= $1", [BASE]);
      await api.db.query("DELETE FROM categories WHERE slug = 'kitchen-gadgets-0019'");
    }
  });

  it('says "300+ products" on the listing page when the count is an estimate', async () => {
    await insertMatches(api, 1100, (i) => ({ name: `Numbat sink ${i}`, description: "Steel." }));
    try {
      const { loader } = await import("~/routes/_shop+/$category._index");
      const args = (path: string) => ({ request: new Request(`http://shop.test${path}`), params: { category: "products" }, context: {} }) as unknown as Parameters<typeof loader>[0];
      const answer = (await loader(args("/products/?search=numbat"))) as unknown as { data: { count: number; countEstimated: boolean; meta: { name?: string; content?: string }[] } };
      expect(answer.data.count).toBe(SEARCH_WINDOW);
      expect(answer.data.countEstimated).toBe(true);
      expect(answer.data.meta.find((m) => m.name === "description")?.content).toMatch(new RegExp(`^${SEARCH_WINDOW}\\+ products matching`));
      // The count as an English page says it (the page's i18next instance, as entry.server makes it).
      const i18n = await createPageI18n("en", ["common", "shop"]);
      const html = renderToString(createElement(TranslatorProvider, { value: i18nextTranslator(i18n) }, createElement(ResultCount, { count: answer.data.count, estimated: answer.data.countEstimated })));
      expect(html).toContain(`${SEARCH_WINDOW.toLocaleString("en-NG")}+ products`);
      const narrow = (await loader(args("/products/?search=numbat%20sink%201100"))) as unknown as { data: { count: number; countEstimated: boolean } };
      expect(narrow.data.countEstimated).toBe(false);
    } finally {
      await api.db.query("DELETE FROM products WHERE id >= $1", [BASE]);
    }
  });

  /**
   * What the window must hold, found without the postings: the newest SEARCH_WINDOW listed
   * products matching the query's tsquery (the GIN index), ranked; the page's ids and how many
   * matched.
   */
  async function reference(q: string, pageSize: number) {
    const plan = await planSearch(api.db, q);
    const tsq = plan!.all;
    const r = await api.db.query<{ id: number; n: number }>(
      `SELECT id, n FROM (
         SELECT p.id, p.created_at, ${rankSql(1)} AS rank, count(*) OVER () AS n FROM products p
          WHERE ${listedSql("p")} AND ${matchSql(1)} ORDER BY p.id DESC LIMIT ${SEARCH_WINDOW}) w
        ORDER BY rank DESC, created_at DESC, id DESC LIMIT ${pageSize}`,
      [tsq],
    );
    return { ids: r.rows.map((x) => x.id), n: Number(r.rows[0]?.n ?? 0), plan: plan! };
  }

  it("walks the postings for a rare word, a typo and a prefix, and finds the window the GIN index finds", async () => {
    // 400 products with one of two words starting "quenda" (one in five has both), one in eight
    // unpublished, and eight with a rare word.
    await insertMatches(api, 400, (i) => ({
      name: i % 5 === 0 ? `Quendahat quendacap ${i}` : i % 2 ? `Quendahat ${i}` : `Quendacap ${i}`,
      description: i % 50 === 3 ? "Made of quollwood." : "Woven.",
    }));
    await api.db.query("UPDATE products SET published = false WHERE id >= $1 AND (id / 10) % 8 = 3", [BASE]);
    try {
      for (const analyzed of [false, true]) {
        if (analyzed) await api.db.exec("ANALYZE");
        // "quendahat": a whole word; "quenda": a prefix of two words (their postings merged, a
        // product with both once); "quendacat": a typo of both; "quollwood": rare (eight matches);
        // "quendahat quollwood": two words that seldom meet.
        for (const q of ["quendahat", "quenda", "quendacat", "quollwood", "quendahat quollwood", "quendacap quendahat"]) {
          const want = await reference(q, 40);
          const got = await search(q, "&page_size=40");
          expect(got.status, q).toBe(200);
          expect(got.body.results.map((p) => p.id), `${q} (${want.plan.all})`).toEqual(want.ids);
          expect(got.body.count, q).toBe(Math.min(want.n, SEARCH_WINDOW));
          expect(got.body.count_estimated ?? false, q).toBe(want.n >= SEARCH_WINDOW);
        }
      }
      const typo = await planSearch(api.db, "quendacat");
      expect(typo!.postings[0]).toEqual(expect.arrayContaining(["quendahat", "quendacap"]));
      expect((await planSearch(api.db, "quenda"))!.postings).toEqual([expect.arrayContaining(["quendahat", "quendacap"])]);
      expect((await search("quollwood")).body.count).toBe(6); // eight, two of them unpublished
    } finally {
      await api.db.query("DELETE FROM products WHERE id >= $1", [BASE]);
    }
  });

  it("answers a word no product has with nothing, falls back to any word, and leaves a broad prefix to the GIN index", async () => {
    // 20 products numbered 7001..7020: the prefix "70" starts more lexemes than a walk merges.
    await insertMatches(api, 20, (i) => ({ name: `Dingo lamp ${7000 + i}`, description: "Brass." }));
    try {
      const none = await search("zqxjvw");
      expect(none.status).toBe(200);
      expect(none.body.count).toBe(0);
      expect(none.body.results).toEqual([]);
      const plan = await planSearch(api.db, "zqxjvw dingo");
      expect(plan!.postings[0]).toEqual([]);
      // no product has both words: any of them, best first
      const either = await search("zqxjvw dingo", "&page_size=50");
      expect(either.body.count).toBe(20);
      expect((await planSearch(api.db, "70"))!.postings).toEqual([null]);
      const want = await reference("70", 50);
      const broad = await search("70", "&page_size=50");
      expect(broad.body.results.map((p) => p.id)).toEqual(want.ids);
      expect(broad.body.results.map((p) => p.name)).toContain("Dingo lamp 7020");
    } finally {
      await api.db.query("DELETE FROM products WHERE id >= $1", [BASE]);
    }
  });
});

describe("result count text", () => {
  it("says an exact count as it is and an estimate with a plus", () => {
    expect(resultCountText(1)).toBe("1 product");
    expect(resultCountText(0)).toBe("0 products");
    expect(resultCountText(1234)).toBe("1,234 products");
    expect(resultCountText(1000, true)).toBe("1,000+ products");
  });
});
