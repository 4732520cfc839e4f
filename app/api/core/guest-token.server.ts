/**
 * The token that opens a guest's order: orders, payments and returns all let a guest act on
 * their own order with it, so it lives in the core rather than in one of those areas.
 */
import crypto from "node:crypto";
import { env } from "~/config.server";

/** The token that opens a guest order (signed: HMAC of the order id with the server's secret). */
export function guestTokenFor(orderId: string): string {
  return crypto.createHmac("sha256", env().jwtSecret).update(`guest-order:${orderId}`).digest("base64url");
}

/** True when `token` opens guest order `order` (constant-time compare; members' orders never open with a token). */
export function guestTokenOpens(order: { id: string; user_id: number | null }, token: string | null | undefined): boolean {
  if (!token || order.user_id !== null) return false;
  const want = Buffer.from(guestTokenFor(order.id));
  const got = Buffer.from(token);
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}
