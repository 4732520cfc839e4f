/**
 * One database interface over two engines: the embedded PostgreSQL (PGlite, persisted under
 * DATA_DIR) when DATABASE_URL is unset, and a PostgreSQL server (node-postgres pool) when it is.
 * Both speak the same SQL with $1 parameters; the rest of the app sees only `Db`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import path from "node:path";
import fs from "node:fs";
import { isDatabaseAway } from "./away";
import { migrations } from "./migrations";
import { log } from "~/ops/logger.server";

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * As `query`, for a statement run on every request (see `hotQuery`): planned once where the
   * engine gains from it. Absent on most Queryables: `hotQuery` then uses `query`.
   */
  queryPlanned?<T = Record<string, unknown>>(sql: string, params: readonly (number | string | null)[], types?: readonly PlannedType[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, seed DDL). */
  exec(sql: string): Promise<void>;
}

/** A plan node of EXPLAIN (FORMAT JSON): the fields its callers read. */
export interface PlanNode {
  "Plan Rows": number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

/**
 * EXPLAIN (`options`, FORMAT JSON) of one statement: its top-level object (PGlite answers the
 * JSON as text, node-postgres parsed).
 */
export async function explainJson(
  q: Queryable,
  statement: string,
  params: unknown[] = [],
  options = "",
): Promise<{ Plan: PlanNode; Planning?: PlanNode; "Planning Time"?: number; "Execution Time"?: number }> {
  const r = await q.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (${options ? `${options}, ` : ""}FORMAT JSON) ${statement}`, params);
  const raw = r.rows[0]?.["QUERY PLAN"];
  return ((typeof raw === "string" ? JSON.parse(raw) : raw) as Array<Awaited<ReturnType<typeof explainJson>>>)[0];
}

export interface Db extends Queryable {
  engine: "pglite" | "postgres";
  /** Runs fn inside one transaction; throws roll it back. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (delivered after the notifying transaction
   * commits). `onState(false)` when the listening connection is lost (notifications may have
   * been missed), `onState(true)` once listening (again). Answers a function that stops.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>>;
}

/**
 * A transaction never waits on another connection (issue 37, item 3): a statement sent outside
 * the open transaction by the code running it (the database's own `query`, `exec`, a second
 * `tx`, the replica) would hold the transaction, its row locks and its pool connection while it
 * waits for a second connection (none free when every request of the pool does the same: each
 * waits on the others) or for the replica. Each transaction's callback runs with its own mark,
 * lifted when the transaction ends; work it starts that runs later is not held to it.
 */
const openTx = new AsyncLocalStorage<{ open: boolean }>();

function inOpenTx<T>(fn: () => Promise<T>): Promise<T> {
  const mark = { open: true };
  return openTx.run(mark, fn).finally(() => (mark.open = false));
}

/**
 * Refuses a statement sent outside the transaction its caller has open: throws, so tests fail on
 * such code; under NODE_ENV=production it is logged (with the stack) and let through.
 */
export function assertNoOpenTx(what: string): void {
  if (!openTx.getStore()?.open) return;
  const err = new Error(`${what} outside the open transaction: inside db.tx(fn) use fn's own Queryable; read the replica, call other services before or after it`);
  if (process.env.NODE_ENV === "production") log().error({ err }, "a statement outside the open transaction");
  else throw err;
}

const INT8 = 20;
const NUMERIC = 1700;

/** The SQL types a planned statement's parameters may be declared with on a PostgreSQL server. */
export type PlannedType = "int4" | "int8" | "text" | "uuid" | "bool";
const PLANNED_TYPES = new Set<string>(["int4", "int8", "text", "uuid", "bool"]);

/**
 * Runs a statement that many requests run (the header's lookups, the API's token user), planned
 * once instead of on every run:
 * - on the embedded database by PREPARE/EXECUTE (PGlite plans in WebAssembly, several times the
 *   cost of running such a small statement);
 * - on a PostgreSQL server, when `types` declares the parameters' SQL types, through a PL/pgSQL
 *   function made from the statement (`hot_` and a hash of its text), whose plan each server
 *   session keeps: unnamed statements are planned on every run (we keep to them for PgBouncer in
 *   transaction mode), and planning a statement of several subqueries costs the server several
 *   times running it. The function answers each row as JSON, so the statement's columns must be
 *   JSON, numbers, text or booleans (a timestamp would come back as a string). Where the function
 *   cannot be made or is gone, the plain query answers.
 * Elsewhere (inside transactions, without `types` on a server) it is an ordinary query. Numbers
 * and strings only as parameters.
 */
export function hotQuery<T = Record<string, unknown>>(
  q: Queryable,
  sql: string,
  params: readonly (number | string | null)[],
  types?: readonly PlannedType[],
): Promise<QueryResult<T>> {
  return q.queryPlanned ? q.queryPlanned<T>(sql, params, types) : q.query<T>(sql, [...params]);
}

/**
 * A PostgreSQL server's planned statements (see `hotQuery`): the function for a statement is
 * made once (under an advisory lock, if missing) and then called; `query` answers when no
 * function can be had. Functions are named by the statement's text and types, so servers of
 * two versions of the app never call each other's.
 */
function routinesOn(pool: { query: (sql: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }> }, tx: Db["tx"]) {
  const made = new Map<string, Promise<boolean>>();
  const RETRY_MS = 60_000;
  const ensure = (name: string, signature: string, ddl: string): Promise<boolean> => {
    let p = made.get(name);
    if (!p) {
      p = (async () => {
        try {
          const have = async (q: { query: (s: string, p?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> }) =>
            (await q.query("SELECT to_regprocedure($1) IS NOT NULL AS ok", [signature])).rows[0]?.ok === true;
          if (await have(pool)) return true;
          await tx(async (q) => {
            await q.query("SELECT pg_advisory_xact_lock(727002)");
            if (!(await have(q))) await q.query(ddl);
          });
          return true;
        } catch (err) {
          log().warn({ err, routine: name }, "cannot make a planned statement's function; the plain query answers");
          setTimeout(() => made.delete(name), RETRY_MS).unref?.();
          return false;
        }
      })();
      made.set(name, p);
    }
    return p;
  };
  // A statement's function, worked out once per statement text and types (every page asks).
  const routines = new Map<string, { name: string; signature: string; ddl: string; call: string }>();
  const routineOf = (sql: string, types: readonly PlannedType[]) => {
    const key = `${types.join(",")}\n${sql}`;
    let r = routines.get(key);
    if (!r) {
      if (!types.every((t) => PLANNED_TYPES.has(t))) throw new Error("a planned statement needs one known SQL type per parameter");
      if (!/^\s*SELECT\b/i.test(sql) || sql.includes("$hot$")) throw new Error("a planned statement on a PostgreSQL server must be a SELECT");
      const name = `hot_${createHash("sha256").update(`${sql}\n${types.join(",")}`).digest("hex").slice(0, 24)}`;
      const signature = `${name}(${types.join(",")})`;
      const ddl = `CREATE OR REPLACE FUNCTION ${signature} RETURNS SETOF json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $hot$ BEGIN RETURN QUERY SELECT to_json(t) FROM (${sql}) t; END $hot$`;
      const call = `SELECT ${name}(${types.map((t, i) => `$${i + 1}::${t}`).join(", ")}) AS j`;
      routines.set(key, (r = { name, signature, ddl, call }));
    }
    return r;
  };
  return async function queryPlanned<T>(sql: string, params: readonly (number | string | null)[], types?: readonly PlannedType[]): Promise<QueryResult<T>> {
    const plain = async () => {
      const r = await pool.query(sql, [...params]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    };
    if (!types) return plain();
    if (types.length !== params.length) throw new Error("a planned statement needs one known SQL type per parameter");
    const { name, signature, ddl, call } = routineOf(sql, types);
    if (!(await ensure(name, signature, ddl))) return plain();
    try {
      const r = await pool.query(call, [...params]);
      return { rows: r.rows.map((x) => x.j as T), rowCount: r.rows.length };
    } catch (err) {
      // Gone since it was made (a restored or reset database): make it again next time.
      if ((err as { code?: string }).code === "42883") {
        made.delete(name);
        return plain();
      }
      throw err;
    }
  };
}

/** A parameter as an SQL literal (standard_conforming_strings: only quotes are doubled). */
function sqlLiteral(v: number | string | null): string {
  if (v === null) return "NULL";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("a planned statement's number parameter must be finite");
    return String(v);
  }
  if (typeof v !== "string" || v.includes("\0")) throw new Error("a planned statement's parameter must be a number or a string without NUL");
  return `'${v.replace(/'/g, "''")}'`;
}

/**
 * PGlite's planned statements: PREPARE once per statement text (its one session keeps them; a
 * schema change makes PostgreSQL plan again by itself), EXECUTE with the parameters as literals.
 */
function plannedOn(run: (sql: string) => Promise<{ rows: unknown[]; affectedRows?: number }>) {
  const names = new Map<string, Promise<string>>();
  return async function queryPlanned<T>(sql: string, params: readonly (number | string | null)[]): Promise<QueryResult<T>> {
    let name = names.get(sql);
    if (!name) {
      const n = `hot_${names.size + 1}`;
      name = run(`PREPARE ${n} AS ${sql}`).then(() => n);
      names.set(sql, name);
      name.catch(() => names.delete(sql));
    }
    const r = await run(`EXECUTE ${await name}${params.length ? `(${params.map(sqlLiteral).join(", ")})` : ""}`);
    return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
  };
}

export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<Db> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { citext } = await import("@electric-sql/pglite/contrib/citext");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pg = await PGlite.create({
    dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { citext, pg_trgm, unaccent },
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
  });
  type PgliteLike = {
    query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;
    exec: (s: string) => Promise<unknown>;
  };
  const wrap = (q: PgliteLike): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  const planned = plannedOn((sql) => pg.query(sql));
  return {
    engine: "pglite",
    async query(sql, params) {
      assertNoOpenTx("a query");
      return base.query(sql, params);
    },
    // Not inside transactions (`tx`): they keep to plain queries.
    async queryPlanned(sql, params) {
      assertNoOpenTx("a query");
      return planned(sql, params);
    },
    async exec(sql) {
      assertNoOpenTx("a statement");
      return base.exec(sql);
    },
    async tx(fn) {
      assertNoOpenTx("a second transaction");
      return pg.transaction((t) => inOpenTx(() => fn(wrap(t))));
    },
    close: () => pg.close(),
    async listen(channel, onNotify, onState) {
      const stop = await pg.listen(channel, onNotify);
      onState?.(true);
      return async () => {
        await stop();
      };
    },
    // exposed for tests that snapshot a migrated database
    ...({ raw: pg } as object),
  };
}

interface ListenClient {
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: "notification", fn: (n: { channel: string; payload?: string }) => void): unknown;
  on(event: "error", fn: (err: Error) => void): unknown;
  on(event: "end", fn: () => void): unknown;
}

