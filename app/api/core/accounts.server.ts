/**
 * Account primitives the auth, phone, users and admin areas all use: password hashing and checking,
 * the uid of reset links, signing a token pair for a login, and the e-mail verification link.
 * They sit in the core so that no area has to import another's route table to sign someone in.
 */
import crypto from "node:crypto";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import type { Queryable } from "~/db/client.server";
import { sendMail } from "~/integrations/mail.server";
import { verificationEmail } from "~/integrations/mail-templates.server";
import { signPair } from "../tokens.server";
import { userLanguage } from "~/integrations/mail/language.server";

const VERIFY_TTL_HOURS = 72;

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const randomToken = () => crypto.randomBytes(32).toString("base64url");

export function hashPassword(password: string): Promise<string> {
  return argonHash(password); // argon2id, library defaults (19 MiB, t=2)
}

let dummyHash: Promise<string> | null = null;
/** Checks a password; spends the same time when there is no hash, so unknown e-mails don't answer faster. */
export async function checkPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= argonHash("not-a-real-password-0!");
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argonVerify(hash, password).catch(() => false);
}

/** Django's urlsafe_base64_encode(force_bytes(pk)), as in dj-rest-auth reset links. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString("base64url");
export function decodeUid(uid: string): number | null {
  try {
    const n = Number(Buffer.from(uid, "base64url").toString("utf8"));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export interface LoginUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** The user's current token_version; read from the database when not given. */
  token_version?: number;
}

export interface LoginAnswer {
  access: string;
  refresh: string;
  access_expiration: string;
  refresh_expiration: string;
  user: LoginUser;
}

/** Signs an access/refresh pair and records the refresh token so logout and resets can revoke it. */
export async function issueTokens(db: Queryable, user: LoginUser): Promise<LoginAnswer> {
  const version =
    user.token_version ?? (await db.query<{ token_version: number }>("SELECT token_version FROM users WHERE id = $1", [user.id])).rows[0]?.token_version ?? 0;
  const pair = await signPair(user.id, version);
  await db.query("INSERT INTO refresh_tokens (jti, user_id, expires_at) VALUES ($1, $2, $3)", [pair.refresh_jti, user.id, pair.refresh_expiration]);
  return {
    access: pair.access,
    refresh: pair.refresh,
    access_expiration: pair.access_expiration,
    refresh_expiration: pair.refresh_expiration,
    user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
  };
}

/** Stores a new e-mail verification key and sends its link (registration, resend, and the admin's resend). */
export async function createVerification(db: Queryable, user: { id: number; email: string; first_name: string }) {
  const key = randomToken();
  await db.query(
    `INSERT INTO email_verifications (key, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [sha256(key), user.id, VERIFY_TTL_HOURS],
  );
  await sendMail(verificationEmail(user.email, user.first_name, key, await userLanguage(db, user.id)), db);
}
