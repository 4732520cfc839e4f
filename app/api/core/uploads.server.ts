/**
 * Uploaded images (product photos, store logos and banners). What a file is comes from its bytes,
 * never its name or the type the client claims: the signature must be JPEG, PNG or WebP AND sharp
 * must read it (a PNG named .exe is fine; an HTML page named .png is refused). At most 5 MB.
 * The file is stored re-encoded in its own format (upright, metadata such as a photo's GPS position
 * stripped) through the storage interface under a random key with the real extension, and indexed
 * in `images`; the media route serves WebP variants of it (?w=160…1280).
 *
 * Order of work: check every file (checkImage), write the files (putImages), then insert the rows
 * in the caller's transaction (indexImages). A 4xx writes nothing; a database failure after the
 * files were written leaves unreferenced files, never a row without its file.
 */
import crypto from "node:crypto";
import type { Queryable } from "~/db/client.server";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, type ImageType } from "~/domain/products";
import { getStorage } from "~/integrations/storage.server";
import { badRequest } from "./http";

export interface CheckedImage {
  bytes: Uint8Array;
  type: ImageType;
  ext: "jpg" | "png" | "webp";
  width: number | null;
  height: number | null;
  sha256: string;
}

export interface StoredImage extends CheckedImage {
  key: string;
}

/** The image type its first bytes announce, or null. */
export function sniffImage(b: Uint8Array): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

const EXT: Record<ImageType, CheckedImage["ext"]> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
const SHARP_FORMAT: Record<ImageType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

const isFile = (v: unknown): v is Blob => typeof v === "object" && v !== null && typeof (v as Blob).arrayBuffer === "function" && typeof (v as Blob).size === "number";

/** True when a form value is a file that was chosen (an empty file input sends a nameless empty part). */
export function hasFile(v: unknown): v is Blob {
  return isFile(v) && v.size > 0;
}

/** Checks one uploaded file; a 400 `{field: [message]}` with the spec's messages otherwise. */
export async function checkImage(value: unknown, field: string): Promise<CheckedImage> {
  if (!isFile(value) || value.size === 0) throw badRequest({ [field]: [IMAGE_MESSAGES.required] });
  if (value.size > IMAGE_MAX_BYTES) throw badRequest({ [field]: [IMAGE_MESSAGES.size] });
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffImage(bytes);
  if (!type) throw badRequest({ [field]: [IMAGE_MESSAGES.type] });
  // The duplicate check compares what was uploaded.
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  let clean: Uint8Array;
  let width: number | null = null;
  let height: number | null = null;
  try {
    const sharp = (await import("sharp")).default;
    const meta = await sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 }).metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw new Error("format mismatch");
    if (!meta.width || !meta.height) throw new Error("no size");
    // Stored re-encoded in the same format: upright (EXIF orientation applied) and without
    // metadata, so a phone photo's location and camera details are never published.
    const img = sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
    const out =
      type === "image/jpeg" ? img.jpeg({ quality: 90 }) : type === "image/png" ? img.png({ compressionLevel: 8 }) : img.webp({ quality: 90 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    clean = new Uint8Array(data);
    width = info.width;
    height = info.height;
  } catch {
    throw badRequest({ [field]: [IMAGE_MESSAGES.type] });
  }
  return { bytes: clean, type, ext: EXT[type], width, height, sha256 };
}

/**
 * Checks several uploads at once: every field's problem is reported (first message per field),
 * and the same picture twice is refused with the spec's duplicate message.
 */
export async function checkImages(files: Array<{ field: string; value: unknown }>): Promise<Map<string, CheckedImage>> {
  const out = new Map<string, CheckedImage>();
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const f of files) {
    try {
      const img = await checkImage(f.value, f.field);
      if (seen.has(img.sha256)) errors[f.field] = [IMAGE_MESSAGES.duplicate];
      else {
        seen.add(img.sha256);
        out.set(f.field, img);
      }
    } catch (e) {
      const body = (e as { body?: Record<string, string[]> }).body;
      if (!body) throw e;
      Object.assign(errors, body);
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return out;
}

/** Writes checked images through the storage interface under new keys `${prefix}/<random>.<ext>`. */
export async function putImages<K>(prefix: "products" | "stores" | "returns" | "claims", images: Map<K, CheckedImage>): Promise<Map<K, StoredImage>> {
  const storage = getStorage();
  const out = new Map<K, StoredImage>();
  for (const [k, img] of images) {
    const key = `${prefix}/${crypto.randomUUID()}.${img.ext}`;
    await storage.put(key, img.bytes, img.type);
    out.set(k, { ...img, key });
  }
  return out;
}

/** Indexes stored images in `images` (in the caller's transaction). */
export async function indexImages(q: Queryable, images: Iterable<StoredImage>): Promise<void> {
  for (const img of images)
    await q.query("INSERT INTO images (key, content_type, width, height, bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING", [
      img.key,
      img.type,
      img.width,
      img.height,
      img.bytes.byteLength,
      img.sha256,
    ]);
}
