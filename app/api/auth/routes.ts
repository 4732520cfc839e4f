/**
 * /users/auth/* (spec section 7; docs/api-contract.md): registration with e-mail verification,
 * login, Google sign-in, token refresh and logout, the current user, password reset and change.
 * Logout, a password reset and a password change end every session of the user (endSessions).
 * Shapes follow dj-rest-auth / simplejwt, which existing clients were written against.
 */
import * as z from "zod";
import { GoogleSchema, LoginSchema, OLD_PASSWORD_WRONG_MESSAGE, PasswordChangeSchema, PasswordResetConfirmSchema, PasswordResetSchema, PASSWORD_MESSAGES, RefreshSchema, RegisterSchema, similarToEmail, VerifyEmailSchema, EMAIL_NOT_VERIFIED_MESSAGE, ACCOUNT_DEACTIVATED_MESSAGE } from "~/domain/accounts";
import { findOrCreateGoogleUser, GoogleTokenError, verifyGoogleIdToken } from "~/integrations/google.server";
import { sendMail } from "~/integrations/mail.server";
import { passwordResetEmail } from "~/integrations/mail-templates.server";
import { ApiError, badRequest, json } from "../core/http";
import { accountAtAddress, addressKey, rateLimiter, RULES } from "../rate-limit.server";
import type { ApiContext, RouteDef } from "../core/types";
import { endSessions, signPair, verifyToken, type VerifiedToken } from "../tokens.server";
import { Detail, LoginResponse } from "./schemas";
import { checkPassword, createVerification, decodeUid, encodeUid, hashPassword, issueTokens, randomToken, sha256 } from "../core/accounts.server";
import { log } from "~/ops/logger.server";
import { resolveLanguage } from "~/i18n/i18next.server";
import { userLanguage } from "~/integrations/mail/language.server";

export const LOGIN_FAILED = "Unable to log in with provided credentials.";
export const EMAIL_NOT_VERIFIED = EMAIL_NOT_VERIFIED_MESSAGE;
export const DUPLICATE_EMAIL = "A user is already registered with this e-mail address.";
const RESET_TTL_MINUTES = 60;

const limiter = (ctx: ApiContext) => rateLimiter(ctx.db);

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  email_verified: boolean;
  is_active: boolean;
  token_version: number;
}
const USER_COLUMNS = "id, COALESCE(email::text, '') AS email, first_name, last_name, password_hash, email_verified_at IS NOT NULL AS email_verified, is_active, token_version";

const tokenInvalid = () =>
  new ApiError(401, { detail: "Token is invalid or expired", code: "token_not_valid" });

// ---------------------------------------------------------------------------------------------
// Handlers

async function register(ctx: ApiContext<typeof RegisterSchema>) {
  const rl = limiter(ctx);
  await rl.consume(RULES.registerIp, addressKey(ctx.clientIp));
  const body = await ctx.input();
  await rl.consume(RULES.registerAccount, body.email);
  const existing = await ctx.db.query("SELECT 1 FROM users WHERE email = $1", [body.email]);
  if (existing.rows.length) throw badRequest({ email: [DUPLICATE_EMAIL] });
  const passwordHash = await hashPassword(body.password1);
  // The account keeps the language its owner signed up in: mails and messages use it.
  const language = await resolveLanguage(ctx.request);
  const created = await ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, language) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [body.email, passwordHash, body.first_name, body.last_name, body.phone, language],
  );
  if (!created.rows[0]) throw badRequest({ email: [DUPLICATE_EMAIL] }); // lost a race with a twin request
  await createVerification(ctx.db, { id: created.rows[0].id, email: body.email, first_name: body.first_name });
  return json({ detail: "Verification e-mail sent." }, 201);
}

async function resendVerification(ctx: ApiContext<typeof PasswordResetSchema>) {
  const { email } = await ctx.input();
  const rl = limiter(ctx);
  await rl.consume(RULES.registerIp, addressKey(ctx.clientIp));
  await rl.consume(RULES.registerAccount, email);
  const r = await ctx.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  const u = r.rows[0];
  if (u && u.is_active && !u.email_verified) await createVerification(ctx.db, u);
  return json({ detail: "ok" });
}

