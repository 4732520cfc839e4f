/**
 * Resized variants of stored images (WebP, or JPEG for link previews), made with sharp from the
 * original on first use and stored beside it. Shared by /media/ (routes/_resources+/media.$.tsx)
 * and the lite pages' inlined LCP image (~/ops/lite-assets.server.ts).
 */
import { getStorage } from "~/integrations/storage.server";

/** Where a variant is stored. */
export const variantKeyOf = (key: string, w: number, jpeg: boolean) => `variants/${w}/${key.replace(/\.[a-z]+$/i, "")}.${jpeg ? "jpg" : "webp"}`;

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

/** One sharp job per variant at a time, so a burst of first requests does not resize twice. */
const inFlight = new Map<string, Promise<Uint8Array | null>>();

/** Makes (and stores) the variant, or joins the job already making it; null: no such original. */
export function makeVariantOnce(key: string, variantKey: string, w: number, jpeg: boolean): Promise<Uint8Array | null> {
  let job = inFlight.get(variantKey);
  if (!job) {
    job = makeVariant(key, variantKey, w, jpeg).finally(() => inFlight.delete(variantKey));
    inFlight.set(variantKey, job);
  }
  return job;
}

/** The WebP variant's bytes: the stored one, or made now; null when there is no such original. */
export async function variantBytes(key: string, w: number): Promise<Uint8Array | null> {
  const variantKey = variantKeyOf(key, w, false);
  return (await getStorage().get(variantKey)) ?? (await makeVariantOnce(key, variantKey, w, false));
}
