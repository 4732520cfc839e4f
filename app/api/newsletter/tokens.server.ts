/**
 * Newsletter tokens. Confirmation: 32 random bytes, only their SHA-256 is stored, with an expiry.
 * Unsubscribe: `{id}.{HMAC-SHA256(secret, id:email)}`, derived rather than stored (every newsletter
 * carries one and the links must keep working), checked in constant time.
 */
import crypto from "node:crypto";
import { env } from "~/config.server";

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const newConfirmToken = () => crypto.randomBytes(32).toString("base64url");

const mac = (id: number, email: string) =>
  crypto.createHmac("sha256", env().jwtSecret).update(`newsletter-unsubscribe:${id}:${email.toLowerCase()}`).digest("base64url").slice(0, 32);

export const unsubscribeToken = (id: number, email: string) => `${id}.${mac(id, email)}`;

/** The subscription id a token claims (still to be checked with `unsubscribeTokenMatches`). */
export function unsubscribeTokenId(token: string): number | null {
  const m = /^(\d{1,10})\.[A-Za-z0-9_-]{32}$/.exec(token);
  const id = m ? Number(m[1]) : NaN;
  return Number.isInteger(id) && id > 0 && id <= 2147483647 ? id : null;
}

export function unsubscribeTokenMatches(token: string, id: number, email: string): boolean {
  const a = Buffer.from(token);
  const b = Buffer.from(unsubscribeToken(id, email));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
