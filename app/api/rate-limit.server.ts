/**
 * Rate limits for login, registration, password reset and password change, on
 * rate-limiter-flexible. One behaviour, three stores:
 * - Redis (REDIS_URL; ioredis), shared by every app server. When Redis does not answer, the store
 *   below takes over (the library's insuranceLimiter) rather than no limit at all. That store also
 *   keeps a copy of every count Redis takes, read alongside it, so lockouts survive Redis going
 *   away or coming back empty (issue 37; `copy()` below).
 * - PostgreSQL, when the app runs on a PostgreSQL server (DATABASE_URL): the library's
 *   RateLimiterPostgres over our own `Db` (table `rate_limiter`, migration 0005), so app servers
 *   share the counters without a second connection pool.
 * - Memory, with the embedded database (PGlite): that setup is one process anyway.
 *
 * A window opens at a key's first counted hit and lasts `windowSeconds` (the library's "fixed
 * window from the first hit": no burst straddling a clock boundary, no dependence on the minute
 * someone starts).
 *
 * The client address is `ctx.clientIp`, which the server hands to `handleApi` (the socket peer, or a
 * forwarding header only from TRUSTED_PROXIES). No request header is read here: a client that sends
 * X-Forwarded-For does not choose its bucket. IPv6 addresses count per /64 (one customer's network);
 * an unknown address, or one in RATE_LIMIT_ALLOWLIST, skips the per-address limits (one shared
 * "unknown" bucket would let one visitor lock everybody out).
 *
 * Logins follow the library's "consecutive failures by username and IP" pattern: a limiter keyed by
 * account AND address counts failures in a row (a success clears it) and locks that pair for a while;
 * a slower limiter counts failures per address. Failures from one address never lock the account
 * at another address, so nobody can lock someone else out.
 */
import net from "node:net";
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/config.server";
import type { Db, Queryable } from "~/db/client.server";
import { json } from "./http";
import { log } from "~/ops/logger.server";

export interface RateRule {
  /** Key prefix of the rule's counters; unique per rule. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** For `fail`: once `limit` failures are counted, the key is locked this long (then counting starts afresh). */
  blockSeconds?: number;
  /** Shown in the 429 answer, e.g. "Too many login attempts." */
  message: string;
}

// Per-address limits are generous: Nigerian mobile carriers put many customers behind one
// address (carrier-grade NAT). The per-account limits do the finer protection.
export const RULES = {
  /** Failed logins per address, any account (the slow brute-force limiter). */
  loginIp: { name: "login-ip", limit: 100, windowSeconds: 15 * 60, message: "Too many login attempts." },
  /**
   * Failed logins (and wrong current passwords on a password change) for one account from one
   * address, in a row: the limit-th locks that account at that address for blockSeconds. A success
   * clears the count. Other addresses are not affected.
   */
  loginAccountIp: {
    name: "login-acct-ip",
    limit: 10,
    windowSeconds: 24 * 60 * 60,
    blockSeconds: 15 * 60,
    message: "Too many login attempts for this account.",
  },
  registerIp: { name: "register-ip", limit: 50, windowSeconds: 60 * 60, message: "Too many sign-ups from your network." },
  registerAccount: { name: "register-acct", limit: 5, windowSeconds: 60 * 60, message: "Too many sign-up attempts for this e-mail address." },
  resetIp: { name: "reset-ip", limit: 50, windowSeconds: 60 * 60, message: "Too many password reset requests." },
  resetAccount: { name: "reset-acct", limit: 5, windowSeconds: 60 * 60, message: "Too many password reset requests for this e-mail address." },
  resetConfirmIp: { name: "reset-confirm-ip", limit: 100, windowSeconds: 15 * 60, message: "Too many password reset attempts." },
  /**
   * Bank account lookups (resolve, and a save, which resolves too): each names the holder of an
   * account number, so they are counted per store, per user (one may open several stores) and per
   * address (many accounts from one network). An owner setting up payouts needs a few. The
   * limits here are the defaults; BANK_LOOKUP_LIMIT sets them (per address: three times it).
   */
  bankLookupStore: { name: "bank-lookup-store", limit: 10, windowSeconds: 60 * 60, message: "Too many bank account checks for this store." },
  bankLookupUser: { name: "bank-lookup-user", limit: 10, windowSeconds: 60 * 60, message: "Too many bank account checks." },
  bankLookupIp: { name: "bank-lookup-ip", limit: 30, windowSeconds: 60 * 60, message: "Too many bank account checks from your network." },
} satisfies Record<string, RateRule>;

