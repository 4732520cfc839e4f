/**
 * `npm run bench:cluster`: load through HAProxy on the cluster of `npm run cluster` while app
 * server A is killed (kill -9 of its process group) and later restarted, then the checks that
 * the scale-out design keeps its promises (docs/deploy.md):
 *
 * - load: CONNECTIONS (default 200) clients for DURATION s (default 60), each in a loop: anonymous
 *   pages (home, a listing, a product), the same pages as a guest with a cart and as a signed-in
 *   shopper, and checkouts (pay on delivery, through /api/v1/orders/ with an Idempotency-Key);
 *   A is killed at a third of the run and restarted at two thirds. Per phase: req/s, p50/p95 and
 *   errors (a 5xx or a broken connection); 429s are counted apart (rate limits doing their job).
 * - checks: failures only among requests in flight on A when it was killed (or in HAProxy's
 *   detection window right after); the signed-in shopper's session works on A and on B; a price
 *   changed through A is seen by anonymous readers on B (the read replica) within 1 s; a photo
 *   uploaded through A is served by B (a redirect to the bucket); background jobs ran once (stale
 *   unpaid card orders cancelled once each, one e-mail each, stock back once; no e-mail sent
 *   twice); a login lockout reached on A holds on B (rate limits in Redis); every acknowledged
 *   order is in the database; stock = initial − ordered, never below zero.
 *
 *   npm run bench:cluster              # 200 connections, 60 s
 *   npm run bench:cluster -- --small   # 16 connections, 20 s (what tests/cluster runs)
 *
 * Figures are indicative: the load generator, HAProxy, both app servers and PostgreSQL share
 * this machine's cores.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startCluster, stopAllNow, type Cluster } from "./cluster";

export interface Phase {
  name: string;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  /** The errors by where they failed (`failureCause`). */
  causes: Record<FailureCause, number>;
  limited: number;
}
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
export interface BenchResult {
  connections: number;
  seconds: number;
  phases: Phase[];
  checks: Check[];
  byServer: Record<string, number>;
}

interface Sample {
  t: number;
  ms: number;
  status: number;
  server: string;
  /** The answer carried Retry-After (the app's 503 while the database is away). */
  retryAfter: boolean;
  kind: string;
}

/**
 * Who a failed request (a 5xx or a broken connection) failed at, told apart by what the client
 * got: `balancer` — HAProxy answered itself (no X-Served-By: no server was up, or its queue timed
 * out) or the connection was cut; `database` — an app server answered 503 with Retry-After (the
 * database away or past a bound, app/db/away.ts); `app` — an app server answered any other 5xx.
 */
export type FailureCause = "balancer" | "app" | "database";
export function failureCause(s: { status: number; server: string; retryAfter: boolean }): FailureCause {
  if (s.status === 0 || !s.server) return "balancer";
  return s.status === 503 && s.retryAfter ? "database" : "app";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : 0);

export async function benchCluster(opts: { connections: number; seconds: number; log?: (l: string) => void; cluster?: Cluster }): Promise<BenchResult> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const cluster = opts.cluster ?? (await startCluster({ log }));
  try {
    return await bench(cluster, opts.connections, opts.seconds, log);
  } finally {
    if (!opts.cluster) await cluster.stop();
  }
}

