/** The structured logger: secrets scrubbed at any depth, errors with their stack and request id. */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, scrub, scrubPath, setLogger } from "../../server/logger.mjs";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split("\n").filter(Boolean)) {
        raw.push(l);
        lines.push(JSON.parse(l));
      }
      cb();
    },
  });
  return { logger: createLogger({ level: "debug" }, stream), lines, raw };
}

afterEach(() => setLogger(null));

describe("logger", () => {
  it("writes one JSON object per line with level, time and message", () => {
    const { logger, lines } = capture();
    logger.info({ requestId: "r-1", status: 200 }, "request");
    expect(lines[0]).toMatchObject({ level: "info", msg: "request", requestId: "r-1", status: 200 });
    expect(typeof lines[0].time).toBe("string");
  });

  it("never writes passwords, tokens, cookies, Authorization or card data, at any depth", () => {
    const { logger, raw } = capture();
    const secrets = {
      password: "Hunter#2024",
      password1: "Hunter#2025",
      new_password2: "Hunter#2026",
      access: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLWFjY2Vzcw",
      refresh: "refresh-token-value-123",
      card_number: "4084084084084081",
      cvv: "408",
    };
    logger.info({ body: { user: { ...secrets } }, headers: { Authorization: "Bearer abc.def.ghi", cookie: "__session=eyJzZWNyZXQiOjF9.sig" } }, "login");
    logger.warn(`request failed with Authorization: Bearer opaque-token-xyz for /reset-password/MQ/set-token-777?token=abc123`);
    logger.error({ err: Object.assign(new Error(`JWT ${secrets.access} rejected`), { refresh: secrets.refresh }) }, "failed");
    const out = raw.join("\n");
    for (const s of [...Object.values(secrets), "abc.def.ghi", "opaque-token-xyz", "eyJzZWNyZXQiOjF9", "abc123"]) expect(out).not.toContain(s);
    expect(out).toContain("[redacted]");
  });

  it("logs errors with their type, message and stack trace", () => {
    const { logger, lines } = capture();
    function failingThing() {
      throw new TypeError("the widget broke");
    }
    try {
      failingThing();
    } catch (err) {
      logger.error({ err, requestId: "r-2" }, "request failed");
    }
    const err = lines[0].err as { type: string; message: string; stack: string };
    expect(err.type).toBe("TypeError");
    expect(err.message).toBe("the widget broke");
    expect(err.stack).toMatch(/at failingThing/);
    expect(lines[0].requestId).toBe("r-2");
  });

  it("removes the secret parts of reset and confirmation links from paths", () => {
    expect(scrubPath("/reset-password/MQ/cbx-0123456789abcdef")).toBe("/reset-password/MQ/[redacted]");
    expect(scrubPath("/email/confirm/abc:def")).toBe("/email/confirm/[redacted]");
    expect(scrubPath("/cart")).toBe("/cart");
  });

  it("survives cycles and deep objects", () => {
    const a: Record<string, unknown> = { name: "a" };
    a.self = a;
    expect(() => JSON.stringify(scrub(a))).not.toThrow();
  });
});

describe("Remix errors (entry.server handleError)", () => {
  it("logs a loader's error with the stack and the request id of its request", async () => {
    const { logger, lines } = capture();
    setLogger(logger);
    const { handleError } = await import("~/entry.server");
    const request = new Request("http://localhost/users/orders/12");
    handleError(new Error("database went away"), { request, params: {}, context: { requestId: "req-abc", clientIp: "127.0.0.1", cspNonce: "n" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", requestId: "req-abc", method: "GET", path: "/users/orders/12" });
    expect((lines[0].err as { stack: string }).stack).toMatch(/database went away\n\s+at /);
    // An aborted request (the visitor left) is not an error.
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), { request: new Request("http://localhost/", { signal: controller.signal }), params: {}, context: { requestId: "r", clientIp: "x", cspNonce: "n" } });
    expect(lines).toHaveLength(1);
  });
});
