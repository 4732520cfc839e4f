/**
 * Claims that hold the payout (issue 36 item 5; decision 0034). Client-safe, no zod (pages import
 * it); ./claims.ts adds the schemas and re-exports this.
 *
 * A buyer (a guest through the order's signed link) may open one claim per order line, within
 * CLAIM_WINDOW_DAYS of the line's delivery, for a line paid online (card, or transfer at the door:
 * the platform holds that money, so it can hold the store's credit and refund it). While the claim is
 * open the line's ledger credit is held: not in the store's balance, never paid out. The store has
 * CLAIM_ANSWER_HOURS to answer: refund all or part (the refund is queued at once), or reply with
 * evidence (then an admin rules). No answer in time escalates it to an admin (the background job).
 * The admin rules: refund all, part or none. The hold is released when the claim is resolved with no
 * refund, or when its refund is processed (the ledger then books the refund, to the kobo).
 * A Paystack card dispute (charge.dispute.create) opens a linked claim on each line of the disputed
 * payment's order.
 */

export const CLAIM_WINDOW_DAYS = 7;
export const CLAIM_ANSWER_HOURS = 48;

/** What the buyer says went wrong; `card_dispute` only comes from Paystack. */
export const CLAIM_REASONS = ["wrong_quantity", "damaged", "not_as_described", "never_delivered"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number] | "card_dispute";
export const ALL_CLAIM_REASONS = [...CLAIM_REASONS, "card_dispute"] as const;

export const CLAIM_STATUSES = ["open", "answered", "escalated", "resolved"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** The statuses in which the claim still holds the line's credit (a queued refund holds it too). */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = ["open", "answered", "escalated"];

export const CLAIM_ANSWERS = ["refund_all", "refund_part", "reply"] as const;
export type ClaimAnswer = (typeof CLAIM_ANSWERS)[number];
export const CLAIM_RULINGS = ["refund_all", "refund_part", "refund_none"] as const;
export type ClaimRuling = (typeof CLAIM_RULINGS)[number];

export const CLAIM_MESSAGE_KINDS = ["opened", "refund", "reply", "escalated", "ruling", "dispute", "dispute_remind", "dispute_resolved", "refunded"] as const;
export type ClaimMessageKind = (typeof CLAIM_MESSAGE_KINDS)[number];

export const CLAIM_NOTE_MAX = 2000;
export const CLAIM_PHOTOS_MAX = 3;
/** The photo fields of the open form (multipart: one file per field). */
export const CLAIM_PHOTO_FIELDS = ["photo", "photo_2", "photo_3"] as const;

/** English messages of the API (the storefront says them with its i18n keys `claims:errors.*`). */
export const CLAIM_MESSAGES = {
  reason: "Choose what went wrong.",
  note: "Tell the store what went wrong.",
  noteMax: `Keep it under ${CLAIM_NOTE_MAX} characters.`,
  message: "Write your answer.",
  answer: "Choose refund all, refund part or reply.",
  ruling: "Choose refund all, part or none.",
  amount: "Enter the amount to refund, in naira.",
  amountPart: "A part refund must be more than ₦0 and less than the line's total.",
  notDelivered: "A claim can be opened only after the item was delivered.",
  cancelled: "This item was cancelled: there is nothing to claim.",
  tooLate: (days: number) => `Claims can be opened within ${days} days of delivery.`,
  already: "A claim was already opened for this item.",
  returned: "This item already has a return or a refund.",
  notOnline: "This item was paid in cash at the door: ask for a return instead.",
  notOpen: "This claim is no longer waiting for the store.",
  notForAdmin: "This claim is not waiting for an admin.",
} as const;

const DAY_MS = 86_400_000;

/** The last moment a claim may be opened for a line delivered at `deliveredAt`. */
export function claimDeadline(deliveredAt: Date | string, windowDays = CLAIM_WINDOW_DAYS): Date {
  return new Date(new Date(deliveredAt).getTime() + windowDays * DAY_MS);
}

/** When the store must have answered a claim opened at `openedAt`. */
export function claimAnswerDue(openedAt: Date | string, hours = CLAIM_ANSWER_HOURS): Date {
  return new Date(new Date(openedAt).getTime() + hours * 3_600_000);
}

/**
 * Why a line cannot be claimed now (a message), or null when it can: `deliveredAt` its shipment's
 * delivery (null: not delivered), `hasClaim` a claim exists, `hasReturn` a return or refund
 * exists, `paidOnline` its money came by card or transfer.
 */
export function claimRefusal(
  line: { status: string; deliveredAt: Date | string | null; hasClaim: boolean; hasReturn: boolean; paidOnline: boolean },
  windowDays = CLAIM_WINDOW_DAYS,
  now: Date = new Date(),
): string | null {
  if (line.status === "Cancelled") return CLAIM_MESSAGES.cancelled;
  if (!line.deliveredAt) return CLAIM_MESSAGES.notDelivered;
  if (line.hasClaim) return CLAIM_MESSAGES.already;
  if (line.hasReturn) return CLAIM_MESSAGES.returned;
  if (now.getTime() > claimDeadline(line.deliveredAt, windowDays).getTime()) return CLAIM_MESSAGES.tooLate(windowDays);
  if (!line.paidOnline) return CLAIM_MESSAGES.notOnline;
  return null;
}

/**
 * The refund of an answer or a ruling, in kobo: all of the line, a part strictly between 0 and the
 * line, or nothing; null when a part is out of range.
 */
export function claimRefundKobo(choice: ClaimAnswer | ClaimRuling, lineKobo: number, partKobo: number | null | undefined): number | null {
  if (choice === "refund_all") return lineKobo;
  if (choice === "refund_none" || choice === "reply") return 0;
  if (partKobo == null || !Number.isInteger(partKobo) || partKobo <= 0 || partKobo >= lineKobo) return null;
  return partKobo;
}

export const isClaimReason = (v: string): v is ClaimReason => (ALL_CLAIM_REASONS as readonly string[]).includes(v);
