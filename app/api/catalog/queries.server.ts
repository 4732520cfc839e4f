/**
 * Catalogue reads: categories and products (spec section 7; docs/api-contract.md).
 *
 * Scale: listings walk indexes on listed products, one per scope (all, category, store) and sort
 * (migration 0025), and read only the rows of the page and those before it (listingIds); `count`
 * comes from the product_counts table when the filters are category/type/featured/price band
 * only, and otherwise from a count capped at COUNT_CAP rows (above it, or when the planner
 * already estimates far more, the planner's estimate, flagged `count_estimated`), so no request
 * has to visit every matching product. Search is
 * ranked full text with typo correction (../search.server).
 */
import { imageUrl } from "../core/media";
import type { PriceTier } from "~/domain/units";
import { koboToNaira } from "~/domain/money";
import { explainJson, type Queryable } from "~/db/client.server";
import { bandRange, PRICE_BAND_COUNT, priceBand } from "~/domain/price-bands";
import { matchSql, planSearch, rankSql, type SearchPlan } from "../search.server";
import { NIGERIAN_STATES } from "~/domain/states";
import { badRequest, notFound, paged, pageParams } from "../core/http";
import { COUNTED_ORDER_SQL } from "../stores/dashboard.server";
import { listedSql, liveCategorySql } from "./listed";
import { PRODUCT_COLUMNS, PRODUCT_FROM, serializeProduct, serializeSeller, tiersAnswer, type CategoryRow, type ImageRow, type ProductRow, type SellerRow } from "./serialize";

const COUNT_CAP = 10_000;
/**
 * Above this many rows by the planner's estimate a count is not even capped: the estimate is the
 * answer (`count_estimated`). Far enough above the cap that a planner's misjudgement rarely turns
 * an exact count into a guess.
 */
const ESTIMATE_TRUSTED = 5 * COUNT_CAP;
/**
 * A relevance search ranks at most this many matches, the newest ones (ids follow creation).
 * When more products match, the answer says `count: SEARCH_WINDOW, count_estimated: true` (the
 * storefront shows "300+ results"), so a word found in a large share of a big catalogue costs a
 * bounded amount (rankedSearch).
 */
export const SEARCH_WINDOW = 300;
/** Categories at most this big get truly random picks; bigger ones a random window of ids. */
const RANDOM_EXACT_LIMIT = 2_000;

/** The category and all its descendants. */
export async function categoryTreeIds(q: Queryable, rootId: number): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    `WITH RECURSIVE t(id) AS (SELECT id FROM categories WHERE id = $1
       UNION ALL SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id)
     SELECT id FROM t`,
    [rootId],
  );
  return r.rows.map((x) => x.id);
}

/** The category, or a 404. */
export async function getCategory(q: Queryable, id: number): Promise<CategoryRow> {
  const r = await q.query<CategoryRow>(`SELECT id, name, slug, parent_id FROM categories c WHERE c.id = $1 AND ${liveCategorySql("c")}`, [id]);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

const truthy = (v: string | null) => v !== null && ["true", "1", "yes", "y"].includes(v.toLowerCase());
/** A naira amount from the query string, as kobo; junk is ignored like an absent filter. */
const money = (v: string | null) => {
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  // Above any real price (and beyond bigint): the largest exact amount keeps the filter's meaning.
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.round(n * 100), Number.MAX_SAFE_INTEGER) : null;
};

export interface ProductFilters {
  categoryIds?: number[];
  featured?: boolean;
  type?: "sale" | "rent";
  search?: string;
  minKobo?: number | null;
  maxKobo?: number | null;
  storeId?: number;
  includeUnpublished?: boolean;
  /** The sellers' states (stores.state, canonical names of app/domain/states.ts): any of them. */
  states?: string[];
  order?: ProductOrder;
}

/** How a listing is ordered. `popular`: units ordered in the last POPULAR_DAYS; `rated`: approved reviews' average. */
export type ProductOrder = "newest" | "oldest" | "price_asc" | "price_desc" | "relevance" | "popular" | "rated";

/** "Most popular" counts the units ordered in this many days (active lines of orders that count as sales). */
export const POPULAR_DAYS = 30;

/**
 * The `ordering=` values the API takes (and their `sort=` aliases), documented in OpenAPI. Several
 * spellings per order, for clients that follow Django's field names or plain words.
 */
export const ORDERINGS: Record<string, ProductOrder> = {
  "-created_at": "newest",
  newest: "newest",
  created_at: "oldest",
  oldest: "oldest",
  selling_price: "price_asc",
  price: "price_asc",
  price_asc: "price_asc",
  "-selling_price": "price_desc",
  "-price": "price_desc",
  price_desc: "price_desc",
  "-popularity": "popular",
  popular: "popular",
  "-rating": "rated",
  rated: "rated",
  relevance: "relevance",
};

/**
 * How long the catalogue cache may keep a listing (routes' cacheSeconds): an order by recent sales
 * changes with every order (orders do not notify the catalogue cache) and as days pass, so such an
 * answer lives a minute; every other listing is kept until the catalogue changes.
 */
