/**
 * Whole-page cache for anonymous visitors, in front of Remix (server/app.mjs asks it
 * before running any loader; entry.server.tsx fills it).
 *
 * Only what ./http-cache.server.ts already lets browsers and CDNs share is kept: a GET/HEAD
 * answered 200 for a route with `handle = { cache: "public" }`, from a visitor with no
 * `__session`/`cartId` cookie, with no Set-Cookie in the answer. The rendered HTML is kept per
 * URL (origin, path and query) and lite mode (the footer switch's cookie and the connection
 * hints, ~/storefront/lite), for at most the page's max-age (PUBLIC_MAX_AGE_S), and is dropped
 * at once when the catalogue changes: it rides on the catalogue cache of ~/api/core/cache.server
 * (the `catalog_changed` notification every server LISTENs for), so it is safe with several
 * servers, and a page rendered across a change is never kept (generation check). A stock-only
 * change (a checkout; migration 0020) drops only the pages that show one of its products: a page
 * records the products whose stock its API answers showed (`Api.shows`) and is checked against the
 * catalogue cache's stock log when read, from the moment its render started. With the
 * catalogue cache off (CATALOG_CACHE=off) or not listening, or PAGE_CACHE=off, nothing is kept.
 *
 * The per-request parts of a page, the CSP nonce and the request id, are stored as placeholders
 * and filled in per answer, so every answer carries a fresh nonce (with its own CSP header) and
 * its own request id; no nonce is ever sent twice. Gzip is precomputed once per page: the fixed
 * parts are deflated once (each ended by a sync flush, with the page before it as dictionary,
 * `deflateParts`), and each answer splices the nonce and request id in as stored deflate blocks
 * and computes the CRC (`gzipPage`), which costs far less than compressing the page again.
 * Visitors asking for a page that is being rendered wait for that render (at most WAIT_MS) rather
 * than all rendering it at once after a change (`rendering`; server/app.mjs calls `pageDone`
 * when an answer ends, kept or not), unless its last render was not kept (`notKept`): a wait
 * never holds a request that the cache cannot serve. `/api/` answers are never looked up.
 *
 * Visitors with a cart, signed in or with a delivery state of their own get the same
 * kept page with their own parts filled in, when the page's route says every such part is marked
 * (`handle.personal = "marked"`, ~/components/personal): the page is rendered with marks, kept as a
 * template (./personal-fill.server), and each answer fills the visitor's header, hearts and a
 * script with the same values for the browser's first render, read with one lookup
 * (~/storefront/personal.server). When the page is not kept yet, it is rendered for nobody first
 * (`SharedRender`: the visitor's URL, none of their cookies) and kept; a page showing the delivery
 * promise is kept per delivery state. Such answers are `private, no-store`, never for a shared cache.
 * A page whose route has other parts of the visitor's, a session that must change (a flash, a
 * token to refresh) or the read-your-writes pin: rendered for the visitor, as before; and every
 * such page with PERSONAL_PAGE_CACHE=off. The visitor's parts are read through the API client
 * (~/storefront/personal.server), and their texts are in the page's language (the key's).
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { getDb } from "~/db/client.server";
import { languageOfHeaders } from "~/i18n/i18next.server";
import { catalogCacheFor, type CatalogCache, type Shown } from "~/api/core/cache.server";
import { ANONYMOUS, type PersonalData, type PersonalT } from "~/domain/personal";
import { urlLang, type Lang } from "~/i18n/languages";
import { pageShowedDelivery, pageShows } from "~/storefront/api.server";
import type { DeliveryState } from "~/storefront/delivery.server";
import { LITE_HINTS, liteDecision } from "~/storefront/lite";
import { personalFor } from "~/storefront/personal.server";
import { liteCookie } from "~/storefront/session.server";
import { contentSecurityPolicy } from "./csp.server";
import { cookieNames, etagMatches, hasPersonalCookieHeader, PRIVATE_PAGE, PUBLIC_MAX_AGE_S } from "./http-cache.server";
import { log } from "./logger.server";
import { collapse, hasPersonalSlots, parseTemplate, slotValue, textsOf, type Slot, type Template } from "./personal-fill.server";

const MAX_ENTRIES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;

/** Headers a kept page never carries over to another answer. */
const PER_ANSWER = new Set(["content-security-policy", "set-cookie", "content-length", "x-request-id", "content-encoding"]);

