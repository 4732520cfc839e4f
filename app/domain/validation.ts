/**
 * Field rules shared by the API (server-side validation) and the storefront forms (conform +
 * zod), with the messages of spec section 5. Import with `import * as z from "zod"` style.
 */
import * as z from "zod";
import { NUL_MESSAGE, TEXT_MAX, hasNul, text } from "./text";

/** Nigerian mobile numbers: 0803…, +234803…, 234803… (spaces and dashes ignored). */
export const NG_PHONE_RE = /^(?:\+?234|0)(70|80|81|90|91)\d{8}$/;

export function stripPhone(v: string): string {
  return v.replace(/[\s-()]/g, "");
}

/** +234 form of a valid Nigerian mobile number (spec section 5: converted before sending). */
export function toE164(v: string): string {
  const s = stripPhone(v);
  const m = NG_PHONE_RE.exec(s);
  if (!m) return s;
  return `+234${s.slice(s.length - 10)}`;
}

export const isNigerianPhone = (v: string) => NG_PHONE_RE.test(stripPhone(v));

/** The one phone rule (addresses, registration, phone sign-in): a Nigerian mobile number as E.164 +234XXXXXXXXXX, or null. */
export function normalizeNigerianPhone(v: string): string | null {
  return isNigerianPhone(v) ? toE164(v) : null;
}

/** A required Nigerian phone number, normalised to +234…; `requiredMessage` per form. */
export const phoneField = (requiredMessage = "Enter your phone number", invalidMessage = "Please enter a valid phone number") =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(TEXT_MAX.phone, invalidMessage)
    .refine(isNigerianPhone, invalidMessage)
    .transform(toE164);

export const optionalPhoneField = (invalidMessage = "Please enter a valid phone number") =>
  z
    .string()
    .trim()
    .max(TEXT_MAX.phone, invalidMessage)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isNigerianPhone(v), invalidMessage)
    .transform((v) => (v ? toE164(v) : null));

/**
 * The one rule for e-mail addresses we accept: a plain dot-atom local part (letters, digits and
 * ! # $ % & ' * + - / = ? ^ _ ` { | } ~, dots between them) @ a domain name with at least one
 * dot (letters, digits, hyphens; a letter-only top-level label). No quoted local parts, angle
 * brackets, comments, IP literals or spaces: what is accepted is exactly the mailbox mailed.
 */
export const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const isEmailAddress = (v: string) => v.length <= TEXT_MAX.email && EMAIL_RE.test(v);

export const emailField = (requiredMessage = "Enter your email", invalidMessage = "Enter a valid email address") =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(TEXT_MAX.email, invalidMessage)
    .refine((v) => !hasNul(v), NUL_MESSAGE)
    .regex(EMAIL_RE, invalidMessage)
    .transform((v) => v.toLowerCase());

/**
 * Required text with an optional minimum length (names, city, street…), at most `max`
 * characters (a one-line field by default) and no NUL (see text.ts).
 */
export const requiredText = (requiredMessage: string, min?: number, minMessage?: string, max: number = TEXT_MAX.line) =>
  text(max, { required: requiredMessage, min, minMessage });

export const wordCount = (v: string) => v.trim().split(/\s+/).filter(Boolean).length;

/** 50-250 words (store and product descriptions). */
export const wordsField = (requiredMessage: string, min = 50, max = 250) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(TEXT_MAX.description, `Ensure this field has no more than ${TEXT_MAX.description} characters.`)
    .refine((v) => !hasNul(v), NUL_MESSAGE)
    .refine((v) => wordCount(v) >= min, "Enter at least 50 words.")
    .refine((v) => wordCount(v) <= max, "Not more than 250 words.");

export { NIGERIAN_STATES } from "./states";

export const INT_ID_MESSAGE = "A valid integer is required.";
/** Largest value of a PostgreSQL integer (serial ids). */
export const MAX_INT_ID = 2_147_483_647;

/** A number or a string of digits, as a number (not yet range-checked). */
export const idLike = /* @__PURE__ */ (() =>
  z
    .union([z.number(), z.string().trim().max(20, INT_ID_MESSAGE).regex(/^\d+$/, INT_ID_MESSAGE)], { error: INT_ID_MESSAGE })
    .transform(Number))();

/** A serial id (1..2147483647) given as a number or a string of digits (ids in bodies and forms). */
export const intIdField = /* @__PURE__ */ (() =>
  idLike.pipe(z.number().int(INT_ID_MESSAGE).positive(INT_ID_MESSAGE).max(MAX_INT_ID, INT_ID_MESSAGE)))();
