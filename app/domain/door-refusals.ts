/**
 * Buyers who refuse at the door (issue 36 item 6, decision 0039), ONE rule for checkout, the API
 * and the pages: a pay-on-delivery delivery the store marks "Refused at the door" counts against
 * the buyer (known by account, e-mail or phone). Three that count, within 90 days, and pay on
 * delivery is off for them until they pay an order online once (card, bank transfer or USSD): a
 * refusal before that payment no longer counts. Client-safe (no server imports).
 */

/** Refusals that turn pay on delivery off. */
export const DOOR_REFUSAL_LIMIT = 3;
/** How far back a refusal counts, in days. */
export const DOOR_REFUSAL_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

/** The cancel reason written on the lines of a shipment refused at the door. */
export const DOOR_REFUSAL_REASON = "Refused at the door" as const;
export type DoorRefusalReason = typeof DOOR_REFUSAL_REASON;

export interface PayOnDeliveryStanding {
  /** May this buyer choose pay on delivery? */
  allowed: boolean;
  /** Refusals that count now (within the window, after the last online payment). */
  refusals: number;
  /** When pay on delivery was lost: the refusal that made the count reach the limit. */
  lostAt: Date | null;
}

/**
 * The buyer's standing from their refusals' dates and their last online payment's date: the
 * refusals within DOOR_REFUSAL_WINDOW_DAYS of `now` and after `lastOnlinePaidAt` count; at
 * DOOR_REFUSAL_LIMIT pay on delivery is off.
 */
export function payOnDeliveryStanding(refusedAt: readonly (Date | string)[], lastOnlinePaidAt: Date | string | null, now: Date = new Date()): PayOnDeliveryStanding {
  const since = Math.max(now.getTime() - DOOR_REFUSAL_WINDOW_DAYS * DAY_MS, lastOnlinePaidAt === null ? -Infinity : new Date(lastOnlinePaidAt).getTime());
  const counted = refusedAt
    .map((d) => new Date(d).getTime())
    .filter((t) => t > since && t <= now.getTime())
    .sort((a, b) => a - b);
  const allowed = counted.length < DOOR_REFUSAL_LIMIT;
  return { allowed, refusals: counted.length, lostAt: allowed ? null : new Date(counted[DOOR_REFUSAL_LIMIT - 1]) };
}

/** What the API says (English; pages say it from `checkout:payOnDeliveryLost` in the reader's language). */
export const DOOR_REFUSAL_MESSAGES = {
  lost: `Pay on delivery is off for you: ${DOOR_REFUSAL_LIMIT} deliveries to you were refused at the door in the last ${DOOR_REFUSAL_WINDOW_DAYS} days. Pay this order online (card, bank transfer or USSD) and pay on delivery comes back for your next orders.`,
  notShipped: "Mark a delivery refused at the door once it is on its way (Shipped).",
  notPayOnDelivery: "This order was paid online: there is no refusal to record. The buyer can return the goods instead.",
  paid: "The money for this delivery is in: it was not refused.",
  already: "This delivery was already marked refused at the door.",
} as const;
