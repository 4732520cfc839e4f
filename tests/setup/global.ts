/** vitest globalSetup: build the template databases once (PGlite dump + PostgreSQL template). */
import fs from "node:fs";
import { MEDIA_DIR, PGLITE_DUMP, PG_TEMPLATE, ensureTmp, pgAdminUrl, pgUrlFor, postgresReachable } from "./templates";

export default async function setup() {
  ensureTmp();
  process.env.DATA_DIR = MEDIA_DIR + "-data";
  process.env.SESSION_SECRET ??= "test-session-secret";
  const { openPglite, openPostgres, migrate } = await import("../../app/db/client.server");
  const { setStorage, LocalDiskStorage } = await import("../../app/integrations/storage.server");
  const { seed } = await import("../../app/db/seed/index");
  fs.rmSync(MEDIA_DIR, { recursive: true, force: true });
  setStorage(new LocalDiskStorage(MEDIA_DIR));

  const t0 = Date.now();
  const lite = await openPglite(undefined);
  await migrate(lite);
  await seed(lite);
  const dump = await (lite as unknown as { raw: { dumpDataDir: (c: "gzip") => Promise<Blob> } }).raw.dumpDataDir("gzip");
  fs.writeFileSync(PGLITE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  console.log(`[test setup] PGlite template ready in ${Date.now() - t0} ms`);

  fs.rmSync(PGLITE_DUMP + ".pg", { force: true });
  if (await postgresReachable()) {
    const t1 = Date.now();
    const pg = (await import("pg")).default;
    const admin = new pg.Client(pgAdminUrl());
    await admin.connect();
    // Drop leftovers of earlier runs (per-file databases and the template).
    const old = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'mkt_test_%'");
    for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    const db = await openPostgres(pgUrlFor(PG_TEMPLATE), 2);
    await migrate(db);
    await seed(db);
    await db.close();
    fs.writeFileSync(PGLITE_DUMP + ".pg", "ready");
    console.log(`[test setup] PostgreSQL template ready in ${Date.now() - t1} ms`);
  } else {
    console.warn(
      `[test setup] No PostgreSQL server at ${pgAdminUrl()}: the PostgreSQL runs of the API tests are SKIPPED. Start one or set TEST_DATABASE_URL.`,
    );
  }
}
