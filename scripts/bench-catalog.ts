/**
 * npm run bench:catalog — how listing, category and search requests scale with the catalogue.
 *
 * For each engine and size it makes a fresh database (in-memory PGlite; a PostgreSQL database
 * mkt_bench_<random> on BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432, dropped at the
 * end), migrates it, bulk-inserts N generated products (INSERT ... SELECT generate_series, in
 * batches, through the real triggers), then calls the real API handler (handleApi) and prints
 * p50/p95 per request kind and the ratio between the largest and the smallest size.
 * It prints figures; it is not a test and has no time limit. The in-process catalogue cache
 * (app/api/core/cache.server.ts) is turned off (CATALOG_CACHE=off) so every request reaches the
 * database: the figures are those of a cache miss.
 *
 * Search is timed per kind of query: a very common word (`cement`, about 6% of the
 * products), a rare word (`mahogany`, one product in 10,000), two words (`dangote cement`,
 * `roofing sheet`) and a typo (`cemnt`, `roffing sheet`).
 *
 * Flags:
 *   --pg-sizes=10000,100000      PostgreSQL sizes (default 10000,100000; e.g. 10000,1000000)
 *   --pglite-sizes=10000,50000   PGlite sizes (default 10000,50000)
 *   --engines=pglite,postgres    which engines (default both; postgres skipped if unreachable)
 *   --samples=40                 timed requests per kind and size (after 5 warm-up requests)
 *   --kinds=listing,search       only the request kinds whose name starts with one of these
 *   --keep                       keep the PostgreSQL databases (for EXPLAIN); their names are printed
 *   --buffers                    (PostgreSQL) also run each distinct request of a kind once more and
 *                                EXPLAIN (ANALYZE, BUFFERS) every statement it made: the shared
 *                                buffers it touched and the server's planning + execution time, a
 *                                figure a busy machine disturbs far less than wall time
 *   --reuse=bench                PostgreSQL databases named <name>_10k, <name>_1m, ... are kept and,
 *                                when already seeded with that many products (and this fixture's
 *                                version), reused without seeding again (pending migrations are
 *                                applied). The default is --reuse=bench (bench_10k, bench_1m);
 *                                --fresh takes a throwaway database instead (dropped at the end)
 *   --rebuild                    seed the reused databases again even if they look seeded
 *   --warmup=5                   untimed requests per kind before the timed ones
 *
 * Browsing is timed per kind and per sort: the whole listing, a root category (its six
 * sub-categories), a root category with a price band, a sub-category with a price band and a
 * store's public page (the dominant store and a small one), each ordered newest first, by price
 * both ways, by popularity (recent order lines) and by rating (approved reviews), pages 1 to 3.
 * The fixture has one store holding most products (as the data that misled the planner), 20
 * smaller stores (one of them suspended), reviews on 1 product in 97 and a fixed 2,000 order lines
 * of the last 30 days (orders follow shoppers, not the size of the catalogue).
 */
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { handleApi } from "~/api/router";
import { explainJson, migrate, openPglite, openPostgres, setDb, type Db } from "~/db/client.server";

// Time the database, not the in-process answer cache.
process.env.CATALOG_CACHE ??= "off";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const sizesOf = (v: string | undefined, d: number[]) => (v ? v.split(",").map((x) => Number(x.replace(/_/g, ""))).filter((n) => n > 0) : d);
const PG_SIZES = sizesOf(args["pg-sizes"] ?? args.sizes, [10_000, 100_000]);
const LITE_SIZES = sizesOf(args["pglite-sizes"] ?? args.sizes, [10_000, 50_000]);
const ENGINES = (args.engines ?? "pglite,postgres").split(",");
const SAMPLES = Number(args.samples ?? 40);
const WARMUP = Number(args.warmup ?? 5);
const KEEP = args.keep === "true";
const BUFFERS = args.buffers === "true";
const REBUILD = args.rebuild === "true";
const REUSE = args.fresh === "true" ? null : args.reuse && args.reuse !== "true" ? args.reuse.replace(/[^a-z0-9_]/gi, "") : "bench";
/** Bumped when the generated data changes shape: a reused database of another version is seeded again. */
const FIXTURE_VERSION = 2;
const SMALL_STORES = 20;
const ORDER_LINES = 2_000;
const REVIEW_EVERY = 97;
const KIND_FILTER = args.kinds ? args.kinds.split(",").map((k) => k.trim().toLowerCase()) : null;
const BATCH = 50_000;
const PG_ADMIN = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

