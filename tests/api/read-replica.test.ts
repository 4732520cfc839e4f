/**
 * DATABASE_REPLICA_URL (docs/deploy.md): anonymous public catalogue reads go to the replica;
 * a signed-in caller, one who just wrote (the `db_primary` cookie), and everyone just after a
 * catalogue change read the primary; a replica that cannot be reached costs no answer. The
 * "replica" here is a second copy of the test database whose product is renamed, so each answer
 * tells which database it came from.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { catalogCacheFor } from "~/api/core/cache.server";
import { openPostgres, setDb, type Db } from "~/db/client.server";
import { makeUser, openTestDb, useApi } from "./harness";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("read replica", () => {
  const api = useApi("pglite");
  let replica: Db;
  let dropReplica: () => Promise<void>;
  let id = 0;
  let primaryName = "";
  let n = 0;
  // A new query string each time, so no answer comes from the catalogue cache.
  const nameOf = async (headers: Record<string, string> = {}, token?: string) => {
    const r = await api.call(`/products/${id}/?n=${++n}`, { headers, token });
    expect(r.status).toBe(200);
    return (r.body as { name: string }).name;
  };

  beforeAll(async () => {
    process.env.CATALOG_CACHE = "on";
    resetEnvCache();
    ({ db: replica, drop: dropReplica } = await openTestDb("pglite"));
    const p = (await api.db.query<{ id: number; name: string }>("SELECT id, name FROM products WHERE published ORDER BY id LIMIT 1")).rows[0];
    id = p.id;
    primaryName = p.name;
    await replica.query("UPDATE products SET name = 'Read from the replica' WHERE id = $1", [id]);
    setDb(api.db, replica);
    await catalogCacheFor(api.db); // listening; reads go to the replica once no change came for a second
    await sleep(1100);
  });
  afterAll(async () => {
    setDb(api.db);
    await dropReplica();
    process.env.CATALOG_CACHE = "off";
    resetEnvCache();
  });

  it("answers anonymous catalogue reads from the replica, and signed-in or just-written callers from the primary", async () => {
    expect(await nameOf()).toBe("Read from the replica");
    const shopper = await makeUser(api);
    expect(await nameOf({}, shopper.token)).toBe(primaryName);
    expect(await nameOf({ cookie: "lite=0; db_primary=1" })).toBe(primaryName);
  });

  it("reads the primary right after a catalogue change, while the replica catches up", async () => {
    await api.db.query("UPDATE products SET name = 'Renamed on the primary' WHERE id = $1", [id]);
    const end = Date.now() + 3000;
    let seen = await nameOf();
    while (seen !== "Renamed on the primary" && Date.now() < end) seen = await nameOf();
    expect(seen).toBe("Renamed on the primary");
    await sleep(1100);
    expect(await nameOf()).toBe("Read from the replica");
    await api.db.query("UPDATE products SET name = $2 WHERE id = $1", [id, primaryName]);
  });

  it("keeps reading the replica after a stock-only change (a checkout)", async () => {
    const cache = (await catalogCacheFor(api.db))!;
    await sleep(1100); // past the window of the previous test's rename
    const before = cache.lastStockChangeAt;
    await api.db.query("UPDATE products SET stock_quantity = stock_quantity + 1 WHERE id = $1", [id]);
    const end = Date.now() + 3000;
    while (cache.lastStockChangeAt === before && Date.now() < end) await sleep(20);
    expect(cache.lastStockChangeAt).not.toBe(before); // the notification arrived
    expect(await nameOf()).toBe("Read from the replica");
  });

  it("reads the primary when the replica cannot be reached", async () => {
    const down = await openPostgres("postgres://postgres@127.0.0.1:1/none", 1);
    try {
      setDb(api.db, down);
      await sleep(1100);
      expect(await nameOf()).toBe(primaryName);
    } finally {
      setDb(api.db, replica);
      await down.close();
    }
  });
});
