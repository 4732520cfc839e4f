/**
 * Certified products (issue 36 item 2, decision 0033): a category may require a certificate of
 * the Standards Organisation of Nigeria (MANCAP/NIS; iron rods and roofing sheets at least). A
 * product of such a category is published only with the certificate's number and a photo of it,
 * or an administrator's waiver with a reason. Buyers may report a certificate that looks fake.
 * Client-safe: the API and the storefront's forms apply the same rules and messages.
 */
import * as z from "zod";
import { text } from "./text";
import { CERTIFICATE_MESSAGES, REPORT_CONTACT_MAX, REPORT_NOTE_MAX } from "./certificate-rules";

export * from "./certificate-rules";

/** A certificate number as printed (SON's MANCAP/NIS numbers mix letters, digits, / and -), upper-cased; "" clears it. */
export const certificateNumberField = /* @__PURE__ */ (() =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").toUpperCase() : v === null ? "" : v),
    z.union([z.literal(""), z.string().regex(/^[A-Z0-9][A-Z0-9 /-]{2,38}[A-Z0-9]$/, CERTIFICATE_MESSAGES.numberInvalid)], { error: CERTIFICATE_MESSAGES.numberInvalid }),
  ))();

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
