/**
 * The delivery code of a shipment (app/domain/delivery-code.ts; docs/decisions/0025-delivery-code.md).
 * The code is never stored: the shipment keeps a random salt (`shipments.delivery_code_salt`, made
 * when a pay-on-delivery shipment is Shipped) and the code is derived from it with the server's
 * secret (HMAC-SHA256 of the shipment id and the salt, 4 decimal digits). The database alone (a
 * backup, a read replica, a store's SQL view) does not give it away, only the buyer's answers
 * and messages carry it, and a check compares in constant time. Shared by orders (checking it,
 * showing it to the buyer) and notifications (sending it), so it lives in the core.
 */
import crypto from "node:crypto";
import { env } from "~/config.server";

/** A new salt for a shipment's code. */
export const newDeliveryCodeSalt = () => crypto.randomBytes(16).toString("hex");

/** The shipment's 4-digit code, from its id and salt. */
export function deliveryCodeFor(shipmentId: number, salt: string): string {
  const mac = crypto.createHmac("sha256", env().jwtSecret).update(`delivery-code:${shipmentId}:${salt}`).digest();
  // 48 bits mod 10,000: the bias is below 1e-10, every code as likely as another.
  return String(mac.readUIntBE(0, 6) % 10_000).padStart(4, "0");
}

/** True when `given` (already normalized, 4 digits) is the shipment's code; constant time. */
export function deliveryCodeMatches(shipmentId: number, salt: string, given: string): boolean {
  const want = Buffer.from(deliveryCodeFor(shipmentId, salt));
  const got = Buffer.from(given);
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}
