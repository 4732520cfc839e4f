/**
 * The users signed-in requests ask about, kept in memory between changes (`loadAuthUser` in
 * ./context.ts reads through it). Every signed-in API call checks the caller's row: still active,
 * the token's version still the user's (a logout everywhere or a password change moves it on),
 * the role. Once a signed-in shopper's page came from the page cache, that one statement was about a
 * fifth of the page's work on the embedded database.
 *
 * Safe with several processes and servers the way the catalogue cache is (./cache.server.ts):
 * migration 0028 notifies `users_changed` with the user's id when what the read returns changes,
 * each process LISTENs and forgets that user; rows are kept only while listening (a lost
 * connection empties and disables the cache until it listens again), and a row read while a
 * change arrived is not kept (generation check). Only reads (GET, HEAD) use kept rows, and only
 * on the primary; a write reads its caller afresh, and once answered makes this process forget
 * every row at once, without waiting for the notification, so a logout or a password change
 * answered by this process holds for its very next request. Rows are kept at most MAX_AGE_MS in
 * any case. `AUTH_USER_CACHE=off` disables it.
 */
import { LRUCache } from "lru-cache";
import { env } from "~/config.server";
import type { Db } from "~/db/client.server";
import type { AuthUser } from "./types";
import { log } from "~/ops/logger.server";

export const USERS_CHANNEL = "users_changed";
const MAX_USERS = 20_000;
const MAX_AGE_MS = 30_000;

/** The caller as the API sees it, with what decides whether their token still holds. */
export interface AuthUserRow extends AuthUser {
  is_active: boolean;
  token_version: number;
}

export class AuthUserCache {
  private lru = new LRUCache<number, AuthUserRow>({ max: MAX_USERS, ttl: MAX_AGE_MS });
  /** Bumped by every change heard or made; a row read across a bump is not kept. */
  generation = 0;
  listening = false;

  get(id: number): AuthUserRow | undefined {
    return this.listening ? this.lru.get(id) : undefined;
  }

  /** Keeps a row read after `generation` was read. */
  set(row: AuthUserRow, generation: number) {
    if (this.listening && generation === this.generation) this.lru.set(row.id, row);
  }

  /** A user changed (their id), or anything may have (no id). */
  forget(id?: number) {
    this.generation++;
    if (id === undefined || !Number.isInteger(id)) this.lru.clear();
    else this.lru.delete(id);
  }
}

const caches = new WeakMap<Db, Promise<AuthUserCache | null>>();

/** This process's cache for `db`, listening for changes; null when disabled or unsupported. */
export function authUserCacheFor(db: Db): Promise<AuthUserCache | null> {
  if (env().AUTH_USER_CACHE === "off" || !db.listen) return Promise.resolve(null);
  let c = caches.get(db);
  if (!c) {
    c = (async () => {
      const cache = new AuthUserCache();
      try {
        await db.listen!(
          USERS_CHANNEL,
          (payload) => cache.forget(payload ? Number(payload) : undefined),
          (on) => {
            cache.forget();
            cache.listening = on;
          },
        );
        return cache;
      } catch (err) {
        log().warn({ err }, "user cache disabled: cannot listen for changes");
        return null;
      }
    })();
    caches.set(db, c);
  }
  return c;
}

/** After a write answered by this process: forget every kept user now (the notification follows). */
export async function forgetAuthUsers(db: Db) {
  const c = caches.get(db);
  if (c) (await c)?.forget();
}
