/**
 * npm run bench:checkout — order placements per second and latency (p50/p95/p99) of
 * POST /api/v1/orders/ with 50 concurrent shoppers, on PostgreSQL.
 *
 * It makes a fresh database (mkt_bench_checkout_<random> on BENCH_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432, dropped at the end), migrates it, creates a catalogue,
 * shoppers with an address each, and serves the real API handler (handleApi) over HTTP on a free
 * port, as the API tests do. Each shopper then loops: refill the cart (2 products, one SQL
 * statement, not timed) and place an order over HTTP (timed), alternating pay on delivery (cart
 * emptied in the same transaction) and card (cart kept), each with an Idempotency-Key.
 * placements/s = orders placed / wall time of the scenario. Two scenarios:
 *   - spread: every order takes stock of random products among --products;
 *   - hot:    every cart also holds the same product (every placement waits on one stock row).
 * Mail goes to a counting no-op transport (the queue rows are still written in the order's
 * transaction). It prints figures; it is not a test. Bounded by --orders and --seconds.
 *
 * Flags: --shoppers=50 --orders=1000 (per scenario) --seconds=60 (per scenario) --products=200
 *        --pool=10 (app connection pool) --scenarios=spread,hot
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const SHOPPERS = Number(args.shoppers ?? 50);
const ORDERS = Number(args.orders ?? 1000);
const SECONDS = Number(args.seconds ?? 60);
const PRODUCTS = Number(args.products ?? 200);
const POOL = Number(args.pool ?? 10);
const SCENARIOS = (args.scenarios ?? "spread,hot").split(",");
const PG_ADMIN = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

// The app reads its settings from the environment: a throw-away data dir, fixed secrets, quiet logs.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-checkout-"));
process.env.DATA_DIR = dataDir;
process.env.JWT_SECRET ??= "bench-checkout-secret";
process.env.SESSION_SECRET ??= "bench-checkout-session";
process.env.LOG_LEVEL ??= "warn";

const { handleApi } = await import("~/api/router");
const { signAccess } = await import("~/api/tokens.server");
const { migrate, openPostgres, setDb } = await import("~/db/client.server");
const { createAddress, createCart, createStore, createUser } = await import("~/db/seed/factories");
const { flushMailQueue, setMailTransport } = await import("~/integrations/mail.server");
const pg = (await import("pg")).default;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const admin = new pg.Client(PG_ADMIN);
  try {
    await admin.connect();
  } catch (e) {
    console.error(`PostgreSQL not reachable at ${PG_ADMIN.replace(/\/\/[^@]*@/, "//…@")}: ${(e as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const name = `mkt_bench_checkout_${crypto.randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), POOL);
  let mails = 0;
  setMailTransport({ name: "bench", send: async () => void mails++ });
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
    const response = await handleApi(request, { clientIp: "127.0.0.1" });
    res.statusCode = response.status;
    response.headers.forEach((v, k) => res.setHeader(k, v));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  try {
    await migrate(db);
    setDb(db);
    console.log(`bench:checkout on PostgreSQL (${name}), ${SHOPPERS} concurrent shoppers, pool ${POOL}, ${os.cpus().length} CPUs`);
    // ---- catalogue and shoppers --------------------------------------------------------
    const owner = await createUser(db, { email: "bench-owner@example.com" });
    const store = await createStore(db, { owner_id: owner.id, name: "Bench Store" });
    const cat = await db.query<{ id: number }>("INSERT INTO categories (name, slug) VALUES ('Bench', 'bench') RETURNING id");
    await db.query(
      `INSERT INTO products (store_id, user_id, category_id, name, size, price_kobo, selling_price_kobo, stock_quantity)
       SELECT $1, $2, $3, 'Bench product ' || i, (ARRAY['small','medium','large'])[1 + i % 3], 100000 + i * 1000, 100000 + i * 1000, 1000000
         FROM generate_series(1, $4::int) i`,
      [store.id, owner.id, cat.rows[0].id, PRODUCTS + 1],
    );
    const productIds = (await db.query<{ id: number }>("SELECT id FROM products ORDER BY id")).rows.map((r) => r.id);
    const hot = productIds.pop()!;
    const states = ["Lagos", "Oyo", "Rivers", "Federal Capital Territory", "Kano"];
    const shoppers: Array<{ id: number; token: string; addressId: number; cartId: string }> = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const u = await createUser(db, { email: `bench-shopper-${i}@example.com` });
      const a = await createAddress(db, u.id, { state: states[i % states.length] });
      const c = await createCart(db, { user_id: u.id });
      shoppers.push({ id: u.id, token: (await signAccess(u.id)).token, addressId: a.id, cartId: c.id });
    }
    await db.exec("VACUUM ANALYZE");
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    const call = (p: string, token: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${base}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...extra },
        body: JSON.stringify(body),
      });

    for (const scenario of ["warm-up", ...SCENARIOS]) {
      // carts start empty for every scenario
      await db.query("DELETE FROM cart_items");
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let started = scenario === "warm-up" ? ORDERS - SHOPPERS * 2 : 0; // warm-up: 2 orders per shopper, not printed
      const deadline = performance.now() + SECONDS * 1000;
      const t0 = performance.now();
      const worker = async (s: (typeof shoppers)[number], w: number) => {
        let n = 0;
        while (started < ORDERS && performance.now() < deadline) {
          started++;
          n++;
          // fill the cart (not timed; one statement): two random products, plus the hot one in the hot scenario
          const picks = [...new Set([productIds[crypto.randomInt(productIds.length)], productIds[crypto.randomInt(productIds.length)]])];
          if (scenario === "hot") picks.push(hot);
          await db.query(
            `WITH gone AS (DELETE FROM cart_items WHERE cart_id = $1)
             INSERT INTO cart_items (cart_id, product_id, quantity) SELECT $1, unnest($2::int[]), 1 + floor(random() * 3)::int
             ON CONFLICT (cart_id, product_id, option_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
            [s.cartId, picks],
          );
          const method = n % 2 ? "PayOnDelivery" : "CardPayment";
          const t = performance.now();
          const r = await call("/orders/", s.token, { delivery_address_id: s.addressId, order_payment_method: method, cart_id: s.cartId }, { "Idempotency-Key": `bench-${scenario}-${w}-${n}` });
          await r.arrayBuffer();
          latencies.push(performance.now() - t);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
      };
      await Promise.all(shoppers.map((s, i) => worker(s, i)));
      const wall = (performance.now() - t0) / 1000;
      const sorted = [...latencies].sort((a, b) => a - b);
      const placed = statuses["201"] ?? 0;
      if (scenario === "warm-up") continue;
      console.log(
        `  ${scenario.padEnd(6)} ${placed} orders placed (statuses ${JSON.stringify(statuses)}) in ${wall.toFixed(1)} s: ` +
          `${(placed / wall).toFixed(0)} placements/s at ${SHOPPERS} concurrent shoppers; ` +
          `latency p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, p99 ${pct(sorted, 99).toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`,
      );
      const check = await db.query<{ oversold: number; orders: number }>(
        "SELECT (SELECT count(*)::int FROM products WHERE stock_quantity < 0) AS oversold, (SELECT count(*)::int FROM orders) AS orders",
      );
      if (check.rows[0].oversold) console.log(`  !! ${check.rows[0].oversold} products below zero stock`);
    }
    // let the mail queue drain (each placement asked for a flush) before the pool closes
    for (let i = 0; i < 50 && (await flushMailQueue(db, { all: true, limit: 500 })).sent > 0; i++);
    console.log(`  (${mails} order e-mails handed to the no-op transport)`);
  } finally {
    await new Promise<void>((r) => (server.listening ? server.close(() => r()) : r()));
    server.closeAllConnections();
    await new Promise((r) => setTimeout(r, 500)); // background mail flushes finish
    setDb(null);
    await db.close();
    const left = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
    if (left.rows[0].n) console.log(`  (${left.rows[0].n} connections still open at teardown)`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    setMailTransport(null);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
