/**
 * Rate limits for login, registration and password reset, per client address and
 * per account. Two backends with one behaviour: Redis (REDIS_URL; SET NX EX + INCR on one key per
 * counter) and, without Redis, a table in the application database so several app servers
 * still share the counters. A Redis outage falls back to the database rather than to no limit.
 *
 * The client address is the right-most X-Forwarded-For entry (the one our own proxy appended),
 * else X-Real-IP. Without either (a direct connection to remix-serve, which does not hand the
 * socket address to the app) only the per-account limits apply: one shared "unknown" bucket
 * would let one visitor lock everybody out.
 */
import { Redis } from "ioredis";
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { json } from "./http";

export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Shown in the 429 answer, e.g. "Too many login attempts." */
  message: string;
}

// Per-address limits are generous: Nigerian mobile carriers put many customers behind one
// address (carrier-grade NAT). The per-account limits do the real protection.
export const RULES = {
  loginIp: { name: "login-ip", limit: 100, windowSeconds: 15 * 60, message: "Too many login attempts." },
  loginAccount: { name: "login-acct", limit: 10, windowSeconds: 15 * 60, message: "Too many login attempts for this account." },
  registerIp: { name: "register-ip", limit: 50, windowSeconds: 60 * 60, message: "Too many sign-ups from your network." },
  registerAccount: { name: "register-acct", limit: 5, windowSeconds: 60 * 60, message: "Too many sign-up attempts for this e-mail address." },
  resetIp: { name: "reset-ip", limit: 50, windowSeconds: 60 * 60, message: "Too many password reset requests." },
  resetAccount: { name: "reset-acct", limit: 5, windowSeconds: 60 * 60, message: "Too many password reset requests for this e-mail address." },
  resetConfirmIp: { name: "reset-confirm-ip", limit: 100, windowSeconds: 15 * 60, message: "Too many password reset attempts." },
} satisfies Record<string, RateRule>;