const ROOTS: Array<[string, string[]]> = [
  ["Building Materials", ["Cement & Concrete", "Roofing", "Tiles & Flooring", "Plumbing", "Paint & Finishes", "Iron Rods & Steel"]],
  ["Electronics", ["Generators & Power", "Solar & Inverters", "Air Conditioners", "Lighting", "Security & CCTV", "Cables"]],
  ["Kitchen", ["Kitchen Cabinets", "Sinks & Taps", "Cookers & Ovens", "Kitchen Appliances", "Worktops", "Storage"]],
  ["Logistics", ["Truck Hire", "Haulage & Tipper", "Moving Services", "Equipment Hire", "Courier", "Warehousing"]],
  ["Home & Furniture", ["Living Room", "Bedroom", "Outdoor", "Decor", "Office", "Kids"]],
  ["Professional Services", ["Plumbers", "Electricians", "Masons", "Painters", "Carpenters", "Interior Design"]],
];
const BRANDS = ["Dangote", "BUA", "Lafarge", "Elephant", "Nexus", "Haier", "Thermocool", "Lontor", "Mikano", "Tiger", "Sumec", "Firman", "Hisense", "Scanfrost", "Royal", "Nigerite", "Emel", "Coleman", "GeePee", "Berger"];
const NOUNS = ["cement", "roofing sheet", "floor tile", "generator", "inverter", "armoured cable", "emulsion paint", "steel door", "casement window", "kitchen sink", "mixer tap", "gas cooker", "deep freezer", "sofa", "wardrobe", "tipper hire", "truck hire", "water tank", "iron rod", "solar panel", "air conditioner", "ceiling fan", "CCTV camera", "paving stone", "wall clock", "dining table", "office chair", "granite", "sharp sand", "plywood"];
const ADJS = ["durable", "premium", "affordable", "heavy duty", "energy saving", "waterproof", "imported", "local", "certified", "compact", "industrial", "modern"];
const FILLER = ["Delivered", "across", "Lagos", "Abuja", "and", "Port", "Harcourt", "with", "warranty", "from", "trusted", "vendors", "pay", "on", "delivery", "quality", "guaranteed", "fast", "installation", "available"];
/** One product in RARE_EVERY has this word in its name (nowhere else in the generated text). */
const RARE_WORD = "mahogany";
const RARE_EVERY = 10_000;
const SEARCHES = {
  "search: common": ["cement"],
  "search: rare": [RARE_WORD],
  "search: two words": ["dangote cement", "roofing sheet"],
  "search: typo": ["cemnt", "roffing sheet"],
} as const;

interface Fixture {
  rootIds: number[];
  subIds: number[];
  /** Public store slugs: the dominant store first, then a small one. */
  storeSlugs: string[];
}