/** A page as kept: its fixed parts and, between them, which per-request value goes there. */
interface Entry {
  key: string;
  generation: number;
  /** The stock log's generation up to which this page is known current. */
  stockSeen: number;
  /** Products whose stock the page shows. */
  shows: Shown;
  expires: number;
  etag: string;
  headers: [string, string][];
  parts: Buffer[];
  /** slots[i] sits between parts[i] and parts[i + 1]: 0 the nonce, 1 the request id. */
  slots: (0 | 1)[];
  gzip: DeflatedPage | null;
  /**
   * A page with no per-request value (no slots: a lite page, which has no script and whose
   * stylesheet the CSP allows by hash) compressed once with brotli at its best (about a sixth
   * smaller than gzip: a lite page then fits in the first flight of a new connection). Made in
   * the background once the page is kept; gzip until then.
   */
  br: Buffer | "making" | null;
  /** Hash sources of the page's inline stylesheet, for each answer's CSP (lite pages). */
  styleHashes: string[];
  /**
   * The page with the visitor's parts as slots (~/components/personal), for visitors with a cart
   * or signed in; null when the page's route does not let them share it (`personal` handle).
   */
  personal: PersonalTemplate | null;
  /** The page showed the delivery promise: it is kept per delivery state (`deliveryKey`). */
  byDelivery: boolean;
  bytes: number;
}

/** A page's top-level fixed parts and slots for visitors with their own parts, its gzip made on first use. */
interface PersonalTemplate {
  parts: Buffer[];
  slots: Slot[];
  /** It has wishlist hearts (the lookup then reads the wishlist). */
  hearts: boolean;
  gzip: DeflatedTemplate | null;
}