async function verifyEmail(ctx: ApiContext<typeof VerifyEmailSchema>) {
  const { key } = await ctx.input();
  const r = await ctx.db.query<{ user_id: number; used: boolean; expired: boolean }>(
    `SELECT user_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM email_verifications WHERE key = $1`,
    [sha256(key)],
  );
  const v = r.rows[0];
  if (!v) throw new ApiError(404, { detail: "Not found." });
  if (v.used) throw badRequest({ key: ["This verification link has already been used."] });
  if (v.expired) throw badRequest({ key: ["This verification link has expired. Request a new one."] });
  const claimed = await ctx.db.query("UPDATE email_verifications SET used_at = now() WHERE key = $1 AND used_at IS NULL RETURNING key", [sha256(key)]);
  if (!claimed.rows.length) throw badRequest({ key: ["This verification link has already been used."] });
  await ctx.db.query("UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1", [v.user_id]);
  return json({ detail: "ok" });
}

async function login(ctx: ApiContext<typeof LoginSchema>) {
  const rl = limiter(ctx);
  const ip = addressKey(ctx.clientIp);
  await rl.check(RULES.loginIp, ip);
  const body = await ctx.input();
  // Failures in a row for this account from this address lock only this pair: a correct password
  // from another address still logs in. Counted for unknown e-mails too (no account enumeration).
  const pair = accountAtAddress(body.email, ctx.clientIp);
  await rl.check(RULES.loginAccountIp, pair);
  const r = await ctx.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [body.email]);
  const u = r.rows[0];
  const passwordOk = await checkPassword(u?.password_hash ?? null, body.password);
  // Only someone who knows the password learns that the account was deactivated.
  if (passwordOk && u && !u.is_active) throw badRequest({ non_field_errors: [ACCOUNT_DEACTIVATED_MESSAGE] });
  const ok = passwordOk && !!u?.is_active;
  if (!ok || !u) {
    // Only failures count, so a shopper who signs in often is never locked out.
    await Promise.all([rl.fail(RULES.loginIp, ip), rl.fail(RULES.loginAccountIp, pair)]);
    throw badRequest({ non_field_errors: [LOGIN_FAILED] });
  }
  if (!u.email_verified) throw badRequest({ non_field_errors: [EMAIL_NOT_VERIFIED] });
  await rl.clear(RULES.loginAccountIp, pair);
  return json(await issueTokens(ctx.db, u));
}

async function google(ctx: ApiContext<typeof GoogleSchema>) {
  const body = await ctx.input();
  let userId: number | null;
  try {
    const who = await verifyGoogleIdToken(body.id_token!, { nonce: body.nonce });
    // A new account keeps the language its owner signed up in, as with a password or a phone.
    userId = await findOrCreateGoogleUser(ctx.db, who, await resolveLanguage(ctx.request));
  } catch (e) {
    if (e instanceof GoogleTokenError) throw badRequest({ non_field_errors: [e.message] });
    log().error({ err: e, requestId: ctx.requestId }, "google sign-in failed");
    throw badRequest({ non_field_errors: ["Google sign-in is not available right now. Please try again later."] });
  }
  if (!userId) throw badRequest({ non_field_errors: [LOGIN_FAILED] });
  const r = await ctx.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return json(await issueTokens(ctx.db, r.rows[0]));
}

async function refresh(ctx: ApiContext<typeof RefreshSchema>) {
  const body = await ctx.input();
  const v = await verifyToken(body.refresh, "refresh");
  if (!v) throw tokenInvalid();
  // The old refresh token stays valid (several page loads may refresh at once); logout and
  // password resets and changes end it (revoked, and the user's token_version moves on).
  if (!(await liveRefreshToken(ctx, v))) throw tokenInvalid();
  const pair = await signPair(v.userId, v.version); // only its access half is used
  return json({ access: pair.access, refresh: body.refresh, access_expiration: pair.access_expiration });
}

