/**
 * Returns ("Returns and refunds"): the reasons a shopper may give, the messages of the
 * request form and the vendor's decision, the statuses and who may ask. Shared by the API
 * (app/api/returns/) and the storefront's forms. No zod here, so the browser may import it
 * (docs/architecture.md, Forms); ./returns.ts adds the schemas and re-exports this.
 *
 * A return may be asked by the order's buyer (a guest through the signed link of the order e-mail),
 * only for an item that was not cancelled, of an order that was Delivered, within
 * RETURN_WINDOW_DAYS days (a setting, default 7; app/config.server.ts) after its store's shipment
 * was delivered, and once per item. The vendor accepts or refuses (a refusal needs a message). An
 * accepted return of a card payment is refunded through Paystack (the cancellation's refund
 * queue) and becomes refunded when Paystack says so; a pay-on-delivery one stays accepted until
 * an admin marks it refunded after paying out of band.
 */

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
