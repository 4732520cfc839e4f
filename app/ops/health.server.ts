/**
 * Readiness for GET /readyz (served by server/app.mjs through the build's entry module): the
 * database answers and every migration of app/db/migrations.ts is applied. Liveness (/healthz)
 * needs nothing from here.
 */
import { getDb, setDb, type Queryable } from "~/db/client.server";
import { migrations } from "~/db/migrations";
import { stopLocalStandin } from "~/integrations/paystack/gateway.server";

export interface Readiness {
  ok: boolean;
  database: "ok" | "unreachable";
  /** Migration ids listed in the code but not applied to the database. */
  pendingMigrations: string[];
}

/** Checks one database. Never throws: a failure is `ok: false`. */
export async function readinessOf(db: Queryable): Promise<Readiness> {
  try {
    const applied = await db.query<{ id: string }>("SELECT id FROM schema_migrations");
    const done = new Set(applied.rows.map((r) => r.id));
    const pendingMigrations = migrations.map((m) => m.id).filter((id) => !done.has(id));
    return { ok: pendingMigrations.length === 0, database: "ok", pendingMigrations };
  } catch {
    // No schema_migrations table counts as "nothing applied"; a dead connection as unreachable.
    try {
      await db.query("SELECT 1");
      return { ok: false, database: "ok", pendingMigrations: migrations.map((m) => m.id) };
    } catch {
      return { ok: false, database: "unreachable", pendingMigrations: [] };
    }
  }
}

/** Checks the process-wide database (opening and migrating it on first use, as every request does). */
export async function readiness(): Promise<Readiness> {
  let db: Queryable;
  try {
    db = await getDb();
  } catch {
    return { ok: false, database: "unreachable", pendingMigrations: [] };
  }
  return readinessOf(db);
}

/** Closes the process-wide database and the local Paystack stand-in, if any (server shutdown, or a development rebuild). */
export async function shutdown(): Promise<void> {
  await stopLocalStandin();
  const db = await getDb().catch(() => null);
  setDb(null);
  await db?.close();
}
