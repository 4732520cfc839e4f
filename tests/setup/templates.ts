/**
 * Migrated and seeded template databases, made once per test run and copied for each test file:
 * a PGlite data dir dump, and a PostgreSQL template database (when a server is reachable).
 * Names carry the run's id (the vitest main process's pid), so runs side by side don't collide.
 */
import fs from "node:fs";
import path from "node:path";

export const TMP = path.resolve("tests/.tmp");

export interface RunInfo {
  runId: string;
  pgliteDump: string;
  mediaDir: string;
  pgTemplate: string | null;
}

export function runInfoFor(runId: string, pgReady: boolean): RunInfo {
  return {
    runId,
    pgliteDump: path.join(TMP, `pglite-template-${runId}.tar.gz`),
    mediaDir: path.join(TMP, `media-${runId}`),
    pgTemplate: pgReady ? `mkt_test_${runId}_template` : null,
  };
}

/** The PostgreSQL server tests use: TEST_DATABASE_URL, else the local one. */
export function pgAdminUrl(): string {
  return process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
}

export function pgUrlFor(db: string): string {
  const u = new URL(pgAdminUrl());
  u.pathname = `/${db}`;
  return u.toString();
}

export async function postgresReachable(): Promise<boolean> {
  const pg = (await import("pg")).default;
  const c = new pg.Client({ connectionString: pgAdminUrl(), connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export function ensureTmp() {
  fs.mkdirSync(TMP, { recursive: true });
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
