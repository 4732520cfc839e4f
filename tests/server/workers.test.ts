/**
 * `npm start` runs one server process per core when the data is on a PostgreSQL server (and card
 * payments go to Paystack, not to the in-process stand-in), and exactly one on the embedded
 * database. With WEB_CONCURRENCY=2 on PostgreSQL, requests are answered by two processes, and a
 * process that dies is replaced.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { workerCount } from "../../server/workers.mjs";
import { pgAdminUrl, pgUrlFor } from "../setup/templates";
import { rawRequest, startAppServer, type RunningServer } from "./harness";

describe("how many server processes npm start runs", () => {
  it("one per core on PostgreSQL with Paystack, one on the embedded database or with the stand-in", () => {
    const pg = { DATABASE_URL: "postgres://x/y", PAYSTACK_SECRET_KEY: "sk_test_x" };
    expect(workerCount(pg, 4)).toBe(4);
    expect(workerCount({ DATABASE_URL: "postgres://x/y" }, 4)).toBe(1);
    // A public deployment without a key runs no stand-in (card payments are off): one per core.
    expect(workerCount({ DATABASE_URL: "postgres://x/y", PUBLIC_URL: "https://shop.example.ng" }, 4)).toBe(4);
    expect(workerCount({ DATABASE_URL: "postgres://x/y", PUBLIC_URL: "https://shop.example.ng", PAYSTACK_STANDIN: "1" }, 4)).toBe(1);
    expect(workerCount({ DATABASE_URL: "postgres://x/y", PAYSTACK_STANDIN: "0" }, 4)).toBe(4);
    expect(workerCount({}, 4)).toBe(1);
    expect(workerCount({ ...pg, WEB_CONCURRENCY: "3" }, 8)).toBe(3);
    // The embedded database belongs to one process, whatever is asked.
    expect(workerCount({ WEB_CONCURRENCY: "4" }, 8)).toBe(1);
  });
});

describe.skipIf(!inject("run").pgTemplate)("two server processes on one PostgreSQL database", () => {
  let app: RunningServer | undefined;
  let dbName = "";
  afterAll(async () => {
    await app?.stop();
    if (dbName) {
      const pg = (await import("pg")).default;
      const a = new pg.Client(pgAdminUrl());
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await a.end();
    }
  });

  it("answers from both processes and replaces one that dies", async () => {
    const pg = (await import("pg")).default;
    dbName = `mkt_workers_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client(pgAdminUrl());
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject("run").pgTemplate}`);
    await admin.end();
    app = await startAppServer({
      seed: false,
      env: { DATABASE_URL: pgUrlFor(dbName), WEB_CONCURRENCY: "2", PAYSTACK_SECRET_KEY: "sk_test_workers", PAYSTACK_BASE_URL: "http://127.0.0.1:9" },
    });
    const pidsAnswering = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const r = await rawRequest(app!.url, { path: "/readyz", headers: { Connection: "close" } });
        expect(r.status).toBe(200);
        ids.push(String(r.headers["x-request-id"]));
      }
      const pids = new Set<number>();
      for (const id of ids) for (const l of await app!.linesFor(id)) if (l.msg === "request") pids.add(Number((l as { pid?: number }).pid));
      return pids;
    };
    // The second process may start listening a moment after the first one answered /readyz.
    let before = new Set<number>();
    await expect
      .poll(async () => (before = await pidsAnswering(12)).size, { timeout: 60_000, interval: 500 })
      .toBe(2);

    // One process dies: the primary starts another, and two processes answer again.
    const victim = [...before][0];
    process.kill(victim, "SIGKILL");
    await expect.poll(() => app!.output().includes("a server process ended; starting another"), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await pidsAnswering(8)).size, { timeout: 60_000, interval: 500 }).toBe(2);
    const after = await pidsAnswering(12);
    expect(after.has(victim)).toBe(false);
  });
});
