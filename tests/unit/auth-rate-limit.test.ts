/**
 * The rate limiter behaves alike on its three stores: memory, the PostgreSQL store over our Db
 * (checked here on PGlite; the API tests run it on a PostgreSQL server) and Redis (when a
 * redis-server binary is installed, started on a free port for this test). Plus the keys: client
 * networks, the allow-list and account+address keys.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  accountAtAddress,
  addressKey,
  clientNetwork,
  closeRateLimiter,
  RATE_LIMIT_TABLE,
  RateLimiter,
  rateLimiter,
  type RateRule,
} from "~/api/rate-limit.server";
import { resetEnvCache } from "~/config.server";
import { log } from "~/ops/logger.server";
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
/** A rule of its own for each test (rules are keyed by name in a limiter). */
const rule = (over: Partial<RateRule> = {}): RateRule => ({ name: `test${++n}`, limit: 3, windowSeconds: 60, message: "Too many tries.", ...over });
const key = () => `k${Math.random().toString(36).slice(2)}`;

function behaves(name: string, make: () => RateLimiter) {
  it(`${name}: counts per key and window, answers 429 past the limit, clears`, async () => {
    const limiter = make();
    const r = rule();
    const id = key();
    for (let i = 0; i < 3; i++) await limiter.consume(r, id);
    const err = await limiter.consume(r, id).catch((e) => e);
    expect(err).toBeInstanceOf(Response);
    expect(err.status).toBe(429);
    expect(await err.json()).toEqual({ detail: expect.stringMatching(/^Too many tries\. Please try again in \d+ minutes?\.$/) });
    const retryAfter = Number(err.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // another key is unaffected
    await limiter.consume(r, `${id}-other`);
    expect((await limiter.peek(r, id)).count).toBe(4);
    await expect(limiter.check(r, id)).rejects.toBeInstanceOf(Response);
    await limiter.clear(r, id);
    expect((await limiter.peek(r, id)).count).toBe(0);
    await limiter.check(r, id);
    // no id (unknown client address): nothing to count
    await limiter.consume(r, null);
    await limiter.check(r, null);
  });

  it(`${name}: a window opens at the first hit and later hits do not stretch it`, async () => {
    const limiter = make();
    const r = rule({ windowSeconds: 1 });
    const id = key();
    await limiter.hit(r, id);
    await sleep(500);
    expect((await limiter.hit(r, id)).count).toBe(2);
    await sleep(700); // 1.2 s after the first hit, 0.7 s after the second
    expect((await limiter.peek(r, id)).count).toBe(0);
    expect((await limiter.hit(r, id)).count).toBe(1);
  });

  it(`${name}: failures in a row lock the key for blockSeconds; a success in between starts again`, async () => {
    const limiter = make();
    const r = rule({ windowSeconds: 3600, blockSeconds: 1 });
    const id = key();
    await limiter.fail(r, id);
    await limiter.fail(r, id);
    await limiter.clear(r, id); // a success
    await limiter.fail(r, id);
    await limiter.fail(r, id);
    await limiter.check(r, id); // 2 in a row: not locked
    await limiter.fail(r, id);
    const locked = await limiter.check(r, id).catch((e) => e);
    expect(locked).toBeInstanceOf(Response);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBe(1); // the lock, not the hour-long window
    await limiter.check(r, `${id}-other`);
    await sleep(1200);
    await limiter.check(r, id); // the lock is over
    expect((await limiter.peek(r, id)).count).toBe(0);
  });
}

describe("memory store", () => {
  behaves("memory", () => new RateLimiter());
});

describe("PostgreSQL store (over our Db)", () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb("pglite"));
  });
  afterAll(() => drop());
  behaves("postgres", () => new RateLimiter({ db }));

  it("keeps its counters in the rate_limiter table (shared by every app server)", async () => {
    const limiter = new RateLimiter({ db });
    expect(limiter.kind).toBe("postgres");
    const r = rule();
    await limiter.hit(r, "shared");
    await limiter.hit(r, "shared");
    const row = await db.query<{ points: number; expire: number }>(`SELECT points, expire FROM ${RATE_LIMIT_TABLE} WHERE key = $1`, [`${r.name}:shared`]);
    expect(row.rows[0].points).toBe(2);
    expect(row.rows[0].expire).toBeGreaterThan(Date.now());
    // a second limiter on the same database (another app server) sees the same count
    expect((await new RateLimiter({ db }).peek(r, "shared")).count).toBe(2);
  });

  it("counts in the database when Redis does not answer", async () => {
    const port = await freePort(); // nothing listens there
    const broken = new Redis(port, "127.0.0.1", { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    try {
      const limiter = new RateLimiter({ redis: broken, db });
      expect(limiter.kind).toBe("redis");
      const r = rule();
      const id = key();
      for (let i = 0; i < 3; i++) await limiter.consume(r, id);
      await expect(limiter.consume(r, id)).rejects.toBeInstanceOf(Response);
      expect((await new RateLimiter({ db }).peek(r, id)).count).toBe(4);
    } finally {
      broken.disconnect();
    }
  });

  it("chooses memory for the embedded database, the database for PostgreSQL, Redis when REDIS_URL is set", async () => {
    expect(rateLimiter(db).kind).toBe("memory");
    expect(rateLimiter(db)).toBe(rateLimiter(db)); // one per database
    const server = { engine: "postgres" } as Db;
    expect(rateLimiter(server).kind).toBe("postgres");
    process.env.REDIS_URL = `redis://127.0.0.1:${await freePort()}`;
    resetEnvCache();
    try {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      expect(rateLimiter(server).kind).toBe("redis");
    } finally {
      delete process.env.REDIS_URL;
      resetEnvCache();
      await closeRateLimiter();
      vi.restoreAllMocks();
    }
  });
});

