/**
 * Newsletter and personal-data rules without zod (consent sources, limits, messages), so the
 * browser may import them (docs/architecture.md, Forms); ./privacy.ts adds the schemas and
 * re-exports these.
 */

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

export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_BODY_MAX = 20_000;

export const DELETE_ACCOUNT_MESSAGES = {
  password: "Enter your password",
  wrongPassword: "The password is not correct.",
  confirm: "Tick the box to confirm that you want to delete your account.",
} as const;
