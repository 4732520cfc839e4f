/**
 * Orders' rules without zod (statuses, transitions, cancel reasons, messages, order numbers), so
 * the browser may import them (docs/architecture.md, Forms); ./orders.ts adds the schemas and
 * re-exports these.
 */
export const DELIVERY_STATUSES = ["Placed", "Confirmed", "Shipped", "Delivered"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const PAYMENT_STATUSES = ["Pending", "Complete", "Failed", "Refunded", "Cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ["CardPayment", "PayOnDelivery"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Spec section 9: the checkout's initial choice. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "CardPayment";

export const ORDER_ITEM_STATUSES = ["Active", "Cancelled"] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

/** The only moves of an order's delivery status (one step forward at a time). */
export const DELIVERY_TRANSITIONS: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  Placed: ["Confirmed"],
  Confirmed: ["Shipped"],
  Shipped: ["Delivered"],
  Delivered: [],
};

export const canMoveDelivery = (from: DeliveryStatus, to: DeliveryStatus) => DELIVERY_TRANSITIONS[from].includes(to);

/** Spec section 4: statuses compare case-insensitively ("placed" is Placed). */
export function deliveryStatusOf(v: string): DeliveryStatus | null {
  return DELIVERY_STATUSES.find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? null;
}

/**
 * The payment status an order shows (docs/orders.md). The money machinery keeps Pending, Complete,
 * Failed, Refunded or Cancelled on the order; what a shopper or store reads also says how far the
 * money went: pay on delivery is Partly paid while some stores have recorded their cash and others
 * not, Complete once every store with active lines has; money sent back makes it Partly refunded,
 * or Refunded once everything paid went back.
 */
export const SHOWN_PAYMENT_STATUSES = ["Pending", "Partly paid", "Complete", "Partly refunded", "Refunded", "Failed", "Cancelled"] as const;
export type ShownPaymentStatus = (typeof SHOWN_PAYMENT_STATUSES)[number];

export interface PaymentFacts {
  /** orders.order_payment_status */
  stored: string;
  method: string;
  /** Shipments with active lines, and how many of them have their money in (pay on delivery: cash recorded, or paid by transfer). */
  activeShipments: number;
  cashShipments: number;
  /** What was paid for the order (card: the verified payment, less any overpayment; cash: recorded), kobo. */
  paidKobo: number;
  /** What went (or is going) back for items: card refunds of items and shipping, cash returns refunded. */
  refundedKobo: number;
}

export function shownPaymentStatus(f: PaymentFacts): ShownPaymentStatus {
  if (f.stored === "Cancelled" || f.stored === "Failed") return f.stored;
  if (f.stored === "Refunded") return "Refunded";
  let s: ShownPaymentStatus = f.stored === "Complete" ? "Complete" : "Pending";
  if (f.method === "PayOnDelivery" && f.cashShipments > 0) s = f.activeShipments > 0 && f.cashShipments >= f.activeShipments ? "Complete" : "Partly paid";
  if (f.refundedKobo > 0 && f.paidKobo > 0 && (s === "Complete" || s === "Partly paid")) s = f.refundedKobo >= f.paidKobo ? "Refunded" : "Partly refunded";
  return s;
}

/** The tracking bar (spec sections 4 and 9): fill per status, in percent. */
export const DELIVERY_PROGRESS: Readonly<Record<DeliveryStatus, number>> = { Placed: 0, Confirmed: 30, Shipped: 62, Delivered: 100 };

/** Payment moves: a Pending attempt is settled once; a Complete payment may only be refunded. */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  Pending: ["Complete", "Failed", "Cancelled"],
  Failed: ["Pending", "Complete", "Cancelled"],
  Complete: ["Refunded"],
  Refunded: [],
  Cancelled: [],
};