/** A refresh token that is recorded, not revoked or expired, of an active user, and of the user's current token_version. */
async function liveRefreshToken(ctx: ApiContext, v: VerifiedToken): Promise<boolean> {
  const r = await ctx.db.query(
    `SELECT 1 FROM refresh_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.jti = $1 AND t.user_id = $2 AND t.revoked_at IS NULL AND t.expires_at > now() AND u.is_active AND u.token_version = $3`,
    [v.jti, v.userId, v.version],
  );
  return r.rows.length > 0;
}

/**
 * Logout ends every session of the user, on every device: all refresh tokens revoked, access
 * tokens already handed out refused. The user is the one of a live refresh token in the body, else
 * of the bearer token; an old (already ended) token ends nothing. Always 200, as dj-rest-auth.
 */
async function logout(ctx: ApiContext) {
  const body = await ctx.body();
  const token = typeof body.refresh === "string" ? body.refresh : "";
  const v = token ? await verifyToken(token, "refresh") : null;
  const userId = v && (await liveRefreshToken(ctx, v)) ? v.userId : ((await ctx.user())?.id ?? null);
  if (userId) await ctx.db.tx((q) => endSessions(q, userId));
  return json({ detail: "Successfully logged out." });
}

async function currentUser(ctx: ApiContext) {
  const me = await ctx.requireUser();
  const r = await ctx.db.query<{ phone: string | null }>("SELECT phone FROM users WHERE id = $1", [me.id]);
  return json({ pk: me.id, id: me.id, email: me.email, first_name: me.first_name, last_name: me.last_name, phone: r.rows[0]?.phone ?? null });
}

async function passwordReset(ctx: ApiContext<typeof PasswordResetSchema>) {
  const rl = limiter(ctx);
  await rl.consume(RULES.resetIp, addressKey(ctx.clientIp));
  const { email } = await ctx.input();
  await rl.consume(RULES.resetAccount, email);
  const r = await ctx.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  const u = r.rows[0];
  if (u?.is_active) {
    const token = randomToken();
    await ctx.db.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [sha256(token), u.id, RESET_TTL_MINUTES],
    );
    // Not awaited: the answer takes as long whether or not the address has an account.
    // The account's language, else the page's (looked up in there too, for the same reason).
    void (async () => {
      const lang = (await userLanguage(ctx.db, u.id)) ?? (await resolveLanguage(ctx.request));
      await sendMail(passwordResetEmail(u.email, u.first_name, encodeUid(u.id), token, lang), ctx.db);
    })().catch((e) =>
      log().error({ err: e, requestId: ctx.requestId }, "reset mail could not be sent or queued"),
    );
  }
  return json({ detail: "Password reset e-mail has been sent." });
}