/**
 * Every channel's LISTEN of one pool on ONE session (a process's caches each listen: the
 * catalogue, users, members' headers; a connection each would multiply the server's connections).
 * When the session is lost every subscriber hears `onState(false)`, and it is opened again with
 * a growing delay (0.5 s to 30 s), listening to every channel before they hear `onState(true)`.
 * `add` resolves once the first try is over, listening or not.
 */
function listenerOn(newClient: () => ListenClient) {
  type Sub = { onNotify: (payload: string) => void; onState?: (listening: boolean) => void };
  const subs = new Map<string, Set<Sub>>();
  let client: ListenClient | null = null;
  let opening: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  let closed = false;
  const everyone = () => [...subs.values()].flatMap((set) => [...set]);
  const lost = (c: ListenClient) => {
    if (client !== c) return;
    client = null;
    for (const sub of everyone()) sub.onState?.(false);
    c.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    if (closed || retry || subs.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  };
  const open = (): Promise<void> =>
    (opening ??= (async () => {
      const c = newClient();
      c.on("notification", (n) => {
        for (const sub of subs.get(n.channel) ?? []) sub.onNotify(n.payload ?? "");
      });
      c.on("error", (err) => {
        log().warn({ err }, "listening connection failed; reconnecting");
        lost(c);
      });
      c.on("end", () => lost(c));
      try {
        await c.connect();
        for (const channel of subs.keys()) await c.query(`LISTEN ${channel}`);
        if (closed) return void (await c.end().catch(() => {}));
        client = c;
        delay = 500;
        for (const sub of everyone()) sub.onState?.(true);
      } catch (err) {
        log().warn({ err, channels: [...subs.keys()] }, "cannot listen; retrying");
        await c.end().catch(() => {});
        schedule();
      }
    })().finally(() => (opening = null)));
  return {
    async add(channel: string, onNotify: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>> {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const sub: Sub = { onNotify, onState };
      const fresh = !subs.has(channel);
      if (fresh) subs.set(channel, new Set());
      subs.get(channel)!.add(sub);
      await opening;
      if (client && fresh) {
        const c = client;
        try {
          await c.query(`LISTEN ${channel}`);
        } catch (err) {
          log().warn({ err, channel }, "cannot listen; reconnecting");
          lost(c);
        }
      }
      if (client) onState?.(true);
      else if (!retry) await open();
      const stop = async () => {
        const set = subs.get(channel);
        if (!set?.delete(sub)) return;
        if (set.size > 0) return;
        subs.delete(channel);
        if (subs.size === 0) {
          if (retry) clearTimeout(retry);
          retry = null;
          const c = client;
          client = null;
          await c?.end().catch(() => {});
        } else {
          await client?.query(`UNLISTEN ${channel}`).catch(() => {});
        }
      };
      return stop;
    },
    async close() {
      closed = true;
      subs.clear();
      if (retry) clearTimeout(retry);
      retry = null;
      await opening?.catch(() => {});
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * A PostgreSQL server through a node-postgres pool of at most `max` connections. Statements are
 * unnamed (no `name:` prepared statements), so the pool may go through PgBouncer in transaction
 * mode; LISTEN needs a session of its own, so `listen` connects to `listenUrl` (a direct
 * connection to the primary, DATABASE_LISTEN_URL) when given, else to `url`.
 */
export async function openPostgres(url: string, max = 10, listenUrl: string = url, bounds?: DbBounds): Promise<Db> {
  const pgmod = await import("pg");
  const pgns = (pgmod.default ?? pgmod) as typeof import("pg");
  pgns.types.setTypeParser(INT8, (v: string) => Number(v));
  pgns.types.setTypeParser(NUMERIC, (v: string) => Number(v));
  // A connection that cannot be made within the bound fails its request (503, app/db/away.ts)
  // instead of holding it while the server is unreachable.
  const connectionTimeoutMillis = connectTimeoutMs();
  // The app's bounds (DbBounds): for the session when a connection is made (plain statements on a
  // direct connection; pg-pool's onConnect runs before the connection is handed out), and again
  // for each transaction with SET LOCAL in the same round trip as its BEGIN, so they hold through
  // PgBouncer in transaction mode too, whichever server connection it hands out.
  const sessionSet = bounds
    ? `SET statement_timeout = ${bounds.statementMs}; SET idle_in_transaction_session_timeout = ${bounds.idleInTransactionMs}`
    : "";
  const begin = bounds
    ? `BEGIN; SET LOCAL statement_timeout = ${bounds.statementMs}; SET LOCAL idle_in_transaction_session_timeout = ${bounds.idleInTransactionMs}`
    : "BEGIN";
  const onConnect = sessionSet ? async (client: import("pg").PoolClient) => void (await client.query(sessionSet)) : undefined;
  const pool = new pgns.Pool({ connectionString: url, max, connectionTimeoutMillis, ...(onConnect ? { onConnect } : {}) } as import("pg").PoolConfig);
  const listening = listenerOn(() => new pgns.Client({ connectionString: listenUrl, connectionTimeoutMillis }));
  pool.on("error", (err) => log().error({ err }, "postgres pool error"));
  // A client taken from the pool for a transaction has no error listener of its own (pg-pool
  // listens only while a client is idle): a session ended by the server between two statements
  // (pg_terminate_backend, a PgBouncer restart, a failover) would emit an uncaught 'error' and end
  // the process. It is heard here, fails only this transaction, and the broken client is thrown away.
  const checkout = async () => {
    const client = await pool.connect();
    const state: { broken: Error | null } = { broken: null };
    const onError = (err: Error) => {
      state.broken ??= err;
      log().warn({ err }, "a database connection in use was lost; its request fails");
    };
    client.on("error", onError);
    const release = (err?: unknown) => {
      client.off("error", onError);
      const bad = state.broken ?? (err && isDatabaseAway(err) ? (err as Error) : undefined);
      client.release(bad ?? undefined);
    };
    return { client, state, release };
  };
  const tx: Db["tx"] = async (fn) => {
    assertNoOpenTx("a second transaction");
    let taken = await checkout();
    try {
      await taken.client.query(begin);
    } catch (e) {
      taken.release(e);
      // Nothing was done yet: a connection found dead at BEGIN (ended while idle in the pool) is
      // replaced once.
      if (!isDatabaseAway(e)) throw e;
      taken = await checkout();
      try {
        await taken.client.query(begin);
      } catch (e2) {
        taken.release(e2);
        throw e2;
      }
    }
    const { client, state, release } = taken;
    let failure: unknown;
    try {
      const q: Queryable = {
        async query<T>(sql: string, params?: unknown[]) {
          const r = await client.query(sql, params as unknown[]);
          return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
        },
        async exec(sql: string) {
          await client.query(sql);
        },
      };
      const out = await inOpenTx(() => fn(q));
      await client.query("COMMIT");
      return out;
    } catch (e) {
      failure = e;
      if (!state.broken) await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      release(failure);
    }
  };
  const planned = routinesOn(pool, tx);
  return {
    engine: "postgres",
    async query<T>(sql: string, params?: unknown[]) {
      assertNoOpenTx("a query");
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    // Not inside transactions (`tx`): they keep to plain queries.
    queryPlanned<T>(sql: string, params: readonly (number | string | null)[], types?: readonly PlannedType[]) {
      assertNoOpenTx("a query");
      return planned<T>(sql, params, types);
    },
    async exec(sql: string) {
      assertNoOpenTx("a statement");
      await pool.query(sql);
    },
    tx,
    close: async () => {
      await listening.close();
      await pool.end();
    },
    listen: (channel, onNotify, onState) => listening.add(channel, onNotify, onState),
  };
}

/** Applies every migration not yet applied, under an advisory lock so several app servers can start at once. */
export async function migrate(db: Db): Promise<string[]> {
  const applied: string[] = [];
  await db.tx(async (q) => {
    // A migration may rewrite a large table: not cut by the app's statement bounds (DbBounds).
    if (db.engine === "postgres") await q.exec("SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0");
    await q.query("SELECT pg_advisory_xact_lock(727001)");
    await q.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await q.query<{ id: string }>("SELECT id FROM schema_migrations")).rows.map((r) => r.id));
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await q.exec(m.sql);
      await q.query("INSERT INTO schema_migrations (id) VALUES ($1)", [m.id]);
      applied.push(m.id);
    }
  });
  return applied;
}

let current: Promise<Db> | null = null;
let replica: Promise<Db | null> | null = null;

/** DATABASE_POOL_MAX: connections each process's pool may open (default 10). */
export function poolMax(): number {
  const n = Number(process.env.DATABASE_POOL_MAX || 10);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`DATABASE_POOL_MAX must be a whole number from 1 to 1000, not ${process.env.DATABASE_POOL_MAX}`);
  return n;
}

/** DATABASE_CONNECT_TIMEOUT_MS: how long a request may wait for a database connection: a free one of the pool, or a new one made (default 10000). */
export function connectTimeoutMs(): number {
  const n = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(n) || n < 100 || n > 120_000) throw new Error(`DATABASE_CONNECT_TIMEOUT_MS must be a whole number from 100 to 120000, not ${process.env.DATABASE_CONNECT_TIMEOUT_MS}`);
  return n;
}

/**
 * Bounds the server puts on the app's own sessions (issue 37: a transaction left open held row
 * locks for minutes): a statement may run DATABASE_STATEMENT_TIMEOUT_MS (default 60000) and a
 * transaction may sit idle DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS (default 30000) before the
 * server cancels the statement (SQLSTATE 57014) or ends the session (25P03); the request that
 * met it answers 503 with Retry-After (app/db/away.ts). 0 turns a bound off. Migrations lift
 * them for their own transaction; benches and tests that open their own pool have none.
 */
export interface DbBounds {
  statementMs: number;
  idleInTransactionMs: number;
}

function boundMs(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = Number(raw || fallback);
  if (!Number.isInteger(n) || (n !== 0 && n < 100) || n > 86_400_000) throw new Error(`${name} must be 0 (off) or a whole number of milliseconds from 100 to 86400000, not ${raw}`);
  return n;
}

export function dbBounds(): DbBounds {
  return {
    statementMs: boundMs("DATABASE_STATEMENT_TIMEOUT_MS", 60_000),
    idleInTransactionMs: boundMs("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS", 30_000),
  };
}

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || "./data");
}