/** What server/app.mjs sends for a hit. */
export interface CachedAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The request as server/app.mjs sees it (Express's `req.get` for headers). */
export interface PageRequest {
  method: string;
  /** Absolute URL, as Remix's Request will have it. */
  url: string;
  header(name: string): string | undefined;
}

class PageStore {
  // Least recently used pages go first past MAX_ENTRIES pages or MAX_BYTES (a page's `bytes`).
  private lru = new LRUCache<string, Entry>({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation: (e) => e.bytes });
  private generation = -1;

  constructor(readonly catalog: CatalogCache) {}

  /** The current generation of the catalogue, emptying the store when it moved on. */
  current(): number {
    const g = this.catalog.generation;
    if (g !== this.generation) {
      this.lru.clear();
      this.generation = g;
    }
    return g;
  }

  get(key: string): Entry | undefined {
    if (!this.catalog.listening) return undefined;
    const g = this.current();
    const e = this.lru.get(key); // most recently used now
    if (!e) return undefined;
    if (e.generation !== g || e.expires <= Date.now() || this.catalog.stock.stale(e.stockSeen, e.shows)) {
      this.lru.delete(key);
      return undefined;
    }
    e.stockSeen = this.catalog.stock.generation;
    return e;
  }

  set(e: Entry) {
    if (!this.catalog.listening || e.generation !== this.current() || this.catalog.stock.stale(e.stockSeen, e.shows)) return;
    e.stockSeen = this.catalog.stock.generation;
    this.lru.set(e.key, e);
  }

  /** The page kept its gzip parts too (`by` bytes more): counted again, least recently used pages making room. */
  grew(e: Entry, by: number) {
    if (this.lru.peek(e.key) !== e) return;
    e.bytes += by;
    // Set anew so its size is counted again (lru-cache keeps the size of a value set twice); it was
    // just read, so it stays the most recently used.
    this.lru.delete(e.key);
    this.lru.set(e.key, e);
  }
}

let store: Promise<PageStore | null> | null = null;
function pageStore(): Promise<PageStore | null> {
  // PAGE_CACHE=off: every page is rendered (to compare, or to rule the cache out).
  if (process.env.PAGE_CACHE === "off") return Promise.resolve(null);
  store ??= getDb()
    .then((db) => catalogCacheFor(db))
    .then((c) => (c ? new PageStore(c) : null))
    .catch(() => {
      store = null;
      return null;
    });
  return store;
}

/** Per request (the load context object): the key to keep the page under and the generation it was read at. */
const pending = new WeakMap<object, { key: string; generation: number; stockSeen: number; store: PageStore; done: () => void; keeping?: boolean }>();
/**
 * Keys whose last render was not kept (a resource route, an error page, an answer that set a
 * cookie): a visitor of one never waits for another's render of it, since that render cannot
 * serve them. Bounded: cleared whole when it grows past NOT_KEPT_MAX.
 */
const notKept = new Set<string>();
const NOT_KEPT_MAX = 10_000;
/** Pages being rendered now, by key: later visitors of the same page wait for it (at most WAIT_MS). */
const rendering = new Map<string, Promise<void>>();
const WAIT_MS = 3_000;

/**
 * This request renders the page under `key` (Remix next, or a shared render): later visitors of
 * it wait for that render (at most WAIT_MS), and `keepPage` keeps it. Resolves when the render has
 * ended, kept or not.
 */
function register(context: object, key: string, s: PageStore): Promise<void> {
  const generation = s.current();
  const stockSeen = s.catalog.stock.generation;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const timer = setTimeout(() => {
    // Whoever waited for this render goes on without it (and renders the page themselves).
    if (rendering.get(key) === finished) log().warn({ key, waitMs: WAIT_MS }, "page-cache: a render outlasted the wait");
    done();
  }, WAIT_MS);
  timer.unref?.();
  if (!rendering.has(key)) {
    rendering.set(key, finished);
    void finished.then(() => {
      clearTimeout(timer);
      if (rendering.get(key) === finished) rendering.delete(key);
    });
  } else {
    void finished.then(() => clearTimeout(timer));
  }
  pending.set(context, { key, generation, stockSeen, store: s, done });
  return finished;
}

/** The render of a page has ended (kept or not): whoever waits for it goes on. */
function settle(context: object) {
  const p = pending.get(context);
  if (!p) return;
  pending.delete(context);
  p.done();
}

/** server/app.mjs calls this when an answer has ended (sent, failed or the visitor left). */
export function pageDone(context: object) {
  const p = pending.get(context);
  if (p && !p.keeping) {
    if (notKept.size >= NOT_KEPT_MAX) notKept.clear();
    notKept.add(p.key);
  }
  settle(context);
}

/**
 * The kept page for this request, with a fresh nonce and request id, or null (then Remix renders
 * it, and `keepPage` may keep it). `context` is the request's load context.
 */
export async function cachedPage(
  context: object,
  req: PageRequest,
  nonce: string,
  requestId: string,
  render?: SharedRender,
): Promise<CachedAnswer | null> {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (!nonce || !requestId) return null;
  const cookie = req.header("cookie") ?? null;
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return null;
  }
  // Single-fetch data requests are not documents; nor are the API's answers.
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/api/")) return null;
  if (hasPersonalCookieHeader(cookie)) return personalPage(context, req, url, nonce, requestId, render);
  const s = await pageStore();
  if (!s || !s.catalog.listening) return null;
  const key = `${await cacheVariant(req)} ${url.origin}${url.pathname}${url.search}`;
  let e = s.get(key);
  // Many visitors of a page that is not kept (just after a catalogue change): one renders it,
  // the others wait for that render rather than all rendering the same page at once.
  const other = e || notKept.has(key) ? undefined : rendering.get(key);
  if (other) {
    await other;
    e = s.get(key);
  }
  if (!e) {
    register(context, key, s);
    return null;
  }
  const headers: Record<string, string> = Object.fromEntries(e.headers);
  headers["X-Page-Cache"] = "hit";
  if (etagMatches(req.header("if-none-match") ?? null, e.etag)) {
    // As entry.server.tsx does: no CSP on a 304 (the browser keeps its copy's policy).
    delete headers["Content-Type"];
    return { status: 304, headers, body: null };
  }
  headers["Content-Security-Policy"] = contentSecurityPolicy(nonce, e.styleHashes);
  const values = [Buffer.from(nonce), Buffer.from(requestId)];
  const gzip = acceptsGzip(req.header("accept-encoding"));
  headers.Vary = appendVaryValue(headers.Vary, "Accept-Encoding");
  if (e.slots.length === 0 && acceptsEncoding(req.header("accept-encoding"), "br")) {
    if (Buffer.isBuffer(e.br)) {
      headers["Content-Encoding"] = "br";
      headers["Content-Length"] = String(e.br.length);
      return { status: 200, headers, body: req.method === "HEAD" ? null : e.br };
    }
    if (e.br === null) makeBrotli(s, e);
  }
  let body: Buffer;
  if (gzip && !e.gzip) {
    e.gzip = deflateParts(e.parts, e.slots, [values[0].length, values[1].length]);
    s.grew(e, e.gzip.parts.reduce((n, p) => n + p.length, 0));
  }
  if (gzip && e.gzip && e.gzip.lengths[0] === values[0].length && e.gzip.lengths[1] === values[1].length) {
    body = gzipPage(e.parts, e.slots, values, e.gzip);
    headers["Content-Encoding"] = "gzip";
  } else {
    // No gzip, or values of other lengths (a proxy's request id): server/app.mjs's compression.
    body = fillPage(e.parts, e.slots, values);
  }
  headers["Content-Length"] = String(body.length);
  return { status: 200, headers, body: req.method === "HEAD" ? null : body };
}

