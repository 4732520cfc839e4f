/**
 * Paystack webhook signatures: `x-paystack-signature` is the hex HMAC-SHA512 of the raw request
 * body keyed with the secret key. Compare in constant time, over the raw bytes (never a
 * re-serialised JSON object).
 */
import crypto from "node:crypto";

export function signWebhook(rawBody: string | Uint8Array, secretKey: string): string {
  return crypto.createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export function verifyWebhookSignature(rawBody: string | Uint8Array, header: string | null | undefined, secretKey: string): boolean {
  if (!header || !/^[0-9a-f]{128}$/i.test(header.trim())) return false;
  const expected = Buffer.from(signWebhook(rawBody, secretKey), "hex");
  const given = Buffer.from(header.trim(), "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
