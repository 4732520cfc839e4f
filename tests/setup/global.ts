/** vitest globalSetup: build this run's template databases once (PGlite dump + PostgreSQL template). */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { TMP, ensureTmp, pgAdminUrl, pgUrlFor, pidAlive, postgresReachable, runInfoFor } from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    run: import("./templates").RunInfo;
  }
}

export default async function setup(project: TestProject) {
  ensureTmp();
  const runId = String(process.pid);
  // Clear what earlier runs (no longer alive) left behind.
  for (const f of fs.readdirSync(TMP)) {
    const m = /^(?:pglite-template|media)-(\d+)/.exec(f);
    if (m && !pidAlive(Number(m[1]))) fs.rmSync(path.join(TMP, f), { recursive: true, force: true });
  }
  process.env.SESSION_SECRET ??= "test-session-secret";
  const pgReady = await postgresReachable();
  const info = runInfoFor(runId, pgReady);
  process.env.DATA_DIR = `${info.mediaDir}-data`;
  const { openPglite, openPostgres, migrate } = await import("../../app/db/client.server");
  const { setStorage, LocalDiskStorage } = await import("../../app/integrations/storage.server");
  const { seed } = await import("../../app/db/seed/index");
  setStorage(new LocalDiskStorage(info.mediaDir));

  const t0 = Date.now();
  const lite = await openPglite(undefined);
  await migrate(lite);
  await seed(lite);
  const dump = await (lite as unknown as { raw: { dumpDataDir: (c: "gzip") => Promise<Blob> } }).raw.dumpDataDir("gzip");
  fs.writeFileSync(info.pgliteDump, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  console.log(`[test setup] PGlite template ready in ${Date.now() - t0} ms`);

  if (info.pgTemplate) {
    const t1 = Date.now();
    const pg = (await import("pg")).default;
    const admin = new pg.Client(pgAdminUrl());
    await admin.connect();
    const old = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'mkt_test_%'");
    for (const { datname } of old.rows) {
      const pid = Number(/^mkt_test_(\d+)_/.exec(datname)?.[1]);
      if (!pid || !pidAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${info.pgTemplate}`);
    await admin.end();
    const db = await openPostgres(pgUrlFor(info.pgTemplate), 2);
    await migrate(db);
    await seed(db);
    await db.close();
    console.log(`[test setup] PostgreSQL template ready in ${Date.now() - t1} ms`);
  } else {
    console.warn(
      `[test setup] No PostgreSQL server at ${pgAdminUrl()}: the PostgreSQL runs of the API tests are SKIPPED. Start one or set TEST_DATABASE_URL.`,
    );
  }
  project.provide("run", info);

  return async () => {
    fs.rmSync(info.pgliteDump, { force: true });
    fs.rmSync(info.mediaDir, { recursive: true, force: true });
    fs.rmSync(`${info.mediaDir}-data`, { recursive: true, force: true });
    if (info.pgTemplate) {
      const pg = (await import("pg")).default;
      const admin = new pg.Client(pgAdminUrl());
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${info.pgTemplate} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  };
}
