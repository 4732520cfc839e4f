/**
 * One-time codes by SMS: 6 digits, valid OTP_TTL_MINUTES, OTP_MAX_TRIES wrong tries,
 * one active code per (phone, purpose) — a new request replaces the old code — stored as an
 * HMAC-SHA256 keyed with the server's secret (a leaked table holds no usable codes).
 */
import crypto from "node:crypto";
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { OTP_MAX_TRIES, OTP_TTL_MINUTES, PHONE_MESSAGES, type OtpPurpose } from "~/domain/phone";
import { sendSms } from "~/integrations/sms.server";
import { otpSms } from "~/integrations/sms-templates.server";

export const hashCode = (phone: string, code: string) => crypto.createHmac("sha256", `otp:${env().jwtSecret}`).update(`${phone}:${code}`).digest("hex");

/** Stores a fresh code for (phone, purpose), replacing an active one, and sends it by SMS (in `lang`, the asker's language). */
export async function issueCode(db: Queryable, phone: string, purpose: OtpPurpose, userId: number | null, lang?: string | null): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  await db.query(
    `INSERT INTO otp_codes (phone, purpose, user_id, code_hash, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))
     ON CONFLICT (phone, purpose) WHERE used_at IS NULL
     DO UPDATE SET code_hash = EXCLUDED.code_hash, user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at, tries = 0, created_at = now()`,
    [phone, purpose, userId, hashCode(phone, code), OTP_TTL_MINUTES],
  );
  await sendSms(phone, otpSms(code, lang), db);
}

export type CodeCheck = { ok: true; userId: number | null } | { ok: false; message: string; wrong: boolean };

/**
 * Checks `code` against the active code of `phone` for one of `purposes` (the newest). A right
 * code is used up (once: a conditional update); a wrong one counts a try, and the last try locks it.
 */
export async function checkCode(db: Queryable, phone: string, purposes: OtpPurpose[], code: string): Promise<CodeCheck> {
  const r = await db.query<{ id: number; code_hash: string; tries: number; expired: boolean; user_id: number | null }>(
    `SELECT id, code_hash, tries, expires_at <= now() AS expired, user_id FROM otp_codes
      WHERE phone = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
    [phone, purposes],
  );
  const row = r.rows[0];
  if (!row) return { ok: false, message: PHONE_MESSAGES.noCode, wrong: true };
  if (row.tries >= OTP_MAX_TRIES) return { ok: false, message: PHONE_MESSAGES.codeLocked, wrong: true };
  if (row.expired) return { ok: false, message: PHONE_MESSAGES.codeExpired, wrong: false };
  const given = Buffer.from(hashCode(phone, code), "hex");
  const stored = Buffer.from(row.code_hash, "hex");
  if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) {
    const t = await db.query<{ tries: number }>("UPDATE otp_codes SET tries = tries + 1 WHERE id = $1 AND used_at IS NULL RETURNING tries", [row.id]);
    const left = OTP_MAX_TRIES - (t.rows[0]?.tries ?? OTP_MAX_TRIES);
    return { ok: false, message: left > 0 ? PHONE_MESSAGES.codeWrong(left) : PHONE_MESSAGES.codeLocked, wrong: true };
  }
  const used = await db.query("UPDATE otp_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL AND tries < $2 RETURNING id", [row.id, OTP_MAX_TRIES]);
  if (!used.rows.length) return { ok: false, message: PHONE_MESSAGES.noCode, wrong: true };
  return { ok: true, userId: row.user_id };
}
