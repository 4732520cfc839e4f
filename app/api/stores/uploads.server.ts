/**
 * Store image uploads ahead of the store (the create-store wizard without JavaScript: a logo or
 * banner chosen at the Brand step must survive the next steps, and a file input cannot be
 * refilled). POST /stores/uploads/ checks and stores the image exactly as POST /stores/ does and
 * answers an opaque signed token naming the stored key and the uploader; POST /stores/ accepts
 * `logo_upload` / `banner_upload` tokens instead of files, only from the same user and only
 * while the token is fresh.
 *
 * Token: base64url(JSON {k: key, u: userId, e: expiry ms}) "." HMAC-SHA256 of that part with the
 * JWT secret (under its own label, so no other signed value of the app can pass for one).
 */
import crypto from "node:crypto";
import { env } from "~/config.server";

/** How long an upload token stays usable (a vendor filling the wizard on a slow phone). */
export const UPLOAD_TOKEN_TTL_MS = 24 * 3600_000;

export const UPLOAD_MESSAGES = {
  invalid: "This upload has expired. Please choose the image again.",
} as const;

const sign = (payload: string) => crypto.createHmac("sha256", env().jwtSecret).update(`store-upload:${payload}`).digest("base64url");

export function signUpload(key: string, userId: number, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ k: key, u: userId, e: now + UPLOAD_TOKEN_TTL_MS })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The stored key a token names, or null when the token is malformed, forged, expired or someone else's. */
export function verifyUpload(token: unknown, userId: number, now = Date.now()): string | null {
  if (typeof token !== "string" || token.length > 1000) return null;
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const want = Buffer.from(sign(payload));
  const got = Buffer.from(mac);
  if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { k?: unknown; u?: unknown; e?: unknown };
    if (typeof data.k !== "string" || !/^stores\/[0-9a-f-]+\.(png|jpg|webp)$/.test(data.k)) return null;
    if (data.u !== userId || typeof data.e !== "number" || data.e < now) return null;
    return data.k;
  } catch {
    return null;
  }
}