/** The seven reasons of spec section 3, in its order (the confirm-cancel page shows them as radios). */
export const CANCEL_REASONS = [
  "Financial Constraint",
  "Incorrect Product or Quantity Ordered",
  "Unsatisfactory Product Information",
  "Poor Reviews or Ratings",
  "Poor Customer Service Experience",
  "Security Reasons",
  "Seller Reputation",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_MESSAGES = {
  reason: "Please choose one of the listed reasons.",
  tooLate: "This item can no longer be cancelled: it has been shipped.",
} as const;

/**
 * A store's shipment refused a step (the API's words, English for its clients; the store's order
 * page says them in the store's language through their `forms` keys).
 */
export const SHIPMENT_MESSAGES = {
  step: (current: string, next: string) => `This shipment is ${current}: it can only move on to ${next}, one step at a time and never back.`,
  last: (current: string) => `This shipment is ${current}: it cannot move any further.`,
  cancelled: "Every item of this order from your store was cancelled.",
  awaitingCard: "This order is waiting for its card payment: it can be confirmed once the payment is complete.",
  cashCard: "This order was paid by card: there is no cash to record.",
  cashTransfer: "The buyer paid this delivery by bank transfer: there is no cash to collect. Mark it Delivered with the buyer's code.",
  cashShipFirst: "Record the cash when you deliver: ship this order first.",
} as const;

/** Items may be cancelled until their shipment ships (its delivery status Placed or Confirmed). */
export const CANCELLABLE_DELIVERY: readonly DeliveryStatus[] = ["Placed", "Confirmed"];
export const isCancellable = (deliveryStatus: string) => CANCELLABLE_DELIVERY.includes(deliveryStatus as DeliveryStatus);

/** Order events (the tracking page shows the date of each). */
export const ORDER_EVENT_KINDS = [
  "placed",
  "paid",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  // per item, the steps of a return (migration 0012; app/domain/returns.ts)
  "return_requested",
  "return_accepted",
  "return_refused",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
/** The event that marks each delivery status. */
export const DELIVERY_EVENT: Readonly<Record<DeliveryStatus, OrderEventKind>> = {
  Placed: "placed",
  Confirmed: "confirmed",
  Shipped: "shipped",
  Delivered: "delivered",
};

/** Messages of spec sections 5 and 8 for checkout. */
export const CHECKOUT_MESSAGES = {
  noAddress: "Please set your delivery address!",
  selectBoth: "Please ensure you select address and payment method",
  emptyCart: "Your cart is empty: add a product before placing an order.",
  paymentMethod: "Choose how to pay: CardPayment or PayOnDelivery.",
  firstName: "First name is required",
  lastName: "Last name is required",
  street: "Address is required",
  state: "State is required",
  stateInvalid: "Please enter a valid Nigerian state.",
  city: "City is required",
  email: "Enter your email",
  emailInvalid: "Enter a valid email address",
  phone: "Enter your phone number",
  phoneInvalid: "Please enter a valid phone number",
  country: "We deliver only within Nigeria (NGA).",
} as const;

/** The order number people see: the id's first segment in capitals (spec section 2). */
export const orderNumber = (id: string) => `#${id.split("-")[0].toUpperCase()}`;

/**
 * What an order-level status block says (docs/orders.md): the status when every shipment that
 * still has active lines is at the same step, else how many of them are delivered ("1 of 2
 * deliveries done") rather than the least advanced status alone. The API's
 * `order_delivery_status` stays the least advanced one (spec section 3).
 */
export function deliveryProgressOf(
  shipments: readonly { status: string; active_items: number }[],
): { kind: "same"; status: string } | { kind: "mixed"; delivered: number; count: number } | null {
  const active = shipments.filter((s) => s.active_items > 0);
  if (!active.length) return null;
  if (active.every((s) => s.status === active[0].status)) return { kind: "same", status: active[0].status };
  return { kind: "mixed", delivered: active.filter((s) => s.status === "Delivered").length, count: active.length };
}

/**
 * The page where the buyer pays one pay-on-delivery shipment by bank transfer (issue 33 item 4;
 * routes/orders+/$orderId_.pay.$shipmentId.tsx), with a guest order's token: the link of the
 * shipped SMS / WhatsApp / e-mail and the order page's button.
 */
export const payAtDoorPath = (orderId: string, shipmentId: number, guestToken?: string | null) =>
  `/orders/${orderId}/pay/${shipmentId}${guestToken ? `?t=${encodeURIComponent(guestToken)}` : ""}`;

/** Why a pay-on-delivery shipment cannot be paid by transfer at the door (issue 33 item 4), as messages. */
export const PAY_AT_DOOR_MESSAGES = {
  notPod: "Only a pay-on-delivery order is paid delivery by delivery: pay this order as a whole.",
  paid: "This delivery has already been paid.",
  cash: "The store already received the cash for this delivery.",
  cancelled: "Every item of this delivery was cancelled: there is nothing to pay.",
  noEmail: "This order has no e-mail address, which a bank transfer needs.",
} as const;

/**
 * THE rule of paying one shipment at the door by transfer: the order is pay on delivery and still
 * open (its payment status, stored or shown: Pending, or Partly paid), the shipment has items, and
 * neither its cash nor a transfer is in. The reason it cannot (a key of PAY_AT_DOOR_MESSAGES), or
 * null when it can. The workflow decides by it under the order's lock; the shipped message and the
 * order pages offer the payment by it.
 */
export function payAtDoorRefusal(s: {
  method: string;
  paymentStatus: string;
  activeItems: number;
  cashReceived: boolean;
  paidByTransfer: boolean;
}): Exclude<keyof typeof PAY_AT_DOOR_MESSAGES, "noEmail"> | null {
  if (s.method !== "PayOnDelivery") return "notPod";
  if (s.paymentStatus === "Cancelled" || s.activeItems === 0) return "cancelled";
  if (s.paidByTransfer || (s.paymentStatus !== "Pending" && s.paymentStatus !== "Partly paid")) return "paid";
  if (s.cashReceived) return "cash";
  return null;
}

/**
 * A guest's order link lives this many days after it was sent (every message about the order
 * sends a new one); then its page offers a fresh link (docs/decisions/0029-guest-order-links.md).
 */
export const GUEST_LINK_DAYS = 30;

export const GUEST_LINK_MESSAGES = {
  expired: "This order link has expired. Ask for a fresh link: we send it to the e-mail address or phone number of the order.",
  orderRequired: "Enter your order number",
  orderInvalid: "Enter the order number as it is in your e-mail or SMS, e.g. #1A2B3C4D",
  contactRequired: "Enter the e-mail address or phone number you used for the order",
  contactInvalid: "Enter an e-mail address or a Nigerian phone number",
  sent: "If the order number and the e-mail address or phone number match an order, we have sent a fresh link to them.",
} as const;

/**
 * The first segment of an order id from what a shopper types: "#1A2B3C4D", "1a2b3c4d" or the whole
 * id (then the whole id). Null when it is neither.
 */
export function orderNumberKey(input: string): { prefix: string } | { id: string } | null {
  const v = input.trim().toLowerCase().replace(/^#/, "");
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v)) return { id: v };
  if (/^[0-9a-f]{8}$/.test(v)) return { prefix: v };
  return null;
}
