/**
 * Bulk quotes (issue 35; decision 0036). Client-safe, no zod (pages import it); ./quotes.ts adds the
 * schemas and re-exports this.
 *
 * A signed-in buyer asks a store for a price delivered to a site: lines (product, option, quantity),
 * the site (state, LGA, address), the wanted delivery date and a note; a cart asks each of its stores
 * (one quote each). The store offers a unit price per line (never above its list or ladder price for
 * that quantity unless it says why), a delivery charge to the site, a delivery date and how long the
 * offer holds (QUOTE_VALID_HOURS_MIN..MAX), or declines with a reason. The buyer accepts the live offer
 * (an order at the offered prices, paid by card, transfer or USSD), declines, or counters ONCE with a
 * note; the store may then offer again (or decline). An offer past its expiry is expired (derived):
 * accepting it is refused (410).
 */

export const QUOTE_STATUSES = ["requested", "offered", "countered", "accepted", "declined"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What a list shows: the stored status, or `expired` for an offer past its time. */
export const QUOTE_SHOWN_STATUSES = [...QUOTE_STATUSES, "expired"] as const;
export type QuoteShownStatus = (typeof QUOTE_SHOWN_STATUSES)[number];
/** The admin's filter: still open (waiting for someone), or an offer that expired unanswered. */
export const QUOTE_FILTERS = ["open", "expired", "accepted", "declined"] as const;
export type QuoteFilter = (typeof QUOTE_FILTERS)[number];

export const QUOTE_MESSAGE_KINDS = ["requested", "offered", "countered", "accepted", "declined"] as const;
export type QuoteMessageKind = (typeof QUOTE_MESSAGE_KINDS)[number];

export const QUOTE_NOTE_MAX = 2000;
export const QUOTE_REASON_MAX = 300;
export const QUOTE_LINES_MAX = 30;
export const QUOTE_VALID_HOURS_MIN = 1;
export const QUOTE_VALID_HOURS_MAX = 24 * 30;
export const QUOTE_DEFAULT_VALID_HOURS = 72;
/** A wanted or offered delivery date at most this many days ahead. */
export const QUOTE_DATE_MAX_DAYS = 180;

/** English messages of the API (the storefront says them with its i18n keys `quotes:errors.*`). */
export const QUOTE_MESSAGES = {
  lines: "Add at least one product to ask about.",
  linesMax: `Ask about at most ${QUOTE_LINES_MAX} products at a time.`,
  product: "This product is not available.",
  ownStore: "You cannot ask your own store for a price.",
  quantity: "Enter a quantity.",
  lga: "Choose the site's LGA.",
  date: "Choose a date from today.",
  dateFar: `Choose a date within ${QUOTE_DATE_MAX_DAYS} days.`,
  note: `Keep it under ${QUOTE_NOTE_MAX} characters.`,
  price: "Enter a price per unit above ₦0.",
  priceMissing: "Give a price for every line.",
  aboveList: "This is above your list price: say why, or lower it.",
  delivery: "Enter the delivery charge (0 for free).",
  validHours: `Enter how many hours the offer holds (${QUOTE_VALID_HOURS_MIN} to ${QUOTE_VALID_HOURS_MAX}).`,
  reason: "Say why.",
  counterNote: "Say what price or terms you want.",
  counterUsed: "You have already countered once: accept or decline the store's offer.",
  notOpen: "This quote is closed.",
  noLiveOffer: "There is no offer to answer yet.",
  expired: "This offer has expired. Ask the store for a new one.",
  notYourTurn: "Wait for the store's new offer.",
  tin: "Enter your TIN to show VAT on invoices.",
} as const;

/** VAT in Nigeria (Value Added Tax Act, as amended 2020). */
export const VAT_PERCENT = 7.5;

/** The status a page shows: an offer past its time reads as expired. */
export function shownQuoteStatus(status: QuoteStatus, expiresAt: string | Date | null, now: Date = new Date()): QuoteShownStatus {
  if (status === "offered" && expiresAt && new Date(expiresAt).getTime() <= now.getTime()) return "expired";
  return status;
}

/** Whose move it is: the store's (a request or a counter to answer), the buyer's (a live offer), or nobody's. */
export function quoteTurn(shown: QuoteShownStatus): "store" | "buyer" | null {
  if (shown === "requested" || shown === "countered") return "store";
  if (shown === "offered") return "buyer";
  return null;
}

/** An offer's number as printed on its pro-forma invoice: Q-{quote}-{offer}. */
export const offerNumber = (quoteId: number, offerNo: number) => `Q-${String(quoteId).padStart(5, "0")}-${offerNo}`;

/** Today in Lagos as YYYY-MM-DD (the dates a buyer or a store picks are Lagos days). */
export function lagosToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}