describe.skipIf(!REDIS_BIN)("Redis store", () => {
  let proc: ChildProcess;
  let redis: Redis;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    proc = spawn(REDIS_BIN!, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    // wait until the server listens
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((r) => {
        const c = net.connect(port, "127.0.0.1", () => (c.end(), r(true)));
        c.on("error", () => r(false));
      });
      if (up) break;
      await sleep(50);
    }
    redis = new Redis(port, "127.0.0.1", { lazyConnect: true });
    await redis.connect();
    await redis.ping();
  });
  afterAll(async () => {
    await redis?.quit();
    proc?.kill();
  });
  behaves("redis", () => new RateLimiter({ redis }));

  it("a process that just started counts its first failures in Redis too (not only in its own insurance)", async () => {
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    resetEnvCache();
    try {
      const { db, drop } = await openTestDb("pglite");
      try {
        // The REDIS_URL client is made now and is still connecting when the first failures arrive.
        const limiter = rateLimiter(db);
        expect(limiter.kind).toBe("redis");
        const r = rule({ limit: 3, blockSeconds: 60 });
        for (let i = 0; i < 3; i++) await limiter.fail(r, "fresh-process");
        // Another server (its own limiter on the same Redis) sees the lock.
        await expect(new RateLimiter({ redis }).check(r, "fresh-process")).rejects.toMatchObject({ status: 429 });
      } finally {
        await drop();
      }
    } finally {
      delete process.env.REDIS_URL;
      resetEnvCache();
      await closeRateLimiter();
    }
  });

  it("sets an expiry on the counter's key when its window opens, and keeps it on later hits", async () => {
    const limiter = new RateLimiter({ redis });
    const r = rule();
    await limiter.hit(r, "ttl");
    await sleep(1100);
    await limiter.hit(r, "ttl");
    const keys = await redis.keys(`rl:${r.name}:ttl`);
    expect(keys).toHaveLength(1);
    const ttl = await redis.ttl(keys[0]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(59); // not pushed back to 60 by the second hit
  });
});