export function listingCacheSeconds(url: URL): number | undefined {
  const ordering = (url.searchParams.get("ordering") ?? url.searchParams.get("sort") ?? "").trim();
  return Object.hasOwn(ORDERINGS, ordering) && ORDERINGS[ordering] === "popular" ? POPULAR_CACHE_SECONDS : undefined;
}
export const POPULAR_CACHE_SECONDS = 60;

/**
 * The sellers' states asked for with `state=` (repeated, or a comma list), in their canonical
 * spelling (app/domain/states.ts, any case); an unknown name is a 400 naming it.
 */
export function statesFromQuery(q: URLSearchParams): string[] | undefined {
  const asked = q
    .getAll("state")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  if (asked.length === 0) return undefined;
  const out = new Set<string>();
  for (const name of asked) {
    const known = NIGERIAN_STATES.find((s) => s.toLowerCase() === name.toLowerCase());
    if (!known) {
      throw badRequest({
        state: [`Unknown state "${name.slice(0, 60)}". Use a state's name as written on BuildMart NG, e.g. Lagos, Kano or Federal Capital Territory.`],
      });
    }
    out.add(known);
  }
  return [...out];
}

/**
 * WHERE clause and parameters for a product listing (alias p). With a search plan, $n of the
 * tsquery (the last parameter).
 */
export function productWhere(
  f: ProductFilters,
  plan: SearchPlan | null = null,
  mode: "all" | "any" = "all",
): { where: string; params: unknown[]; rankExpr: string | null } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    clauses.push(sql.replace("$?", `$${params.length}`));
  };
  if (!f.includeUnpublished) clauses.push(listedSql("p"));
  else clauses.push("p.deleted_at IS NULL"); // a deleted product is unpublished too (migration 0009)
  // One category as a plain equality: its index then gives the listing's order directly.
  if (f.categoryIds?.length === 1) add("p.category_id = $?::int", f.categoryIds[0]);
  else if (f.categoryIds) add("p.category_id = ANY($?::int[])", f.categoryIds);
  if (f.featured) clauses.push("p.featured");
  if (f.type) add("p.type = $?", f.type);
  if (f.storeId) add("p.store_id = $?", f.storeId);
  // Few stores: the planner hashes the chosen stores' ids once and tests each product's store_id.
  if (f.states) add("p.store_id IN (SELECT st.id FROM stores st WHERE st.state = ANY($?::text[]))", f.states);
  if (f.minKobo != null) add("p.selling_price_kobo > $?", f.minKobo);
  if (f.maxKobo != null) add("p.selling_price_kobo < $?", f.maxKobo);
  let rankExpr: string | null = null;
  if (plan) {
    params.push(mode === "all" ? plan.all : plan.any);
    clauses.push(matchSql(params.length));
    rankExpr = rankSql(params.length);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params, rankExpr };
}

/**
 * The columns of products a listing is ordered by, with their direction, for an order that is an
 * index order (migration 0025: created_at, selling_price_kobo, rating_average/rating_count, each
 * ending with id so that ties keep one order across pages). "popular" is listed newest first after
 * its head (listingIds); "relevance" outside a ranked search is newest first.
 */
export function sortKeys(order: ProductFilters["order"]): Array<[string, string]> {
  switch (order) {
    case "oldest":
      return [["created_at", "ASC"], ["id", "ASC"]];
    case "price_asc":
      return [["selling_price_kobo", "ASC"], ["id", "ASC"]];
    case "price_desc":
      return [["selling_price_kobo", "DESC"], ["id", "DESC"]];
    case "rated":
      // The approved reviews' average, then how many there are; products without one last (null, 0).
      return [["rating_average", "DESC NULLS LAST"], ["rating_count", "DESC"], ["created_at", "DESC"], ["id", "DESC"]];
    default:
      return [["created_at", "DESC"], ["id", "DESC"]];
  }
}

const orderSql = (keys: Array<[string, string]>, alias: string) => keys.map(([c, d]) => `${alias}.${c} ${d}`).join(", ");

/**
 * Units ordered per product in the last POPULAR_DAYS, active lines of orders that count as sales
 * (the seller dashboard's rule), with the product's creation time the lines carry (migration
 * 0027), in the listing's order: most units, then newest, then the highest id. Few rows, read by
 * the lines' time (migration 0023), and ordered without reading a product. Only products with
 * units (at least 1) appear.
 *
 * With categories, only the lines whose product is in one of them (the product's category each
 * line carries, kept by triggers when a product moves: migration 0029): every line of a product
 * carries its product's current category, so this is the same as leaving out the products of
 * other categories, without reading them.
 */
function popularSql(categoryIds: number[] | undefined): string {
  const ids = (categoryIds ?? []).map((c) => Math.trunc(c));
  const inCategories = !categoryIds
    ? ""
    : ids.length === 1
      ? ` AND i.product_category_id = ${ids[0]}`
      : ` AND i.product_category_id = ANY('{${ids.join(",")}}'::int[])`;
  return `SELECT i.product_id, sum(i.quantity)::int AS units, max(i.product_created_at) AS created_at
    FROM order_items i JOIN orders o ON o.id = i.order_id
   WHERE i.status = 'Active' AND i.product_id IS NOT NULL AND ${COUNTED_ORDER_SQL}
     AND i.created_at >= now() - interval '${POPULAR_DAYS} days'${inCategories}
   GROUP BY i.product_id
   ORDER BY units DESC, created_at DESC NULLS LAST, i.product_id DESC`;
}

