/** Claims' request schemas (the rules and messages are ./claim-rules.ts, re-exported). */
import * as z from "zod";
import { CLAIM_ANSWERS, CLAIM_MESSAGES, CLAIM_NOTE_MAX, CLAIM_REASONS, CLAIM_RULINGS } from "./claim-rules";
import { optionalText, text } from "./text";

export * from "./claim-rules";

/** An amount in naira as typed ("1500", "1,500.50"), to kobo; absent or blank: undefined. */
const nairaAmount = () =>
  z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v, c) => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return undefined;
      const n = typeof v === "number" ? v : Number(v.replace(/[,\s₦]/g, ""));
      if (!Number.isFinite(n) || n <= 0 || n > 1e10 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
        c.addIssue({ code: "custom", message: CLAIM_MESSAGES.amount });
        return z.NEVER;
      }
      return Math.round(n * 100);
    });

/** POST /orders/{orderId}/items/{orderItemId}/claim/ (photos are separate file parts). */
export const ClaimOpenSchema = /* @__PURE__ */ (() =>
  z.object({
    reason: z.enum(CLAIM_REASONS, { error: CLAIM_MESSAGES.reason }),
    note: text(CLAIM_NOTE_MAX, { required: CLAIM_MESSAGES.note, maxMessage: CLAIM_MESSAGES.noteMax }),
  }))();
export type ClaimOpenBody = z.output<typeof ClaimOpenSchema>;

/** POST /stores/{storeId}/claims/{claimId}/answer/: refund all, part (`amount` naira) or reply with evidence. */
export const ClaimAnswerSchema = /* @__PURE__ */ (() =>
  z
    .object({
      answer: z.enum(CLAIM_ANSWERS, { error: CLAIM_MESSAGES.answer }),
      amount: nairaAmount(),
      message: optionalText(CLAIM_NOTE_MAX, { maxMessage: CLAIM_MESSAGES.noteMax }),
    })
    .superRefine((v, c) => {
      if (v.answer === "refund_part" && v.amount === undefined) c.addIssue({ code: "custom", path: ["amount"], message: CLAIM_MESSAGES.amount });
      if (v.answer === "reply" && !v.message) c.addIssue({ code: "custom", path: ["message"], message: CLAIM_MESSAGES.message });
    }))();
export type ClaimAnswerBody = z.output<typeof ClaimAnswerSchema>;

/** POST /admin/claims/{claimId}/ruling/: refund all, part (`amount` naira) or none, with a message. */
export const ClaimRulingSchema = /* @__PURE__ */ (() =>
  z
    .object({
      ruling: z.enum(CLAIM_RULINGS, { error: CLAIM_MESSAGES.ruling }),
      amount: nairaAmount(),
      message: text(CLAIM_NOTE_MAX, { required: CLAIM_MESSAGES.message, maxMessage: CLAIM_MESSAGES.noteMax }),
    })
    .superRefine((v, c) => {
      if (v.ruling === "refund_part" && v.amount === undefined) c.addIssue({ code: "custom", path: ["amount"], message: CLAIM_MESSAGES.amount });
    }))();
export type ClaimRulingBody = z.output<typeof ClaimRulingSchema>;
