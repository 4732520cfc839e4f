/**
 * HTTP caching of pages (entry.server.tsx). A page may be kept by a browser or a CDN only when
 * nothing about it is the visitor's own: a GET/HEAD answered 200, for a route that says so
 * (`export const handle = { cache: "public" }` on the page's route module: catalogue and static
 * pages), with no session or guest-cart cookie in the request and no Set-Cookie in the answer.
 * Those get PUBLIC_PAGE and a weak ETag over the page with the per-request parts (CSP nonce,
 * request id) left out, so a revalidation gets 304 while the page has not changed. Every other
 * page gets PRIVATE_PAGE (`private, no-store`), unless its route set Cache-Control itself.
 */
import crypto from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { parse as parseCookie } from "cookie";

/** How long a public page may be reused (browsers, CDNs and ./page-cache.server). */
export const PUBLIC_MAX_AGE_S = 60;
export const PUBLIC_PAGE = `public, max-age=${PUBLIC_MAX_AGE_S}, stale-while-revalidate=600`;
export const PRIVATE_PAGE = "private, no-store";
/**
 * Cookies that make a page the visitor's own (the signed session, the guest cart, the delivery
 * state picked: ~/storefront/delivery.server), and the few seconds after a write while a read
 * replica is configured (`db_primary`: the writer sees its write, never a page kept or read from
 * the replica from before it).
 */
export const PERSONAL_COOKIES = ["__session", "cartId", "deliveryState", "db_primary"];

export interface CacheHandle {
  cache?: "public";
  /**
   * "marked": everything of the visitor's on the page is a part of ~/components/personal (the
   * header's, the wishlist heart), so visitors with a cart or signed in may be given the page
   * rendered for nobody with their parts filled in (~/ops/page-cache.server).
   */
  personal?: "marked";
}

/** Adds names to the Vary header once each. */
export function appendVary(headers: Headers, names: readonly string[]) {
  const have = (headers.get("Vary") ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  const lower = new Set(have.map((v) => v.toLowerCase()));
  for (const n of names) if (!lower.has(n.toLowerCase())) have.push(n);
  headers.set("Vary", have.join(", "));
}

/** Names of the cookies a request carries. */
export function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return Object.keys(parseCookie(header));
}

export function hasPersonalCookie(request: Request): boolean {
  return hasPersonalCookieHeader(request.headers.get("Cookie"));
}

/** The same rule on a raw Cookie header. */
export function hasPersonalCookieHeader(cookie: string | null | undefined): boolean {
  return cookieNames(cookie ?? null).some((n) => PERSONAL_COOKIES.includes(n));
}

/** The page's own route (the deepest match) asked for public caching. */
export function routeAllowsPublicCache(context: EntryContext): boolean {
  const matches = context.staticHandlerContext.matches;
  const leaf = matches[matches.length - 1];
  if (!leaf) return false;
  const handle = context.routeModules[leaf.route.id]?.handle as CacheHandle | undefined;
  return handle?.cache === "public";
}

/** The page's own route says its visitor's parts are all marked (CacheHandle `personal`). */
export function routeMarksPersonal(context: EntryContext): boolean {
  const matches = context.staticHandlerContext.matches;
  const leaf = matches[matches.length - 1];
  if (!leaf) return false;
  const handle = context.routeModules[leaf.route.id]?.handle as CacheHandle | undefined;
  return handle?.cache === "public" && handle.personal === "marked";
}

export function isPublicPage(request: Request, status: number, headers: Headers, context: EntryContext): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    !headers.has("Set-Cookie") &&
    !headers.has("Cache-Control") &&
    !hasPersonalCookie(request) &&
    routeAllowsPublicCache(context)
  );
}

/** A weak ETag of a page, leaving out the parts that differ per request. */
export function pageEtag(html: string, perRequest: Array<string | null | undefined>): string {
  let stable = html;
  for (const v of perRequest) if (v) stable = stable.split(v).join("");
  return `W/"${crypto.createHash("sha1").update(stable).digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match (a list, `*`, weak or strong) matches the ETag (weak comparison). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}
