/**
 * SON certificates' rules without zod (issue 36 item 2, decision 0033): messages, limits and the
 * publish rule, for pages' first views (the zod schemas are in ./certificates.ts, which re-exports these).
 */

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