/**
 * For categories with a price filter, the price bands holding it (a condition the price filter
 * already implies): it lets "most popular" read the products of the categories and bands from
 * their index (migration 0027), in the table's order, instead of one price-ordered entry after
 * another, each on a different page of the table's visibility map at a million products.
 */
function bandSql(f: ProductFilters): string {
  if (!f.categoryIds?.length || (f.minKobo == null && f.maxKobo == null)) return "";
  const [lo, hi] = bandRange(f.minKobo, f.maxKobo) ?? [f.minKobo == null ? 0 : priceBand(f.minKobo), f.maxKobo == null ? PRICE_BAND_COUNT - 1 : priceBand(f.maxKobo)];
  return ` AND catalog_price_band(p.selling_price_kobo) BETWEEN ${Math.trunc(lo)} AND ${Math.trunc(hi)}`;
}

/**
 * A root category's listing reads each of its categories' index apart (the page's rows and those
 * before it, from each) and merges them, when that reads at most this many index entries; beyond
 * it (a deep page of a wide tree) one statement over all of them lets the planner choose.
 */
const MERGE_BOUND = 20_000;

/**
 * The ids of one page of a listing, in order. Ordered by an index order (sortKeys) on listed
 * products: the planner walks the scope's index (all, one category, one store) and stops after
 * offset + limit rows. Several categories (a root category and its sub-categories) are read from
 * the category index one by one and merged: one scan over "category = ANY(...)" would gather all
 * their products to sort them. "popular": the products ordered lately (few), most units first,
 * then the others newest first by index, the head's ids left out.
 */
async function listingIds(
  q: Queryable,
  f: ProductFilters,
  plan: SearchPlan | null,
  mode: "all" | "any",
  order: ProductFilters["order"],
  limit: number,
  offset: number,
  exclude: number[] = [],
): Promise<number[]> {
  const built = productWhere(f, plan, mode);
  if (order === "popular") {
    // The recent lines give the whole order; products are read in it, each checked against the
    // filters, until the page is full: a page of a broad listing reads about its own rows, not
    // every product ordered lately. Categories (a root's whole tree included) are already chosen
    // among the lines (popularSql), so their products are not read to be rejected. A narrow
    // filter lets the planner read the filter's index instead.
    const want = offset + limit;
    const head = await q.query<{ id: number }>(
      `SELECT p.id FROM (${popularSql(f.categoryIds)}) pop JOIN products p ON p.id = pop.product_id ${built.where}${bandSql(f)}
        ORDER BY pop.units DESC, pop.created_at DESC NULLS LAST, pop.product_id DESC LIMIT ${want}`,
      built.params,
    );
    const headIds = head.rows.map((r) => r.id);
    const page = headIds.slice(offset, want);
    if (headIds.length === want) return page;
    // Fewer than asked: these are all the products ordered lately that match. Then the others
    // (units 0), newest first.
    return page.concat(await listingIds(q, f, plan, mode, "newest", limit - page.length, Math.max(0, offset - headIds.length), headIds));
  }
  const keys = sortKeys(order);
  const cols = keys.map(([c]) => `p.${c}`).join(", ");
  /** The statement's WHERE with the ids to leave out as its last parameter. */
  const excluding = (w: { where: string; params: unknown[] }) =>
    exclude.length ? { where: `${w.where} AND NOT (p.id = ANY($${w.params.length + 1}::int[]))`, params: [...w.params, exclude] } : w;
  const cats = f.categoryIds ?? [];
  if (cats.length > 1 && cats.length * (offset + limit) <= MERGE_BOUND) {
    // One part per category, each its category's index order; the category is the statement's
    // first parameter in a part (productWhere), written in as a number so that the parts share
    // the other parameters.
    const one = excluding(productWhere({ ...f, categoryIds: [cats[0]] }, plan, mode));
    const where = one.where.replace(/\$(\d+)/g, (m, n: string) => (n === "1" ? m : `$${Number(n) - 1}`));
    const parts = cats.map(
      (c) => `(SELECT ${cols} FROM products p ${where.replace("p.category_id = $1::int", `p.category_id = ${Math.trunc(c)}`)}
                ORDER BY ${orderSql(keys, "p")} LIMIT ${offset + limit})`,
    );
    const r = await q.query<{ id: number }>(
      `SELECT u.id FROM (${parts.join(" UNION ALL ")}) u ORDER BY ${orderSql(keys, "u")} LIMIT ${limit} OFFSET ${offset}`,
      one.params.slice(1),
    );
    return r.rows.map((x) => x.id);
  }
  const w = excluding(built);
  const r = await q.query<{ id: number }>(`SELECT p.id FROM products p ${w.where} ORDER BY ${orderSql(keys, "p")} LIMIT ${limit} OFFSET ${offset}`, w.params);
  return r.rows.map((x) => x.id);
}

