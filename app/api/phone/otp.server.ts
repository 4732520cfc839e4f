/**
 * One-time codes by SMS: 6 digits, valid OTP_TTL_MINUTES, OTP_MAX_TRIES wrong tries, one active
 * code per (phone, purpose), where "login" and "register" are one purpose (stored as "login").
 * A request while a live code exists (not expired, not locked) sends that same code again and
 * gives it a fresh OTP_TTL_MINUTES (its tries stay counted): a request by anyone else never
 * cancels the code the owner just received (issue 37). A dead code (expired or locked) is replaced.
 * Stored encrypted (AES-256-GCM, key derived from the server's secret), so it can be sent again;
 * a leaked table without the key holds no usable codes. Rows from before (an HMAC-SHA256, 64 hex
 * characters) are still checked; they cannot be sent again, so a request replaces them.
 */
import crypto from "node:crypto";
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { OTP_MAX_TRIES, OTP_TTL_MINUTES, PHONE_MESSAGES, type OtpPurpose } from "~/domain/phone";
import { sendSms } from "~/integrations/sms.server";
import { otpSms } from "~/integrations/sms-templates.server";
import { sendMail } from "~/integrations/mail.server";
import { phoneCodeEmail } from "~/integrations/mail-templates.server";

export const hashCode = (phone: string, code: string) => crypto.createHmac("sha256", `otp:${env().jwtSecret}`).update(`${phone}:${code}`).digest("hex");

const SEALED = "v2:";
const otpKey = () => crypto.createHash("sha256").update(`otp-key:${env().jwtSecret}`).digest();

/** The code encrypted for the table, bound to its number (a row copied to another number does not decrypt). */
export function sealCode(phone: string, code: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", otpKey(), iv);
  c.setAAD(Buffer.from(phone));
  const ct = Buffer.concat([c.update(code, "utf8"), c.final()]);
  return SEALED + Buffer.concat([iv, c.getAuthTag(), ct]).toString("base64url");
}

/** The code in a stored value, or null (an old hash, or a value that does not decrypt). */
function openCode(phone: string, stored: string): string | null {
  if (!stored.startsWith(SEALED)) return null;
  try {
    const raw = Buffer.from(stored.slice(SEALED.length), "base64url");
    const d = crypto.createDecipheriv("aes-256-gcm", otpKey(), raw.subarray(0, 12));
    d.setAAD(Buffer.from(phone));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Whether `code` is the stored one (constant time). */
function matches(phone: string, stored: string, code: string): boolean {
  const opened = openCode(phone, stored);
  const [a, b] = opened === null ? [Buffer.from(hashCode(phone, code), "hex"), Buffer.from(stored, "hex")] : [Buffer.from(code), Buffer.from(opened)];
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Sends the live code of (phone, purpose) again, or stores a fresh one in place of a dead one, and
 * sends it by SMS (in `lang`, the asker's language). A live "verify" code of another user is kept
 * (that user may still type it) and nothing is sent.
 */
export async function issueCode(
  db: Queryable,
  phone: string,
  purpose: OtpPurpose,
  userId: number | null,
  lang?: string | null,
  /** Send it to this (verified) e-mail address of the number's account instead of by SMS. */
  byEmail?: string,
): Promise<void> {
  const send = (code: string) => (byEmail ? sendMail(phoneCodeEmail({ to: byEmail, code, phone, lang }), db) : sendSms(phone, otpSms(code, lang), db));
  const stored: OtpPurpose = purpose === "register" ? "login" : purpose;
  for (let round = 0; round < 3; round++) {
    const live = await db.query<{ id: number; code_hash: string; user_id: number | null }>(
      `SELECT id, code_hash, user_id FROM otp_codes
        WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND tries < $3`,
      [phone, stored, OTP_MAX_TRIES],
    );
    const row = live.rows[0];
    const again = row ? openCode(phone, row.code_hash) : null;
    if (row && again !== null) {
      if (stored === "verify" && row.user_id !== userId) return;
      const kept = await db.query(
        "UPDATE otp_codes SET expires_at = now() + make_interval(mins => $2) WHERE id = $1 AND used_at IS NULL AND tries < $3 RETURNING id",
        [row.id, OTP_TTL_MINUTES, OTP_MAX_TRIES],
      );
      if (kept.rows.length) {
        await send(again);
        return;
      }
      continue; // used or locked meanwhile: look again
    }
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    // Replaces only a dead code (or one from before, which cannot be sent again); a live code
    // made meanwhile by another request wins, and the next round sends it.
    const made = await db.query(
      `INSERT INTO otp_codes (phone, purpose, user_id, code_hash, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))
       ON CONFLICT (phone, purpose) WHERE used_at IS NULL
       DO UPDATE SET code_hash = EXCLUDED.code_hash, user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at, tries = 0, created_at = now()
         WHERE otp_codes.expires_at <= now() OR otp_codes.tries >= $6 OR otp_codes.code_hash NOT LIKE '${SEALED}%'
       RETURNING id`,
      [phone, stored, userId, sealCode(phone, code), OTP_TTL_MINUTES, OTP_MAX_TRIES],
    );
    if (made.rows.length) {
      await send(code);
      return;
    }
  }
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
  if (!matches(phone, row.code_hash, code)) {
    const t = await db.query<{ tries: number }>("UPDATE otp_codes SET tries = tries + 1 WHERE id = $1 AND used_at IS NULL RETURNING tries", [row.id]);
    const left = OTP_MAX_TRIES - (t.rows[0]?.tries ?? OTP_MAX_TRIES);
    return { ok: false, message: left > 0 ? PHONE_MESSAGES.codeWrong(left) : PHONE_MESSAGES.codeLocked, wrong: true };
  }
  const used = await db.query("UPDATE otp_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL AND tries < $2 RETURNING id", [row.id, OTP_MAX_TRIES]);
  if (!used.rows.length) return { ok: false, message: PHONE_MESSAGES.noCode, wrong: true };
  return { ok: true, userId: row.user_id };
}
