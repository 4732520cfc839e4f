/**
 * Certified products (issue 36 item 2, decision 0033): a category may require a certificate of
 * the Standards Organisation of Nigeria (MANCAP/NIS; iron rods and roofing sheets at least). A
 * product of such a category is published only with the certificate's number and a photo of it,
 * or an administrator's waiver with a reason. Buyers may report a certificate that looks fake.
 * Client-safe: the API and the storefront's forms apply the same rules and messages.
 */
import * as z from "zod";
import { text } from "./text";

export const CERTIFICATE_MESSAGES = {
  numberRequired: "Products in this category need their SON certificate number to be published.",
  numberInvalid: "Enter the certificate number as printed on it: 4 to 40 letters, digits, spaces, / or -.",
  photoRequired: "Add a photo of the SON certificate to publish this product.",
  reportNoteRequired: "Tell us what looks wrong with this certificate.",
  reportNoteMin: "Tell us a little more: at least 10 characters.",
  reportContactInvalid: "Enter an e-mail address or a phone number we can reach you on, or leave it empty.",
} as const;

/**
 * The message's key (under `seller:certificateField.errors` for the product form's,
 * `shop:certificateReport.errors` for the report's): pages say these in the reader's language
 * without the shared forms table (kept out of every page's first view).
 */
export function certificateMessageKey(message: string): keyof typeof CERTIFICATE_MESSAGES | null {
  const hit = (Object.entries(CERTIFICATE_MESSAGES) as Array<[keyof typeof CERTIFICATE_MESSAGES, string]>).find(([, m]) => m === message);
  return hit ? hit[0] : null;
}

export const CERTIFICATE_NUMBER_MAX = 40;
export const REPORT_NOTE_MAX = 1000;
export const REPORT_CONTACT_MAX = 254;

/** A certificate number as printed (SON's MANCAP/NIS numbers mix letters, digits, / and -), upper-cased; "" clears it. */
export const certificateNumberField = /* @__PURE__ */ (() =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").toUpperCase() : v === null ? "" : v),
    z.union([z.literal(""), z.string().regex(/^[A-Z0-9][A-Z0-9 /-]{2,38}[A-Z0-9]$/, CERTIFICATE_MESSAGES.numberInvalid)], { error: CERTIFICATE_MESSAGES.numberInvalid }),
  ))();

/** What a product would be after a write, for the rule below. */
export interface CertificateState {
  published: boolean;
  categoryRequires: boolean;
  number: string | null;
  hasPhoto: boolean;
  waived: boolean;
}

/**
 * The fields missing before this product may be published (empty: it may). Only a published
 * product of a category that requires a certificate, without an administrator's waiver, needs one.
 */
export function certificateProblems(s: CertificateState): Partial<Record<"certificate_number" | "certificate_image", string>> {
  if (!s.published || !s.categoryRequires || s.waived) return {};
  const out: Partial<Record<"certificate_number" | "certificate_image", string>> = {};
  if (!s.number) out.certificate_number = CERTIFICATE_MESSAGES.numberRequired;
  if (!s.hasPhoto) out.certificate_image = CERTIFICATE_MESSAGES.photoRequired;
  return out;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9][0-9 -]{6,18}$/;

/** A buyer's report that a product's certificate looks fake: what is wrong, and optionally how to reach them. */
export const CertificateReportSchema = /* @__PURE__ */ (() =>
  z.object({
    note: text(REPORT_NOTE_MAX, { required: CERTIFICATE_MESSAGES.reportNoteRequired, min: 10, minMessage: CERTIFICATE_MESSAGES.reportNoteMin }),
    contact: z
      .union([text(REPORT_CONTACT_MAX).refine((v) => v === "" || EMAIL_RE.test(v) || PHONE_RE.test(v), CERTIFICATE_MESSAGES.reportContactInvalid), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  }))();
export type CertificateReport = z.output<typeof CertificateReportSchema>;

/** An administrator's switch of a category's requirement. */
export const CertificateRequirementSchema = /* @__PURE__ */ (() =>
  z.object({
    required: z.preprocess((v) => (typeof v === "string" ? ["true", "1", "on", "yes"].includes(v.toLowerCase()) : v), z.boolean({ error: "Say true or false." })),
    reason: z
      .union([text(500), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  }))();
