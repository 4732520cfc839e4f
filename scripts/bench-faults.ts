/**
 * `npm run bench:faults`: each fault of issue 37 on the cluster of `npm run cluster`, one after
 * another, under a bounded mixed load through HAProxy (anonymous catalogue readers, and shoppers
 * placing pay-on-delivery orders with an Idempotency-Key, retried once with the same key when the
 * first try gets no answer or a 5xx), and per fault what clients and the data saw:
 *
 * - client errors (a 5xx or a broken connection; 429s are not errors): before the fault (the last
 *   one not yet recovered from), in flight when it began, sent while it lasted, sent after the
 *   part was back; and by cause (`failureCause`);
 * - orders: acknowledged (a 201 on either try), in the database (the keys' rows), committed
 *   without an answer (in the database, but neither try got a 201), duplicated (more orders than
 *   keys), lost (acknowledged, not in the database);
 * - stuck transactions: transactions seen `idle in transaction` on the primary for longer than
 *   STUCK_MS (a checkout waits on nothing outside the database), and sessions the primary ended
 *   by `idle_in_transaction_session_timeout` (its log);
 * - process exits (server processes that ended; their master starts another);
 * - time to recover: from the part being back to the first read and the first order answered.
 *
 * Faults: `terminate` (pg_terminate_backend of every app session, 5 episodes 1 s apart),
 * `refuse` (the primary stopped: connections refused, then started), `bouncer` (PgBouncer killed
 * and started again), `replica` (the replica stopped, then started), `redis` (Redis killed, then
 * started empty).
 * Exits 1 when a fault left a process exit, a stuck transaction, a duplicated or lost order, or an
 * error for a request sent after the part was back.
 *
 *   npm run bench:faults                        # every fault, 12 readers + 6 shoppers
 *   npm run bench:faults -- --only=replica,bouncer --small
 *   npm run bench:faults -- --only=replica,replica --during=14 --readers=30 --shoppers=10
 *
 * `benchFaults` is what tests/server/cluster-faults.test.ts runs (a small load, two faults).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startCluster, stopAllNow, type Cluster } from "./cluster";
import { failureCause, type FailureCause } from "./bench-cluster";

export const FAULTS = ["terminate", "refuse", "bouncer", "replica", "redis"] as const;
export type FaultName = (typeof FAULTS)[number];

/** Reads are back on the replica once it has committed this many transactions of others since its return. */
export const REPLICA_BACK = 10;

/** A checkout transaction idle this long on the primary is stuck: it waits on something outside the database. */
export const STUCK_MS = 2000;

export interface FaultResult {
  fault: FaultName;
  requests: number;
  /** Before: sent and failed before the fault began (a part not yet recovered from the last one). */
  errors: { before: number; inFlight: number; during: number; after: number };
  causes: Record<FailureCause, number>;
  /** Reads answered 200 while the part was away, and after it was back. */
  readsOk: { during: number; after: number };
  orders: { acknowledged: number; inDb: number; unanswered: number; duplicated: number; lost: number; retried: number };
  stuck: { transactions: number; longestMs: number; endedByBound: number; queries: string[] };
  exits: number;
  /** ms from the part back to the first read and the first order answered after it (null: none). */
  recoverMs: number | null;
  /** Transactions the replica committed after it was back (reads returned to it). */
  replicaAfter: number | null;
}

interface Sample {
  t: number;
  ms: number;
  status: number;
  server: string;
  retryAfter: boolean;
  kind: "read" | "checkout";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FaultBenchOptions {
  faults?: readonly FaultName[];
  readers?: number;
  shoppers?: number;
  /** Seconds of load before the fault, the fault's length, seconds after the part is back. */
  before?: number;
  during?: number;
  after?: number;
  cluster?: Cluster;
  log?: (l: string) => void;
}

export async function benchFaults(opts: FaultBenchOptions = {}): Promise<FaultResult[]> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const cluster = opts.cluster ?? (await startCluster({ log }));
  try {
    return await run(cluster, opts, log);
  } finally {
    if (!opts.cluster) await cluster.stop();
  }
}

