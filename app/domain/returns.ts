/** The return request's and decision's schemas; the rules and messages are ./return-rules.ts (re-exported). */
import * as z from "zod";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_TYPES } from "./product-rules";
import { RETURN_DECISIONS, RETURN_DETAILS_MAX, RETURN_MESSAGES, RETURN_MESSAGE_MAX, RETURN_NOTE_MAX, RETURN_REASONS } from "./return-rules";
import { optionalText, text } from "./text";

export * from "./return-rules";

/** POST /orders/{orderId}/items/{itemId}/return/ (the photo is a separate, optional file part). */
export const ReturnRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
    details: text(RETURN_DETAILS_MAX, { required: RETURN_MESSAGES.details, maxMessage: RETURN_MESSAGES.detailsMax }),
  }))();
export type ReturnRequest = z.output<typeof ReturnRequestSchema>;

/**
 * The request form: the API's fields plus the optional photo, checked in the browser and the
 * action by its size and claimed type with the image messages of spec section 5 (the API then
 * judges the bytes). An empty file input (nothing chosen) is no photo.
 */
export const ReturnFormSchema = /* @__PURE__ */ (() =>
  ReturnRequestSchema.extend({
    photo: z
      .any()
      .optional()
      .superRefine((v: unknown, c) => {
        if (!v || typeof v !== "object" || typeof (v as Blob).size !== "number" || (v as Blob).size === 0) return;
        const f = v as Blob;
        if (f.size > IMAGE_MAX_BYTES) c.addIssue({ code: "custom", message: IMAGE_MESSAGES.size });
        else if (f.type && !(IMAGE_TYPES as readonly string[]).includes(f.type)) c.addIssue({ code: "custom", message: IMAGE_MESSAGES.type });
      }),
  }))();

/** POST /stores/{storeId}/returns/{returnId}/decision/: a refusal must say why. */
export const ReturnDecisionSchema = /* @__PURE__ */ (() =>
  z
    .object({
      decision: z.enum(RETURN_DECISIONS, { error: RETURN_MESSAGES.decision }),
      message: optionalText(RETURN_MESSAGE_MAX, { maxMessage: RETURN_MESSAGES.messageMax }),
    })
    .superRefine((v, c) => {
      if (v.decision === "refuse" && !v.message) c.addIssue({ code: "custom", path: ["message"], message: RETURN_MESSAGES.messageRequired });
    }))();
export type ReturnDecisionBody = z.output<typeof ReturnDecisionSchema>;

/** POST /admin/returns/{returnId}/refunded/ {note}: how the money was paid back (optional). */
export const ReturnRefundedSchema = /* @__PURE__ */ (() =>
  z.object({
    note: optionalText(RETURN_NOTE_MAX, { maxMessage: RETURN_MESSAGES.noteMax }),
  }))();