export interface Counter {
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

export interface RateLimitBackend {
  readonly kind: "redis" | "postgres";
  hit(key: string, windowSeconds: number): Promise<Counter>;
  peek(key: string, windowSeconds: number): Promise<Counter>;
  clear(key: string, windowSeconds: number): Promise<void>;
}

// A window opens at an account's (or address's) first counted hit and lasts windowSeconds; the
// count starts again after it. (Clock-aligned windows would let a burst straddling a boundary
// through twice, and make the limit depend on when in the hour someone starts.)

export class RedisBackend implements RateLimitBackend {
  readonly kind = "redis" as const;
  constructor(private redis: Redis) {}
  async hit(key: string, windowSeconds: number): Promise<Counter> {
    const k = `rl:${key}`;
    const res = (await this.redis.multi().set(k, "0", "EX", windowSeconds, "NX").incr(k).ttl(k).exec()) as [Error | null, unknown][];
    const err = res.find(([e]) => e)?.[0];
    if (err) throw err;
    return { count: Number(res[1][1]), retryAfter: Math.max(1, Number(res[2][1])) };
  }
  async peek(key: string, _windowSeconds: number): Promise<Counter> {
    const k = `rl:${key}`;
    const [v, ttl] = await Promise.all([this.redis.get(k), this.redis.ttl(k)]);
    return { count: v ? Number(v) : 0, retryAfter: Math.max(1, ttl) };
  }
  async clear(key: string, _windowSeconds: number): Promise<void> {
    await this.redis.del(`rl:${key}`);
  }
}

export class PostgresBackend implements RateLimitBackend {
  readonly kind = "postgres" as const;
  constructor(private db: Queryable) {}
  async hit(key: string, windowSeconds: number): Promise<Counter> {
    const r = await this.db.query<{ hits: number; retry_after: number }>(
      `INSERT INTO rate_limits (key, window_start, hits, expires_at) VALUES ($1, now(), 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.expires_at > now() THEN rate_limits.hits + 1 ELSE 1 END,
         window_start = CASE WHEN rate_limits.expires_at > now() THEN rate_limits.window_start ELSE now() END,
         expires_at = CASE WHEN rate_limits.expires_at > now() THEN rate_limits.expires_at ELSE EXCLUDED.expires_at END
       RETURNING hits, GREATEST(1, ceil(extract(epoch FROM expires_at - now())))::int AS retry_after`,
      [key, windowSeconds],
    );
    // Now and then, drop counters of windows that are over.
    if (Math.random() < 0.02) await this.db.query("DELETE FROM rate_limits WHERE expires_at < now()");
    return { count: r.rows[0].hits, retryAfter: r.rows[0].retry_after };
  }
  async peek(key: string, _windowSeconds: number): Promise<Counter> {
    const r = await this.db.query<{ hits: number; retry_after: number }>(
      `SELECT hits, GREATEST(1, ceil(extract(epoch FROM expires_at - now())))::int AS retry_after
         FROM rate_limits WHERE key = $1 AND expires_at > now()`,
      [key],
    );
    return { count: r.rows[0]?.hits ?? 0, retryAfter: r.rows[0]?.retry_after ?? 1 };
  }
  async clear(key: string, _windowSeconds: number): Promise<void> {
    await this.db.query("DELETE FROM rate_limits WHERE key = $1", [key]);
  }
}

let redis: Redis | null = null;
let redisUrl: string | undefined;
function redisClient(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  if (!redis || redisUrl !== url) {
    redis?.disconnect();
    redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    redis.on("error", (e) => console.warn(`[rate-limit] redis: ${e.message}`));
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

/** The backend in use: Redis when REDIS_URL is set and answering, else the database. */
export class RateLimiter {
  private fallback: PostgresBackend;
  private primary: RateLimitBackend | null;
  constructor(db: Queryable, primary?: RateLimitBackend | null) {
    this.fallback = new PostgresBackend(db);
    if (primary !== undefined) this.primary = primary;
    else {
      const client = redisClient();
      this.primary = client ? new RedisBackend(client) : null;
    }
  }
  private async run<T>(fn: (b: RateLimitBackend) => Promise<T>): Promise<T> {
    if (this.primary) {
      try {
        return await fn(this.primary);
      } catch (e) {
        console.warn(`[rate-limit] ${this.primary.kind} failed, using the database: ${(e as Error).message}`);
      }
    }
    return fn(this.fallback);
  }
  hit(rule: RateRule, id: string) {
    return this.run((b) => b.hit(`${rule.name}:${id}`, rule.windowSeconds));
  }
  peek(rule: RateRule, id: string) {
    return this.run((b) => b.peek(`${rule.name}:${id}`, rule.windowSeconds));
  }
  clear(rule: RateRule, id: string) {
    return this.run((b) => b.clear(`${rule.name}:${id}`, rule.windowSeconds));
  }

  /** Counts one attempt; throws a 429 Response when the rule's limit is exceeded. */
  async consume(rule: RateRule, id: string | null): Promise<void> {
    if (!id) return;
    const c = await this.hit(rule, id);
    if (c.count > rule.limit) throw tooMany(rule, c.retryAfter);
  }

  /** Throws a 429 when earlier attempts (counted with hit) already reached the limit. */
  async check(rule: RateRule, id: string | null): Promise<void> {
    if (!id) return;
    const c = await this.peek(rule, id);
    if (c.count >= rule.limit) throw tooMany(rule, c.retryAfter);
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

/** The client's address as our proxy reports it, or null when unknown. */
export function clientIp(request: Request): string | null {
  const xff = request.headers.get("x-forwarded-for");
  if (xff) {
    const parts = xff.split(",").map((s) => s.trim()).filter(Boolean);
    const last = parts[parts.length - 1];
    if (last) return last.slice(0, 64);
  }
  const real = request.headers.get("x-real-ip")?.trim();
  return real ? real.slice(0, 64) : null;
}
