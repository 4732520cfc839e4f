/**
 * Phone sign-in with one-time codes and the shopper's message channels: the rules and
 * messages shared by the API (/users/auth/phone/*, /users/channels/) and the storefront forms.
 * The phone number rule itself is the one addresses use (./validation.ts, normalizeNigerianPhone).
 * Limits, messages and SMS helpers are ./phone-rules.ts (re-exported).
 */
import * as z from "zod";
import { OTP_PURPOSES, PHONE_MESSAGES } from "./phone-rules";
import { NUL_MESSAGE, hasNul } from "./text";
import { phoneField } from "./validation";

export * from "./phone-rules";

const code = () =>
  z
    .string({ error: PHONE_MESSAGES.codeRequired })
    .trim()
    .min(1, PHONE_MESSAGES.codeRequired)
    .regex(/^\d{6}$/, PHONE_MESSAGES.codeFormat);

const optionalName = () =>
  z
    .string()
    .trim()
    .max(150, "Ensure this field has no more than 150 characters.")
    .refine((v) => !hasNul(v), NUL_MESSAGE)
    .optional();

const phone = () => phoneField(PHONE_MESSAGES.phoneRequired, PHONE_MESSAGES.phoneInvalid);

/** POST /users/auth/phone/request/ */
export const PhoneCodeRequestSchema = /* @__PURE__ */ (() =>
  z.object({ phone: phone(), purpose: z.enum(OTP_PURPOSES).default("login") }))();

/** POST /users/auth/phone/verify/: signs in, creating the account on first use (names optional). */
export const PhoneCodeVerifySchema = /* @__PURE__ */ (() =>
  z.object({ phone: phone(), code: code(), first_name: optionalName(), last_name: optionalName() }))();

/** POST /users/auth/phone/add/: a signed-in user proves a number (code from purpose "verify"). */
export const PhoneAddSchema = /* @__PURE__ */ (() => z.object({ phone: phone(), code: code() }))();

const box = () => z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false);
/** The channels form (storefront): checkboxes, absent means off. */
export const ChannelsFormSchema = /* @__PURE__ */ (() => z.object({ email: box(), sms: box(), whatsapp: box() }))();
export const CHANNEL_BOOLEAN_MESSAGE = "Must be true or false.";
const flag = () => z.boolean({ error: CHANNEL_BOOLEAN_MESSAGE });
/**
 * PUT /users/{id}/channels/: order updates by e-mail, SMS, WhatsApp. Every field is required and
 * a JSON boolean: a missing or non-boolean field is a 400 naming it, and nothing changes (a missing
 * field is never taken as "off").
 */
export const ChannelsSchema = /* @__PURE__ */ (() => z.object({ email: flag(), sms: flag(), whatsapp: flag() }))();
export type Channels = z.infer<typeof ChannelsSchema>;
