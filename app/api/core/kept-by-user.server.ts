/**
 * What reads ask about one user (or one cart), kept in this process's memory between changes: the
 * caller's user row (./auth-users.server.ts), the storefront header's counts
 * (../users/header-cache.server.ts) and a guest cart's quantity (../carts/quantity-cache.server.ts). Safe with several processes and servers the way the
 * catalogue cache is (./cache.server.ts):
 * - triggers notify a channel with the user's id (a cart's) when what the read returns changes
 *   (migrations 0028 and 0030), every process LISTENs and forgets that key;
 * - values are kept only while listening (a lost connection empties and disables the cache until
 *   it listens again), and a value read while a change arrived is not kept (generation check);
 * - only reads on the primary use kept values; once a write is answered, this process forgets
 *   every kept value at once (`forgetKeptByUser`), without waiting for the notification, so the
 *   writer's very next request here reads afresh; other servers forget when the notification
 *   arrives (milliseconds after the commit);
 * - a value is kept at most its cache's `maxAgeMs` in any case.
 */
import { LRUCache } from "lru-cache";
import type { Db } from "~/db/client.server";
import { log } from "~/ops/logger.server";

export class Kept<K extends number | string, V extends object> {
  private lru: LRUCache<K, V>;
  /** Bumped by every change heard or made; a value read across a bump is not kept. */
  generation = 0;
  listening = false;

  constructor(max: number, maxAgeMs: number) {
    this.lru = new LRUCache<K, V>({ max, ttl: maxAgeMs });
  }

  get(id: K): V | undefined {
    return this.listening ? this.lru.get(id) : undefined;
  }

  /** Keeps a value read after `generation` was read. */
  set(id: K, value: V, generation: number) {
    if (this.listening && generation === this.generation) this.lru.set(id, value);
  }

  /**
   * The kept value for `id`, else what `load` reads (kept unless a change was heard meanwhile);
   * null when there is none.
   */
  async read(id: K, load: () => Promise<V | null | undefined>): Promise<V | null> {
    const hit = this.get(id);
    if (hit) return hit;
    const generation = this.generation;
    const value = await load();
    if (value) this.set(id, value, generation);
    return value ?? null;
  }

  /** One key changed, or anything may have (undefined). */
  forget(id?: K) {
    this.generation++;
    if (id === undefined) this.lru.clear();
    else this.lru.delete(id);
  }
}

export type KeptByUser<V extends object> = Kept<number, V>;

const caches = new WeakMap<Db, Map<string, Promise<Kept<number | string, object> | null>>>();

/** A user id from a notification's payload; undefined (forget everyone) for anything else. */
const userIdOf = (payload: string) => {
  const n = payload ? Number(payload) : NaN;
  return Number.isInteger(n) ? n : undefined;
};

/** This process's cache on `channel` for `db`, listening for changes; null when `db` cannot listen. */
export function keptByUserFor<V extends object>(db: Db, channel: string, max: number, maxAgeMs: number): Promise<KeptByUser<V> | null> {
  return keptFor<number, V>(db, channel, max, maxAgeMs, userIdOf);
}

/** As keptByUserFor, keyed by what `keyOf` reads from a notification's payload (undefined: forget all). */
export function keptFor<K extends number | string, V extends object>(
  db: Db,
  channel: string,
  max: number,
  maxAgeMs: number,
  keyOf: (payload: string) => K | undefined,
): Promise<Kept<K, V> | null> {
  if (!db.listen) return Promise.resolve(null);
  let byChannel = caches.get(db);
  if (!byChannel) caches.set(db, (byChannel = new Map()));
  let c = byChannel.get(channel);
  if (!c) {
    c = (async () => {
      const cache = new Kept<K, V>(max, maxAgeMs);
      try {
        await db.listen!(
          channel,
          (payload) => cache.forget(keyOf(payload)),
          (on) => {
            cache.forget();
            cache.listening = on;
          },
        );
        return cache as unknown as Kept<number | string, object>;
      } catch (err) {
        log().warn({ err, channel }, "a per-user cache is off: cannot listen for changes");
        return null;
      }
    })();
    byChannel.set(channel, c);
  }
  return c as unknown as Promise<Kept<K, V> | null>;
}

/** After a write answered by this process: every cache of `db` forgets every user now (the notifications follow). */
export async function forgetKeptByUser(db: Db) {
  const byChannel = caches.get(db);
  if (!byChannel) return;
  for (const c of byChannel.values()) (await c)?.forget();
}