/** The process-wide database, opened and migrated on first use. */
export function getDb(): Promise<Db> {
  if (!current) {
    current = (async () => {
      const url = process.env.DATABASE_URL;
      const db = url ? await openPostgres(url, poolMax(), process.env.DATABASE_LISTEN_URL || url, dbBounds()) : await openPglite(path.join(dataDir(), "pglite"));
      await migrate(db);
      return db;
    })();
    current.catch(() => {
      current = null;
    });
  }
  return current;
}

/**
 * The read replica (DATABASE_REPLICA_URL, a streaming standby of DATABASE_URL's server), or null
 * when there is none. Only public catalogue reads go to it (see `app/api/core/router.ts`); it is
 * never migrated or written.
 */
export function getReplicaDb(): Promise<Db | null> {
  if (!replica) {
    const url = process.env.DATABASE_REPLICA_URL;
    replica = url && process.env.DATABASE_URL ? openPostgres(url, poolMax(), url, dbBounds()) : Promise.resolve(null);
    replica.catch(() => {
      replica = null;
    });
  }
  return replica;
}

/**
 * Reads through the replica, falling back to the primary when the replica cannot be reached
 * (and skipping it for `pauseMs` after that), so a replica down costs no answers. Only `query`
 * is used on it (public catalogue reads); `tx` and `exec` go to the primary.
 */
export function replicaWithFallback(replica: Db, primary: Db, pauseMs = 5000): Db & { healthy(): boolean } {
  let downUntil = 0;
  return {
    ...primary,
    healthy: () => Date.now() >= downUntil,
    async query<T>(sql: string, params?: unknown[]) {
      if (Date.now() >= downUntil) {
        try {
          return await replica.query<T>(sql, params);
        } catch (e) {
          if (!isDatabaseAway(e)) throw e;
          downUntil = Date.now() + pauseMs;
          log().warn({ err: e }, "the read replica cannot be reached; reading the primary meanwhile");
        }
      }
      return primary.query<T>(sql, params);
    },
  };
}

/** Tests and scripts hand in a database of their own (and, optionally, a replica of it). */
export function setDb(db: Db | null, replicaDb: Db | null = null) {
  current = db ? Promise.resolve(db) : null;
  replica = db ? Promise.resolve(replicaDb) : null;
}
