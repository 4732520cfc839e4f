/**
 * Db.listen on a PostgreSQL server (app/db/client.server.ts): every channel of a pool shares one
 * LISTEN session, notifications reach each channel's subscribers, and when that session is lost
 * every subscriber hears it and listens again once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { engines, openTestDb } from "./harness";

async function until(check: () => boolean | Promise<boolean>, ms = 8000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!engines().includes("postgres"))("listening on PostgreSQL", () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb("postgres"));
  });
  afterAll(async () => {
    await drop();
  });

  it("shares one session for every channel, and listens again after losing it", async () => {
    const heard: string[] = [];
    const states: string[] = [];
    const stopA = await db.listen!("test_chan_a", (p) => heard.push(`a:${p}`), (on) => states.push(`a:${on}`));
    const stopB = await db.listen!("test_chan_b", (p) => heard.push(`b:${p}`), (on) => states.push(`b:${on}`));
    const stopB2 = await db.listen!("test_chan_b", (p) => heard.push(`b2:${p}`));
    expect(states).toEqual(["a:true", "b:true"]);
    const sessions = async () =>
      (
        await db.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN test_chan_%'",
        )
      ).rows;
    expect(await sessions()).toHaveLength(1);

    await db.query("SELECT pg_notify('test_chan_a', '1'), pg_notify('test_chan_b', '2')");
    await until(() => heard.length === 3);
    expect(heard.sort()).toEqual(["a:1", "b2:2", "b:2"]);

    // The session is lost: everyone hears it, and then hears that it listens again.
    const [{ pid }] = await sessions();
    await db.query("SELECT pg_terminate_backend($1)", [pid]);
    await until(() => states.filter((s) => s.endsWith("true")).length === 4);
    expect(states).toEqual(["a:true", "b:true", "a:false", "b:false", "a:true", "b:true"]);
    heard.length = 0;
    await db.query("SELECT pg_notify('test_chan_a', '3'), pg_notify('test_chan_b', '4')");
    await until(() => heard.length === 3);
    expect(heard.sort()).toEqual(["a:3", "b2:4", "b:4"]);

    // A channel nobody listens to any more is not heard; the others still are.
    await stopA();
    heard.length = 0;
    await db.query("SELECT pg_notify('test_chan_a', '5'), pg_notify('test_chan_b', '6')");
    await until(() => heard.length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.sort()).toEqual(["b2:6", "b:6"]);
    await stopB();
    await stopB2();
    await until(async () => (await sessions()).length === 0);
  });
});