async function run(cluster: Cluster, opts: FaultBenchOptions, log: (l: string) => void): Promise<FaultResult[]> {
  process.env.JWT_SECRET = cluster.env.JWT_SECRET;
  process.env.SESSION_SECRET = cluster.env.SESSION_SECRET;
  process.env.DATA_DIR ??= path.join(cluster.dir, "bench");
  (await import("~/config.server")).resetEnvCache();
  const { openPostgres } = await import("~/db/client.server");
  const f = await import("~/db/seed/factories");
  const { signAccess } = await import("~/api/tokens.server");
  const pg = (await import("pg")).default;
  const readers = opts.readers ?? 12;
  const shopperCount = opts.shoppers ?? 6;
  const [before, during, after] = [opts.before ?? 3, opts.during ?? 8, opts.after ?? 8];
  const faults = opts.faults ?? FAULTS;
  const base = cluster.url;

  // Fixtures, written straight to the primary (its own small pool, reopened after a fault that stops it).
  let db = await openPostgres(cluster.primaryUrl, 2);
  const tag = crypto.randomBytes(3).toString("hex");
  const vendor = await f.createUser(db, { email: `faults-vendor-${tag}@example.com` });
  const store = await f.createStore(db, { owner_id: vendor.id, name: `Faults Store ${tag}` });
  const cat = (await db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1")).rows[0].id;
  const products: number[] = [];
  for (let i = 0; i < 6; i++)
    products.push((await f.createProduct(db, { store_id: store.id, user_id: vendor.id, category_id: cat, name: `Faults cement ${tag} ${i}`, price_kobo: 500_000, selling_price_kobo: 500_000, stock_quantity: 1_000_000 })).id);
  const shoppers: Array<{ id: number; token: string; addressId: number }> = [];
  for (let i = 0; i < shopperCount; i++) {
    const u = await f.createUser(db, { email: `faults-shopper-${tag}-${i}@example.com` });
    const a = await f.createAddress(db, u.id, { state: "Lagos" });
    shoppers.push({ id: u.id, token: (await signAccess(u.id)).token, addressId: a.id });
  }
  await db.close();

  const exitsSoFar = () =>
    cluster.servers.reduce((n, s) => {
      const file = path.join(s.dataDir, "server.log");
      const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      return n + (text.match(/a server process ended/g)?.length ?? 0) + (s.child && s.child.exitCode !== null ? 1 : 0);
    }, 0);
  const boundEnds = () => (fs.readFileSync(cluster.primaryLog, "utf8").match(/idle-in-transaction timeout/g)?.length ?? 0);
  const replicaCommits = async (): Promise<number | null> => {
    const c = new pg.Client({ connectionString: cluster.replicaUrl, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      return (await c.query<{ n: number }>("SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = current_database()")).rows[0].n;
    } catch {
      return null;
    } finally {
      await c.end().catch(() => {});
    }
  };

  const results: FaultResult[] = [];
  for (const [run, fault] of faults.entries()) {
    log(`fault ${fault}: ${readers} readers and ${shopperCount} shoppers for ${before} s, the fault for ${fault === "bouncer" || fault === "terminate" ? "its episodes" : `${during} s`}, then ${after} s`);
    const samples: Sample[] = [];
    const keys = new Map<string, { acknowledged: boolean; tries: number }>();
    const startedAt = await (async () => {
      const c = await openPostgres(cluster.primaryUrl, 1);
      try {
        return (await c.query<{ t: string }>("SELECT now()::text AS t")).rows[0].t;
      } finally {
        await c.close();
      }
    })();
    const exits0 = exitsSoFar();
    const ends0 = boundEnds();
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let faultAt = Infinity;
    let backAt = Infinity;
    let stopping = false;

    const request = async (kind: Sample["kind"], url: string, init: RequestInit = {}) => {
      const t = now();
      let status = 0;
      let server = "";
      let retryAfter = false;
      let body: unknown = null;
      try {
        const r = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(60_000) });
        status = r.status;
        server = r.headers.get("x-served-by") ?? "";
        retryAfter = r.headers.has("retry-after");
        body = await r.json().catch(() => null);
      } catch {
        status = 0;
      }
      samples.push({ t, ms: now() - t, status, server, retryAfter, kind });
      return { status, body };
    };
    const reader = async (i: number) => {
      for (let n = 0; !stopping; n++) {
        // A query string of its own: a miss in the catalogue cache, so a database read every time.
        const r = await request("read", `${base}/api/v1/products/${products[(i + n) % products.length]}/?r=${tag}-${i}-${n}`, { headers: { "x-forwarded-for": `10.1.${i}.${n % 250}` } });
        if (r.status === 0 || r.status >= 500) await sleep(200);
      }
    };
    const shopper = async (i: number) => {
      const sh = shoppers[i];
      for (let n = 0; !stopping; n++) {
        const key = `faults-${tag}-${run}-${i}-${n}`;
        const entry = { acknowledged: false, tries: 0 };
        keys.set(key, entry);
        const init = {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${sh.token}`, "idempotency-key": key, "x-forwarded-for": `10.2.${i}.1` },
          body: JSON.stringify({ delivery_address_id: sh.addressId, order_payment_method: "PayOnDelivery", buy: products[(i + n) % products.length], quantity: 1 }),
        };
        for (let attempt = 1; attempt <= 2; attempt++) {
          entry.tries = attempt;
          const r = await request("checkout", `${base}/api/v1/orders/`, init);
          if (r.status === 201) {
            entry.acknowledged = true;
            break;
          }
          if (r.status !== 0 && r.status < 500) break; // a 4xx: nothing to retry
          await sleep(1000); // the one retry, with the same key
        }
      }
    };

    // What the primary shows meanwhile: transactions idle in transaction, by pid and start.
    const idle = new Map<string, { ms: number; query: string }>();
    const watch = (async () => {
      let c: InstanceType<typeof pg.Client> | null = null;
      while (!stopping) {
        try {
          if (!c) {
            c = new pg.Client({ connectionString: cluster.primaryUrl, connectionTimeoutMillis: 2000 });
            c.on("error", () => {});
            await c.connect();
          }
          const r = await c.query<{ id: string; ms: number; query: string }>(
            `SELECT pid || ':' || xact_start AS id, (extract(epoch FROM now() - state_change) * 1000)::int AS ms, left(query, 200) AS query
               FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()`,
          );
          for (const row of r.rows) {
            const seen = idle.get(row.id);
            if (!seen || seen.ms < row.ms) idle.set(row.id, { ms: row.ms, query: row.query });
          }
        } catch {
          await c?.end().catch(() => {});
          c = null;
        }
        await sleep(250);
      }
      await c?.end().catch(() => {});
    })();

    const load = [...Array.from({ length: readers }, (_, i) => reader(i)), ...Array.from({ length: shopperCount }, (_, i) => shopper(i))];
    await sleep(before * 1000);
    let replicaBaseline: number | null = null;
    faultAt = now();
    switch (fault) {
      case "terminate": {
        const c = new pg.Client({ connectionString: cluster.primaryUrl });
        await c.connect();
        for (let e = 0; e < 5; e++) {
          await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'");
          if (e < 4) await sleep(1000);
        }
        await c.end();
        break;
      }
      case "refuse":
        await cluster.parts.primary.stop();
        await sleep(during * 1000);
        await cluster.parts.primary.start();
        break;
      case "bouncer":
        await cluster.parts.bouncer.stop();
        await cluster.parts.bouncer.start();
        break;
      case "replica":
        await cluster.parts.replica.stop();
        await sleep(during * 1000);
        await cluster.parts.replica.start();
        replicaBaseline = await replicaCommits();
        break;
      case "redis":
        await cluster.parts.redis.stop();
        await sleep(during * 1000);
        await cluster.parts.redis.start();
        break;
    }
    backAt = now();
    await sleep(after * 1000);
    // Reads come back to the replica once PgBouncer logs in to it again (server_login_retry after
    // its last failed try) and the app's pause is over: load goes on up to 30 s more for it.
    // Our own look at the replica is one commit each time.
    let replicaAfter: number | null = null;
    if (replicaBaseline !== null) {
      for (let tries = 1; ; tries++) {
        replicaAfter = ((await replicaCommits()) ?? replicaBaseline) - replicaBaseline - tries;
        if (replicaAfter >= REPLICA_BACK || tries > 30) break;
        await sleep(1000);
      }
    }
    stopping = true;
    await Promise.all(load);
    await watch;

    // ---- what the data says ------------------------------------------------------------------
    db = await openPostgres(cluster.primaryUrl, 2);
    const keyList = [...keys.keys()];
    const inDbRows = await db.query<{ key: string }>("SELECT key FROM order_idempotency_keys WHERE key = ANY($1::text[])", [keyList]);
    const inDb = new Set(inDbRows.rows.map((r) => r.key));
    // Every order of this fault's shoppers since it began was placed with one of its keys: more orders than keys is a duplicate.
    const orderCount = (
      await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE user_id = ANY($1::int[]) AND created_at >= $2::timestamptz", [shoppers.map((s) => s.id), startedAt])
    ).rows[0].n;
    await db.close();
    const acked = keyList.filter((k) => keys.get(k)!.acknowledged);
    const failed = samples.filter((s) => s.status === 0 || s.status >= 500);
    const beforeN = failed.filter((s) => s.t + s.ms < faultAt).length;
    const inFlight = failed.filter((s) => s.t < faultAt && s.t + s.ms >= faultAt).length;
    const duringN = failed.filter((s) => s.t >= faultAt && s.t < backAt).length;
    const afterN = failed.filter((s) => s.t >= backAt).length;
    const causes = { balancer: 0, app: 0, database: 0 } as Record<FailureCause, number>;
    for (const s of failed) causes[failureCause(s)]++;
    const firstOk = (kind: Sample["kind"]) => samples.filter((s) => s.kind === kind && s.t >= backAt && (kind === "read" ? s.status === 200 : s.status === 201)).reduce((m, s) => Math.min(m, s.t + s.ms), Infinity);
    const recovered = Math.max(firstOk("read"), firstOk("checkout"));
    const stuck = [...idle.values()].filter((x) => x.ms > STUCK_MS);
    const result: FaultResult = {
      fault,
      requests: samples.length,
      errors: { before: beforeN, inFlight, during: duringN, after: afterN },
      causes,
      readsOk: {
        during: samples.filter((s) => s.kind === "read" && s.status === 200 && s.t >= faultAt && s.t < backAt).length,
        after: samples.filter((s) => s.kind === "read" && s.status === 200 && s.t >= backAt).length,
      },
      orders: {
        acknowledged: acked.length,
        inDb: inDb.size,
        unanswered: keyList.filter((k) => inDb.has(k) && !keys.get(k)!.acknowledged).length,
        duplicated: orderCount - inDb.size,
        lost: acked.filter((k) => !inDb.has(k)).length,
        retried: keyList.filter((k) => keys.get(k)!.tries > 1).length,
      },
      stuck: { transactions: stuck.length, longestMs: Math.max(0, ...[...idle.values()].map((x) => x.ms)), endedByBound: boundEnds() - ends0, queries: [...new Set(stuck.map((x) => x.query))].slice(0, 5) },
      exits: exitsSoFar() - exits0,
      recoverMs: Number.isFinite(recovered) ? Math.round(recovered - backAt) : null,
      replicaAfter,
    };
    results.push(result);
    log(`  ${describe(result)}`);
    await sleep(1000);
  }
  log("");
  for (const l of table(results)) log(l);
  // The app logs (in production) a statement sent outside the transaction its code had open (app/db/client.server.ts assertNoOpenTx).
  const outside = cluster.servers.reduce((n, sv) => {
    const file = path.join(sv.dataDir, "server.log");
    return n + (fs.existsSync(file) ? (fs.readFileSync(file, "utf8").match(/a statement outside the open transaction/g)?.length ?? 0) : 0);
  }, 0);
  log(`statements sent outside an open transaction (logged by the app servers): ${outside}`);
  return results;
}

function describe(r: FaultResult): string {
  return `${r.requests} requests; errors ${r.errors.before} before, ${r.errors.inFlight} in flight, ${r.errors.during} during, ${r.errors.after} after (balancer ${r.causes.balancer}, app ${r.causes.app}, database ${r.causes.database}); reads ok during ${r.readsOk.during}, after ${r.readsOk.after}${r.replicaAfter === null ? "" : `; replica commits after its return ${r.replicaAfter}`}; orders ${r.orders.acknowledged} acknowledged, ${r.orders.inDb} in db, ${r.orders.unanswered} without an answer, ${r.orders.duplicated} duplicated, ${r.orders.lost} lost (${r.orders.retried} retried); stuck ${r.stuck.transactions} (longest idle in transaction ${r.stuck.longestMs} ms, ${r.stuck.endedByBound} ended by the bound)${r.stuck.queries.length ? ` [${r.stuck.queries.join(" | ")}]` : ""}; exits ${r.exits}; recovered in ${r.recoverMs === null ? "-" : `${r.recoverMs} ms`}`;
}

/** The printed table: one row per fault. */
export function table(results: FaultResult[]): string[] {
  const head = ["fault", "requests", "err before", "err in flight", "err during", "err after", "bal/app/db", "acked", "in db", "no answer", "dup", "lost", "stuck tx", "exits", "recover ms"];
  const rows = results.map((r) => [
    r.fault,
    String(r.requests),
    String(r.errors.before),
    String(r.errors.inFlight),
    String(r.errors.during),
    String(r.errors.after),
    `${r.causes.balancer}/${r.causes.app}/${r.causes.database}`,
    String(r.orders.acknowledged),
    String(r.orders.inDb),
    String(r.orders.unanswered),
    String(r.orders.duplicated),
    String(r.orders.lost),
    `${r.stuck.transactions} (${r.stuck.endedByBound})`,
    String(r.exits),
    r.recoverMs === null ? "-" : String(r.recoverMs),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)];
}

async function main() {
  const only = process.argv.find((a) => a.startsWith("--only="))?.split("=")[1]?.split(",") as FaultName[] | undefined;
  if (only?.some((x) => !FAULTS.includes(x))) throw new Error(`--only= takes ${FAULTS.join(", ")}`);
  const small = process.argv.includes("--small");
  const num = (name: string) => {
    const v = process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
    return v === undefined ? {} : { [name]: Number(v) };
  };
  const stop = () => {
    stopAllNow();
    process.exit(130);
  };
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, stop);
  const cluster = await startCluster();
  const results = await benchFaults({ cluster, faults: only, ...(small ? { readers: 4, shoppers: 3, before: 2, during: 5, after: 5 } : {}), ...num("readers"), ...num("shoppers"), ...num("during"), ...num("after") }).finally(() => cluster.stop());
  // Done (issue 37): no exit, no stuck transaction, no duplicated or lost order, no error for a request sent after the part was back.
  const bad = results.filter((r) => r.exits > 0 || r.stuck.transactions > 0 || r.stuck.endedByBound > 0 || r.orders.duplicated > 0 || r.orders.lost > 0 || r.errors.before > 0 || r.errors.after > 0);
  console.log(
    bad.length
      ? `\n${bad.length} fault(s) with exits, stuck transactions, duplicated or lost orders, or errors after the part was back: ${bad.map((r) => r.fault).join(", ")}`
      : "\nNo exits, stuck transactions, duplicated or lost orders, and no errors after the part was back.",
  );
  process.exit(bad.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
