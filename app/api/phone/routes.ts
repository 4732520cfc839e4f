/**
 * Phone sign-in with one-time codes, the shopper's message channels, and the WhatsApp webhook
 * (app/api/phone/README.md).
 *
 * - POST /users/auth/phone/request/ {phone, purpose}: sends a 6-digit code by SMS. Always the same
 *   202 answer, whether or not the number has an account (no enumeration): for "login" and
 *   "register" alike the code signs in the number's account or makes one. "verify" (signed in):
 *   a code to add the number to the caller's account. Rate-limited per number and per address.
 * - POST /users/auth/phone/verify/ {phone, code, first_name?, last_name?}: the token pair of
 *   e-mail login. A number without an account gets a new account (no e-mail, no password).
 * - POST /users/auth/phone/add/ {phone, code}: the signed-in user's verified phone.
 * - GET/PUT /users/{id}/channels/: order updates by e-mail, SMS, WhatsApp.
 * - GET/POST /webhooks/whatsapp: Meta's subscription check, and inbound messages ("STOP" opts
 *   the number out of WhatsApp); POST /webhooks/sms: the SMS provider's inbound messages (STOP).
 */
import crypto from "node:crypto";
import * as z from "zod";
import { ACCOUNT_DEACTIVATED_MESSAGE } from "~/domain/accounts";
import { PHONE_MESSAGES } from "~/domain/phone";
import { ApiError, badRequest, json } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { issueTokens } from "../core/accounts.server";
import { Detail, LoginResponse } from "../auth/schemas";
import { accountKey, addressKey, rateLimiter, type RateRule } from "../rate-limit.server";
import { checkCode, issueCode } from "./otp.server";
import { resolveLanguage } from "~/i18n/i18next.server";
import { ChannelsAnswer, ChannelsSchema, PhoneAddSchema, PhoneCodeRequestSchema, PhoneCodeVerifySchema } from "./schemas";
import { readChannels, saveChannels } from "./channels.server";
import { receiveSmsInbound, receiveWhatsAppWebhook, verifyWhatsAppSubscription } from "./webhooks.server";

export const PHONE_RULES = {
  /**
   * Codes for one number asked from one address: the requester's own limit. A stranger who asks
   * for someone's number again and again is stopped here, without the owner's own requests
   * (from the owner's address) being counted with them (issue 37).
   */
  codeNumberIp: { name: "otp-number-ip", limit: 5, windowSeconds: 60 * 60, message: "Too many codes sent to this number." },
  /**
   * Codes sent to one number from all addresses together: a cap on SMS sent (cost, and a phone
   * flooded with messages), four times the requester's own limit, so a few strangers cannot reach
   * it. An address the number signed in from within the last 14 days (the owner's) is not held
   * by it.
   */
  codeNumber: { name: "otp-number", limit: 20, windowSeconds: 60 * 60, message: "Too many codes sent to this number." },
  /** Addresses a number signed in from (one hit per sign-in), kept 14 days (under the 24.8 days a timer can hold, which the memory store uses): they skip `codeNumber`. */
  ownerAddress: { name: "otp-owner-ip", limit: 1_000_000, windowSeconds: 14 * 24 * 60 * 60, message: "" },
  /**
   * Codes sent to the verified e-mail address of a number's account when `codeNumber` is full
   * (the owner's second way in): a few an hour, so strangers cannot flood the owner's inbox.
   */
  codeByEmail: { name: "otp-number-email", limit: 3, windowSeconds: 60 * 60, message: "Too many codes sent to this number." },
  /** Codes asked for from one address (generous: many shoppers share a carrier's address). */
  codeIp: { name: "otp-ip", limit: 60, windowSeconds: 60 * 60, message: "Too many codes requested from your network." },
  /** Wrong codes from one address, any number. */
  verifyIp: { name: "otp-verify-ip", limit: 100, windowSeconds: 15 * 60, message: "Too many wrong codes." },
} satisfies Record<string, RateRule>;

const numberKey = (phone: string) => accountKey(`phone:${phone}`);
const numberAtAddress = (phone: string, ip: string | null) => (ip ? `${numberKey(phone)}@${ip}` : null);

/**
 * The asking device (`X-Device-Id`: a random id the client keeps, e.g. the storefront's signed
 * `phone-device` cookie), hashed; null without one. A device the number signed in from, like an
 * address, is not held by the number-wide cap: it is the owner's, on whatever network it is now.
 */