async function bench(cluster: Cluster, connections: number, seconds: number, log: (l: string) => void): Promise<BenchResult> {
  // The checks sign tokens and write fixtures as the app would: same secrets, the primary directly.
  process.env.JWT_SECRET = cluster.env.JWT_SECRET;
  process.env.SESSION_SECRET = cluster.env.SESSION_SECRET;
  process.env.DATA_DIR ??= path.join(cluster.dir, "bench");
  (await import("~/config.server")).resetEnvCache();
  const { openPostgres } = await import("~/db/client.server");
  const f = await import("~/db/seed/factories");
  const { signAccess } = await import("~/api/tokens.server");
  const { visitorCookie } = await import("./bench-server");
  const db = await openPostgres(cluster.primaryUrl, 4);
  const base = cluster.url;
  const [A, B] = cluster.servers;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail });
    log(`  ${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
  };
  const go = (url: string, init: RequestInit = {}) => fetch(url, { ...init, redirect: "manual" });

  try {
    // ---- fixtures --------------------------------------------------------------------------
    const tag = crypto.randomBytes(3).toString("hex");
    const vendor = await f.createUser(db, { email: `bench-vendor-${tag}@example.com` });
    const store = await f.createStore(db, { owner_id: vendor.id, name: `Bench Store ${tag}` });
    const cat = (await db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1")).rows[0].id;
    const INITIAL = 1_000_000;
    const products: number[] = [];
    for (let i = 0; i < 8; i++)
      products.push((await f.createProduct(db, { store_id: store.id, user_id: vendor.id, category_id: cat, name: `Bench cement ${tag} ${i}`, price_kobo: 500_000, selling_price_kobo: 500_000, stock_quantity: INITIAL })).id);
    // Workers i with i % 10 of 8 or 9 place orders, each as its own shopper.
    const buyerOf = new Map<number, number>();
    for (let i = 0; i < connections; i++) if (i % 10 >= 8) buyerOf.set(i, buyerOf.size);
    const checkoutWorkers = buyerOf.size;
    const shoppers: Array<{ token: string; addressId: number; cartId: string }> = [];
    for (let i = 0; i < checkoutWorkers; i++) {
      const u = await f.createUser(db, { email: `bench-shopper-${tag}-${i}@example.com` });
      const a = await f.createAddress(db, u.id, { state: "Lagos" });
      const c = await f.createCart(db, { user_id: u.id });
      shoppers.push({ token: (await signAccess(u.id)).token, addressId: a.id, cartId: c.id });
    }
    // Stale unpaid card orders for the background job (UNPAID_ORDER_TTL_HOURS, default 48) to cancel, each exactly once.
    const staleProduct = products[products.length - 1];
    const stale: string[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await f.createUser(db, { email: `bench-stale-${tag}-${i}@example.com` });
      stale.push(
        (await f.createOrder(db, { user_id: u.id, items: [{ product_id: staleProduct, quantity: 2 }], payment_method: "CardPayment", payment_status: "Pending", customer_email: u.email, created_at: new Date(Date.now() - 72 * 3600_000) })).id,
      );
    }
    const listing = "/building-materials";
    const listed = await (await go(base + listing)).text();
    const productPath = listed.match(/href="(\/[a-z0-9-]+\/\d+)"/)?.[1] ?? `/products/${products[0]}`;
    const pages = ["/", listing, productPath];
    const cartCookie = (await visitorCookie(base, "cart", productPath))!;
    const memberCookie = (await visitorCookie(base, "member", productPath))!;

    // ---- load --------------------------------------------------------------------------------
    const samples: Sample[] = [];
    const acknowledged: string[] = [];
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    const killAt = (seconds * 1000) / 3;
    const restartAt = (seconds * 2000) / 3;
    let killedAt = Infinity;
    let restartedAt = Infinity;
    let readyAgainAt = Infinity;
    const record = async (kind: string, run: () => Promise<Response>, after?: (r: Response) => Promise<void>) => {
      const s = performance.now();
      let status = 0;
      let server = "";
      let retryAfter = false;
      try {
        const r = await run();
        status = r.status;
        server = r.headers.get("x-served-by") ?? "";
        retryAfter = r.headers.has("retry-after");
        if (after) await after(r);
        else await r.arrayBuffer();
      } catch {
        status = 0;
      }
      samples.push({ t: s - t0, ms: performance.now() - s, status, server, retryAfter, kind });
    };
    const worker = async (i: number) => {
      const ip = `10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 200)}`;
      let n = 0;
      while (performance.now() < end) {
        n++;
        const slot = i % 10;
        if (slot >= 8) {
          const sh = shoppers[buyerOf.get(i)!];
          const picks = [products[n % 7], products[(n * 3 + i) % 7]];
          // Fill the cart (not timed; straight in the database). It may meet the server's own
          // work on the cart after the last order (a deadlock, 40P01): try again.
          for (let attempt = 1; ; attempt++) {
            try {
              await db.query(
                `WITH gone AS (DELETE FROM cart_items WHERE cart_id = $1)
                 INSERT INTO cart_items (cart_id, product_id, quantity) SELECT $1, unnest($2::int[]), 1
                 ON CONFLICT (cart_id, product_id, option_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
                [sh.cartId, [...new Set(picks)]],
              );
              break;
            } catch (e) {
              if (attempt >= 5 || !["40P01", "40001"].includes((e as { code?: string }).code ?? "")) throw e;
              await sleep(20 * attempt);
            }
          }
          await record(
            "checkout",
            () =>
              go(`${base}/api/v1/orders/`, {
                method: "POST",
                headers: { "content-type": "application/json", authorization: `Bearer ${sh.token}`, "idempotency-key": `bench-${tag}-${i}-${n}`, "x-forwarded-for": ip },
                body: JSON.stringify({ delivery_address_id: sh.addressId, order_payment_method: "PayOnDelivery", cart_id: sh.cartId }),
              }),
            async (r) => {
              const body = (await r.json().catch(() => null)) as { id?: string; order?: { id?: string } } | null;
              const id = body?.id ?? body?.order?.id;
              if (r.status === 201 && id) acknowledged.push(String(id));
            },
          );
        } else {
          const cookie = slot >= 6 ? memberCookie : slot >= 4 ? cartCookie : undefined;
          const kind = slot >= 6 ? "member" : slot >= 4 ? "cart" : "anonymous";
          const headers: Record<string, string> = { "accept-encoding": "gzip, br", "x-forwarded-for": ip };
          if (cookie) headers.cookie = cookie;
          await record(kind, () => go(base + pages[n % pages.length], { headers }));
        }
      }
    };
    const faults = (async () => {
      await sleep(killAt);
      killedAt = performance.now() - t0;
      cluster.kill(0);
      log(`  killed app server A (kill -9 of its process group) at ${(killedAt / 1000).toFixed(1)} s`);
      await sleep(Math.max(0, restartAt - (performance.now() - t0)));
      restartedAt = performance.now() - t0;
      await cluster.restart(0);
      readyAgainAt = performance.now() - t0;
      log(`  restarted A at ${(restartedAt / 1000).toFixed(1)} s, ready at ${(readyAgainAt / 1000).toFixed(1)} s`);
    })();
    const replicaTx = async () => {
      const r = await openPostgres(cluster.replicaUrl, 1);
      try {
        return (await r.query<{ n: number }>("SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = current_database()")).rows[0].n;
      } finally {
        await r.close();
      }
    };
    const replicaBefore = await replicaTx();
    log(`load: ${connections} connections for ${seconds} s through HAProxy (${checkoutWorkers} of them placing orders)`);
    await Promise.all([...Array.from({ length: connections }, (_, i) => worker(i)), faults]);
    const wall = performance.now() - t0;
    const replicaReads = (await replicaTx()) - replicaBefore - 1;

    const phaseOf = (t: number) => (t < killedAt ? 0 : t < restartedAt ? 1 : 2);
    const names = ["both up", "A killed", "A restarted"];
    const bounds = [0, killedAt, restartedAt, wall];
    const phases: Phase[] = names.map((name, p) => {
      const mine = samples.filter((s) => phaseOf(s.t) === p);
      const secs = (bounds[p + 1] - bounds[p]) / 1000;
      const sorted = mine.map((s) => s.ms).sort((a, b) => a - b);
      return {
        name,
        seconds: secs,
        requests: mine.length,
        rps: mine.length / secs,
        p50: pct(sorted, 50),
        p95: pct(sorted, 95),
        errors: mine.filter((s) => s.status === 0 || s.status >= 500).length,
        causes: causesOf(mine.filter((s) => s.status === 0 || s.status >= 500)),
        limited: mine.filter((s) => s.status === 429).length,
      };
    });
    const byServer: Record<string, number> = {};
    for (const s of samples) byServer[s.server || "-"] = (byServer[s.server || "-"] ?? 0) + 1;
    log("");
    log(`phase          seconds   requests    req/s    p50 ms   p95 ms   errors (balancer/app/database)   429s`);
    for (const p of phases)
      log(`${p.name.padEnd(14)} ${p.seconds.toFixed(1).padStart(7)} ${String(p.requests).padStart(10)} ${p.rps.toFixed(0).padStart(8)} ${p.p50.toFixed(0).padStart(9)} ${p.p95.toFixed(0).padStart(8)} ${String(p.errors).padStart(8)} ${`(${p.causes.balancer}/${p.causes.app}/${p.causes.database})`.padStart(23)} ${String(p.limited).padStart(6)}`);
    log(`answered by: ${Object.entries(byServer).map(([k, v]) => `${k} ${v}`).join(", ")}; ${acknowledged.length} orders acknowledged`);
    log("");

    // ---- checks ------------------------------------------------------------------------------
    const failed = samples.filter((s) => s.status === 0 || s.status >= 500);
    // In flight at the kill (started before it, ended after), or sent in HAProxy's detection window (check inter 1 s, fall 2).
    const inFlight = (s: Sample) => s.t < killedAt && s.t + s.ms >= killedAt;
    const excused = (s: Sample) => inFlight(s) || (s.t >= killedAt && s.t < killedAt + 2500);
    const unexcused = failed.filter((s) => !excused(s));
    const flying = failed.filter(inFlight).length;
    const by = causesOf(unexcused);
    check(
      "failures only in flight on the killed server",
      unexcused.length === 0,
      `${failed.length} failed (${flying} in flight at the kill, ${failed.length - unexcused.length - flying} sent in the 2.5 s after it, ${unexcused.length} otherwise${unexcused.length ? ` (balancer ${by.balancer}, app ${by.app}, database ${by.database})` : ""}${unexcused.length ? `: ${unexcused.slice(0, 5).map((s) => `${s.kind} ${s.status} at ${(s.t / 1000).toFixed(1)} s`).join(", ")}` : ""})`,
    );
    check("anonymous catalogue reads went to the replica", replicaReads > 0, `${replicaReads} transactions on the replica during the load`);
    check("both servers answered", (byServer.A ?? 0) > 0 && (byServer.B ?? 0) > 0, `A ${byServer.A ?? 0}, B ${byServer.B ?? 0}`);

    const sessionOn = async (s: (typeof cluster.servers)[number]) => {
      const r = await go(`${s.url}/users/orders`, { headers: { cookie: memberCookie } });
      await r.arrayBuffer();
      return r.status;
    };
    const sa = await sessionOn(A);
    const sb = await sessionOn(B);
    check("a session made through the balancer is valid on A and on B", sa === 200 && sb === 200, `/users/orders: A ${sa}, B ${sb}`);

    const vendorToken = (await signAccess(vendor.id)).token;
    const target = products[0];
    const readPrice = async (s: (typeof cluster.servers)[number]) => {
      const r = await go(`${s.url}/api/v1/products/${target}/`);
      return ((await r.json()) as { price: number }).price;
    };
    await readPrice(B); // B keeps the old answer in its catalogue cache
    const newPrice = 4321 + Math.floor(Math.random() * 1000);
    const form = new FormData();
    form.set("price", String(newPrice));
    const patched = await go(`${A.url}/api/v1/products/${target}/`, { method: "PATCH", headers: { authorization: `Bearer ${vendorToken}` }, body: form });
    const patchedOk = patched.ok;
    await patched.arrayBuffer();
    const t1 = performance.now();
    let seenAfter = -1;
    while (performance.now() - t1 < 1000) {
      if ((await readPrice(B)) === newPrice) {
        seenAfter = performance.now() - t1;
        break;
      }
      await sleep(25);
    }
    check("a price changed through A is seen on B within 1 s", patchedOk && seenAfter >= 0, patchedOk ? (seenAfter >= 0 ? `seen after ${seenAfter.toFixed(0)} ms (anonymous read, replica)` : "not seen within 1 s") : `PATCH answered ${patched.status}`);

    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 20 } } }).png().toBuffer();
    const up = new FormData();
    up.set("image[0]", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
    const upr = await go(`${A.url}/api/v1/products/${target}/`, { method: "PATCH", headers: { authorization: `Bearer ${vendorToken}` }, body: up });
    const upBody = (await upr.json().catch(() => ({}))) as { images?: Array<string | { image?: string }>; image?: string };
    const imgs = (upBody.images ?? []).map((x) => (typeof x === "string" ? x : x.image ?? "")).filter(Boolean);
    const imgUrl = imgs[0] ?? upBody.image ?? "";
    let photo = `upload answered ${upr.status}, no image URL`;
    let photoOk = false;
    if (upr.ok && imgUrl) {
      const u = new URL(imgUrl, A.url);
      const onB = await go(`${B.url}${u.pathname}${u.search}`);
      const loc = onB.headers.get("location") ?? "";
      await onB.arrayBuffer();
      const fromBucket = loc ? await fetch(loc) : null;
      const bytes = fromBucket ? new Uint8Array(await fromBucket.arrayBuffer()) : new Uint8Array();
      photoOk = onB.status === 302 && loc.startsWith(cluster.s3Endpoint) && fromBucket?.status === 200 && bytes.length > 0;
      photo = `B answered ${onB.status} → ${loc ? new URL(loc).origin : "no Location"} (the S3 stand-in), which answered ${fromBucket?.status ?? "-"} with ${bytes.length} bytes of ${fromBucket?.headers.get("content-type") ?? "?"}`;
    }
    check("a photo uploaded through A is served by B (from the bucket)", photoOk, photo);

    // A login lockout reached through A holds on B (the per-account-and-address failures live in Redis).
    const loginFail = (s: (typeof cluster.servers)[number], email: string) =>
      go(`${s.url}/api/v1/users/auth/login/`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" }, body: JSON.stringify({ email, password: "wrong-password-1" }) }).then(async (r) => (await r.arrayBuffer(), r.status));
    const victim1 = await f.createUser(db, { email: `bench-lock1-${tag}@example.com` });
    let n = 0;
    for (; n < 40 && (await loginFail(A, victim1.email)) !== 429; n++);
    const victim2 = await f.createUser(db, { email: `bench-lock2-${tag}@example.com` });
    for (let i = 0; i < n; i++) await loginFail(A, victim2.email);
    const onB = await loginFail(B, victim2.email);
    check("rate limits are shared (Redis)", n < 40 && onB === 429, `locked after ${n} failures on A; the next failure for another account, sent to B, answered ${onB}`);

    // Background jobs: let every server run its timer once more (first tick 5 s after start, then
    // every 60 s). Up to a whole period and a margin: on a busy machine the restarted server's first
    // tick can come late, and then it is the other server's next tick that does the work.
    const jobsDeadline = Date.now() + 75_000;
    const staleState = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_items WHERE order_id = ANY($1::uuid[]) AND status = 'Cancelled'", [stale])).rows[0].n;
    while ((await staleState()) < stale.length && Date.now() < jobsDeadline) await sleep(500);
    // The e-mails go out after the cancellations commit (the mail queue, flushed by the server that
    // cancelled): on a busy machine that can take seconds more, so wait for them too, to the same deadline.
    const staleEmails = await Promise.all(
      stale.map(async (id) => (await db.query<{ e: string }>("SELECT customer_email AS e FROM orders WHERE id = $1", [id])).rows[0].e.toLowerCase()),
    );
    const mailsPerStale = (mails: Map<string, number>) =>
      staleEmails.map((email) => [...mails.entries()].filter(([k]) => k.startsWith(`${email}|`)).reduce((a, [, c]) => a + c, 0));
    while (mailsPerStale(readOutboxes(cluster)).some((c) => c === 0) && Date.now() < jobsDeadline) await sleep(500);
    await sleep(1500); // a second server's run, if it were to repeat the work, lands meanwhile
    const cancelled = await staleState();
    const stockRow = async (id: number) => (await db.query<{ s: number }>("SELECT stock_quantity AS s FROM products WHERE id = $1", [id])).rows[0].s;
    const staleStock = await stockRow(staleProduct);
    const mails = readOutboxes(cluster);
    const dupMails = [...mails.entries()].filter(([, c]) => c > 1);
    const staleMails = mailsPerStale(mails);
    // An e-mail a server claimed from the queue just before it was killed waits out the claim (ten
    // minutes) and is then sent by another: not lost, and not sent twice. So each cancelled order's
    // e-mail is either in an outbox or still in the queue, exactly once in all.
    const queuedRows = await db.query<{ e: string; n: number }>(
      "SELECT lower(to_address) AS e, count(*)::int AS n FROM mail_queue WHERE sent_at IS NULL AND lower(to_address) = ANY($1::text[]) GROUP BY 1",
      [staleEmails],
    );
    const queuedPerStale = staleEmails.map((email) => queuedRows.rows.find((r) => r.e === email)?.n ?? 0);
    const queued = queuedPerStale.reduce((a, b) => a + b, 0);
    check(
      "background jobs ran exactly once",
      cancelled === stale.length && staleStock === INITIAL + stale.length * 2 && staleMails.every((c, i) => c + queuedPerStale[i] === 1) && dupMails.length === 0,
      `${cancelled}/${stale.length} stale unpaid card orders cancelled, stock returned ${(staleStock - INITIAL) / 2} times, e-mails per cancelled order ${staleMails.join(",")} (${queued} still queued, for a later try); ${[...mails.values()].reduce((a, b) => a + b, 0)} e-mails in the outboxes, ${dupMails.length} sent twice${dupMails.length ? ` (${dupMails.slice(0, 3).map(([k, c]) => `${c}× ${k}`).join("; ")})` : ""}`,
    );

    const present = acknowledged.length
      ? (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[])", [acknowledged])).rows[0].n
      : 0;
    check("no acknowledged order lost", acknowledged.length > 0 && present === acknowledged.length, `${present} of ${acknowledged.length} acknowledged orders in the database`);

    const stock = await db.query<{ id: number; stock: number; ordered: number }>(
      `SELECT p.id, p.stock_quantity AS stock, COALESCE(sum(oi.quantity) FILTER (WHERE oi.status = 'Active'), 0)::int AS ordered
         FROM products p LEFT JOIN order_items oi ON oi.product_id = p.id
        WHERE p.id = ANY($1::int[]) GROUP BY p.id`,
      [products.slice(0, 7)],
    );
    const off = stock.rows.filter((r) => r.stock !== INITIAL - r.ordered || r.stock < 0);
    const ordered = stock.rows.reduce((a, r) => a + r.ordered, 0);
    check("stock consistent", off.length === 0, off.length ? `${off.length} products off: ${JSON.stringify(off.slice(0, 3))}` : `stock = ${INITIAL} − ordered for all 7 products (${ordered} units ordered)`);

    return { connections, seconds, phases, checks, byServer };
  } finally {
    await db.close();
  }
}

