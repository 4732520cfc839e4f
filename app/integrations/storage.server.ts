/**
 * Image storage behind one interface: local disk under DATA_DIR/media by default. Keys are
 * opaque strings such as "products/ab12cd.webp". Resized variants are derived from the
 * original on first request and stored beside it (see routes/media.$.tsx).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/config.server";
import { S3Storage } from "./s3.server";

export interface Storage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /**
   * Stores that browsers can read directly (S3): the object's URL there, so /media/ answers with a
   * redirect and no image bytes go through the app; `exists` tells whether a variant was made yet.
   */
  url?(key: string): Promise<string>;
  exists?(key: string): Promise<boolean>;
  /** The origin those URLs are on (allowed in img-src). */
  origin?(): string;
}

function safeKey(key: string): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Error(`bad storage key: ${key}`);
  return key;
}

export class LocalDiskStorage implements Storage {
  constructor(private root: string) {}
  private file(key: string) {
    return path.join(this.root, safeKey(key));
  }
  async put(key: string, data: Uint8Array) {
    const f = this.file(key);
    await fs.mkdir(path.dirname(f), { recursive: true });
    const tmp = `${f}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, f);
  }
  async get(key: string) {
    try {
      return new Uint8Array(await fs.readFile(this.file(key)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }
  async delete(key: string) {
    await fs.rm(this.file(key), { force: true });
  }
}

let storage: Storage | null = null;
/** S3-compatible store when S3_ENDPOINT and S3_BUCKET are set (shared by several app servers), else local disk. */
export function getStorage(): Storage {
  if (!storage) {
    const e = env();
    storage =
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? new S3Storage({
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
            publicUrl: e.S3_PUBLIC_URL,
          })
        : new LocalDiskStorage(path.join(path.resolve(e.DATA_DIR), "media"));
  }
  return storage;
}
export function setStorage(s: Storage | null) {
  storage = s;
}

/** Widths served for every image (WebP); 480 and 960 fit phone slots at 2-3 device pixels per px. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Public URL of an image, or of one of its resized variants. */
export function mediaUrl(origin: string, key: string, width?: ImageWidth): string {
  return `${origin}/media/${key}${width ? `?w=${width}` : ""}`;
}
