/**
 * Stored image variants (/media/{key}?w=…, routes/_resources+/media.$.tsx) kept in memory once
 * served, and answered by server/app.mjs before Remix, the page cache and the disk: a variant
 * costs a map look-up, not a route match, a loader, a file read and an ETag hash.
 *
 * Why it matters: a page's card images are asked for at once, six at a time on a phone's
 * HTTP/1.1 connections, all answered by one server process, and Lighthouse's simulation gives
 * every request to an origin, the HTML's included, the median of the response times it observed
 * there (the images are most of them): whatever an image answer waits for is added to the
 * page's simulated first byte. Through Remix a variant took ~3.5 ms of the server (median, on a
 * busy 2-core machine), from memory ~0.6 ms.
 *
 * Kept: the bytes the route answered with, with the same headers (type, caching, ETag). A key
 * whose name carries a content hash never changes, so its variant is kept until the bound pushes it
 * out; a slot key (the demo catalogue's `products/{id}-{n}.svg`) could be replaced, so its
 * variant is kept at most SLOT_TTL_MS (browsers already keep it a day: REVALIDATED). Only local
 * storage's answers are kept: with S3 the route redirects and no bytes go through the app.
 */
import { LRUCache } from "lru-cache";
import { etagMatches } from "./http-cache.server";

/** Five minutes: far below the day a browser may keep a slot key's image anyway. */
const SLOT_TTL_MS = 5 * 60_000;
const MAX_BYTES = 32 * 1024 * 1024;

interface Kept {
  bytes: Buffer;
  etag: string;
  headers: Record<string, string>;
}

const kept = new LRUCache<string, Kept>({
  maxSize: MAX_BYTES,
  sizeCalculation: (v) => v.bytes.byteLength + 256,
});

/** The answer as server/app.mjs sends it. */
export interface MediaAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The variant a /media URL names: `{pathname}?w=…[&format=jpeg]` exactly as the route reads it. */
const memoryKey = (pathname: string, w: number, jpeg: boolean) => `${pathname}?w=${w}${jpeg ? "&format=jpeg" : ""}`;

/** Called by the media route when it answers a variant with its bytes (200). */
export function keepMedia(pathname: string, w: number, jpeg: boolean, immutable: boolean, bytes: Uint8Array, etag: string, headers: Record<string, string>) {
  const h = { ...headers };
  delete h["Content-Length"];
  kept.set(memoryKey(pathname, w, jpeg), { bytes: Buffer.from(bytes), etag, headers: h }, immutable ? undefined : { ttl: SLOT_TTL_MS });
}

/**
 * The kept answer for a GET of `pathname` with query `query` (Express's parsed query), or null:
 * not a variant URL, or not kept (the route answers it and keeps it). 304 when `ifNoneMatch`
 * names its ETag, as the route would answer.
 */
export function cachedMedia(method: string, pathname: string, query: Record<string, unknown>, ifNoneMatch: string | undefined): MediaAnswer | null {
  if (method !== "GET" || !pathname.startsWith("/media/")) return null;
  const names = Object.keys(query);
  const w = Number(query.w);
  const jpeg = query.format === "jpeg";
  if (typeof query.w !== "string" || names.some((n) => n !== "w" && n !== "format") || (names.includes("format") && !jpeg)) return null;
  const e = kept.get(memoryKey(pathname, w, jpeg));
  if (!e) return null;
  if (etagMatches(ifNoneMatch ?? null, e.etag)) {
    return { status: 304, headers: { "Cache-Control": e.headers["Cache-Control"], ETag: e.etag }, body: null };
  }
  return { status: 200, headers: { ...e.headers, "Content-Length": String(e.bytes.byteLength) }, body: e.bytes };
}