/**
 * What, besides the URL, makes two visitors' pages differ for everyone alike: the ONE place the
 * key's variant is decided (lite mode now; a page language goes here too). The shared render of
 * a personal visitor's page (`sharedHeaders`) must carry what this reads.
 */
export async function cacheVariant(req: PageRequest): Promise<string> {
  return (await variantOf(req)).variant;
}

/**
 * Decided variants by everything `decideVariant` reads (a signed-in visitor sends the same headers
 * with every page): parsing the cookies and the language again was ~7% of a personal page's CPU.
 */
const variants = new LRUCache<string, { variant: string; lang: Lang }>({ max: 10_000, maxSize: 16 * 1024 * 1024, sizeCalculation: (_v, k) => k.length + 64 });

async function variantOf(req: PageRequest): Promise<{ variant: string; lang: Lang }> {
  const key = [urlLang(req.url), req.header("cookie"), req.header("accept-language"), ...LITE_HINTS.map((h) => req.header(h))].map((v) => v ?? "\u0000").join("\u0001");
  let v = variants.get(key);
  if (!v) variants.set(key, (v = await decideVariant(req)));
  return v;
}

async function decideVariant(req: PageRequest): Promise<{ variant: string; lang: Lang }> {
  const cookie = req.header("cookie") ?? null;
  const hints = { get: (name: string) => req.header(name) ?? null } as Headers;
  const lite = liteDecision(hints, cookie ? await liteCookie().parse(cookie) : null);
  // And per language: the URL's ?lang=, else the switch's cookie, else Accept-Language
  // (~/i18n/i18next.server); a page asked in another language than the visitor's own is served
  // without its scripts (root.tsx `otherLanguage`), a variant of its own.
  const own = await languageOfHeaders(cookie, req.header("accept-language"));
  const asked = urlLang(req.url);
  const lang = asked ?? own;
  return { variant: `${lite ? "lite" : "full"} ${lang}${asked && asked !== own ? " asked" : ""}`, lang };
}

/** Request headers that `cacheVariant` reads, and nothing of the visitor's own (no session, cart). */
const SHARED_HEADERS = [...LITE_HINTS, "accept-language", "user-agent", "accept"];
const SHARED_COOKIES = new Set(["lite", "lang"]);
function sharedHeaders(req: PageRequest): Headers {
  const h = new Headers();
  for (const name of SHARED_HEADERS) {
    const v = req.header(name);
    if (v) h.set(name, v);
  }
  const cookie = req.header("cookie");
  if (cookie) {
    const kept = cookie
      .split(";")
      .map((c) => c.trim())
      .filter((c) => SHARED_COOKIES.has(c.split("=")[0]));
    if (kept.length) h.set("cookie", kept.join("; "));
  }
  return h;
}

/**
 * Renders a page through Remix for a request as given (server/app.mjs: Remix's fetch handler with
 * `context` as the load context), answering its Response.
 */
export type SharedRender = (request: Request, context: object) => Promise<Response>;

/** Keys whose shared render was kept but may not be given to personal visitors (their route renders something of its own). */
const notShared = new Set<string>();

