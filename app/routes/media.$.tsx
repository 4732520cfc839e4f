/**
 * /media/{key}[?w=160|320|640|1280] — stored images. With ?w the image is served as WebP at that
 * width, made with sharp from the original on first request and stored for the next one.
 * Keys never change content, so answers are cacheable for a year.
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

export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const w = Number(url.searchParams.get("w"));
  const storage = getStorage();
  const headers = { "Cache-Control": CACHE, "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff" };
  if (IMAGE_WIDTHS.includes(w as ImageWidth)) {
    const variantKey = `variants/${w}/${key.replace(/\.[a-z]+$/i, "")}.webp`;
    let bytes = await storage.get(variantKey);
    if (!bytes) {
      const original = await storage.get(key);
      if (!original) throw new Response("Not Found", { status: 404 });
      const sharp = (await import("sharp")).default;
      bytes = new Uint8Array(
        await sharp(original, { density: 144 })
          .resize({ width: w, withoutEnlargement: false })
          .webp({ quality: 72, effort: 3 })
          .toBuffer(),
      );
      await storage.put(variantKey, bytes, "image/webp");
    }
    return new Response(Buffer.from(bytes), { headers: { ...headers, "Content-Type": "image/webp", "Content-Length": String(bytes.byteLength) } });
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
