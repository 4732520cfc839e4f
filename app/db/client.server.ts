/**
 * One database interface over two engines: the embedded PostgreSQL (PGlite, persisted under
 * DATA_DIR) when DATABASE_URL is unset, and a PostgreSQL server (node-postgres pool) when it is.
 * Both speak the same SQL with $1 parameters; the rest of the app sees only `Db`.
 */
import path from "node:path";
import fs from "node:fs";
import { migrations } from "./migrations";
import { log } from "~/ops/logger.server";

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, seed DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  engine: "pglite" | "postgres";
  /** Runs fn inside one transaction; throws roll it back. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;

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
  return {
    engine: "pglite",
    query: base.query,
    exec: base.exec,
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    close: () => pg.close(),
    // exposed for tests that snapshot a migrated database
    ...({ raw: pg } as object),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pgmod = await import("pg");
  const pgns = (pgmod.default ?? pgmod) as typeof import("pg");
  pgns.types.setTypeParser(INT8, (v: string) => Number(v));
  pgns.types.setTypeParser(NUMERIC, (v: string) => Number(v));
  const pool = new pgns.Pool({ connectionString: url, max });
  pool.on("error", (err) => log().error({ err }, "postgres pool error"));
  return {
    engine: "postgres",
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const q: Queryable = {
          async query<T>(sql: string, params?: unknown[]) {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        };
        const out = await fn(q);
        await client.query("COMMIT");
        return out;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Applies every migration not yet applied, under an advisory lock so several app servers can start at once. */
export async function migrate(db: Db): Promise<string[]> {
  const applied: string[] = [];
  await db.tx(async (q) => {
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

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || "./data");
}

/** The process-wide database, opened and migrated on first use. */
export function getDb(): Promise<Db> {
  if (!current) {
    current = (async () => {
      const url = process.env.DATABASE_URL;
      const db = url ? await openPostgres(url) : await openPglite(path.join(dataDir(), "pglite"));
      await migrate(db);
      return db;
    })();
    current.catch(() => {
      current = null;
    });
  }
  return current;
}

/** Tests and scripts hand in a database of their own. */
export function setDb(db: Db | null) {
  current = db ? Promise.resolve(db) : null;
}
