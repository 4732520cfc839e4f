/**
 * hotQuery (app/db/client.server.ts): a statement run on every request, planned once (PREPARE on
 * the embedded database; a PL/pgSQL function on a PostgreSQL server when its parameter types are
 * given), answers what the plain query answers, every time, and its parameters stay values (a
 * quote or an injection attempt is a string, never SQL).
 */
import { describe, expect, it } from "vitest";
import { hotQuery } from "~/db/client.server";
import { engines, useApi } from "./harness";

describe.each(engines())("hotQuery on %s", (engine) => {
  const api = useApi(engine);

  it("answers as the plain query does, with its parameters as values", async () => {
    const sql = "SELECT $1::text AS s, $2::int AS n, $3::text IS NULL AS none";
    for (const s of ["plain", "it's", "'); DROP TABLE users; --", "back\\slash", "Ọjà"]) {
      for (let i = 0; i < 2; i++) {
        const r = await hotQuery<{ s: string; n: number; none: boolean }>(api.db, sql, [s, 7 + i, null]);
        expect(r.rows).toEqual([{ s, n: 7 + i, none: true }]);
        expect(r.rows).toEqual((await api.db.query(sql, [s, 7 + i, null])).rows);
      }
    }
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users")).rows[0].n).toBeGreaterThan(0);
    await expect(hotQuery(api.db, sql, ["a\0b", 1, null])).rejects.toThrow();
    await expect(hotQuery(api.db, "SELECT $1::int AS n", ["not a number"])).rejects.toThrow();
  });

  it("with typed parameters answers as the plain query does, and again after its function is dropped", async () => {
    const sql =
      "SELECT $1::text AS s, $2 + 1 AS n, (SELECT count(*)::int FROM users WHERE id = $2) AS users, (SELECT json_agg(x) FROM generate_series(1, $2) x) AS list, $1 IS NULL AS none";
    const functions = async () =>
      api.engine === "postgres" ? (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'hot\\_%'")).rows[0].n : 0;
    const before = await functions();
    for (const s of ["plain", "it's", "'); DROP TABLE users; --", "Ọjà", null]) {
      for (const n of [1, 3]) {
        const r = await hotQuery(api.db, sql, [s, n], ["text", "int4"]);
        expect(r.rows).toEqual((await api.db.query(sql, [s, n])).rows);
        expect(r.rows[0]).toMatchObject({ s, n: n + 1, none: s === null });
      }
    }
    // One function for the statement, however often it runs.
    if (api.engine === "postgres") expect(await functions()).toBe(before + 1);
    if (api.engine === "postgres") {
      const name = (await api.db.query<{ proname: string }>("SELECT proname FROM pg_proc WHERE proname LIKE 'hot\\_%' ORDER BY oid DESC LIMIT 1")).rows[0].proname;
      await api.db.exec(`DROP FUNCTION ${name}`);
      // The first run after the drop answers through the plain query; the next one makes it again.
      for (let i = 0; i < 2; i++) expect((await hotQuery(api.db, sql, ["again", 2], ["text", "int4"])).rows).toEqual((await api.db.query(sql, ["again", 2])).rows);
      expect(await functions()).toBe(before + 1);
    }
    if (api.engine === "postgres") {
      // Only reads become functions, with one declared type per parameter.
      await expect(hotQuery(api.db, "UPDATE users SET first_name = first_name WHERE id = $1", [1], ["int4"])).rejects.toThrow(/SELECT/);
      await expect(hotQuery(api.db, sql, ["x", 1], ["text"])).rejects.toThrow(/type per parameter/);
    }
  });
});
