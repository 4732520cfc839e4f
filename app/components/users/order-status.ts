/**
 * The shopper's words for an order's states and reasons, in one place (the `orders` messages):
 * order, payment and shipment statuses as the API spells them ("Placed", "Partly refunded"),
 * return statuses ("requested"), and the cancel and return reasons, which are stored in English
 * (the API's values) and shown in the page's language. A word with no message is shown as the
 * API wrote it. Vendor and admin pages keep the English labels (~/domain/returns).
 */
type T = (key: string, options?: Record<string, unknown>) => string;

/** An order, payment or shipment status ("Shipped", "Partly refunded"). */
export const statusLabel = (t: T, status: string) => t(`status.${status}`, { defaultValue: status });

/** A return's status ("requested", "accepted", "refused", "refunded"). */
export const returnStatusLabel = (t: T, status: string) => t(`returnStatus.${status}`, { defaultValue: status });

/** One of the seven cancel reasons (CANCEL_REASONS), as stored on the item. */
export const cancelReasonLabel = (t: T, reason: string) => t(`cancelReason.${reason}`, { defaultValue: reason });

/** One of the return reasons (RETURN_REASONS), as stored on the return. */
export const returnReasonLabel = (t: T, reason: string) => t(`returnReason.${reason}`, { defaultValue: reason });
