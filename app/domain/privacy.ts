/**
 * Newsletter and personal-data rules (Nigeria Data Protection Act): one schema per
 * form, used by the API's validation and the storefront's actions (limits and messages:
 * ./privacy-rules.ts, re-exported).
 */
import * as z from "zod";
import { NUL_MESSAGE, TEXT_MAX, hasNul, text } from "./text";
import { emailField } from "./validation";
import { CONSENT_SOURCES, DELETE_ACCOUNT_MESSAGES, NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX } from "./privacy-rules";

export * from "./privacy-rules";

/** POST /newsletter/ and the footer form. */
export const NewsletterSignupSchema = /* @__PURE__ */ (() =>
  z.object({
    email: emailField("Enter your email address", "Enter a valid email address"),
    source: z.enum(CONSENT_SOURCES).default("footer"),
  }))();

/** POST /newsletter/confirm/ */
export const NewsletterConfirmSchema = /* @__PURE__ */ (() =>
  z.object({ token: text(TEXT_MAX.token, { required: "This link is not valid." }) }))();

/** POST /newsletter/sends/ and the admin's "Send newsletter" form. */
export const NewsletterSendSchema = /* @__PURE__ */ (() =>
  z.object({
    subject: text(NEWSLETTER_SUBJECT_MAX, { required: "Enter a subject" }),
    text: text(NEWSLETTER_BODY_MAX, { required: "Write the newsletter's text", trim: false }).refine((v) => v.trim().length > 0, "Write the newsletter's text"),
    idempotency_key: text(100, { required: "Reload the page and send again.", min: 8, minMessage: "Reload the page and send again." }),
  }))();

/** POST /users/{id}/delete/ and the delete-account form. */
export const DeleteAccountSchema = /* @__PURE__ */ (() =>
  z.object({
    password: z
      .string({ error: DELETE_ACCOUNT_MESSAGES.password })
      .min(1, DELETE_ACCOUNT_MESSAGES.password)
      .max(1000)
      .refine((v) => !hasNul(v), NUL_MESSAGE),
    confirm: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).refine((v) => v, DELETE_ACCOUNT_MESSAGES.confirm),
  }))();