function causesOf(failed: Array<{ status: number; server: string; retryAfter: boolean }>): Record<FailureCause, number> {
  const n: Record<FailureCause, number> = { balancer: 0, app: 0, database: 0 };
  for (const s of failed) n[failureCause(s)]++;
  return n;
}

/** Every e-mail in the app servers' outboxes, counted by recipient and subject ("to|subject"). */
function readOutboxes(cluster: Cluster): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of cluster.servers) {
    const dir = path.join(s.dataDir, "outbox");
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
      const head = fs.readFileSync(path.join(dir, file), "utf8").split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
      const to = head.match(/^To:\s*(.*)$/im)?.[1].replace(/.*</, "").replace(/>.*/, "").trim().toLowerCase() ?? "";
      const subject = head.match(/^Subject:\s*(.*)$/im)?.[1].trim() ?? "";
      const key = `${to}|${subject}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

async function main() {
  const small = process.argv.includes("--small");
  const connections = Number(process.env.CONNECTIONS ?? (small ? 16 : 200));
  const seconds = Number(process.env.DURATION ?? (small ? 20 : 60));
  const stop = () => {
    stopAllNow();
    process.exit(130);
  };
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, stop);
  const cluster = await startCluster();
  const r = await benchCluster({ connections, seconds, cluster }).finally(() => cluster.stop());
  const bad = r.checks.filter((c) => !c.ok);
  console.log(bad.length ? `\n${bad.length} check(s) failed.` : "\nAll checks passed.");
  process.exit(bad.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
