/**
 * The /api/v1 dispatcher. Each area folder exports its route table (registered in ./registry);
 * this file matches a request to one of them (exact path spellings, trailing slash optional,
 * never a redirect), enforces the route's simple access kinds, runs it, and turns thrown
 * ApiErrors into DRF-style JSON. A handler's `ctx.input()` / `ctx.query()` parse the body and
 * query string with the schemas the route declares (core/context.ts), answering 400 on a misfit. API_HEADERS (CORS, nosniff) go on every answer, errors included.
 */
import { parseCookie } from "cookie";
import { DATABASE_RETRY_AFTER_S, isDatabaseAway } from "~/db/away";
import { getDb, getReplicaDb, replicaWithFallback, type Db } from "~/db/client.server";
import { authUserCacheFor } from "./auth-users.server";
import { forgetKeptByUser } from "./kept-by-user.server";
import { catalogCacheFor, markShown, stockShown, type CatalogCache } from "./cache.server";
import { createContext, API_PREFIX, type ContextMeta } from "./context";
import { API_HEADERS, ApiError, forbidden, json } from "./http";
import { allRoutes } from "./registry";
import type { ApiContext, RouteDef } from "./types";
import { log } from "~/ops/logger.server";

export { API_PREFIX, loadAuthUser } from "./context";
export type { Access, ApiContext, AuthUser, Method, RouteDef, StoreRole } from "./types";
export { route } from "./types";

interface Compiled extends RouteDef {
  regex: RegExp;
  keys: string[];
  literals: number;
}

function compile(r: RouteDef): Compiled {
  if (!r.access) throw new Error(`route ${r.method} ${r.path} declares no access`);
  if (r.access.startsWith("store-") && !/:storeId\b/.test(r.path) && r.storeCheck !== "handler")
    throw new Error(`route ${r.method} ${r.path} is ${r.access} without :storeId: name the store in the path or declare storeCheck "handler"`);
  const segs = r.path.split("/").filter(Boolean);
  const keys: string[] = [];
  let literals = 0;
  const pattern = segs
    .map((s) => {
      if (s.startsWith(":")) {
        keys.push(s.slice(1));
        return "([^/]+)";
      }
      literals++;
      return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { ...r, regex: new RegExp(`^/${pattern}/?$`), keys, literals };
}

let compiled: Compiled[] | null = null;
function routes(): Compiled[] {
  if (!compiled) compiled = allRoutes().map(compile).sort((a, b) => b.literals - a.literals);
  return compiled;
}

function withHeaders(res: Response): Response {
  // Responses from fetch() can have immutable headers; copy when needed.
  try {
    for (const [k, v] of Object.entries(API_HEADERS)) res.headers.set(k, v);
    return res;
  } catch {
    const h = new Headers(res.headers);
    for (const [k, v] of Object.entries(API_HEADERS)) h.set(k, v);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: h });
  }
}

/** Notes whether the handler looked at the caller (then its answer may be theirs alone and is not cached). */
function watchCaller(ctx: ApiContext): { looked: boolean } {
  const seen = { looked: false };
  const c = ctx as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ["user", "requireUser", "requireSelf", "requireAdmin", "requireStoreRole", "hasStoreRole", "requireOwner"]) {
    const original = c[name];
    c[name] = (...args: unknown[]) => {
      seen.looked = true;
      return original.apply(ctx, args);
    };
  }
  return seen;
}

/** The checks the router makes itself before a handler runs (see Access). */
async function enforceAccess(route: RouteDef, ctx: ApiContext): Promise<void> {
  switch (route.access) {
    case "authenticated":
      await ctx.requireUser();
      return;
    case "admin":
      await ctx.requireAdmin();
      return;
    case "self": {
      const name = "userId" in ctx.params ? "userId" : "id";
      await ctx.requireSelf(ctx.intParam(name));
      return;
    }
    case "self-only": {
      const user = await ctx.requireUser();
      if (ctx.intParam("userId") !== user.id) throw forbidden();
      return;
    }
    case "store-member":
    case "store-owner":
      // A route naming its store another way (a product's store, the body's `store`) checks in its handler.
      if (route.storeCheck === "handler") return;
      await ctx.requireStoreRole(ctx.intParam("storeId"), route.access === "store-owner" ? "owner" : "member");
      return;
    default:
      return;
  }
}

/** Cookie a server sets on the answer to every write when a replica is configured (server/app.mjs). */
export const PRIMARY_PIN_COOKIE = "db_primary";
/** After a catalogue change is heard, public reads stay on the primary this long (the replica catches up meanwhile). */
export const REPLICA_SETTLE_MS = 1000;

export function pinnedToPrimary(request: Request): boolean {
  return parseCookie(request.headers.get("Cookie") ?? "")[PRIMARY_PIN_COOKIE] === "1";
}

/**
 * The read replica for a public catalogue GET, when one is configured and the read may go there:
 * an anonymous caller (no token: nothing of theirs to read back) that has not written a moment
 * ago (read-your-writes, `db_primary` cookie), while this server hears the primary's change
 * notifications and none came in the last REPLICA_SETTLE_MS (so a change just committed, which
 * the replica may not have replayed yet, is read from the primary and never cached stale).
 * Stock-only changes (every checkout) do not count: they would keep all reads on the primary
 * under load; an answer read from the replica just after one is kept only 2 × REPLICA_SETTLE_MS.
 */
