/**
 * The server side of ~/ops/lite-assets.tsx: the stylesheet's text (read once from the client
 * build; each page keeps only its own rules, ~/ops/lite-css.server.ts) and small images as `data:`
 * URIs (kept in memory, bounded). Lighthouse's slow phone showed why: a lite page's
 * stylesheet was a render-blocking request on a second connection and the LCP image another,
 * each a round trip of ~150 ms on top of the HTML's.
 */
import fs from "node:fs";
import path from "node:path";
import { variantBytes } from "~/integrations/image-variants.server";
import { IMAGE_WIDTHS, type ImageWidth } from "~/integrations/storage.server";
import { log } from "~/ops/logger.server";
import type { LiteAssets } from "~/ops/lite-assets";
import stylesheet from "~/tailwind.css";

/** Larger images keep their URL: base64 adds a third, and the HTML would outweigh the round trip saved. */
export const MAX_INLINE_IMAGE_BYTES = 6 * 1024;
/** A render waits at most this long for an image's bytes (first use of a variant runs sharp). */
const IMAGE_WAIT_MS = 1500;
/** Images kept (a few KB each): the LCP images of the pages lite visitors open. */
const MAX_KEPT = 2000;

let css: { text: string } | null | undefined;

/** The stylesheet's text, or null when unreadable. */
export function inlineStylesheet(): { text: string } | null {
  if (css === undefined) {
    // The build writes it under public/ (remix.config.js); the server runs from the project root.
    const file = path.resolve("public", stylesheet.replace(/^\/+/, ""));
    try {
      const text = fs.readFileSync(file, "utf8");
      css = { text };
    } catch (err) {
      log().warn({ err, file }, "lite pages link the stylesheet: it could not be read");
      css = null;
    }
  }
  return css;
}

/** data: URIs by image URL; null: not inlined (too big, not ours, missing). */
const kept = new Map<string, string | null>();
const loading = new Map<string, Promise<void>>();

/** Our own stored image variants only (/media/{key}?w=…): never fetches a URL. */
function mediaVariant(src: string): { key: string; w: ImageWidth } | null {
  let url: URL;
  try {
    url = new URL(src, "http://localhost");
  } catch {
    return null;
  }
  const w = Number(url.searchParams.get("w")) as ImageWidth;
  if (!url.pathname.startsWith("/media/") || !IMAGE_WIDTHS.includes(w) || url.searchParams.has("format")) return null;
  const key = decodeURIComponent(url.pathname.slice("/media/".length));
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) return null;
  return { key, w };
}

function keep(src: string, value: string | null) {
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(src, value);
}

function load(src: string): Promise<void> {
  let job = loading.get(src);
  if (job) return job;
  const variant = mediaVariant(src);
  if (!variant) {
    keep(src, null);
    return Promise.resolve();
  }
  job = variantBytes(variant.key, variant.w)
    .then((bytes) => keep(src, bytes && bytes.byteLength <= MAX_INLINE_IMAGE_BYTES ? `data:image/webp;base64,${Buffer.from(bytes).toString("base64")}` : null))
    .catch((err: unknown) => {
      log().warn({ err, src }, "lite page image not inlined");
      keep(src, null);
    })
    .finally(() => loading.delete(src));
  loading.set(src, job);
  return job;
}

/**
 * One request's assets: an image not yet known suspends the render once, for its bytes or
 * IMAGE_WAIT_MS. `gaveUp`: an image was still loading when the wait ended (its URL was used), so
 * the page is not the one later visitors should get from the page cache.
 */
export function liteAssets(): LiteAssets & { gaveUp: boolean } {
  const waited = new Set<string>();
  const assets: LiteAssets & { gaveUp: boolean } = {
    gaveUp: false,
    css: inlineStylesheet()?.text ?? null,
    image(src) {
      const known = kept.get(src);
      if (known !== undefined) return known ?? undefined;
      if (waited.has(src)) {
        assets.gaveUp = true;
        return undefined;
      }
      waited.add(src);
      // React renders the component again once this settles (a server render may suspend).
      throw Promise.race([load(src), new Promise<void>((resolve) => setTimeout(resolve, IMAGE_WAIT_MS).unref())]);
    },
  };
  return assets;
}