export interface Counter {
  count: number;
  /** Seconds until the window (or the lock) ends; 0 when nothing is counted. */
  retryAfter: number;
}

export type StoreKind = "redis" | "postgres" | "memory";

/** The table of the PostgreSQL store (migration 0005_sessions). */
export const RATE_LIMIT_TABLE = "rate_limiter";

/**
 * Our Db in the shape RateLimiterPostgres calls (`client.query({ text, values })` → `{ rows, rowCount }`,
 * where rowCount of a SELECT is its number of rows as in node-postgres; PGlite reports 0 there).
 */
function pgStoreClient(db: Queryable) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const r = await db.query(q.text, q.values);
      return { rows: r.rows, rowCount: r.rows.length || r.rowCount };
    },
  };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts hits per rule and key in one store; a rule's counters are created on first use. */
export class RateLimiter {
  readonly kind: StoreKind;
  private limiters = new Map<string, RateLimiterAbstract>();
  /** Each rule's store under Redis (the database, or memory): Redis's insurance, and the copy kept while Redis answers. */
  private locals = new Map<string, RateLimiterAbstract>();

  /**
   * `redis`: the primary store (with the database or memory as its insurance when it fails);
   * `db`: a PostgreSQL database for the counters; neither: memory of this process.
   */
  constructor(private stores: { redis?: Redis | null; db?: Queryable | null } = {}) {
    this.kind = stores.redis ? "redis" : stores.db ? "postgres" : "memory";
  }

  private limiter(rule: RateRule): RateLimiterAbstract {
    let l = this.limiters.get(rule.name);
    if (!l) {
      const base = { keyPrefix: rule.name, points: rule.limit, duration: rule.windowSeconds };
      const local = this.stores.db
        ? new RateLimiterPostgres({
            ...base,
            storeClient: pgStoreClient(this.stores.db),
            storeType: "client",
            tableName: RATE_LIMIT_TABLE,
            tableCreated: true, // by the migration
            clearExpiredByTimeout: false, // see sweep()
          })
        : new RateLimiterMemory(base);
      this.locals.set(rule.name, local);
      l = this.stores.redis
        ? new RateLimiterRedis({ ...base, keyPrefix: `rl:${rule.name}`, storeClient: this.stores.redis, rejectIfRedisNotReady: true, insuranceLimiter: local })
        : local;
      this.limiters.set(rule.name, l);
    }
    return l;
  }

  /**
   * With Redis, the rule's copy below it (issue 37: lockouts made while Redis answered were
   * forgotten when it went away, or came back empty). Every count, lock and reward that Redis
   * takes is written there too; reads take the higher of the two. While Redis is away the library
   * counts in that store alone (its insurance), which then already holds the copy: an account
   * locked before the outage stays locked (fail closed). Null without Redis (one store only).
   */
  private copy(rule: RateRule): RateLimiterAbstract | null {
    if (!this.stores.redis) return null;
    this.limiter(rule);
    return this.locals.get(rule.name) ?? null;
  }

  /** Whether the next call goes to Redis (else the library takes the insurance store, which is the copy). */
  private viaRedis(): boolean {
    return this.stores.redis?.status === "ready";
  }

  /** Writes to the copy; a failure there is logged, never the request's failure. */
  private async mirror(rule: RateRule, write: (l: RateLimiterAbstract) => Promise<unknown>): Promise<RateLimiterRes | null> {
    const c = this.copy(rule);
    if (!c) return null;
    try {
      const r = await write(c);
      return r instanceof RateLimiterRes ? r : null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err;
      log().warn({ err, rule: rule.name }, "rate limit: could not keep the copy below Redis");
      return null;
    }
  }

