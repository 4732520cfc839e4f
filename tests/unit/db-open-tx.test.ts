/**
 * A transaction never waits on another connection (issue 37, item 3; app/db/client.server.ts
 * `assertNoOpenTx`), on the embedded engine: a query, a statement or a second transaction of the
 * database sent by the code inside `db.tx(fn)` is refused (on PGlite's one connection it would
 * wait for the transaction that waits on it) and the transaction rolls back; the database goes on.
 * tests/server/db-bounds.test.ts proves the same on PostgreSQL, with the replica.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type Db } from "~/db/client.server";

describe("no statement outside the open transaction (PGlite)", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec("CREATE TABLE t (id int PRIMARY KEY, n int NOT NULL)");
    await db.query("INSERT INTO t VALUES (1, 0)");
  });
  afterAll(async () => {
    await db.close();
  });

  it("refuses a query, a statement and a second transaction inside db.tx, rolls the transaction back, and goes on", async () => {
    for (const outside of [() => db.query("SELECT 1"), () => db.exec("SELECT 1"), () => db.tx(async (q) => q.query("SELECT 1"))])
      await expect(
        db.tx(async (q) => {
          await q.query("UPDATE t SET n = n + 1 WHERE id = 1");
          await outside();
        }),
      ).rejects.toThrow(/outside the open transaction/);
    expect((await db.query<{ n: number }>("SELECT n FROM t WHERE id = 1")).rows[0]!.n).toBe(0);
    await db.tx(async (q) => void (await q.query("UPDATE t SET n = n + 1 WHERE id = 1")));
    expect((await db.query<{ n: number }>("SELECT n FROM t WHERE id = 1")).rows[0]!.n).toBe(1);
  });
});