async function replicaFor(request: Request, cache: CatalogCache, primary: Db, meta?: ContextMeta): Promise<Db | null> {
  if (!cache.listening || Date.now() - cache.lastChangeAt < REPLICA_SETTLE_MS) return null;
  if (meta?.primary || request.headers.has("Authorization") || pinnedToPrimary(request)) return null;
  const replica = await getReplicaDb().catch(() => null);
  if (!replica) return null;
  let r = reading.get(replica);
  if (!r) reading.set(replica, (r = replicaWithFallback(replica, primary)));
  return r.healthy() ? r : null;
}
const reading = new WeakMap<Db, ReturnType<typeof replicaWithFallback>>();

/**
 * Handles one request whose path starts with /api/v1. `meta` carries the client's
 * address and the request id from the server (or the storefront's in-process client).
 */
export async function handleApi(request: Request, meta?: ContextMeta): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") return withHeaders(new Response(null, { status: 200, headers: { "Content-Length": "0" } }));
  let path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
  if (!path.startsWith("/")) path = `/${path}`;
  path = path.replace(/\/{2,}/g, "/");
  try {
    const candidates = routes().filter((r) => r.regex.test(path));
    if (candidates.length === 0) return withHeaders(json({ detail: "Not found." }, 404));
    const effective = method === "HEAD" ? "GET" : method;
    const route = candidates.find((r) => r.method === effective);
    if (!route) {
      const allowed = [...new Set(candidates.map((r) => r.method)), "OPTIONS"].join(", ");
      return withHeaders(json({ detail: `Method "${method}" not allowed.` }, 405, { Allow: allowed }));
    }
    const m = route.regex.exec(path)!;
    const params: Record<string, string> = {};
    try {
      route.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1])));
    } catch {
      return withHeaders(json({ detail: "Not found." }, 404)); // malformed %-escape in a path parameter
    }
    const db = await getDb();
    const cache = route.cache === "catalog" && method === "GET" ? await catalogCacheFor(db) : null;
    const replica = cache ? await replicaFor(request, cache, db, meta) : null;
    // A read's caller may come from memory, when read from the primary (a replica may lag a change
    // already heard); a write always reads its caller afresh.
    const reading = method === "GET" || method === "HEAD";
    const users = reading && !replica && request.headers.has("authorization") ? await authUserCacheFor(db) : null;
    const ctx = createContext(request, params, replica ?? db, { ...meta, users }, route);
    if (!cache) {
      try {
        await enforceAccess(route, ctx);
        return withHeaders(await route.handler(ctx));
      } finally {
        // A write answered here may have ended sessions or changed a user or their header: this
        // process forgets what it kept of users at once (the others when the notification arrives).
        if (!reading) await forgetKeptByUser(db);
      }
    }
    const key = `${url.origin}${path}${url.search}`;
    const hit = cache.get(key);
    // markShown: the storefront's page cache learns which products' stock a page shows.
    if (hit) return markShown(withHeaders(new Response(hit.body, { status: hit.status, headers: { "Content-Type": hit.contentType, "X-Cache": "hit" } })), hit.shows);
    const generation = cache.generation;
    const stockSeen = cache.stock.generation;
    const personal = watchCaller(ctx);
    await enforceAccess(route, ctx);
    const res = await route.handler(ctx);
    if (res.status !== 200 || personal.looked) return withHeaders(res);
    const body = await res.text();
    const contentType = res.headers.get("Content-Type") ?? "application/json";
    const shows = stockShown(body);
    const seconds = typeof route.cacheSeconds === "function" ? route.cacheSeconds(url) : route.cacheSeconds;
    // Read from the replica just after a stock change (checkouts do not send reads to the primary):
    // the replica may not show it yet, so keep such an answer only briefly.
    const replicaFresh = replica && Date.now() - cache.lastStockChangeAt < REPLICA_SETTLE_MS ? Date.now() + 2 * REPLICA_SETTLE_MS : undefined;
    const expires = replicaFresh ?? (seconds ? Date.now() + seconds * 1000 : undefined);
    cache.set(key, { status: 200, body, contentType, shows, expires }, generation, stockSeen);
    const headers = new Headers(res.headers);
    headers.set("X-Cache", "miss");
    return markShown(withHeaders(new Response(body, { status: 200, headers })), shows);
  } catch (e) {
    if (e instanceof ApiError) return withHeaders(json(e.body, e.status));
    if (e instanceof Response) return withHeaders(e);
    if (isDatabaseAway(e)) return databaseAwayAnswer(e, meta?.requestId, method, url.pathname);
    log().error({ err: e, requestId: meta?.requestId, method, path: url.pathname }, "api handler failed");
    return withHeaders(json({ detail: "A server error occurred." }, 500));
  }
}

/** The message of a 503 while the database cannot be reached (kept short and free of internals). */
export const DATABASE_AWAY_DETAIL = "The service is briefly unavailable. Please try again in a moment.";

/**
 * A request whose database connection could not be made or was lost (app/db/away.ts): 503 with
 * Retry-After, so clients and the storefront retry instead of reporting a server error.
 */
function databaseAwayAnswer(err: unknown, requestId: string | undefined, method: string, path: string): Response {
  log().warn({ err, requestId, method, path }, "the database cannot be reached: 503");
  return withHeaders(json({ detail: DATABASE_AWAY_DETAIL }, 503, { "Retry-After": String(DATABASE_RETRY_AFTER_S) }));
}

export function listRoutes(): readonly RouteDef[] {
  return routes();
}