const deliveryKey = (key: string, d: DeliveryState) => `${key} @${d.source}:${d.state}`;

/**
 * The kept page under `key`, rendering it first as nobody's (`render`, no cookies of the visitor's)
 * when it is not kept; null when it cannot be had (not kept: the route's page is not public, an
 * error, the catalogue changed meanwhile).
 */
async function sharedEntry(s: PageStore, key: string, url: URL, req: PageRequest, context: object, render: SharedRender, delivery: DeliveryState | null): Promise<Entry | null> {
  let e = s.get(key);
  if (e) return e;
  if (notKept.has(key)) return null;
  const other = rendering.get(key);
  if (other) {
    await other;
    return s.get(key) ?? null;
  }
  const shared: SharedContext = {
    clientIp: (context as { clientIp?: string }).clientIp ?? "unknown",
    requestId: crypto.randomUUID(),
    cspNonce: crypto.randomBytes(16).toString("base64"),
    ...(delivery ? { sharedDelivery: delivery } : {}),
  };
  const finished = register(shared, key, s);
  try {
    const res = await render(new Request(url, { headers: sharedHeaders(req) }), shared);
    await res.arrayBuffer();
  } catch {
    /* not kept: the visitor's page is rendered for them */
  }
  // Kept (the stock it showed is read after the answer) or not: then look again.
  if (pending.get(shared)?.keeping) await finished;
  pageDone(shared);
  e = s.get(key);
  return e ?? null;
}

interface SharedContext {
  clientIp: string;
  requestId: string;
  cspNonce: string;
  sharedDelivery?: DeliveryState;
}

/**
 * A visitor with a cart, a session or a delivery state of their own: the page rendered for
 * nobody (kept, or rendered now and kept) with their parts filled in (~/components/personal), or
 * null when it must be rendered for them (see personalFor; a page whose route has parts of the
 * visitor's that are not marked; the read-your-writes pin; no `render`).
 */
async function personalPage(context: object, req: PageRequest, url: URL, nonce: string, requestId: string, render?: SharedRender): Promise<CachedAnswer | null> {
  // PERSONAL_PAGE_CACHE=off: such visitors' pages are rendered for them (as before it existed).
  if (!render || process.env.PERSONAL_PAGE_CACHE === "off") return null;
  const cookie = req.header("cookie") ?? null;
  if (cookieNames(cookie).includes("db_primary")) return null;
  const s = await pageStore();
  if (!s || !s.catalog.listening) return null;
  const { variant, lang } = await variantOf(req);
  const base = `${variant} ${url.origin}${url.pathname}${url.search}`;
  if (notShared.has(base)) return null;
  let e = await sharedEntry(s, base, url, req, context, render, null);
  if (!e) return null;
  if (!e.personal) {
    if (notShared.size >= NOT_KEPT_MAX) notShared.clear();
    notShared.add(base);
    return null;
  }
  // The visitor's own request (cookies and all), for their API client: memoised on `context`,
  // so a page rendered for them after all reuses it.
  const own = new Request(url, { headers: { cookie: cookie ?? "", "accept-language": req.header("accept-language") ?? "" } });
  const found = await personalFor(own, context as object, { wishlist: e.personal.hearts, delivery: e.byDelivery });
  if (!found) return null;
  // A page showing the delivery promise is kept per state: this visitor's.
  if (e.byDelivery && found.delivery && found.delivery.source !== "default") {
    e = await sharedEntry(s, deliveryKey(base, found.delivery), url, req, context, render, found.delivery);
    if (!e?.personal) return null;
  }
  return personalAnswer(s, e, req, found.data, nonce, requestId, await textsOf(lang));
}

