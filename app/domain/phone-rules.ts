/**
 * Phone sign-in and message channels: one-time code limits, messages, SMS length and how a
 * number is shown, without zod so the browser may import them (docs/architecture.md, Forms);
 * ./phone.ts adds the schemas and re-exports these.
 */

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const OTP_PURPOSES = ["login", "register", "verify"] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const PHONE_MESSAGES = {
  phoneRequired: "Enter your phone number",
  phoneInvalid: "Enter a Nigerian mobile number, e.g. 0803 123 4567",
  codeRequired: "Enter the 6-digit code we sent you",
  codeFormat: "The code is 6 digits",
  /** The same answer whether or not the number has an account (no enumeration). */
  codeSent: "If the number can receive it, we have sent a 6-digit code by SMS. It is valid for 10 minutes.",
  /**
   * The number's code requests are at their cap (strangers may have filled it): the code went to
   * the verified e-mail address of the number's account instead (202, `sent_to: "email"`).
   */
  codeSentByEmail: "Too many codes went to this number by SMS, so we sent your code to the e-mail address of your account. It is valid for 10 minutes.",
  codeWrong: (left: number) => (left === 1 ? "That code is not right. You have 1 try left." : `That code is not right. You have ${left} tries left.`),
  codeLocked: "Too many wrong codes. Ask for a new code.",
  codeExpired: "This code has expired. Ask for a new code.",
  noCode: "There is no active code for this number. Ask for a new code.",
  phoneTaken: "This phone number is already used by another account.",
  channelNeedsPhone: "Verify a phone number first to get updates by SMS or WhatsApp.",
} as const;

// ---------------------------------------------------------------------------------------------
// SMS length: order updates fit one SMS (160 GSM-7 characters).

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXT = "^{}\\[~]|€\f";

/** GSM-7 septets of `text`, or null when it has a character outside GSM-7 (it would go as UCS-2). */
export function gsm7Length(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) n += 1;
    else if (GSM7_EXT.includes(ch)) n += 2;
    else return null;
  }
  return n;
}

export const SMS_MAX = 160;

const HOOKED: Record<string, string> = { ɓ: "b", Ɓ: "B", ɗ: "d", Ɗ: "D", ƙ: "k", Ƙ: "K", ƴ: "y", Ƴ: "Y" };

/**
 * A letter outside GSM-7 as people text it: tone marks and under-dots dropped (Ọlábísí → Olabisi),
 * Hausa hooked letters plain (ƙ → k); anything else "?".
 */
function plainLetter(ch: string): string {
  if (/^\p{M}$/u.test(ch)) return ""; // a mark typed apart from its letter
  const plain = HOOKED[ch] ?? ch.normalize("NFD").replace(/\p{M}/gu, "");
  return plain && gsm7Length(plain) !== null ? plain : "?";
}

/** Shortens `text` to one GSM-7 SMS, replacing characters outside GSM-7 (₦ → N, curly quotes → straight). */
export function toSingleSms(text: string): string {
  let t = text.replace(/₦/g, "N").replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, "-").replace(/…/g, "...");
  t = [...t].map((ch) => (gsm7Length(ch) === null ? plainLetter(ch) : ch)).join("");
  if ((gsm7Length(t) ?? 0) <= SMS_MAX) return t;
  let chars = [...t];
  while ((gsm7Length(chars.join("")) ?? 0) > SMS_MAX - 3) chars = chars.slice(0, -1);
  return `${chars.join("").trimEnd()}...`;
}

/** +2348031234567 → "0803 123 4567", as shoppers write their number (other text unchanged). */
export function localPhone(e164: string): string {
  if (!/^\+234\d{10}$/.test(e164)) return e164;
  const d = `0${e164.slice(4)}`;
  return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`;
}
