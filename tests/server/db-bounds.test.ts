/**
 * The app's bounds on its own PostgreSQL sessions (issue 37, item 3; app/db/client.server.ts
 * `dbBounds`): a transaction left idle is ended by the server after
 * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, releasing its row locks, and the app's next use of it
 * fails as "the database is away" (503), with the pool and the process carrying on; a statement
 * past DATABASE_STATEMENT_TIMEOUT_MS (here: waiting on a lock held elsewhere) is cancelled and
 * the production server answers 503 with Retry-After instead of hanging, then 200 once the lock
 * is gone. Migrations are not cut. The bounds are set small here (1 s); nothing waits on a clock:
 * the test polls what the server reports.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { isDatabaseAway } from "~/db/away";
import { migrate, openPostgres, replicaWithFallback, type Db } from "~/db/client.server";
import { pgAdminUrl, pgUrlFor } from "../setup/templates";
import { startAppServer, type RunningServer } from "./harness";

const pgTemplate = inject("run").pgTemplate;
if (!pgTemplate) console.warn("[db-bounds] no PostgreSQL server at 127.0.0.1:5432 (or TEST_DATABASE_URL): the statement bound tests are SKIPPED");

describe.skipIf(!pgTemplate)("bounds on the app's PostgreSQL sessions", () => {
  const dbs: string[] = [];
  let app: RunningServer | undefined;
  let db: Db | undefined;
  afterAll(async () => {
    await app?.stop();
    await db?.close();
    const pg = (await import("pg")).default;
    const a = new pg.Client(pgAdminUrl());
    await a.connect();
    for (const name of dbs) await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });

  async function freshDb(prefix: string) {
    const pg = (await import("pg")).default;
    const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client(pgAdminUrl());
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    dbs.push(name);
    await admin.end();
    const other = new pg.Client(pgUrlFor(name));
    await other.connect();
    return { name, other };
  }

  it("a transaction left idle is ended by the server after the bound: its row lock is freed, its next statement fails as 'away' (503), the pool goes on", async () => {
    const { name, other } = await freshDb("mkt_idle");
    try {
      db = await openPostgres(pgUrlFor(name), 2, pgUrlFor(name), { statementMs: 60_000, idleInTransactionMs: 1000 });
      // Migrations lift the bounds for their own transaction (nothing to apply here; it still runs under them).
      expect(await migrate(db)).toEqual([]);
      const productId = (await db.query<{ id: number }>("SELECT id FROM products ORDER BY id LIMIT 1")).rows[0]!.id;
      let pid = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const left = db.tx(async (q) => {
        pid = (await q.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
        await q.query("SELECT id FROM products WHERE id = $1 FOR UPDATE", [productId]);
        await gate; // the request waits on something outside the database
        await q.query("SELECT 1");
      });
      const outcome = left.then(
        () => null,
        (e: unknown) => e,
      );
      await expect.poll(() => pid, { timeout: 10_000 }).toBeGreaterThan(0);
      // The server ends that session by itself: it leaves pg_stat_activity.
      await expect
        .poll(async () => (await other.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1", [pid])).rows[0].n, { timeout: 30_000, interval: 100 })
        .toBe(0);
      // Its row lock is free again.
      await other.query("BEGIN");
      expect((await other.query("SELECT id FROM products WHERE id = $1 FOR UPDATE NOWAIT", [productId])).rows).toHaveLength(1);
      await other.query("ROLLBACK");
      // The transaction's own next statement fails, as the database being away (the API's 503).
      release();
      const err = await outcome;
      expect(err).toBeInstanceOf(Error);
      expect(isDatabaseAway(err)).toBe(true);
      // The pool carries on with fresh connections.
      expect((await db.query<{ one: number }>("SELECT 1 AS one")).rows[0]!.one).toBe(1);
      expect(await db.tx(async (q) => (await q.query<{ id: number }>("SELECT id FROM products WHERE id = $1 FOR UPDATE", [productId])).rows.length)).toBe(1);
      // No session of this database is idle in a transaction.
      expect((await other.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state LIKE 'idle in transaction%'", [name])).rows[0].n).toBe(0);
    } finally {
      await other.end();
    }
  });

  it("a transaction never waits on another connection: a query of the pool, a second transaction or a replica read inside it is refused, and its row lock is freed at once", async () => {
    const { name, other } = await freshDb("mkt_opentx");
    const own = await openPostgres(pgUrlFor(name), 2, pgUrlFor(name), { statementMs: 60_000, idleInTransactionMs: 30_000 });
    const replica = await openPostgres(pgUrlFor(name), 1);
    try {
      const productId = (await own.query<{ id: number }>("SELECT id FROM products ORDER BY id LIMIT 1")).rows[0]!.id;
      const reads = replicaWithFallback(replica, own);
      const insideTx = (outside: () => Promise<unknown>) =>
        own.tx(async (q) => {
          await q.query("SELECT id FROM products WHERE id = $1 FOR UPDATE", [productId]);
          await outside();
        });
      for (const outside of [() => own.query("SELECT 1"), () => own.tx(async (q) => q.query("SELECT 1")), () => reads.query("SELECT 1"), () => own.exec("SELECT 1")])
        await expect(insideTx(outside)).rejects.toThrow(/outside the open transaction/);
      // Each was rolled back: nothing holds the row, no session of the database sits in a transaction.
      await other.query("BEGIN");
      expect((await other.query("SELECT id FROM products WHERE id = $1 FOR UPDATE NOWAIT", [productId])).rows).toHaveLength(1);
      await other.query("ROLLBACK");
      expect((await other.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state LIKE 'idle in transaction%'", [name])).rows[0].n).toBe(0);
      // Work a transaction starts and that runs after it ended is not held to it; before and after, queries go on.
      let later: Promise<unknown> = Promise.resolve();
      await own.tx(async (q) => {
        await q.query("SELECT 1");
        later = new Promise((r) => setTimeout(r, 10)).then(() => own.query<{ one: number }>("SELECT 1 AS one"));
      });
      expect(await later).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await own.close();
      await replica.close();
      await other.end();
    }
  });

  it("a statement past its bound (waiting on a lock held elsewhere) answers 503 with Retry-After, not a hang; 200 once the lock is gone", async () => {
    const { name, other } = await freshDb("mkt_stmt");
    try {
      app = await startAppServer({
        seed: false,
        env: { DATABASE_URL: pgUrlFor(name), WEB_CONCURRENCY: "1", CATALOG_CACHE: "off", DATABASE_STATEMENT_TIMEOUT_MS: "1000", DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "1000" },
      });
      const list = await fetch(`${app.url}/api/v1/products/?page_size=1`);
      expect(list.status).toBe(200);
      const productId = ((await list.json()) as { results: Array<{ id: number }> }).results[0]!.id;
      const get = async () => {
        const r = await fetch(`${app!.url}/api/v1/products/${productId}/`, { signal: AbortSignal.timeout(50_000) });
        return { status: r.status, retryAfter: r.headers.get("retry-after"), body: (await r.json()) as Record<string, unknown> };
      };
      expect((await get()).status).toBe(200);
      // Someone else holds the products table (a long migration, a stuck session).
      await other.query("BEGIN");
      await other.query("LOCK TABLE products IN ACCESS EXCLUSIVE MODE");
      const blocked = await get();
      expect(blocked).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
      expect(Object.keys(blocked.body)).toEqual(["detail"]);
      // The cancelled statement left nothing waiting behind it.
      expect((await other.query("SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a USING (pid) WHERE a.datname = $1 AND NOT l.granted", [name])).rows[0].n).toBe(0);
      await other.query("ROLLBACK");
      expect((await get()).status).toBe(200);
      expect(app.exited()).toBeNull();
      expect(app.output()).not.toMatch(/uncaught exception|unhandled promise rejection/);
    } finally {
      await other.end().catch(() => {});
    }
  }, 120_000);
});