  /** Now and then, drop database counters whose window (or lock) ended over an hour ago. */
  private sweep() {
    const db = this.stores.db;
    if (db && Math.random() < 0.01) {
      db.query(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire < $1`, [Date.now() - 3600_000]).catch(() => {});
    }
  }

  /**
   * Waits (up to a second) for a Redis connection still being made: a process that just started
   * would otherwise count its first requests in the insurance store only, out of step with the
   * other servers (a lockout reached on one server not holding on a freshly started one).
   */
  private async redisReady(): Promise<void> {
    const r = this.stores.redis;
    // Only the first connection: while Redis is down later on, the insurance counts at once.
    if (!r || r.status === "ready" || wasReady.has(r) || !["wait", "connecting", "connect"].includes(r.status)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        r.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, 1000);
      r.once("ready", done);
    });
  }

  /** Counts one hit and answers the count so far. */
  async hit(rule: RateRule, id: string): Promise<Counter> {
    this.sweep();
    await this.redisReady();
    const redis = this.viaRedis();
    const res = await this.limiter(rule).penalty(id);
    const copied = redis ? await this.mirror(rule, (l) => l.penalty(id)) : null;
    const top = copied && copied.consumedPoints > res.consumedPoints ? copied : res;
    return { count: top.consumedPoints, retryAfter: seconds(top.msBeforeNext) };
  }

  /** The count so far, without counting. */
  async peek(rule: RateRule, id: string): Promise<Counter> {
    await this.redisReady();
    const redis = this.viaRedis();
    const main = await this.limiter(rule).get(id);
    // Redis may have come back empty: its copy still knows.
    const copied = redis ? await this.mirror(rule, (l) => l.get(id)) : null;
    const res = copied && (!main || copied.consumedPoints > main.consumedPoints) ? copied : main;
    return res ? { count: res.consumedPoints, retryAfter: seconds(res.msBeforeNext) } : { count: 0, retryAfter: 0 };
  }

  async clear(rule: RateRule, id: string): Promise<void> {
    await this.redisReady();
    await this.limiter(rule).delete(id);
    await this.mirror(rule, (l) => l.delete(id));
  }

  /** Locks the key for `secs` seconds from now (check() answers 429 until then). */
  async block(rule: RateRule, id: string, secs: number): Promise<void> {
    await this.redisReady();
    const redis = this.viaRedis();
    await this.limiter(rule).block(id, secs);
    if (redis) await this.mirror(rule, (l) => l.block(id, secs));
  }

  /** Counts one attempt; throws a 429 Response when the rule's limit is exceeded. No id: nothing to count. */
  async consume(rule: RateRule, id: string | null): Promise<void> {
    if (!id) return;
    this.sweep();
    await this.redisReady();
    const redis = this.viaRedis();
    let refused: RateLimiterRes | null = null;
    try {
      await this.limiter(rule).consume(id);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      refused = e;
    }
    // Counted in the copy too (as Redis counts a refused one); Redis may have come back empty,
    // so a limit reached before holds by the copy.
    const copied = redis ? await this.mirror(rule, (l) => l.penalty(id)) : null;
    if (!refused && copied && copied.consumedPoints > rule.limit) refused = copied;
    if (refused) throw tooMany(rule, seconds(refused.msBeforeNext));
  }

  /** Throws a 429 when earlier failures (counted with fail/hit) reached the limit or locked the key. */
  async check(rule: RateRule, id: string | null): Promise<void> {
    if (!id) return;
    const c = await this.peek(rule, id);
    if (c.count >= rule.limit) throw tooMany(rule, c.retryAfter);
  }

  /**
   * Counts one attempt before it is judged, atomically (the store's own increment), and throws a
   * 429 past the limit. A check made before the count lands let a burst through (issue 37: 150
   * wrong codes sent at once all went past a limit of 100). Answers a function that takes the
   * count back, for an attempt that turned out not to be a failure. No id: nothing to count.
   */
  async attempt(rule: RateRule, id: string | null): Promise<() => Promise<void>> {
    if (!id) return async () => {};
    const c = await this.hit(rule, id);
    if (c.count > rule.limit) throw tooMany(rule, c.retryAfter);
    return async () => {
      const redis = this.viaRedis();
      await this.limiter(rule)
        .reward(id, 1)
        .catch((err: unknown) => log().warn({ err, rule: rule.name }, "rate limit: could not take an attempt back"));
      if (redis) await this.mirror(rule, (l) => l.reward(id, 1));
    };
  }

  /** Counts one failure; with `blockSeconds`, the limit-th locks the key for that long. */
  async fail(rule: RateRule, id: string | null): Promise<void> {
    if (!id) return;
    const c = await this.hit(rule, id);
    if (rule.blockSeconds && c.count >= rule.limit) await this.block(rule, id, rule.blockSeconds);
  }
}

export function tooMany(rule: RateRule, retryAfter: number): Response {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return json(
    { detail: `${rule.message} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
    429,
    { "Retry-After": String(retryAfter) },
  );
}

// ---------------------------------------------------------------------------------------------
// Stores

let redis: Redis | null = null;
let redisUrl: string | undefined;
/** Redis clients that have been connected once. */
const wasReady = new WeakSet<Redis>();
function redisClient(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  if (!redis || redisUrl !== url) {
    redis?.disconnect();
    const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    client.once("ready", () => wasReady.add(client));
    redis = client;
    redis.on("error", (e) => log().warn({ err: e }, "rate-limit redis failed: the database or memory counts meanwhile"));
    redisUrl = url;
  }
  return redis;
}

/** Closes the Redis connection (tests, shutdown). */
export async function closeRateLimiter() {
  if (redis) await redis.quit().catch(() => redis?.disconnect());
  redis = null;
  redisUrl = undefined;
}

const perDb = new WeakMap<Db, { redisUrl: string | undefined; limiter: RateLimiter }>();

/**
 * The limiter for a database: Redis when REDIS_URL is set, else that database when it is a
 * PostgreSQL server, else memory (embedded PGlite). One per database, so counters of one test
 * database never leak into another's.
 */
export function rateLimiter(db: Db): RateLimiter {
  const url = env().REDIS_URL;
  let entry = perDb.get(db);
  if (!entry || entry.redisUrl !== url) {
    entry = { redisUrl: url, limiter: new RateLimiter({ redis: redisClient(), db: db.engine === "postgres" ? db : null }) };
    perDb.set(db, entry);
  }
  return entry.limiter;
}

// ---------------------------------------------------------------------------------------------
// Keys

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(ip: string): number[] {
  let s = ip.split("%")[0];
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split("::");
  const h = head ? head.split(":") : [];
  const t = tail === undefined ? null : tail ? tail.split(":") : [];
  const groups = t === null ? h : [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The network a client address stands for: an IPv4 address as is (IPv4-mapped IPv6 too), an IPv6
 * address as its /64 (a customer gets a whole /64, so single addresses would be free to rotate).
 * Null when the address is unknown or not an IP address.
 */
export function clientNetwork(clientIp: string): string | null {
  const ip = clientIp.trim();
  if (net.isIPv4(ip)) return ip;
  if (!net.isIPv6(ip)) return null;
  const g = ipv6Groups(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(":")}::/64`;
}

let allowlist: { raw: string; list: net.BlockList } | null = null;
/** RATE_LIMIT_ALLOWLIST: addresses and CIDR ranges exempt from per-address limits. Bad entries are ignored (with a warning). */
function allowed(ip: string, network: string): boolean {
  const raw = env().RATE_LIMIT_ALLOWLIST;
  if (!raw.trim()) return false;
  if (allowlist?.raw !== raw) {
    const list = new net.BlockList();
    for (const entry of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
      const [addr, bits] = entry.split("/");
      const type = net.isIPv4(addr) ? "ipv4" : net.isIPv6(addr) ? "ipv6" : null;
      const prefix = bits === undefined ? null : Number(bits);
      if (!type || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (type === "ipv4" ? 32 : 128)))) {
        log().warn({ entry }, "RATE_LIMIT_ALLOWLIST entry is not an IP address or CIDR range; ignored");
        continue;
      }
      if (prefix === null) list.addAddress(addr, type);
      else list.addSubnet(addr, prefix, type);
    }
    allowlist = { raw, list };
  }
  return net.isIPv4(network) ? allowlist.list.check(network, "ipv4") : allowlist.list.check(ip.split("%")[0], "ipv6");
}

/** The key of the per-address limits, or null (unknown or allow-listed address: no per-address limit). */
export function addressKey(clientIp: string): string | null {
  const network = clientNetwork(clientIp);
  return network && !allowed(clientIp.trim(), network) ? network : null;
}

/** An account's part of a key: a digest, so the counters hold no e-mail addresses. */
export function accountKey(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

/** The key of the consecutive-failures limiter: this account at this client network. */
export function accountAtAddress(email: string, clientIp: string): string {
  return `${accountKey(email)}@${clientNetwork(clientIp) ?? "unknown"}`;
}