/** The kept page with the visitor's parts, never for another visitor or a shared cache. */
function personalAnswer(s: PageStore, e: Entry, req: PageRequest, personal: PersonalData, nonce: string, requestId: string, tr: PersonalT): CachedAnswer {
  const t = e.personal!;
  // No ETag (the anonymous page's: this answer is another) and none of the kept answer's caching.
  const headers: Record<string, string> = Object.fromEntries(e.headers.filter(([k]) => k.toLowerCase() !== "etag" && k.toLowerCase() !== "cache-control"));
  headers["Cache-Control"] = PRIVATE_PAGE;
  headers["X-Page-Cache"] = "personal";
  headers["Content-Security-Policy"] = contentSecurityPolicy(nonce, e.styleHashes);
  headers.Vary = appendVaryValue(headers.Vary, "Accept-Encoding");
  const values = t.slots.map((slot) => Buffer.from(slot.t === "script" ? personalScript(personal, nonce, requestId) : slotValue(slot, { nonce, requestId, personal, t: tr })));
  let body: Buffer;
  const lengths = t.slots.map((slot) => (slot.t === "nonce" ? nonce.length : slot.t === "rid" ? requestId.length : null));
  if (acceptsGzip(req.header("accept-encoding"))) {
    if (!t.gzip || !sameLengths(t.gzip.lengths, lengths)) {
      const had = t.gzip ? t.gzip.parts.reduce((n, p) => n + p.length, 0) : 0;
      t.gzip = deflateTemplate(t.parts, lengths);
      s.grew(e, t.gzip.parts.reduce((n, p) => n + p.length, 0) - had);
    }
    body = gzipTemplate(t.parts, values, t.gzip);
    headers["Content-Encoding"] = "gzip";
  } else {
    const out: Buffer[] = [t.parts[0]];
    for (let i = 0; i < values.length; i++) out.push(values[i], t.parts[i + 1]);
    body = Buffer.concat(out);
  }
  headers["Content-Length"] = String(body.length);
  return { status: 200, headers, body: req.method === "HEAD" ? null : body };
}

const sameLengths = (a: (number | null)[], b: (number | null)[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The visitor's values for the browser's first render (~/components/personal `window.__personal`). */
function personalScript(personal: PersonalData, nonce: string, requestId: string): string {
  const json = JSON.stringify({ requestId, data: personal }).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return `<script nonce="${nonce}">window.__personal=${json}</script>`;
}

/**
 * Keeps a page entry.server.tsx rendered for a request `cachedPage` missed (and so may keep):
 * call it only for a public page (http-cache's `isPublicPage`) answered 200. `headers` are the
 * answer's headers (ETag included, the CSP not needed: it is made per answer).
 */
export function keepPage(
  context: object | undefined,
  html: string | Template,
  nonce: string,
  requestId: string | undefined,
  etag: string,
  headers: Headers,
  opts: { shared?: boolean; t?: PersonalT; styleHashes?: string[] } = {},
) {
  const p = context ? pending.get(context) : undefined;
  if (!p) return;
  if (!nonce || !requestId) return settle(context!);
  // A plain page has no marks: a random token no text on it can spell.
  const template = typeof html === "string" ? parseTemplate(html, crypto.randomBytes(12).toString("hex"), nonce, requestId) : html;
  // The anonymous texts are in the page's language: without its translator the page is not kept.
  if (hasPersonalSlots(template) && !opts.t) return settle(context!);
  p.keeping = true;
  notKept.delete(p.key);
  const { parts, slots } = collapse(template, ANONYMOUS, opts.t ?? ((key: string) => key));
  const kept: [string, string][] = [];
  headers.forEach((v, k) => {
    if (!PER_ANSWER.has(k.toLowerCase())) kept.push([canonicalName(k), v]);
  });
  const buffers = parts.map((x) => Buffer.from(x));
  const personal = opts.shared ? personalTemplate(template) : null;
  const entry = {
    key: p.key,
    generation: p.generation,
    stockSeen: p.stockSeen,
    expires: Date.now() + PUBLIC_MAX_AGE_S * 1000,
    etag,
    headers: kept,
    parts: buffers,
    slots,
    gzip: null,
    br: null,
    styleHashes: opts.styleHashes ?? [],
    personal,
    byDelivery: false,
    bytes: buffers.reduce((n, b) => n + b.length, 0) + (personal ? personal.parts.reduce((n, b) => n + b.length, 0) * 2 : 0) + p.key.length + 256,
  };
  // The request's API client is settled by now (its loaders are done): what the page showed of stock.
  void Promise.all([pageShows(context), pageShowedDelivery(context)]).then(
    ([shows, byDelivery]) => {
      const kept = { ...entry, shows, byDelivery };
      p.store.set(kept);
      // A page the same for everyone is compressed for brotli's clients at once, for the next one.
      if (kept.slots.length === 0) makeBrotli(p.store, kept);
      settle(context!);
    },
    () => settle(context!),
  );
}

/** The template for personal visitors: its top-level parts, with the script of their values before `</body>`. */
function personalTemplate(t: Template): PersonalTemplate {
  const parts = [...t.parts];
  const slots = [...t.slots];
  // A lite page has no scripts (nothing hydrates): it needs none.
  const hydrates = parts.some((x) => x.includes("window.__remixContext"));
  for (let i = parts.length - 1; hydrates && i >= 0; i--) {
    const at = parts[i].lastIndexOf("</body>");
    if (at < 0) continue;
    parts.splice(i, 1, parts[i].slice(0, at), parts[i].slice(at));
    slots.splice(i, 0, { t: "script" });
    break;
  }
  return { parts: parts.map((x) => Buffer.from(x)), slots, hearts: slots.some((x) => x.t === "case" && x.name === "heart"), gzip: null };
}

/** `content-type` → `Content-Type` (Headers lower-cases names). */
function canonicalName(k: string) {
  return k.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());
}

function appendVaryValue(vary: string | undefined, name: string) {
  if (!vary) return name;
  return vary
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .includes(name.toLowerCase())
    ? vary
    : `${vary}, ${name}`;
}

/** Accept-Encoding allows gzip (q > 0, by name or `*`). */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsEncoding(header, "gzip");
}

