/**
 * The rate limiter's two backends behave alike: the database table (always) and Redis (when a
 * redis-server binary is installed, started on a free port for this test).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIp, PostgresBackend, RateLimiter, RedisBackend, type RateLimitBackend, type RateRule } from "~/api/rate-limit.server";
import type { Db } from "~/db/client.server";
import { openTestDb } from "../api/harness";

const REDIS_BIN = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => fs.existsSync(p));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

const rule: RateRule = { name: "test", limit: 3, windowSeconds: 60, message: "Too many tries." };

function behaves(name: string, make: () => RateLimitBackend) {
  it(`${name}: counts per key and window, answers 429 past the limit, clears`, async () => {
    const limiter = new RateLimiter(null as never, make());
    const id = `k${Math.random()}`;
    for (let i = 0; i < 3; i++) await limiter.consume(rule, id);
    const err = await limiter.consume(rule, id).catch((e) => e);
    expect(err).toBeInstanceOf(Response);
    expect(err.status).toBe(429);
    expect(await err.json()).toEqual({ detail: expect.stringMatching(/^Too many tries\. Please try again in \d+ minutes?\.$/) });
    expect(Number(err.headers.get("Retry-After"))).toBeGreaterThan(0);
    // another key is unaffected
    await limiter.consume(rule, `${id}-other`);
    expect((await limiter.peek(rule, id)).count).toBe(4);
    await expect(limiter.check(rule, id)).rejects.toBeInstanceOf(Response);
    await limiter.clear(rule, id);
    expect((await limiter.peek(rule, id)).count).toBe(0);
    await limiter.check(rule, id);
    // no id (unknown client address): nothing to count
    await limiter.consume(rule, null);
  });
}

describe("database backend", () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb("pglite"));
  });
  afterAll(() => drop());
  behaves("postgres table", () => new PostgresBackend(db));

  it("a window that is over starts a new count", async () => {
    const b = new PostgresBackend(db);
    await b.hit("win", 60);
    await b.hit("win", 60);
    await db.query("UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = 'win'");
    expect((await b.peek("win", 60)).count).toBe(0);
    expect((await b.hit("win", 60)).count).toBe(1);
  });

  it("falls back to the database when Redis does not answer", async () => {
    const broken: RateLimitBackend = {
      kind: "redis",
      hit: () => Promise.reject(new Error("down")),
      peek: () => Promise.reject(new Error("down")),
      clear: () => Promise.reject(new Error("down")),
    };
    const limiter = new RateLimiter(db, broken);
    const id = `fb${Math.random()}`;
    for (let i = 0; i < 3; i++) await limiter.consume(rule, id);
    await expect(limiter.consume(rule, id)).rejects.toBeInstanceOf(Response);
  });
});

describe.skipIf(!REDIS_BIN)("redis backend", () => {
  let proc: ChildProcess;
  let redis: Redis;
  beforeAll(async () => {
    const port = await freePort();
    proc = spawn(REDIS_BIN!, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    // wait until the server listens
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((r) => {
        const c = net.connect(port, "127.0.0.1", () => (c.end(), r(true)));
        c.on("error", () => r(false));
      });
      if (up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    redis = new Redis(port, "127.0.0.1", { lazyConnect: true });
    await redis.connect();
    await redis.ping();
  });
  afterAll(async () => {
    await redis?.quit();
    proc?.kill();
  });
  behaves("redis", () => new RedisBackend(redis));

  it("sets an expiry on the counter's key when its window opens, and keeps it on later hits", async () => {
    const b = new RedisBackend(redis);
    await b.hit("ttl", 60);
    await b.hit("ttl", 60);
    const keys = await redis.keys("rl:ttl");
    expect(keys).toHaveLength(1);
    const ttl = await redis.ttl(keys[0]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(61);
  });
});

describe("client address", () => {
  const req = (h: Record<string, string>) => new Request("http://x/", { headers: h });
  it("takes the address our proxy appended (the right-most X-Forwarded-For entry)", () => {
    expect(clientIp(req({ "x-forwarded-for": "1.1.1.1, 2.2.2.2" }))).toBe("2.2.2.2");
    expect(clientIp(req({ "x-real-ip": "3.3.3.3" }))).toBe("3.3.3.3");
    expect(clientIp(req({}))).toBeNull();
  });
});