describe("keys", () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_ALLOWLIST;
    resetEnvCache();
    vi.restoreAllMocks();
  });

  it("counts an IPv4 address as is, IPv4-mapped IPv6 as IPv4, IPv6 per /64; anything else is unknown", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:DB8:1:2::9%eth0")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    for (const bad of ["unknown", "", "1.1.1.1, 2.2.2.2", "example.com", "999.1.1.1"]) expect(clientNetwork(bad), bad).toBeNull();
    expect(addressKey("unknown")).toBeNull();
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
  });

  it("RATE_LIMIT_ALLOWLIST exempts addresses and ranges from per-address limits, ignoring bad entries", () => {
    const warn = vi.spyOn(log(), "warn").mockImplementation(() => {});
    process.env.RATE_LIMIT_ALLOWLIST = "127.0.0.1, ::1, 192.168.0.0/16, 2001:db8:5::/48, bogus, 10.0.0.0/99";
    resetEnvCache();
    for (const ip of ["127.0.0.1", "::ffff:127.0.0.1", "::1", "192.168.4.5", "2001:db8:5:1::7"]) expect(addressKey(ip), ip).toBeNull();
    for (const ip of ["127.0.0.2", "10.1.2.3", "2001:db8:6::1"]) expect(addressKey(ip), ip).not.toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("an account+address key: per account (any letter case) and network, with no e-mail address in it", () => {
    const k = accountAtAddress("Ada.Obi@Example.com", "203.0.113.9");
    expect(k).toBe(accountAtAddress("ada.obi@example.com", "::ffff:203.0.113.9"));
    expect(k).not.toContain("example");
    expect(k).not.toBe(accountAtAddress("ada.obi@example.com", "203.0.113.10"));
    expect(k).not.toBe(accountAtAddress("ada.obu@example.com", "203.0.113.9"));
    expect(accountAtAddress("ada.obi@example.com", "unknown")).toMatch(/@unknown$/);
  });
});

if (!REDIS_BIN) console.warn("skipped: lockouts while Redis is away (no redis-server binary to start a Redis of the test's own; the machine's shared one is never stopped)");
describe.skipIf(!REDIS_BIN)("lockouts while Redis is away or comes back empty (issue 37; a Redis of the test's own, stopped and started)", () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb("pglite"));
  });
  afterAll(() => drop());

  async function startRedis(port: number): Promise<ChildProcess> {
    const proc = spawn(REDIS_BIN!, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((r) => {
        const c = net.connect(port, "127.0.0.1", () => (c.end(), r(true)));
        c.on("error", () => r(false));
      });
      if (up) break;
      await sleep(50);
    }
    return proc;
  }
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await sleep(50);
    expect(done()).toBe(true);
  };

  it("an account locked before Redis stops stays locked while it is away and after it comes back empty", async () => {
    const port = await freePort();
    let proc = await startRedis(port);
    const redis = new Redis(port, "127.0.0.1", { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => 100 });
    redis.on("error", () => {});
    try {
      await until(() => redis.status === "ready");
      const limiter = new RateLimiter({ redis, db });
      const login: RateRule = { name: `lock-login-${n++}`, limit: 3, windowSeconds: 600, blockSeconds: 900, message: "Too many login attempts." };
      const codes: RateRule = { name: `lock-codes-${n++}`, limit: 2, windowSeconds: 3600, message: "Too many codes." };
      // While Redis answers: an account locked by failures, a number out of codes.
      for (let i = 0; i < 3; i++) await limiter.fail(login, "acct@198.51.100.7");
      await expect(limiter.check(login, "acct@198.51.100.7")).rejects.toMatchObject({ status: 429 });
      await limiter.consume(codes, "number");
      await limiter.consume(codes, "number");
      await expect(limiter.consume(codes, "number")).rejects.toMatchObject({ status: 429 });
      expect(await redis.exists(`rl:${login.name}:acct@198.51.100.7`)).toBe(1); // counted in Redis

      // Redis stops: still locked (fail closed), others not.
      proc.kill("SIGKILL");
      await until(() => redis.status !== "ready");
      await expect(limiter.check(login, "acct@198.51.100.7")).rejects.toMatchObject({ status: 429 });
      await expect(limiter.consume(codes, "number")).rejects.toMatchObject({ status: 429 });
      await expect(limiter.check(login, "other@198.51.100.7")).resolves.toBeUndefined();

      // Redis comes back empty: still locked.
      proc = await startRedis(port);
      await until(() => redis.status === "ready");
      expect(await redis.dbsize()).toBe(0);
      const locked = await limiter.check(login, "acct@198.51.100.7").catch((e: unknown) => e);
      expect(locked).toBeInstanceOf(Response);
      expect((locked as Response).status).toBe(429);
      expect(Number((locked as Response).headers.get("Retry-After"))).toBeGreaterThan(60); // the lock's time, not a fresh window
      await expect(limiter.consume(codes, "number")).rejects.toMatchObject({ status: 429 });
      // A success clears it everywhere.
      await limiter.clear(login, "acct@198.51.100.7");
      await expect(limiter.check(login, "acct@198.51.100.7")).resolves.toBeUndefined();
    } finally {
      redis.disconnect();
      proc.kill();
    }
  });
});
