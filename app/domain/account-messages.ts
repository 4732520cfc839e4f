/** Without zod, so the browser may import it (docs/architecture.md, Forms). */
/** The API's answer to a correct password on an unconfirmed address. */
export const EMAIL_NOT_VERIFIED_MESSAGE = "E-mail is not verified.";

/** The login's e-mail field given a phone number: where to sign in with it instead (issue 38). */
export const EMAIL_IS_PHONE_MESSAGE = "That is a phone number. Sign in with your phone number: use the button below.";

/** A phone number typed where an e-mail address goes: digits (7 to 15), maybe a +, spaces, dashes, dots or brackets. */
export const looksLikePhoneNumber = (value: unknown): boolean =>
  typeof value === "string" && !value.includes("@") && /^\+?\d{7,15}$/.test(value.replace(/[\s().-]/g, ""));
