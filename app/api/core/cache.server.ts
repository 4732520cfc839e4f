/**
 * In-process cache of public catalogue answers, safe with several app servers.
 *
 * Routes opt in with `cache: "catalog"` (public GETs whose answer is the same for everyone: the
 * category tree, product lists and search, one product, reviews). The answer is kept per
 * origin + path + query. It is dropped, on every server, when the catalogue changes: migration
 * 0018's triggers NOTIFY `catalog_changed` when a transaction that touched products, categories,
 * stores, reviews, photos or options commits, and each server LISTENs (`Db.listen`). Answers
 * are cached only while the server is listening (a lost connection empties and disables the
 * cache until it listens again), and an answer computed while a change arrived is not kept
 * (generation check), so a cache never serves what a committed change made stale once that
 * change's notification has arrived (PostgreSQL delivers it just after the commit: a few ms, more
 * on a busy database; until then a server may still serve the answer from before the change).
 * An answer that depended on who asked (the handler looked at the caller) is never kept.
 *
 * Stock is narrower (migration 0020): an UPDATE of products that changed nothing but
 * `stock_quantity` (a checkout, a cancelled item's restock, a seller's stock edit) notifies
 * `stock:<id>,<id>,...` instead. No listing, filter or count depends on stock (only the
 * product's own `in_stock`/`stock_quantity` fields show it), so such a change drops only the
 * answers that show one of those products: every kept answer records the ids of the products whose
 * stock it shows (`stockShown`: objects of the answer with `stock_quantity`/`in_stock`; an object
 * without a numeric id makes it "all"), and is checked lazily against the recent stock changes
 * (`StockLog`) when read. A read across a stock change of a product it shows is never kept
 * (it started before the change: the log has it). Whole pages (~/ops/page-cache.server) use the
 * same log with the union of their API answers' ids.
 * `CATALOG_CACHE=off` disables it. Size: least recently used answers go first past
 * MAX_ENTRIES or MAX_BYTES.
 */
import { LRUCache } from "lru-cache";
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
  /** Ids of the products whose stock the answer shows ("all": any stock change makes it stale). */
  shows: Shown;
}

/** Products whose stock something shows: their ids, or "all" when that cannot be told. */
export type Shown = ReadonlySet<number> | "all";
export const SHOWS_NOTHING: Shown = new Set<number>();

/** Payload prefix of a stock-only change (migration 0020): `stock:12,40`. */
export const STOCK_PREFIX = "stock:";

/**
 * The ids of the products whose stock an answer shows: every object in the JSON with a
 * `stock_quantity` or `in_stock` field, by its `id` ("all" when such an object has no numeric id,
 * or the body is not JSON).
 */
export function stockShown(body: string): Shown {
  if (!body.includes('"stock_quantity"') && !body.includes('"in_stock"')) return SHOWS_NOTHING;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return "all";
  }
  const ids = new Set<number>();
  let all = false;
  const walk = (v: unknown) => {
    if (all || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    const o = v as Record<string, unknown>;
    if ("stock_quantity" in o || "in_stock" in o) {
      if (typeof o.id === "number") ids.add(o.id);
      else all = true;
    }
    for (const k in o) walk(o[k]);
  };
  walk(data);
  return all ? "all" : ids;
}

/** The union of what several answers show. */
export function unionShown(a: Shown, b: Shown): Shown {
  if (a === "all" || b === "all") return "all";
  if (b.size === 0) return a;
  if (a.size === 0) return b;
  return new Set([...a, ...b]);
}

/** Answers of handleApi and the products whose stock each shows (set by the router for catalogue routes). */
const answerShows = new WeakMap<Response, Shown>();
export function markShown(res: Response, shows: Shown): Response {
  answerShows.set(res, shows);
  return res;
}
/** What an API answer shows of stock: "all" unless the router said (a route without the catalogue cache). */
export function shownBy(res: Response): Shown {
  return answerShows.get(res) ?? "all";
}

/**
 * The recent stock-only changes, numbered (`generation`). `stale(since, shows)`: did a change
 * after `since` touch a product in `shows`? Older than the log reaches: yes (to be safe).
 */
export class StockLog {
  generation = 0;
  private events: { generation: number; ids: ReadonlySet<number> }[] = [];
  static readonly KEEP = 512;

  record(ids: ReadonlySet<number>) {
    this.generation++;
    this.events.push({ generation: this.generation, ids });
    if (this.events.length > StockLog.KEEP) this.events.splice(0, this.events.length - StockLog.KEEP);
  }

  stale(since: number, shows: Shown): boolean {
    if (since === this.generation) return false;
    if (shows !== "all" && shows.size === 0) return false;
    if (shows === "all") return true;
    const first = this.events[0]?.generation ?? this.generation + 1;
    if (since + 1 < first) return true; // changes we no longer have
    for (let i = this.events.length - 1; i >= 0 && this.events[i].generation > since; i--) {
      for (const id of this.events[i].ids) if (shows.has(id)) return true;
    }
    return false;
  }
}

/** Parses a notification payload: the product ids of a stock-only change, or null (anything else: drop all). */
export function stockChange(payload: string | undefined): Set<number> | null {
  if (!payload?.startsWith(STOCK_PREFIX)) return null;
  const ids = new Set<number>();
  for (const x of payload.slice(STOCK_PREFIX.length).split(",")) {
    if (!/^\d{1,15}$/.test(x)) return null;
    ids.add(Number(x));
  }
  return ids.size ? ids : null;
}

type Kept = CachedAnswer & { bytes: number; stockSeen: number };

export class CatalogCache {
  // Least recently used answers go first past MAX_ENTRIES answers or MAX_BYTES (an answer's `bytes`).
  private lru = new LRUCache<string, Kept>({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation: (e) => e.bytes });
  /** Bumped by every change but stock-only ones; an answer computed across a bump is not kept. */
  generation = 0;
  /** Stock-only changes (payload `stock:...`). */
  readonly stock = new StockLog();
  listening = false;
  /** When the last change other than stock-only was heard, or listening started or stopped (ms). */
  lastChangeAt = Date.now();
  /** When the last stock-only change was heard (ms). */
  lastStockChangeAt = 0;
  hits = 0;
  misses = 0;

  get(key: string): CachedAnswer | undefined {
    let e = this.lru.get(key); // most recently used now
    if (e && ((e.expires !== undefined && e.expires <= Date.now()) || this.stock.stale(e.stockSeen, e.shows))) {
      this.lru.delete(key);
      e = undefined;
    }
    if (!e) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    e.stockSeen = this.stock.generation; // checked up to now
    return e;
  }

  /** Keeps an answer computed from `generation` / `stockSeen` (both read before computing it). */
  set(key: string, answer: CachedAnswer, generation: number, stockSeen: number) {
    if (!this.listening || generation !== this.generation || this.stock.stale(stockSeen, answer.shows)) return;
    const bytes = answer.body.length * 2 + key.length * 2 + 64;
    if (bytes > MAX_BYTES / 8) return;
    this.lru.set(key, { ...answer, bytes, stockSeen: this.stock.generation });
  }

  /** A notification: a stock-only change (only what shows those products goes) or any other (all goes). */
  changed(payload: string | undefined) {
    const ids = stockChange(payload);
    if (ids) {
      this.lastStockChangeAt = Date.now();
      this.stock.record(ids);
    } else {
      this.lastChangeAt = Date.now();
      this.clear();
    }
  }

  clear() {
    this.generation++;
    this.lru.clear();
  }

  get size() {
    return this.lru.size;
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
          (payload) => cache.changed(payload),
          (on) => {
            cache.lastChangeAt = Date.now();
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
