/**
 * Returns ("Returns and refunds"): the reasons a shopper may give, the messages of the
 * request form and the vendor's decision, the statuses and who may ask. Shared by the API
 * (app/api/returns/) and the storefront's forms. Client-safe: no server imports.
 *
 * A return may be asked by the order's buyer (a guest through the signed link of the order e-mail),
 * only for an item that was not cancelled, of an order that was Delivered, within
 * RETURN_WINDOW_DAYS days (a setting, default 7; app/config.server.ts) after its store's shipment
 * was delivered, and once per item. The vendor accepts or refuses (a refusal needs a message). An
 * accepted return of a card payment is refunded through Paystack (the cancellation's refund
 * queue) and becomes refunded when Paystack says so; a pay-on-delivery one stays accepted until
 * an admin marks it refunded after paying out of band.
 */
import * as z from "zod";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_TYPES } from "./products";
import { optionalText, text } from "./text";

/** The default of the RETURN_WINDOW_DAYS setting (Jumia and Konga: 7 days, domain notes section 4). */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;

export const RETURN_REASONS = ["Damaged or defective", "Wrong item", "Not as described", "Missing parts", "No longer needed", "Other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_STATUSES = ["requested", "accepted", "refused", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** Statuses of a return still being handled (one open return per item). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ["requested", "accepted"];

export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: "Return requested",
  accepted: "Return accepted",
  refused: "Return refused",
  refunded: "Refunded",
};

export const RETURN_DECISIONS = ["accept", "refuse"] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

export const RETURN_DETAILS_MAX = 2000;
export const RETURN_MESSAGE_MAX = 1000;
export const RETURN_NOTE_MAX = 1000;

export const RETURN_MESSAGES = {
  reason: "Please choose a reason for the return.",
  details: "Tell the seller what is wrong with the item.",
  detailsMax: `Keep the details under ${RETURN_DETAILS_MAX} characters.`,
  decision: "Choose accept or refuse.",
  messageRequired: "Tell the shopper why the return is refused.",
  messageMax: `Keep the message under ${RETURN_MESSAGE_MAX} characters.`,
  noteMax: `Keep the note under ${RETURN_NOTE_MAX} characters.`,
  notDelivered: "This item can be returned only after it has been delivered.",
  cancelled: "This item was cancelled: there is nothing to return.",
  tooLate: (days: number) => `The return window has closed: items can be returned within ${days} days of delivery.`,
  already: "A return was already requested for this item.",
  notRequested: "This return has already been decided.",
  notAccepted: "Only an accepted pay-on-delivery return can be marked refunded.",
  notPod: "A card payment is refunded through Paystack automatically.",
} as const;

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

const DAY_MS = 86_400_000;

/** The last moment a return may be asked for an item delivered at `deliveredAt`. */
export function returnDeadline(deliveredAt: Date | string, windowDays: number): Date {
  return new Date(new Date(deliveredAt).getTime() + windowDays * DAY_MS);
}

/**
 * Why an item cannot be returned now (a message), or null when it can. `deliveredAt` is the
 * date the item's shipment was delivered (null: not delivered); `hasReturn`: a return was
 * already asked for it (of any status: once per item).
 */
export function returnRefusal(
  item: { status: string; deliveredAt: Date | string | null; hasReturn: boolean },
  windowDays: number,
  now: Date = new Date(),
): string | null {
  if (item.status === "Cancelled") return RETURN_MESSAGES.cancelled;
  if (!item.deliveredAt) return RETURN_MESSAGES.notDelivered;
  if (item.hasReturn) return RETURN_MESSAGES.already;
  if (now.getTime() > returnDeadline(item.deliveredAt, windowDays).getTime()) return RETURN_MESSAGES.tooLate(windowDays);
  return null;
}

export const isReturnReason = (v: string): v is ReturnReason => (RETURN_REASONS as readonly string[]).includes(v);
