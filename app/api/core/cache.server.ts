/**
 * In-process cache of public catalogue answers (issue 13), safe with several app servers.
 *
 * Routes opt in with `cache: "catalog"` (public GETs whose answer is the same for everyone: the
 * category tree, product lists and search, one product, reviews). The answer is kept per
 * origin + path + query. It is dropped, on every server, when the catalogue changes: migration
 * 0018's triggers NOTIFY `catalog_changed` when a transaction that touched products, categories,
 * stores, reviews, photos or options commits, and each server LISTENs (`Db.listen`). Answers
 * are cached only while the server is listening (a lost connection empties and disables the
 * cache until it listens again), and an answer computed while a change arrived is not kept
 * (generation check), so a cache never serves what a committed change made stale.
 * An answer that depended on who asked (the handler looked at the caller) is never kept.
 * `CATALOG_CACHE=off` disables it. Size: least recently used answers go first past
 * MAX_ENTRIES or MAX_BYTES.
 */
import { env } from "~/config.server";
import type { Db } from "~/db/client.server";
import { log } from "~/ops/logger.server";

const MAX_ENTRIES = 5000;
const MAX_BYTES = 32 * 1024 * 1024;
export const CATALOG_CHANNEL = "catalog_changed";

export interface CachedAnswer {
  status: number;
  body: string;
  contentType: string;
  /** Date.now() after which the answer is not served (routes with cacheSeconds). */
  expires?: number;
}

export class CatalogCache {
  private map = new Map<string, CachedAnswer & { bytes: number }>();
  private bytes = 0;
  /** Bumped by every change; an answer computed across a bump is not kept. */
  generation = 0;
  listening = false;
  hits = 0;
  misses = 0;

  get(key: string): CachedAnswer | undefined {
    let e = this.map.get(key);
    if (e?.expires !== undefined && e.expires <= Date.now()) {
      this.map.delete(key);
      this.bytes -= e.bytes;
      e = undefined;
    }
    if (!e) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key);
    this.map.set(key, e); // most recently used last
    return e;
  }

  set(key: string, answer: CachedAnswer, generation: number) {
    if (!this.listening || generation !== this.generation) return;
    const bytes = answer.body.length * 2 + key.length * 2 + 64;
    if (bytes > MAX_BYTES / 8) return;
    const old = this.map.get(key);
    if (old) this.bytes -= old.bytes;
    this.map.delete(key);
    this.map.set(key, { ...answer, bytes });
    this.bytes += bytes;
    for (const [k, v] of this.map) {
      if (this.map.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.map.delete(k);
      this.bytes -= v.bytes;
    }
  }

  clear() {
    this.generation++;
    this.map.clear();
    this.bytes = 0;
  }

  get size() {
    return this.map.size;
  }
}

const caches = new WeakMap<Db, Promise<CatalogCache | null>>();

/** The catalogue cache of this process for `db`, listening for changes; null when disabled or unsupported. */
export function catalogCacheFor(db: Db): Promise<CatalogCache | null> {
  if (env().CATALOG_CACHE === "off" || !db.listen) return Promise.resolve(null);
  let c = caches.get(db);
  if (!c) {
    c = (async () => {
      const cache = new CatalogCache();
      try {
        await db.listen!(
          CATALOG_CHANNEL,
          () => cache.clear(),
          (on) => {
            cache.clear();
            cache.listening = on;
          },
        );
        return cache;
      } catch (err) {
        log().warn({ err }, "catalogue cache disabled: cannot listen for changes");
        return null;
      }
    })();
    caches.set(db, c);
  }
  return c;
}