function deviceOf(ctx: ApiContext): string | null {
  const id = ctx.request.headers.get("x-device-id");
  return id && /^[A-Za-z0-9_-]{22,64}$/.test(id) ? `dev:${crypto.createHash("sha256").update(id).digest("base64url").slice(0, 32)}` : null;
}
const numberOnDevice = (phone: string, device: string | null) => (device ? `${numberKey(phone)}@${device}` : null);

async function requestCode(ctx: ApiContext<typeof PhoneCodeRequestSchema>) {
  const rl = rateLimiter(ctx.db);
  const ip = addressKey(ctx.clientIp);
  await rl.consume(PHONE_RULES.codeIp, ip);
  const body = await ctx.input();
  const me = body.purpose === "verify" ? await ctx.requireUser() : null;
  const pair = numberAtAddress(body.phone, ip);
  await rl.consume(PHONE_RULES.codeNumberIp, pair);
  const onDevice = numberOnDevice(body.phone, deviceOf(ctx));
  const owner =
    (pair ? (await rl.peek(PHONE_RULES.ownerAddress, pair)).count > 0 : false) || (onDevice ? (await rl.peek(PHONE_RULES.ownerAddress, onDevice)).count > 0 : false);
  const lang = await resolveLanguage(ctx.request);
  if (!owner) {
    try {
      await rl.consume(PHONE_RULES.codeNumber, numberKey(body.phone));
    } catch (capped) {
      // The number-wide cap is full (strangers on many addresses may have filled it): a sign-in
      // code goes to the verified e-mail address of the number's account, if it has one.
      const email = body.purpose === "verify" || !(capped instanceof Response && capped.status === 429) ? null : await verifiedEmailOf(ctx, body.phone);
      if (!email) throw capped;
      await rl.consume(PHONE_RULES.codeByEmail, numberKey(body.phone)).catch(() => {
        throw capped;
      });
      await issueCode(ctx.db, body.phone, body.purpose, null, lang, email);
      return json({ detail: PHONE_MESSAGES.codeSentByEmail, sent_to: "email" }, 202);
    }
  }
  await issueCode(ctx.db, body.phone, body.purpose, me?.id ?? null, lang);
  return json({ detail: PHONE_MESSAGES.codeSent }, 202);
}

/** The verified e-mail address of the active account of a (verified) number, if it has one. */
async function verifiedEmailOf(ctx: ApiContext, phone: string): Promise<string | null> {
  const r = await ctx.db.query<{ email: string }>(
    `SELECT email::text AS email FROM users
      WHERE phone = $1 AND phone_verified_at IS NOT NULL AND is_active AND email IS NOT NULL AND email <> '' AND email_verified_at IS NOT NULL`,
    [phone],
  );
  return r.rows[0]?.email ?? null;
}

interface PhoneUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  token_version: number;
}
const COLUMNS = "id, COALESCE(email::text, '') AS email, first_name, last_name, is_active, token_version";

async function verifyCode(ctx: ApiContext<typeof PhoneCodeVerifySchema>) {
  const rl = rateLimiter(ctx.db);
  const ip = addressKey(ctx.clientIp);
  await rl.check(PHONE_RULES.verifyIp, ip);
  const body = await ctx.input();
  // Counted before the code is checked (atomically, so a burst cannot pass the limit); taken
  // back unless the code was wrong.
  const giveBack = await rl.attempt(PHONE_RULES.verifyIp, ip);
  const c = await checkCode(ctx.db, body.phone, ["login", "register"], body.code).catch(async (e: unknown) => {
    await giveBack();
    throw e;
  });
  if (!(!c.ok && c.wrong)) await giveBack();
  if (!c.ok) throw badRequest({ code: [c.message] });
  const find = () => ctx.db.query<PhoneUser>(`SELECT ${COLUMNS} FROM users WHERE phone = $1 AND phone_verified_at IS NOT NULL`, [body.phone]);
  let u = (await find()).rows[0];
  if (!u) {
    await ctx.db.query(
      // An account made by phone has no e-mail: its order updates come by SMS from the start.
      `INSERT INTO users (email, password_hash, first_name, last_name, phone, phone_verified_at, notify_sms, language) VALUES (NULL, NULL, $2, $3, $1, now(), true, $4)
       ON CONFLICT (phone) WHERE phone_verified_at IS NOT NULL DO NOTHING`,
      [body.phone, body.first_name ?? "", body.last_name ?? "", await resolveLanguage(ctx.request)],
    );
    u = (await find()).rows[0];
  }
  if (!u) throw new ApiError(500, { detail: "The account could not be created. Please try again." });
  if (!u.is_active) throw badRequest({ non_field_errors: [ACCOUNT_DEACTIVATED_MESSAGE] });
  // This address (and device) is the owner's now: the number-wide cap on codes no longer holds it.
  const pair = numberAtAddress(body.phone, ip);
  if (pair) await rl.hit(PHONE_RULES.ownerAddress, pair).catch(() => {});
  const onDevice = numberOnDevice(body.phone, deviceOf(ctx));
  if (onDevice) await rl.hit(PHONE_RULES.ownerAddress, onDevice).catch(() => {});
  return json(await issueTokens(ctx.db, u));
}