/** Accept-Encoding allows `coding` (q > 0, by name, `x-gzip` for gzip, or `*`). */
export function acceptsEncoding(header: string | undefined, coding: "gzip" | "br"): boolean {
  if (!header) return false;
  let star: number | undefined;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const qp = params.map((x) => x.trim()).find((x) => x.startsWith("q="));
    const q = qp ? Number(qp.slice(2)) : 1;
    if (name === coding || (coding === "gzip" && name === "x-gzip")) return Number.isFinite(q) && q > 0;
    if (name === "*") star = Number.isFinite(q) ? q : 0;
  }
  return star !== undefined && star > 0;
}

/**
 * The page's brotli (quality 11: ~50-70 ms of a thread-pool thread for a lite page, once per kept
 * page) for the answers after this one; the entry counts its size once made.
 */
function makeBrotli(s: PageStore, e: Entry) {
  e.br = "making";
  const page = e.parts[0];
  zlib.brotliCompress(
    page,
    { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length } },
    (err, out) => {
      if (err) {
        log().warn({ err, key: e.key }, "page cache: brotli failed; the page goes out with gzip");
        return;
      }
      e.br = out;
      s.grew(e, out.length);
    },
  );
}

/** Splits the page around every occurrence of the per-request values (0 = values[0], 1 = values[1]). */
export function splitPage(html: string, values: [string, string]): { parts: string[]; slots: (0 | 1)[] } {
  const parts: string[] = [];
  const slots: (0 | 1)[] = [];
  let i = 0;
  for (;;) {
    const a = html.indexOf(values[0], i);
    const b = html.indexOf(values[1], i);
    if (a < 0 && b < 0) break;
    const which: 0 | 1 = a >= 0 && (b < 0 || a <= b) ? 0 : 1;
    const at = which === 0 ? a : b;
    parts.push(html.slice(i, at));
    slots.push(which);
    i = at + values[which].length;
  }
  parts.push(html.slice(i));
  return { parts, slots };
}

/** The page with the values put back. */
export function fillPage(parts: Buffer[], slots: (0 | 1)[], values: Buffer[]): Buffer {
  const out: Buffer[] = [parts[0]];
  for (let i = 0; i < slots.length; i++) out.push(values[slots[i]], parts[i + 1]);
  return Buffer.concat(out);
}

/** A page's fixed parts deflated for splicing (see gzipPage), for values of these lengths. */
export interface DeflatedPage {
  parts: Buffer[];
  crc0: number;
  /** The lengths of the values the parts were deflated for (0: nonce, 1: request id). */
  lengths: [number, number];
}

const WINDOW = 32 * 1024;
const EMPTY = Buffer.alloc(0);