/** The listing's rows of these ids, in their order. */
async function rowsByIds(q: Queryable, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const r = await q.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.id = ANY($1::int[])`, [ids]);
  const byId = new Map(r.rows.map((x) => [x.id, x]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many products match, without visiting all of them (see the file comment); `estimated` beyond the cap. */
export async function countProducts(
  q: Queryable,
  f: ProductFilters,
  where: string,
  params: unknown[],
  searching: boolean,
): Promise<{ n: number; estimated: boolean }> {
  const bands = bandRange(f.minKobo, f.maxKobo);
  const simple = !searching && bands !== null && !f.storeId && !f.states && !f.includeUnpublished;
  if (simple) {
    const conds = ["listed"];
    const ps: unknown[] = [];
    if (f.categoryIds) {
      ps.push(f.categoryIds);
      conds.push(`category_id = ANY($${ps.length}::int[])`);
    }
    if (f.type) {
      ps.push(f.type);
      conds.push(`type = $${ps.length}`);
    }
    if (f.featured) conds.push("featured");
    if (bands[0] > 0 || bands[1] < PRICE_BAND_COUNT - 1) {
      ps.push(bands[0], bands[1]);
      conds.push(`price_band BETWEEN $${ps.length - 1} AND $${ps.length}`);
    }
    const r = await q.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM product_counts WHERE ${conds.join(" AND ")}`, ps);
    return { n: r.rows[0]?.n ?? 0, estimated: false };
  }
  const cap = searching ? SEARCH_WINDOW : COUNT_CAP;
  // Counting up to the cap reads cap + 1 index entries (at a million products, in an order other
  // than the table's, a visibility-map page for nearly each one too): skip it when the planner
  // already sees far more.
  const guess = searching ? null : await estimateRows(q, where, params);
  if (guess !== null && guess > ESTIMATE_TRUSTED) return { n: guess, estimated: true };
  const capped = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM products p ${where} LIMIT ${cap + 1}) t`,
    params,
  );
  const n = capped.rows[0]?.n ?? 0;
  if (n <= cap) return { n, estimated: false };
  // Beyond the cap an exact count would cost as much as the catalogue: use the planner's estimate.
  return { n: Math.max(n, guess ?? (await estimateRows(q, where, params))), estimated: true };
}

/** The planner's estimate of how many products `where` selects (nothing is read but statistics). */
export async function estimateRows(q: Queryable, where: string, params: unknown[]): Promise<number> {
  const plan = await explainJson(q, `SELECT 1 FROM products p ${where}`, params);
  return Math.max(0, Math.round(plan?.Plan?.["Plan Rows"] ?? 0));
}

/**
 * The planner's estimates of how many products match each tsquery, asked in one EXPLAIN (a
 * UNION ALL whose Append holds one scan per tsquery); nothing is read but statistics.
 */
async function estimateMatches(q: Queryable, tsqueries: string[]): Promise<number[]> {
  if (tsqueries.length > 1) {
    const plan = await explainJson(q, tsqueries.map((_, i) => `SELECT 1 FROM products p WHERE ${matchSql(i + 1)}`).join(" UNION ALL "), tsqueries);
    const parts = plan?.Plan?.Plans;
    if (parts && parts.length === tsqueries.length) return parts.map((x) => Math.max(0, Math.round(x["Plan Rows"] ?? 0)));
  }
  const out: number[] = [];
  for (const t of tsqueries) out.push(await estimateRows(q, `WHERE ${matchSql(1)}`, [t]));
  return out;
}

type WindowRow = ProductRow & { matched: number; w_rank: number | null };

/**
 * The id range (newest ids) to read for a search expected to match `estimate` of `width` ids, or
 * null to let the GIN index give every match. Reading a range costs a look at each row in it
 * (about 1.5 * SEARCH_WINDOW / share rows); the GIN index costs in proportion to the matches
 * (share * width): the range pays only for words common enough that it is the smaller.
 */
function rangeFor(estimate: number, width: number): number | null {
  if (estimate <= SEARCH_WINDOW || width <= 0) return null;
  const share = Math.min(1, estimate / width);
  const span = Math.ceil((1.5 * SEARCH_WINDOW) / share);
  return span < share * width && span < width ? span : null;
}

/**
 * Postings of the driving word walked at most this far (newest first) before a search gives up
 * on them for the id-range path below: two common words that seldom meet would otherwise visit
 * most of the driving word's products.
 */
const POSTINGS_WALK = 50 * SEARCH_WINDOW;

/**
 * The window statement: `m` (at most SEARCH_WINDOW + 1 matches, newest first, columns id,
 * created_at, search_vector) ranked, with the page's rows joined. Answers the rows and how many
 * matches `m` holds; with `walkedSql` (a count), also its value when `m` holds no more than the
 * window (evaluated only then: whether a postings walk read every posting of its group).
 */
async function windowPage(q: Queryable, m: string, params: unknown[], tsParam: number, pageSize: number, offset: number, walkedSql?: string) {
  const r = await q.query<WindowRow & { walked: number | null }>(
    `WITH m AS MATERIALIZED (${m}), w AS (
       SELECT m.id, m.created_at, ${rankSql(tsParam, "m")} AS rank FROM m ORDER BY m.id DESC LIMIT ${SEARCH_WINDOW}
     )
     SELECT x.matched, ${walkedSql ? `CASE WHEN x.matched <= ${SEARCH_WINDOW} THEN (${walkedSql}) END` : "NULL::int"} AS walked, page.*
       FROM (SELECT count(*)::int AS matched FROM m) x
     LEFT JOIN (
       SELECT ${PRODUCT_COLUMNS}, w.rank AS w_rank
         FROM (SELECT * FROM w ORDER BY w.rank DESC, w.created_at DESC, w.id DESC LIMIT ${pageSize} OFFSET ${offset}) w
         JOIN products p ON p.id = w.id JOIN categories c ON c.id = p.category_id JOIN stores s ON s.id = p.store_id
     ) page ON true
     ORDER BY page.w_rank DESC, page.created_at DESC, page.id DESC`,
    params,
  );
  const matched = r.rows[0]?.matched ?? 0;
  return { rows: r.rows.filter((x) => x.id != null), matched, walked: r.rows[0]?.walked ?? null };
}

type Found = { rows: ProductRow[]; count: number; more: boolean };

/**
 * The postings walk of a plain "all" search (see rankedSearch), or null when no group of the
 * query has a known set of lexemes, or when the walk read POSTINGS_WALK postings of its driving
 * group without filling the window (words that seldom meet: the id-range path takes over).
 */
async function walkPostings(
  q: Queryable,
  built: { where: string; params: unknown[] },
  plan: SearchPlan,
  tsParam: number,
  pageSize: number,
  offset: number,
  matches: (tsqueries: string[]) => Promise<number[]>,
): Promise<Found | null> {
  const seen = new Set<string>();
  const sets: Array<{ lx: string[]; group: string; n: number }> = [];
  plan.postings.forEach((lx, i) => {
    if (lx === null) return;
    const key = [...lx].sort().join(" ");
    if (seen.has(key)) return;
    seen.add(key);
    sets.push({ lx, group: plan.groups[i], n: 0 });
  });
  if (sets.length === 0) return null;
  // No lexeme of the catalogue fits a word (a typo with no close spelling): nothing matches.
  if (sets.some((s) => s.lx.length === 0)) return { rows: [], count: 0, more: false };
  // The least common group drives (every match has one of its lexemes): by the statistics,
  // asked only when there is a choice.
  if (sets.length > 1) {
    const n = await matches(sets.map((s) => s.group));
    sets.forEach((s, i) => (s.n = n[i]));
    sets.sort((a, b) => a.n - b.n);
  }
  const params = [...built.params];
  const arg = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const [drive, ...rest] = sets;
  const postingsOf = (word: string) => `SELECT product_id FROM product_words WHERE word = ${arg(word)} ORDER BY product_id DESC LIMIT ${POSTINGS_WALK}`;
  // Several lexemes (a typo and its corrections, a prefix): their postings merged newest first
  // (a Merge Append of backward index scans), each product once. The ORDER BY, which costs
  // nothing on merged input, tells the planner the order, so the walk still stops at the window.
  const driving =
    drive.lx.length === 1
      ? postingsOf(drive.lx[0])
      : `SELECT v.product_id FROM (
           SELECT u.product_id, lag(u.product_id) OVER (ORDER BY u.product_id DESC) AS prev
             FROM (${drive.lx.map((w) => `(${postingsOf(w)})`).join(" UNION ALL ")}) u
         ) v WHERE v.prev IS DISTINCT FROM v.product_id ORDER BY v.product_id DESC LIMIT ${POSTINGS_WALK}`;
  // The other one-lexeme groups are merged in from their own postings (read side by side), so
  // only products having each of them are looked up; the rest (prefixes, corrections) are left
  // to the test of the whole query on the product.
  const joins = rest
    .filter((s) => s.lx.length === 1)
    .map((s, i) => `JOIN product_words w${i} ON w${i}.product_id = d.product_id AND w${i}.word = ${arg(s.lx[0])}`);
  const walkedSql = `SELECT count(*)::int FROM (SELECT 1 FROM product_words WHERE word = ANY(${arg(drive.lx)}::text[]) LIMIT ${POSTINGS_WALK}) z`;
  // OFFSET 0 keeps the product test a lookup by id per candidate (the planner would otherwise
  // gather the GIN matches for it); the walk stops once the window is full.
  const found = await windowPage(
    q,
    `SELECT p.id, p.created_at, p.search_vector
       FROM (${driving}) d
      ${joins.join(" ")}
      CROSS JOIN LATERAL (SELECT p.id, p.created_at, p.search_vector FROM products p
                           ${built.where} AND p.id = d.product_id OFFSET 0) p
      ORDER BY d.product_id DESC LIMIT ${SEARCH_WINDOW + 1}`,
    params,
    tsParam,
    pageSize,
    offset,
    walkedSql,
  );
  if (found.matched > SEARCH_WINDOW) return { rows: found.rows, count: SEARCH_WINDOW, more: true };
  // Fewer matches than the window: complete if the walk read every posting of its group.
  if ((found.walked ?? POSTINGS_WALK) < POSTINGS_WALK) return { rows: found.rows, count: found.matched, more: false };
  return null;
}

/**
 * One page of a relevance search, ranked among at most SEARCH_WINDOW of the newest matches.
 *
 * What costs at scale is gathering matches and visiting and ranking them. The GIN index on
 * search_vector gathers every product having a word, in no useful order: its work grows with the
 * catalogue, and two common words (`dangote cement`) made it gather both words' products to find
 * the few thousand having both. So a plain search (no category, store or price filter) walks the
 * postings (product_words, migration 0019) of its least common group newest first and tests
 * each product against the whole query, until the window is full: the work depends on how often
 * the words meet, not on the size of the catalogue. A group is a whole vocabulary word (one
 * lexeme), or a prefix or typo with the lexemes that start with it and its corrections' lexemes
 * (planSearch); several lexemes are merged newest first. A walk that reaches POSTINGS_WALK
 * postings without filling the window (words that seldom meet), a query with no such group (a
 * prefix that starts too many words) or with filters beyond the type takes the id-range path:
 * a word the statistics say is common (rangeFor) is looked for only among the newest ids
 * (`p.id > floor`), in a range sized to hold the window 1.5 times over: the planner intersects the
 * GIN matches with the id range, or tests the range's rows. Several words are sized from the
 * least common one (every word must match; the planner's own estimate assumes the words
 * unrelated and misses phrases like "roofing sheet"); a range that turns out to hold too few
 * matches is widened from the density seen in it. Rarer words go straight to the GIN index, which
 * is cheap for them. One statement takes the window (newest first), ranks it and joins the page;
 * its size says whether there are more.
 *
 * Answers the page's rows, how many matches the window holds, and whether more exist.
 */
export async function rankedSearch(
  q: Queryable,
  f: ProductFilters,
  plan: SearchPlan,
  mode: "all" | "any",
  pageSize: number,
  offset: number,
): Promise<Found> {
  const built = productWhere(f, plan, mode);
  const tsParam = built.params.length; // the tsquery is the last parameter of productWhere
  // How many products could match, from the statistics of the words alone: the other filters
  // (listed, category, price) only make the matches fewer, and the planner's guess for them is
  // poor (a catalogue of one store looks empty to its estimate of "store not suspended"). For
  // "all", the least common word bounds the whole query.
  const estimated = new Map<string, number>();
  const matches = async (tsqueries: string[]) => {
    const missing = [...new Set(tsqueries.filter((t) => !estimated.has(t)))];
    if (missing.length) (await estimateMatches(q, missing)).forEach((n, i) => estimated.set(missing[i], n));
    return tsqueries.map((t) => estimated.get(t) ?? 0);
  };
  // Filters beyond the listing rule (category, store, price, featured) would reject most of the
  // walked products, so the walk is for a plain search (and its type) only.
  const plain = !f.categoryIds && !f.storeId && !f.states && !f.featured && f.minKobo == null && f.maxKobo == null && !f.includeUnpublished;
  if (mode === "all" && plain) {
    const walked = await walkPostings(q, built, plan, tsParam, pageSize, offset, matches);
    if (walked) return walked;
  }
  const estimate =
    mode === "all" && plan.groups.length > 1 ? Math.min(...(await matches(plan.groups))) : (await matches([mode === "all" ? plan.all : plan.any]))[0];
  let span: number | null = null;
  let hi = 0;
  let width = 0;
  if (estimate > SEARCH_WINDOW) {
    const b = await q.query<{ hi: number | null; lo: number | null }>("SELECT max(id) AS hi, min(id) AS lo FROM products");
    hi = b.rows[0]?.hi ?? 0;
    width = hi - (b.rows[0]?.lo ?? 0) + 1;
    span = rangeFor(estimate, width);
  }
  for (;;) {
    const params = [...built.params];
    let where = built.where;
    if (span !== null) {
      params.push(hi - span);
      where = `${where} AND p.id > $${params.length}`;
    }
    // "p.id + 0": the planner may not find the newest matches by walking the whole id index
    // backwards and testing every row against the tsquery (a rare word would test them all);
    // within a range it tests the range's rows or intersects them with the GIN matches.
    const { rows, matched } = await windowPage(
      q,
      `SELECT p.id, p.created_at, p.search_vector FROM products p ${where} ORDER BY p.id + 0 DESC LIMIT ${SEARCH_WINDOW + 1}`,
      params,
      tsParam,
      pageSize,
      offset,
    );
    if (matched > SEARCH_WINDOW || span === null) {
      return { rows, count: Math.min(matched, SEARCH_WINDOW), more: matched > SEARCH_WINDOW };
    }
    // Too few matches among the newest ids: size the range again from the density seen in it
    // (the planner then intersects the GIN matches with the id range, or tests the range's rows).
    span = Math.max(span * 2, Math.ceil((1.5 * SEARCH_WINDOW * span) / Math.max(1, matched)));
    if (span >= width) span = null;
  }
}

/**
 * A page of products matching the filters (page and page_size from `url`), in the API's paged
 * shape with absolute links. `count_estimated: true` is added when `count` is not exact: a
 * relevance search with more matches than it ranks (SEARCH_WINDOW), or a count beyond the cap.
 */
export async function listProducts(q: Queryable, url: URL, f: ProductFilters, defaultPageSize = 20, opts: { storeView?: boolean } = {}) {
  const { page, pageSize, offset } = pageParams(url, defaultPageSize);
  const plan = f.search ? await planSearch(q, f.search) : null;
  const order = f.order ?? (plan ? "relevance" : "newest");
  /** `more`: more products match than `n` says (a search window); `estimated`: `n` is the planner's guess. */
  const answer = async (rows: ProductRow[], n: number, flags: { more?: boolean; estimated?: boolean }) => {
    if (page > 1 && rows.length === 0) throw notFound();
    // An estimated count must never promise a page that is not there, nor hide one that is.
    const last = rows.length < pageSize;
    const count = last ? offset + rows.length : Math.max(n, offset + rows.length);
    const body = paged(url, await serializeProducts(q, rows, url.origin, opts), count, page, pageSize);
    return flags.more || (flags.estimated && !last) ? { ...body, count_estimated: true as const } : body;
  };
  if (plan && order === "relevance") {
    let found = await rankedSearch(q, f, plan, "all", pageSize, offset);
    if (found.count === 0 && plan.terms.length > 1) {
      // No product has every word: fall back to any word, best matches first.
      found = await rankedSearch(q, f, plan, "any", pageSize, offset);
    }
    return answer(found.rows, found.count, { more: found.more });
  }
  let mode: "all" | "any" = "all";
  let built = productWhere(f, plan, mode);
  let counted = await countProducts(q, f, built.where, built.params, !!plan);
  if (plan && counted.n === 0 && plan.terms.length > 1) {
    mode = "any";
    built = productWhere(f, plan, mode);
    counted = await countProducts(q, f, built.where, built.params, true);
  }
  const rows = await rowsByIds(q, await listingIds(q, f, plan, mode, order, pageSize, offset));
  return answer(rows, counted.n, { estimated: counted.estimated });
}

/** Filters from the query string, with the spellings clients send. */
export function filtersFromQuery(url: URL): ProductFilters {
  const q = url.searchParams;
  const type = q.get("type")?.toLowerCase();
  const ordering = (q.get("ordering") ?? q.get("sort") ?? "").trim();
  const order: ProductFilters["order"] = Object.hasOwn(ORDERINGS, ordering) ? ORDERINGS[ordering] : undefined;
  const search = q.get("search")?.trim();
  return {
    featured: truthy(q.get("featured")) || truthy(q.get("f")),
    type: type === "sale" || type === "rent" ? type : undefined,
    search: search ? search.slice(0, 200) : undefined,
    minKobo: money(q.get("selling_price__gt") ?? q.get("price__gt")),
    maxKobo: money(q.get("selling_price__lt") ?? q.get("price__lt")),
    states: statesFromQuery(q),
    order,
  };
}

/** Up to `limit` random published products of the given categories, without sorting a big category. */
export async function randomProducts(q: Queryable, ids: number[], limit: number, excludeId: number | null): Promise<ProductRow[]> {
  const size = await q.query<{ n: number }>(
    "SELECT coalesce(sum(n), 0)::int AS n FROM product_counts WHERE listed AND category_id = ANY($1::int[])",
    [ids],
  );
  const n = size.rows[0]?.n ?? 0;
  if (n === 0) return [];
  const exclude = excludeId ?? 0;
  if (n <= RANDOM_EXACT_LIMIT) {
    const r = await q.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM}
        WHERE ${listedSql("p")} AND p.category_id = ANY($1::int[]) AND p.id <> $2 ORDER BY random() LIMIT ${limit}`,
      [ids, exclude],
    );
    return r.rows;
  }
  // A window of ids starting at a random point (wrapping around), then shuffled.
  const bounds = await q.query<{ lo: number; hi: number }>("SELECT min(id) AS lo, max(id) AS hi FROM products");
  const { lo, hi } = bounds.rows[0];
  const start = lo + Math.floor(Math.random() * (hi - lo + 1));
  const pick = async (cond: string) =>
    (
      await q.query<ProductRow>(
        `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM}
          WHERE ${listedSql("p")} AND p.category_id = ANY($1::int[]) AND p.id <> $2 AND ${cond} ORDER BY p.id LIMIT ${limit * 4}`,
        [ids, exclude, start],
      )
    ).rows;
  let rows = await pick("p.id >= $3");
  if (rows.length < limit * 4) rows = rows.concat(await pick("p.id < $3"));
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  return rows.slice(0, limit);
}