async function passwordResetConfirm(ctx: ApiContext<typeof PasswordResetConfirmSchema>) {
  await limiter(ctx).consume(RULES.resetConfirmIp, addressKey(ctx.clientIp));
  const body = await ctx.input();
  const userId = decodeUid(body.uid);
  if (!userId) throw badRequest({ uid: ["Invalid value"] });
  const found = await ctx.db.query<{ email: string }>(
    `SELECT u.email::text AS email FROM password_resets r JOIN users u ON u.id = r.user_id
      WHERE r.token_hash = $1 AND r.user_id = $2 AND r.used_at IS NULL AND r.expires_at > now() AND u.is_active`,
    [sha256(body.token), userId],
  );
  if (!found.rows[0]) throw badRequest({ token: ["Invalid value"] });
  if (similarToEmail(body.new_password1, found.rows[0].email)) throw badRequest({ new_password1: [PASSWORD_MESSAGES.similar] });
  const passwordHash = await hashPassword(body.new_password1);
  const done = await ctx.db.tx(async (q) => {
    const used = await q.query(
      `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [sha256(body.token), userId],
    );
    if (!used.rows.length) return false;
    // The link proved the mailbox is theirs: that verifies the address too.
    await q.query(
      "UPDATE users SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1",
      [userId, passwordHash],
    );
    await q.query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [userId]);
    await endSessions(q, userId); // every session and token of the user ends here
    return true;
  });
  if (!done) throw badRequest({ token: ["Invalid value"] });
  return json({ detail: "Password has been reset with the new password." });
}

/**
 * dj-rest-auth's password change: the current password, the new one twice. Ends every session of
 * the user, this one included: the client logs in again with the new password. Wrong current
 * passwords count with the login failures of this account at this address.
 */
async function passwordChange(ctx: ApiContext<typeof PasswordChangeSchema>) {
  const me = await ctx.requireUser();
  const body = await ctx.input();
  const rl = limiter(ctx);
  const pair = accountAtAddress(me.email, ctx.clientIp);
  await rl.check(RULES.loginAccountIp, pair);
  const r = await ctx.db.query<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE id = $1", [me.id]);
  if (!(await checkPassword(r.rows[0]?.password_hash ?? null, body.old_password))) {
    await rl.fail(RULES.loginAccountIp, pair);
    throw badRequest({ old_password: [OLD_PASSWORD_WRONG_MESSAGE] });
  }
  await rl.clear(RULES.loginAccountIp, pair);
  if (similarToEmail(body.new_password1, me.email)) throw badRequest({ new_password1: [PASSWORD_MESSAGES.similar] });
  const passwordHash = await hashPassword(body.new_password1);
  await ctx.db.tx(async (q) => {
    await q.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [me.id, passwordHash]);
    await q.query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [me.id]); // pending reset links too
    await endSessions(q, me.id);
  });
  return json({ detail: "New password has been saved." });
}

// ---------------------------------------------------------------------------------------------

export const routes: RouteDef[] = [
  { access: "public", method: "POST", path: "/users/auth/registration/", handler: register, summary: "Register; sends a verification e-mail (201)", tag: "auth", body: RegisterSchema, response: Detail, status: 201 },
  { access: "public", method: "POST", path: "/users/auth/registration/verify-email/", handler: verifyEmail, summary: "Confirm an e-mail address with the key from the mail", tag: "auth", body: VerifyEmailSchema, response: Detail },
  { access: "public", method: "POST", path: "/users/auth/registration/resend-email/", handler: resendVerification, summary: "Send the verification e-mail again (always 200)", tag: "auth", body: PasswordResetSchema, response: Detail },
  { access: "public", method: "POST", path: "/users/auth/login/", handler: login, summary: "Log in with e-mail and password; answers JWT access and refresh tokens", tag: "auth", body: LoginSchema, response: LoginResponse },
  { access: "public", method: "POST", path: "/users/auth/google/", handler: google, summary: "Log in with a Google ID token (id_token; access_token accepted and ignored)", tag: "auth", body: GoogleSchema, response: LoginResponse },
  { access: "public", method: "POST", path: "/users/auth/token/refresh/", handler: refresh, summary: "A new access token for a refresh token", tag: "auth", body: RefreshSchema, response: z.object({ access: z.string(), refresh: z.string() }) },
  { access: "public", method: "POST", path: "/users/auth/logout/", handler: logout, summary: "End every session of the refresh (or bearer) token's user: all refresh and access tokens refused", tag: "auth", body: z.object({ refresh: z.string() }), response: Detail },
  { access: "authenticated", method: "GET", path: "/users/auth/user/", handler: currentUser, summary: "The signed-in user", tag: "auth", auth: "required" },
  { access: "public", method: "POST", path: "/users/auth/password/reset/", handler: passwordReset, summary: "Mail a password reset link (always 200: no account enumeration)", tag: "auth", body: PasswordResetSchema, response: Detail },
  { access: "public", method: "POST", path: "/users/auth/password/reset/confirm/", handler: passwordResetConfirm, summary: "Set a new password with the uid and token of the reset link; ends every session of the user", tag: "auth", body: PasswordResetConfirmSchema, response: Detail },
  { method: "POST", path: "/users/auth/password/change/", access: "authenticated", handler: passwordChange, summary: "Change the password (old_password, new_password1, new_password2); ends every session of the user", tag: "auth", auth: "required", body: PasswordChangeSchema, response: Detail },
];