/**
 * Each fixed part deflated on its own and ended by a sync flush (byte-aligned, not final). So
 * that a part still finds its repeats in what came before it (as one gzip of the page would),
 * each is deflated with a preset dictionary: the 32 KB the browser will have inflated just before
 * it, with the values' places filled with NUL bytes. HTML never holds NUL, so no match can take
 * bytes from a value's place, and the distances hold as long as the values have the same lengths
 * (`lengths`; gzipPage is only used then). A page holding NUL gets no dictionaries.
 */
export function deflateParts(parts: Buffer[], slots: (0 | 1)[], lengths: [number, number]): DeflatedPage {
  const { parts: out, crc0 } = deflateTemplate(
    parts,
    slots.map((slot) => lengths[slot]),
  );
  return { parts: out, crc0, lengths };
}

// Gzip member header: magic, deflate, no flags, no mtime, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
// A final, empty block with fixed codes (what zlib writes at Z_FINISH after a flush).
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** A stored (uncompressed) deflate block holding `v`; the stream must be byte-aligned. */
function storedBlock(v: Buffer): Buffer {
  const out = Buffer.alloc(5 + v.length);
  out[0] = 0x00; // not final, stored
  out.writeUInt16LE(v.length, 1);
  out.writeUInt16LE(~v.length & 0xffff, 3);
  v.copy(out, 5);
  return out;
}

/**
 * A gzip body for the page with `values` spliced in: the deflated fixed parts, the values as
 * stored blocks, a final empty block, then the CRC-32 and length of the whole page.
 */
export function gzipPage(parts: Buffer[], slots: (0 | 1)[], values: Buffer[], deflated: DeflatedPage): Buffer {
  const out: Buffer[] = [GZIP_HEADER, deflated.parts[0]];
  let crc = deflated.crc0;
  let size = parts[0].length;
  for (let i = 0; i < slots.length; i++) {
    const v = values[slots[i]];
    if (v.length !== deflated.lengths[slots[i]] || v.length > 0xffff) throw new Error("a per-request value of another length than the deflated page's");
    out.push(storedBlock(v), deflated.parts[i + 1]);
    crc = zlib.crc32(v, crc);
    crc = zlib.crc32(parts[i + 1], crc);
    size += v.length + parts[i + 1].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}

/** A template's fixed parts deflated for splicing (gzipTemplate), for slots of these lengths (null: any length). */
export interface DeflatedTemplate {
  parts: Buffer[];
  crc0: number;
  lengths: (number | null)[];
}

/**
 * As deflateParts, for slots of their own lengths: a part after a slot of known length (the nonce,
 * the request id) has the 32 KB before it as dictionary, with NUL bytes in the slot's place; a
 * part after a slot of any length (a visitor's markup) starts afresh, since distances back across
 * it would not hold.
 */
export function deflateTemplate(parts: Buffer[], lengths: (number | null)[]): DeflatedTemplate {
  const dictionaries = !parts.some((p) => p.includes(0));
  const out: Buffer[] = [];
  let window = EMPTY;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const opts: zlib.ZlibOptions = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (dictionaries && window.length) opts.dictionary = window;
    out.push(p.length ? zlib.deflateRawSync(p, opts) : EMPTY);
    if (dictionaries && i < lengths.length) {
      const n = lengths[i];
      if (n === null) {
        window = EMPTY;
        continue;
      }
      const next = Buffer.concat([window, p, Buffer.alloc(n)]);
      window = next.length > WINDOW ? next.subarray(next.length - WINDOW) : next;
    }
  }
  return { parts: out, crc0: zlib.crc32(parts[0]), lengths };
}

/** A gzip body of the template with `values` (one per slot) spliced in as stored blocks. */
export function gzipTemplate(parts: Buffer[], values: Buffer[], deflated: DeflatedTemplate): Buffer {
  const out: Buffer[] = [GZIP_HEADER, deflated.parts[0]];
  let crc = deflated.crc0;
  let size = parts[0].length;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const want = deflated.lengths[i];
    if (want !== null && v.length !== want) throw new Error("a per-request value of another length than the deflated page's");
    for (let at = 0; at < v.length; at += 0xffff) out.push(storedBlock(v.subarray(at, at + 0xffff)));
    out.push(deflated.parts[i + 1]);
    crc = zlib.crc32(v, crc);
    crc = zlib.crc32(parts[i + 1], crc);
    size += v.length + parts[i + 1].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}
