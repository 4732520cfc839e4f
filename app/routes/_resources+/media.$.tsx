/**
 * /media/{key}[?w=160|320|480|640|960|1280[&format=jpeg]] — stored images. Each original is stored once;
 * with ?w it is served as WebP at that width (or JPEG with format=jpeg, for link previews such
 * as WhatsApp's that do not read WebP or SVG), made with sharp on first request and stored for
 * the next one. Caching: a key whose file name carries a content hash (16+ hex digits, e.g.
 * `products/3f9a…c2.webp`) never changes content: a year, immutable. Other keys (the demo
 * catalogue's `products/{id}-{n}.svg`) name a slot whose file could be replaced: a day, revalidated
 * with a weak ETag (304 when unchanged). New uploads should use content-hashed keys.
 */
import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { makeVariantOnce, variantKeyOf } from "~/integrations/image-variants.server";
import { getStorage, IMAGE_WIDTHS, type ImageWidth, type Storage } from "~/integrations/storage.server";
import { etagMatches } from "~/ops/http-cache.server";
import { keepMedia } from "~/ops/media-memory.server";

const TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATED = "public, max-age=86400, stale-while-revalidate=604800";

/** The key's file name carries a hash of its content (so its URL is content-addressed). */
export const isContentAddressed = (key: string) => /(^|[^0-9a-f])[0-9a-f]{16,}([^0-9a-f]|$)/i.test(key.split("/").pop() ?? "");

/**
 * The answer, or 304 when the browser's copy (If-None-Match) is these bytes. A variant (`kept`:
 * its width and format) is kept in memory, answered from there next time (~/ops/media-memory.server).
 */
function answer(request: Request, key: string, bytes: Uint8Array, headers: Record<string, string>, kept?: { w: number; jpeg: boolean }): Response {
  const immutable = isContentAddressed(key);
  const etag = `W/"${crypto.createHash("sha1").update(bytes).digest("base64url").slice(0, 27)}"`;
  const h = { ...headers, "Cache-Control": immutable ? IMMUTABLE : REVALIDATED, ETag: etag };
  if (kept) keepMedia(new URL(request.url).pathname, kept.w, kept.jpeg, immutable, bytes, etag, h);
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { "Cache-Control": h["Cache-Control"], ETag: etag } });
  }
  return new Response(Buffer.from(bytes), { headers: { ...h, "Content-Length": String(bytes.byteLength) } });
}

/**
 * A store browsers read directly (S3): a redirect to the object there. The redirect is cached like
 * the bytes would be (a content-addressed key never changes; a presigned URL is the same for an
 * hour and valid for two, so its redirect is kept at most an hour).
 */
async function redirectTo(storage: Storage, key: string, cacheKey: string): Promise<Response> {
  const url = await storage.url!(key);
  const presigned = url.includes("X-Amz-Signature=");
  const cacheControl = presigned ? "public, max-age=1800" : isContentAddressed(cacheKey) ? IMMUTABLE : REVALIDATED;
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" } });
}

/** Variants known to exist in a direct-read store (so each is looked up there once per process). */
const made = new Set<string>();

export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Response("Not Found", { status: 404 });
  // Return and claim photos go to their parties only, through /return-photo/… and /claim-photo/… (the API decides).
  if (key.startsWith("returns/") || key.startsWith("claims/")) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const w = Number(url.searchParams.get("w"));
  const storage = getStorage();
  const headers = { "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff" };
  if (IMAGE_WIDTHS.includes(w as ImageWidth)) {
    const jpeg = ["jpeg", "jpg"].includes(url.searchParams.get("format") ?? "");
    const variantKey = variantKeyOf(key, w, jpeg);
    if (storage.url && storage.exists) {
      if (!made.has(variantKey) && !(await storage.exists(variantKey))) {
        if (!(await makeVariantOnce(key, variantKey, w, jpeg))) throw new Response("Not Found", { status: 404 });
      }
      made.add(variantKey);
      return redirectTo(storage, variantKey, key);
    }
    let bytes = await storage.get(variantKey);
    if (!bytes) {
      bytes = await makeVariantOnce(key, variantKey, w, jpeg);
      if (!bytes) throw new Response("Not Found", { status: 404 });
    }
    return answer(request, key, bytes, { ...headers, "Content-Type": jpeg ? "image/jpeg" : "image/webp" }, { w, jpeg });
  }
  if (storage.url) return redirectTo(storage, key, key);
  const bytes = await storage.get(key);
  if (!bytes) throw new Response("Not Found", { status: 404 });
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return answer(request, key, bytes, {
    ...headers,
    "Content-Type": TYPES[ext] ?? "application/octet-stream",
    ...(ext === "svg" ? { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" } : {}),
  });
}
