/**
 * What the order pages offer, from the domain's rules (app/domain/orders.ts); the API checks
 * every action again. Client-safe.
 */
import type { ApiOrder } from "~/storefront/api-types";
import { isCancellable, payAtDoorRefusal } from "~/domain/order-rules";

type Order = Pick<ApiOrder, "order_payment_method" | "order_payment_status" | "order_delivery_status">;

/** A card order whose payment has not completed (Complete Payment starts a new attempt). */
export const needsPayment = (o: Order) => o.order_payment_method === "CardPayment" && (o.order_payment_status === "Pending" || o.order_payment_status === "Failed");

/**
 * Cancel shows on an item that is not cancelled yet, while the order has not shipped, and once
 * the order is settled: paid by card (spec section 2: payment Complete), or pay on delivery.
 */
export function canCancelItem(o: Order, item: { status: string; cancellable?: boolean }): boolean {
  if (item.status === "Cancelled" || item.cancellable === false) return false;
  if (!isCancellable(o.order_delivery_status)) return false;
  // each line's own shipment decides (item.cancellable); a paid card order stays paid when a line was refunded
  return o.order_payment_method === "PayOnDelivery" || o.order_payment_status === "Complete" || o.order_payment_status === "Partly refunded";
}

/**
 * Pay at the door by transfer (issue 33 item 4): a store's delivery of a pay-on-delivery order that
 * still has something to pay, by the domain's rule.
 */
export function payableShipment(
  o: Pick<ApiOrder, "order_payment_method" | "order_payment_status">,
  sh: Pick<ApiOrder["shipments"][number], "active_items" | "cash_received" | "paid_by_transfer">,
): boolean {
  return (
    payAtDoorRefusal({
      method: o.order_payment_method,
      paymentStatus: o.order_payment_status,
      activeItems: sh.active_items,
      cashReceived: sh.cash_received,
      paidByTransfer: sh.paid_by_transfer,
    }) === null
  );
}
