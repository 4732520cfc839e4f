/**
 * /media/{key}[?w=160|320|640|1280[&format=jpeg]] — stored images. Each original is stored once;
 * with ?w it is served as WebP at that width (or JPEG with format=jpeg, for link previews such
 * as WhatsApp's that do not read WebP or SVG), made with sharp on first request and stored for
 * the next one. Keys never change content, so answers are cacheable for a year.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStorage, IMAGE_WIDTHS, type ImageWidth } from "~/integrations/storage.server";

const TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

const CACHE = "public, max-age=31536000, immutable";

/** One sharp job per variant at a time, so a burst of first requests does not resize twice. */
const inFlight = new Map<string, Promise<Uint8Array | null>>();

async function makeVariant(key: string, variantKey: string, w: number, jpeg: boolean): Promise<Uint8Array | null> {
  const storage = getStorage();
  const original = await storage.get(key);
  if (!original) return null;
  const sharp = (await import("sharp")).default;
  const img = sharp(original, { density: 144 }).resize({ width: w, withoutEnlargement: false });
  const bytes = new Uint8Array(
    await (jpeg ? img.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }) : img.webp({ quality: 72, effort: 3 })).toBuffer(),
  );
  await storage.put(variantKey, bytes, jpeg ? "image/jpeg" : "image/webp");
  return bytes;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const w = Number(url.searchParams.get("w"));
  const storage = getStorage();
  const headers = { "Cache-Control": CACHE, "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff" };
  if (IMAGE_WIDTHS.includes(w as ImageWidth)) {
    const jpeg = ["jpeg", "jpg"].includes(url.searchParams.get("format") ?? "");
    const variantKey = `variants/${w}/${key.replace(/\.[a-z]+$/i, "")}.${jpeg ? "jpg" : "webp"}`;
    let bytes = await storage.get(variantKey);
    if (!bytes) {
      let job = inFlight.get(variantKey);
      if (!job) {
        job = makeVariant(key, variantKey, w, jpeg).finally(() => inFlight.delete(variantKey));
        inFlight.set(variantKey, job);
      }
      bytes = await job;
      if (!bytes) throw new Response("Not Found", { status: 404 });
    }
    return new Response(Buffer.from(bytes), {
      headers: { ...headers, "Content-Type": jpeg ? "image/jpeg" : "image/webp", "Content-Length": String(bytes.byteLength) },
    });
  }
  const bytes = await storage.get(key);
  if (!bytes) throw new Response("Not Found", { status: 404 });
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return new Response(Buffer.from(bytes), {
    headers: {
      ...headers,
      "Content-Type": TYPES[ext] ?? "application/octet-stream",
      "Content-Length": String(bytes.byteLength),
      ...(ext === "svg" ? { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" } : {}),
    },
  });
}
