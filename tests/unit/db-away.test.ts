/** Which errors mean "the database is away" (503 with Retry-After), and which are the statement's own (app/db/away.ts). */
import { describe, expect, it } from "vitest";
import { isDatabaseAway } from "~/db/away";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseAway", () => {
  it("is true for connections refused, cut or timed out, a server shutting down or full, and the app's bounds (a transaction left idle ended, a statement past its time)", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "08006", "08001", "08P01", "57P01", "57P02", "57P03", "53300", "25P03", "57014"])
      expect(isDatabaseAway(withCode(code)), code).toBe(true);
    expect(isDatabaseAway(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseAway(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseAway(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true);
  });

  it("is false for the statement's own errors and a third party's failed fetch", () => {
    for (const code of ["23505", "40001", "40P01", "42P01", "22P02"]) expect(isDatabaseAway(withCode(code)), code).toBe(false);
    expect(isDatabaseAway(new TypeError("fetch failed", { cause: withCode("ECONNREFUSED") }))).toBe(false);
    expect(isDatabaseAway(new Error("boom"))).toBe(false);
    expect(isDatabaseAway(null)).toBe(false);
    expect(isDatabaseAway("ECONNREFUSED")).toBe(false);
  });
});
