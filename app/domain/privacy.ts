/**
 * Newsletter and personal-data rules (Nigeria Data Protection Act): one schema per
 * form, used by the API's validation and the storefront's forms. Client-safe: no server imports.
 */
import * as z from "zod";
import { NUL_MESSAGE, TEXT_MAX, hasNul, text } from "./text";
import { emailField } from "./validation";

/** Where a newsletter consent was given. */
export const CONSENT_SOURCES = ["footer", "registration"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** How long a newsletter confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 48;

/**
 * The one answer to a sign-up, whether or not the address is already subscribed, so the form
 * never tells anyone who is on the list.
 */
export const NEWSLETTER_SIGNUP_ANSWER = "Almost done: check your inbox and click the link in our e-mail to confirm your subscription.";
export const NEWSLETTER_BAD_LINK = "This link is not valid or has expired. Sign up again from the form at the bottom of any page.";

/** POST /newsletter/ and the footer form. */
export const NewsletterSignupSchema = /* @__PURE__ */ (() =>
  z.object({
    email: emailField("Enter your email address", "Enter a valid email address"),
    source: z.enum(CONSENT_SOURCES).default("footer"),
  }))();

/** POST /newsletter/confirm/ */
export const NewsletterConfirmSchema = /* @__PURE__ */ (() =>
  z.object({ token: text(TEXT_MAX.token, { required: "This link is not valid." }) }))();

export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_BODY_MAX = 20_000;

/** POST /newsletter/sends/ and the admin's "Send newsletter" form. */
export const NewsletterSendSchema = /* @__PURE__ */ (() =>
  z.object({
    subject: text(NEWSLETTER_SUBJECT_MAX, { required: "Enter a subject" }),
    text: text(NEWSLETTER_BODY_MAX, { required: "Write the newsletter's text", trim: false }).refine((v) => v.trim().length > 0, "Write the newsletter's text"),
    idempotency_key: text(100, { required: "Reload the page and send again.", min: 8, minMessage: "Reload the page and send again." }),
  }))();

export const DELETE_ACCOUNT_MESSAGES = {
  password: "Enter your password",
  wrongPassword: "The password is not correct.",
  confirm: "Tick the box to confirm that you want to delete your account.",
} as const;

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