export async function listCategories(q: Queryable, limit: number, offset: number): Promise<{ rows: CategoryRow[]; count: number }> {
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM categories c WHERE ${liveCategorySql("c")}`);
  const rows = await q.query<CategoryRow>(
    `SELECT id, name, slug, parent_id FROM categories c WHERE ${liveCategorySql("c")} ORDER BY parent_id NULLS FIRST, position, name, id LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
  );
  return { rows: rows.rows, count: count.rows[0].n };
}

export async function rootCategories(q: Queryable): Promise<CategoryRow[]> {
  return (await q.query<CategoryRow>(`SELECT id, name, slug, parent_id FROM categories c WHERE parent_id IS NULL AND ${liveCategorySql("c")} ORDER BY position, name`)).rows;
}

export async function subcategories(q: Queryable, parentId: number): Promise<CategoryRow[]> {
  return (await q.query<CategoryRow>(`SELECT id, name, slug, parent_id FROM categories c WHERE parent_id = $1 AND ${liveCategorySql("c")} ORDER BY position, name`, [parentId])).rows;
}

/** One product with its category and store, the store's owner id, whether it was deleted and whether shoppers may see it (listed.ts); null when missing. */
export async function findProduct(q: Queryable, id: number): Promise<(ProductRow & { owner_id: number; deleted: boolean; listed: boolean }) | null> {
  const r = await q.query<ProductRow & { owner_id: number; deleted: boolean; listed: boolean }>(
    `SELECT ${PRODUCT_COLUMNS}, s.owner_id, p.deleted_at IS NOT NULL AS deleted, ${listedSql("p")} AS listed FROM ${PRODUCT_FROM} WHERE p.id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Loads the images of many products in one query, in slot order. */
export async function imagesFor(q: Queryable, productIds: number[]): Promise<Map<number, ImageRow[]>> {
  const map = new Map<number, ImageRow[]>();
  if (productIds.length === 0) return map;
  const r = await q.query<ImageRow>(
    `SELECT id, product_id, image_key FROM product_images WHERE product_id = ANY($1::int[]) ORDER BY product_id, position, id`,
    [productIds],
  );
  for (const row of r.rows) {
    const list = map.get(row.product_id) ?? [];
    list.push(row);
    map.set(row.product_id, list);
  }
  return map;
}

/** Products as the API answers them, with their images (one query for all). */
export async function serializeProducts(q: Queryable, rows: ProductRow[], origin: string, opts: { storeView?: boolean } = {}) {
  const imgs = await imagesFor(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeProduct(r, imgs.get(r.id) ?? [], origin, opts));
}

/**
 * A product's options with their variant, by variant (first added first), cheapest first within one.
 * `stock_quantity` is what a shopper may buy of the option: its own stock, or the product's when it
 * shares it; `in_stock` says it is above 0.
 */
export async function productOptions(q: Queryable, productId: number) {
  const r = await q.query<{ id: number; value: string; price_kobo: number; variant: number; variant_name: string; stock_quantity: number; price_tiers: PriceTier[] }>(
    `SELECT po.id, po.value, po.price_kobo, v.id AS variant, v.name::text AS variant_name, COALESCE(po.stock_quantity, p.stock_quantity) AS stock_quantity, po.price_tiers
       FROM product_options po JOIN variants v ON v.id = po.variant_id JOIN products p ON p.id = po.product_id
      WHERE po.product_id = $1
      ORDER BY min(po.id) OVER (PARTITION BY po.variant_id), po.price_kobo, po.id`,
    [productId],
  );
  return r.rows.map((o) => ({
    id: o.id,
    value: o.value,
    price: koboToNaira(o.price_kobo),
    variant: o.variant,
    variant_name: o.variant_name,
    label: `${o.variant_name}: ${o.value}`,
    stock_quantity: o.stock_quantity,
    in_stock: o.stock_quantity > 0,
    price_tiers: tiersAnswer(o.price_tiers),
  }));
}

/** A product's certificate as its detail answer shows it (CertificateSchema; migration 0040): the product's category or one above it may require one. */
export async function certificateOf(q: Queryable, productId: number, origin: string) {
  const r = await q.query<{ number: string | null; image_key: string | null; waived: boolean; required: boolean }>(
    `SELECT p.certificate_number AS number, p.certificate_image_key AS image_key, p.certificate_waived_at IS NOT NULL AS waived,
            (WITH RECURSIVE up AS (
               SELECT id, parent_id, requires_certificate FROM categories WHERE id = p.category_id
               UNION ALL SELECT c.id, c.parent_id, c.requires_certificate FROM categories c JOIN up ON c.id = up.parent_id
             ) SELECT coalesce(bool_or(requires_certificate), false) FROM up) AS required
       FROM products p WHERE p.id = $1`,
    [productId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  return { required: row.required, number: row.number, image: row.image_key ? imageUrl(origin, row.image_key) : null, waived: row.waived };
}

/** A product's store as its detail answer shows it (serializeSeller), with its products' average rating; null when the store is gone. */
export async function sellerOf(q: Queryable, storeId: number, origin: string) {
  const r = await q.query<SellerRow>(
    `SELECT s.id, s.name, s.slug, s.logo_key, s.verified_at IS NOT NULL AS verified, s.state,
            (SELECT avg(rv.rating) FROM reviews rv JOIN products rp ON rp.id = rv.product_id WHERE rp.store_id = s.id AND rp.deleted_at IS NULL) AS rating_average,
            (SELECT count(*) FROM reviews rv JOIN products rp ON rp.id = rv.product_id WHERE rp.store_id = s.id AND rp.deleted_at IS NULL) AS rating_count
       FROM stores s WHERE s.id = $1`,
    [storeId],
  );
  return r.rows[0] ? serializeSeller(r.rows[0], origin) : null;
}