async function setup(db: Db, n: number, log: (s: string) => void): Promise<Fixture> {
  const u = await db.query<{ id: number }>(
    "INSERT INTO users (email, first_name, last_name) VALUES ('bench@example.com', 'Bench', 'Owner') RETURNING id",
  );
  const s = await db.query<{ id: number }>(
    "INSERT INTO stores (owner_id, name, slug, email, phone, state) VALUES ($1, 'Bench Store', 'bench-store', 'bench@example.com', '+2348030000000', 'Lagos') RETURNING id",
    [u.rows[0].id],
  );
  // Smaller stores holding one product in ten between them; the last one suspended by an admin.
  const small = await db.query<{ id: number }>(
    `INSERT INTO stores (owner_id, name, slug, email, phone, state, suspended_at)
     SELECT $1, 'Small Store ' || k, 'bench-small-' || k, 'bench@example.com', '+2348030000000', 'Kano',
            CASE WHEN k = ${SMALL_STORES} THEN now() END
       FROM generate_series(1, ${SMALL_STORES}) k ORDER BY k RETURNING id`,
    [u.rows[0].id],
  );
  const smallIds = small.rows.map((r) => r.id);
  const rootIds: number[] = [];
  const subIds: number[] = [];
  for (const [i, [root, subs]] of ROOTS.entries()) {
    const r = await db.query<{ id: number }>("INSERT INTO categories (name, slug, position) VALUES ($1, $2, $3) RETURNING id", [
      root,
      `bench-root-${i}`,
      i,
    ]);
    rootIds.push(r.rows[0].id);
    for (const [j, sub] of subs.entries()) {
      const c = await db.query<{ id: number }>("INSERT INTO categories (name, slug, parent_id, position) VALUES ($1, $2, $3, $4) RETURNING id", [
        sub,
        `bench-sub-${i}-${j}`,
        r.rows[0].id,
        j,
      ]);
      subIds.push(c.rows[0].id);
    }
  }
  await db.query("INSERT INTO images (key, content_type) VALUES ('static/no-image.svg', 'image/svg+xml') ON CONFLICT DO NOTHING");
  const t0 = performance.now();
  // A big load goes faster into a table without its secondary indexes: each is built once at the
  // end (a GIN index especially) instead of being updated row by row. Keys and unique indexes stay
  // (the triggers' ON CONFLICT needs them). The triggers all run, as for a real import.
  const rebuilt: string[] = [];
  if (db.engine === "postgres" && n > BATCH) {
    const idx = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
        WHERE i.schemaname = current_schema() AND i.tablename IN ('products', 'product_images', 'product_words') AND NOT x.indisunique`,
    );
    for (const r of idx.rows) {
      await db.exec(`DROP INDEX ${r.indexname}`);
      rebuilt.push(r.indexdef);
    }
  }
  for (let from = 1; from <= n; from += BATCH) {
    const to = Math.min(n, from + BATCH - 1);
    await db.query(
      `INSERT INTO products (store_id, user_id, category_id, name, description, type, size, price_kobo, selling_price_kobo,
                             published, featured, created_at, updated_at)
       SELECT CASE WHEN i % 10 = 3 THEN ($10::int[])[1 + ((i / 10) % cardinality($10::int[]))] ELSE $1 END,
              $2, ($3::int[])[1 + (i % cardinality($3::int[]))],
              ($4::text[])[1 + (i % cardinality($4::text[]))] || ' ' || ($5::text[])[1 + ((i / 7) % cardinality($5::text[]))]
                || ', ' || ($6::text[])[1 + ((i / 3) % cardinality($6::text[]))] || ' ' || i
                || CASE WHEN i % ${RARE_EVERY} = ${RARE_EVERY / 2} THEN ' ${RARE_WORD}' ELSE '' END,
              'The ' || ($6::text[])[1 + (i % cardinality($6::text[]))] || ' ' || ($5::text[])[1 + ((i / 7) % cardinality($5::text[]))] || '. '
                || array_to_string(ARRAY(SELECT ($7::text[])[1 + ((i::bigint * k * 7919) % cardinality($7::text[]))] FROM generate_series(1, 40) k), ' '),
              CASE WHEN i % 5 = 0 THEN 'rent' ELSE 'sale' END, 'medium',
              price, price - (price / 10) * (i % 2), i % 33 <> 0, i % 20 = 0,
              now() - make_interval(secs => i), now() - make_interval(secs => i)
         FROM (SELECT i, ((i::bigint * 2654435761) % 2000000 + 500) * 100 AS price FROM generate_series($8::int, $9::int) AS i) g`,
      [s.rows[0].id, u.rows[0].id, subIds, BRANDS, NOUNS, ADJS, FILLER, from, to, smallIds],
    );
    await db.query(
      `INSERT INTO product_images (product_id, image_key, position)
       SELECT id, 'static/no-image.svg', 0 FROM products WHERE id BETWEEN $1 AND $2`,
      [from, to],
    );
    if (n > BATCH) log(`    ${to.toLocaleString()} products (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  if (rebuilt.length) {
    await db.exec(`SET maintenance_work_mem = '256MB'; ${rebuilt.join(";\n")}`);
    log(`    built ${rebuilt.length} indexes again (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  log(`    inserted ${n.toLocaleString()} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Reviews (1 product in REVIEW_EVERY, 1 to 3 reviewers, ratings 1-5) and ORDER_LINES recent
  // order lines of one paid order, spread over the catalogue, for the popularity and rating sorts.
  await db.query(
    `INSERT INTO users (email, first_name, last_name) SELECT 'reviewer' || k || '@example.com', 'Reviewer', 'R' || k FROM generate_series(1, 3) k`,
  );
  await db.query(
    `INSERT INTO reviews (product_id, user_id, rating, review_text)
     SELECT p.id, r.id, 1 + ((p.id * 7 + r.id) % 5), 'Bench review'
       FROM products p JOIN users r ON r.email LIKE 'reviewer%@example.com' AND (r.id % 3) <= (p.id / ${REVIEW_EVERY}) % 3
      WHERE p.id % ${REVIEW_EVERY} = 0`,
  );
  const o = await db.query<{ id: string }>(
    `INSERT INTO orders (user_id, delivery_address, order_total_kobo, order_payment_status) VALUES ($1, '{}'::jsonb, 0, 'Complete') RETURNING id`,
    [u.rows[0].id],
  );
  await db.query(
    `INSERT INTO order_items (order_id, product_id, store_id, product_name, quantity, item_price_kobo, line_total_kobo, created_at)
     SELECT $1, p.id, p.store_id, p.name, 1 + (k % 4), p.selling_price_kobo, (1 + (k % 4)) * p.selling_price_kobo, now() - make_interval(hours => k % 700)
       FROM generate_series(1, ${ORDER_LINES}) k JOIN products p ON p.id = 1 + ((k::bigint * 7919) % $2)`,
    [o.rows[0].id, n],
  );
  await db.exec(db.engine === "postgres" ? "VACUUM ANALYZE" : "ANALYZE");
  return { rootIds, subIds, storeSlugs: ["bench-store", "bench-small-1"] };
}

/** The browsing kinds, each timed with every sort. */
const SCOPES = ["listing", "category", "category+price", "subcat+price", "store"] as const;
const SORTS = { newest: "-created_at", price_asc: "selling_price", price_desc: "-selling_price", popular: "-popularity", rated: "-rating" } as const;
type Browse = `${(typeof SCOPES)[number]} ${keyof typeof SORTS}`;
const BROWSE: Browse[] = SCOPES.flatMap((sc) => (Object.keys(SORTS) as Array<keyof typeof SORTS>).map((so) => `${sc} ${so}` as Browse));
const BAND = "selling_price__gt=24000&selling_price__lt=80000";

type Kind = Browse | "category filter" | "state filter" | "sort" | keyof typeof SEARCHES;
const ALL_KINDS: Kind[] = [...BROWSE, "category filter", "state filter", "sort", ...(Object.keys(SEARCHES) as Array<keyof typeof SEARCHES>)];

function browseRequest(kind: Browse, f: Fixture, i: number): string {
  const [scope, sort] = kind.split(" ") as [(typeof SCOPES)[number], keyof typeof SORTS];
  const pick = <T>(l: T[]) => l[i % l.length];
  const tail = `ordering=${SORTS[sort]}&page=${1 + (i % 3)}`;
  switch (scope) {
    case "listing":
      return `/products/?${tail}`;
    case "category":
      return `/products/?category_id=${pick(f.rootIds)}&${tail}`;
    case "category+price":
      return `/products/categories/${pick(f.rootIds)}/products/?levels_deep=all&${BAND}&${tail}`;
    case "subcat+price":
      // A sub-category holds about 8 products of the band at 10k: its first page only.
      return `/products/?category_id=${pick(f.subIds)}&${BAND}&ordering=${SORTS[sort]}`;
    case "store":
      return `/stores/${f.storeSlugs[Math.floor(i / 3) % f.storeSlugs.length]}/products/?${tail}`;
  }
}

function requestFor(kind: Kind, f: Fixture, i: number): string {
  const pick = <T>(l: T[]) => l[i % l.length];
  if ((BROWSE as string[]).includes(kind)) return browseRequest(kind as Browse, f, i);
  switch (kind as Exclude<Kind, Browse>) {
    case "category filter": {
      const variants = [
        `/products/?category_id=${pick(f.rootIds)}`,
        `/products/?category_id=${pick(f.subIds)}&type=sale`,
        `/products/categories/${pick(f.rootIds)}/products/?levels_deep=all&selling_price__gt=24000&selling_price__lt=80000`,
        `/products/?category_id=${pick(f.rootIds)}&ordering=created_at&page=2`,
      ];
      return variants[Math.floor(i / 7) % variants.length];
    }
    case "state filter": {
      // the sellers' states (the bench's one store is in Lagos: every product matches)
      const variants = [
        `/products/?state=Lagos&page=${1 + (i % 3)}`,
        `/products/?state=Lagos,Kano&category_id=${pick(f.rootIds)}`,
        `/products/?state=Kano`,
      ];
      return variants[Math.floor(i / 7) % variants.length];
    }
    case "sort": {
      // price both ways, most popular (recent order lines), best rated (approved reviews)
      const variants = [
        `/products/?ordering=selling_price&category_id=${pick(f.subIds)}`,
        `/products/?ordering=-selling_price`,
        `/products/?ordering=-popularity&category_id=${pick(f.rootIds)}`,
        `/products/?ordering=-rating&category_id=${pick(f.rootIds)}`,
      ];
      return variants[Math.floor(i / 7) % variants.length];
    }
    default:
      return `/products/?search=${encodeURIComponent(pick([...SEARCHES[kind as keyof typeof SEARCHES]]))}`;
  }
}

async function time(path: string): Promise<number> {
  const t = performance.now();
  const res = await handleApi(new Request(`http://bench.local/api/v1${path}`));
  await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - t;
}

/**
 * The statements one request makes (recorded from `db`), each run again under EXPLAIN (ANALYZE,
 * BUFFERS): shared buffers touched (hit + read), server time (planning + execution), and how
 * many statements there were (the planner's row estimates, EXPLAIN without ANALYZE, counted
 * apart: they read no data).
 */
async function bufferFigures(db: Db, path: string): Promise<{ buffers: number; read: number; serverMs: number; statements: number; estimates: number }> {
  const seen: Array<[string, unknown[] | undefined]> = [];
  const query = db.query.bind(db);
  const recording = (sql: string, params?: unknown[]) => {
    seen.push([sql, params]);
    return query(sql, params);
  };
  (db as { query: typeof recording }).query = recording;
  try {
    await time(path);
  } finally {
    (db as { query: typeof recording }).query = query;
  }
  const out = { buffers: 0, read: 0, serverMs: 0, statements: 0, estimates: 0 };
  for (const [sql, params] of seen) {
    if (/^\s*EXPLAIN/i.test(sql)) {
      out.estimates++;
      continue;
    }
    out.statements++;
    const doc = await explainJson({ query, exec: db.exec.bind(db) }, sql, params ?? [], "ANALYZE, BUFFERS");
    for (const part of [doc.Plan, doc.Planning]) {
      out.buffers += (part?.["Shared Hit Blocks"] ?? 0) + (part?.["Shared Read Blocks"] ?? 0);
      out.read += part?.["Shared Read Blocks"] ?? 0;
    }
    out.serverMs += (doc["Planning Time"] ?? 0) + (doc["Execution Time"] ?? 0);
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** 10k, 1m, 2500: a size as a database name suffix. */
const sizeLabel = (n: number) => (n % 1_000_000 === 0 ? `${n / 1_000_000}m` : n % 1000 === 0 ? `${n / 1000}k` : String(n));

/** The fixture of a database the benchmark seeded before with `n` products, or null. */
async function seededFixture(db: Db, n: number): Promise<Fixture | null> {
  if (REBUILD) return null;
  try {
    const meta = await db.query<{ n: number; v: number }>("SELECT n, v FROM bench_meta");
    if (meta.rows[0]?.n !== n || meta.rows[0]?.v !== FIXTURE_VERSION) return null;
  } catch {
    return null;
  }
  const roots = await db.query<{ id: number }>("SELECT id FROM categories WHERE slug LIKE 'bench-root-%' ORDER BY position");
  const subs = await db.query<{ id: number }>("SELECT id FROM categories WHERE slug LIKE 'bench-sub-%' ORDER BY parent_id, position");
  return { rootIds: roots.rows.map((r) => r.id), subIds: subs.rows.map((r) => r.id), storeSlugs: ["bench-store", "bench-small-1"] };
}

async function openEngine(engine: string, n: number): Promise<{ db: Db; drop: () => Promise<void> } | null> {
  if (engine === "pglite") {
    const db = await openPglite(undefined);
    return { db, drop: () => db.close() };
  }
  const pg = (await import("pg")).default;
  const name = REUSE ? `${REUSE}_${sizeLabel(n)}` : `mkt_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount;
    if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  } catch (e) {
    console.log(`  PostgreSQL not reachable at ${PG_ADMIN} (${(e as Error).message}): skipped`);
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), 4);
  return {
    db,
    drop: async () => {
      await db.close();
      if (KEEP || REUSE) return console.log(`    kept database ${name}`);
      const a = new pg.Client(PG_ADMIN);
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

async function main() {
  const kinds = ALL_KINDS.filter((k) => !KIND_FILTER || KIND_FILTER.some((f) => k.startsWith(f)));
  const summary: string[] = [];
  const table: string[] = [];
  console.log(`Catalogue benchmark: ${SAMPLES} timed requests per kind (after ${WARMUP} warm-up), real API handler, in-process.`);
  for (const engine of ENGINES) {
    const sizes = engine === "postgres" ? PG_SIZES : LITE_SIZES;
    const results = new Map<number, Record<Kind, { p50: number; p95: number }>>();
    /** Per size and kind, the largest buffer count of its distinct requests (--buffers). */
    const bufferMax = new Map<number, Partial<Record<Kind, number>>>();
    for (const n of sizes) {
      console.log(`\n[${engine}] ${n.toLocaleString()} products`);
      const opened = await openEngine(engine, n);
      if (!opened) break;
      const { db, drop } = opened;
      try {
        let f = REUSE && engine === "postgres" ? await seededFixture(db, n) : null;
        if (f) {
          console.log(`    reusing the seeded database`);
          // A migration that backfilled a table (0019's search postings) leaves it without
          // statistics or a visibility map until autovacuum comes: give it both now.
          if ((await migrate(db)).length) await db.exec("VACUUM ANALYZE");
        } else {
          if (REUSE && engine === "postgres") {
            // A database left half-seeded (or of another size): start it again.
            await db.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
          }
          await migrate(db);
          f = await setup(db, n, (s) => console.log(s));
          if (REUSE && engine === "postgres") await db.exec(`CREATE TABLE bench_meta (n integer NOT NULL, v integer NOT NULL); INSERT INTO bench_meta VALUES (${n}, ${FIXTURE_VERSION})`);
        }
        setDb(db);
        const row = {} as Record<Kind, { p50: number; p95: number }>;
        for (const kind of kinds) {
          for (let i = 0; i < WARMUP; i++) await time(requestFor(kind, f, i));
          const xs: number[] = [];
          for (let i = 0; i < SAMPLES; i++) xs.push(await time(requestFor(kind, f, i)));
          row[kind] = { p50: pct(xs, 50), p95: pct(xs, 95) };
          console.log(`    ${kind.padEnd(26)} p50 ${row[kind].p50.toFixed(1).padStart(7)} ms   p95 ${row[kind].p95.toFixed(1).padStart(7)} ms`);
          if (BUFFERS && engine === "postgres") {
            const paths = [...new Set(Array.from({ length: 28 }, (_, i) => requestFor(kind, f, i)))];
            const most = bufferMax.get(n) ?? {};
            bufferMax.set(n, most);
            for (const path of paths) {
              const b = await bufferFigures(db, path);
              most[kind] = Math.max(most[kind] ?? 0, b.buffers);
              console.log(
                `      ${path.padEnd(44)} ${String(b.buffers).padStart(6)} buffers (${b.read} read), server ${b.serverMs.toFixed(2)} ms, ${b.statements} statements + ${b.estimates} estimates`,
              );
            }
          }
        }
        results.set(n, row);
      } finally {
        setDb(null);
        await drop();
      }
    }
    const done = [...results.keys()];
    if (done.length >= 2) {
      const a = done[0];
      const b = done[done.length - 1];
      const f1 = (x: number) => x.toFixed(1);
      table.push(`\n[${engine}] ${a.toLocaleString()} → ${b.toLocaleString()} products (p95 ratio goal: at most 1.5)`);
      table.push(`| kind | ${sizeLabel(a)} p50 / p95 ms | ${sizeLabel(b)} p50 / p95 ms | ratio p50 / p95 | p95 ≤ 1.5× |`);
      table.push(`|---|---|---|---|---|`);
      for (const kind of kinds) {
        const ra = results.get(a)![kind];
        const rb = results.get(b)![kind];
        const r95 = rb.p95 / ra.p95;
        table.push(
          `| ${kind} | ${f1(ra.p50)} / ${f1(ra.p95)} | ${f1(rb.p50)} / ${f1(rb.p95)} | ×${(rb.p50 / ra.p50).toFixed(2)} / ×${r95.toFixed(2)} | ${r95 <= 1.5 ? "yes" : "NO"} |`,
        );
      }
      const ba = bufferMax.get(a);
      const bb = bufferMax.get(b);
      if (ba && bb) {
        // Shared buffers touched (planning + execution, every statement): what a request reads,
        // a figure the machine's load does not change.
        table.push(`\n[${engine}] buffers per request, the most of each kind's distinct requests`);
        table.push(`| kind | ${sizeLabel(a)} | ${sizeLabel(b)} | ratio |`);
        table.push(`|---|---|---|---|`);
        for (const kind of kinds) table.push(`| ${kind} | ${ba[kind]} | ${bb[kind]} | ×${((bb[kind] ?? 0) / Math.max(1, ba[kind] ?? 0)).toFixed(2)} |`);
        table.push("");
      }
      for (const kind of kinds) {
        const ra = results.get(a)![kind];
        const rb = results.get(b)![kind];
        summary.push(
          `${engine.padEnd(8)} ${kind.padEnd(18)} ${a.toLocaleString()} → ${b.toLocaleString()}: p50 ${ra.p50.toFixed(1)} → ${rb.p50.toFixed(1)} ms (×${(rb.p50 / ra.p50).toFixed(2)}), p95 ${ra.p95.toFixed(1)} → ${rb.p95.toFixed(1)} ms (×${(rb.p95 / ra.p95).toFixed(2)})`,
        );
      }
    }
  }
  if (summary.length) {
    console.log(`\nRatios between the smallest and largest size:`);
    for (const l of summary) console.log(`  ${l}`);
  }
  for (const l of table) console.log(l);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
