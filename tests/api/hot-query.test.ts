/**
 * hotQuery (app/db/client.server.ts): a statement run on every request, planned once on the
 * embedded database, answers what the plain query answers, every time, and its parameters stay
 * values (a quote or an injection attempt is a string, never SQL).
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
});