async function addPhone(ctx: ApiContext<typeof PhoneAddSchema>) {
  const me = await ctx.requireUser();
  const rl = rateLimiter(ctx.db);
  const ip = addressKey(ctx.clientIp);
  await rl.check(PHONE_RULES.verifyIp, ip);
  const body = await ctx.input();
  const giveBack = await rl.attempt(PHONE_RULES.verifyIp, ip); // as in verifyCode
  const c = await checkCode(ctx.db, body.phone, ["verify"], body.code).catch(async (e: unknown) => {
    await giveBack();
    throw e;
  });
  if (!c.ok || c.userId !== me.id) throw badRequest({ code: [c.ok ? PHONE_MESSAGES.noCode : c.message] });
  await giveBack();
  const taken = await ctx.db.query("SELECT 1 FROM users WHERE phone = $1 AND phone_verified_at IS NOT NULL AND id <> $2", [body.phone, me.id]);
  if (taken.rows.length) throw badRequest({ phone: [PHONE_MESSAGES.phoneTaken] });
  try {
    await ctx.db.query("UPDATE users SET phone = $2, phone_verified_at = now(), updated_at = now() WHERE id = $1", [me.id, body.phone]);
  } catch {
    throw badRequest({ phone: [PHONE_MESSAGES.phoneTaken] }); // lost a race for the number
  }
  return json({ detail: "Your phone number is verified.", phone: body.phone });
}

async function getChannels(ctx: ApiContext) {
  const id = Number(ctx.params.userId);
  return json(await readChannels(ctx.db, id));
}

async function putChannels(ctx: ApiContext<typeof ChannelsSchema>) {
  const id = Number(ctx.params.userId);
  const body = await ctx.input();
  return json(await saveChannels(ctx.db, id, body));
}

export const routes: RouteDef[] = [
  { access: "public", method: "POST", path: "/users/auth/phone/request/", handler: requestCode, summary: "Send a 6-digit sign-in code by SMS (always 202: no account enumeration; purpose verify needs a signed-in user). When the number's code requests are at their cap, a sign-in code goes to the verified e-mail of the number's account instead: 202 with sent_to \"email\" (else 429)", tag: "auth", auth: "optional", body: PhoneCodeRequestSchema, response: Detail.extend({ sent_to: z.literal("email").optional() }), status: 202 },
  { access: "public", method: "POST", path: "/users/auth/phone/verify/", handler: verifyCode, summary: "Sign in (or sign up) with a phone number and its code; answers the token pair of e-mail login", tag: "auth", body: PhoneCodeVerifySchema, response: LoginResponse },
  { access: "authenticated", method: "POST", path: "/users/auth/phone/add/", handler: addPhone, summary: "Add a phone number to the signed-in account with a code from request/ (purpose verify)", tag: "auth", auth: "required", body: PhoneAddSchema, response: z.object({ detail: z.string(), phone: z.string() }) },
  { access: "self", method: "GET", path: "/users/:userId/channels/", handler: getChannels, summary: "The user's channels for order updates (e-mail, SMS, WhatsApp)", tag: "users", auth: "required", response: ChannelsAnswer },
  { access: "self", method: "PUT", path: "/users/:userId/channels/", handler: putChannels, summary: "Choose the channels for order updates; SMS and WhatsApp need a verified phone (400)", tag: "users", auth: "required", body: ChannelsSchema, response: ChannelsAnswer },
  { access: "public", method: "GET", path: "/webhooks/whatsapp", handler: verifyWhatsAppSubscription, summary: "WhatsApp Cloud API subscription check (hub.mode, hub.verify_token, hub.challenge)", tag: "webhooks", auth: "none" },
  { access: "public", method: "POST", path: "/webhooks/whatsapp", handler: receiveWhatsAppWebhook, summary: "WhatsApp inbound messages (X-Hub-Signature-256 checked when WHATSAPP_APP_SECRET is set); STOP opts the number out of WhatsApp", tag: "webhooks", auth: "none" },
  { access: "public", method: "POST", path: "/webhooks/sms", handler: receiveSmsInbound, summary: "The SMS provider's inbound messages; STOP opts the number out of SMS", tag: "webhooks", auth: "none" },
];
