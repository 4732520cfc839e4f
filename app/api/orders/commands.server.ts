/**
 * Orders: the area's own writes, each touching only the orders' tables (events, guest tokens, the
 * refund row of an item). Plain functions over a Queryable, so the workflows (app/workflows/) that
 * place, cancel and return orders compose them with other areas in one transaction.
 */
import type { Queryable } from "~/db/client.server";
import { type OrderEventKind } from "~/domain/orders";
import { ApiError } from "../core/http";
import type { OrderRow } from "./serialize";

export const conflict = (body: Record<string, unknown>) => new ApiError(409, body);

// ---- events and the source cart ------------------------------------------------

/**
 * Records a change of an order with its date. Steps of the order (placed, paid, confirmed,
 * shipped, delivered) are recorded once: a second call is a no-op. Per-item kinds (cancelled,
 * refunded) take the item id and are recorded once per item.
 */
export async function recordOrderEvent(q: Queryable, orderId: string, kind: OrderEventKind, orderItemId: string | null = null): Promise<void> {
  if (orderItemId)
    await q.query(
      `INSERT INTO order_events (order_id, order_item_id, kind) VALUES ($1, $2, $3)
       ON CONFLICT (order_item_id, kind) WHERE order_item_id IS NOT NULL DO NOTHING`,
      [orderId, orderItemId, kind],
    );
  else
    await q.query(
      `INSERT INTO order_events (order_id, kind) VALUES ($1, $2)
       ON CONFLICT (order_id, kind) WHERE order_item_id IS NULL DO NOTHING`,
      [orderId, kind],
    );
}

/**
 * Empties the cart an order was made from: the cart lines of the order's products go (a product
 * the shopper added after placing the order stays). Safe to call twice; a buy-now order (no
 * source cart) changes nothing. Returns the number of lines removed.
 */
export async function emptySourceCart(q: Queryable, orderId: string): Promise<number> {
  const r = await q.query(
    `DELETE FROM cart_items ci USING orders o
      WHERE o.id = $1 AND ci.cart_id = o.source_cart_id
        AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.product_id = ci.product_id AND oi.option_id IS NOT DISTINCT FROM ci.option_id)`,
    [orderId],
  );
  if (r.rowCount) await q.query("UPDATE carts SET updated_at = now() WHERE id = (SELECT source_cart_id FROM orders WHERE id = $1)", [orderId]);
  return r.rowCount;
}

/** A line's name as orders and e-mails show it: "Paint (Colour: Red)". */
export const withOption = (name: string, label: string | null | undefined) => (label ? `${name} (${label})` : name);

// ---- cancelling an item ----------------------------------------------------------------------

/** The reason on the refund of a shipment's shipping fee when every item of it was cancelled (a card-paid order). */
export const SHIPPING_REFUND_REASON = "Shipping of a fully cancelled shipment";

/**
 * The payment an item's money goes back through: the Complete card payment of a card-paid order
 * (payment Complete, CardPayment); for pay on delivery (given the item's `storeId`), the transfer
 * that paid its shipment before the door. Undefined when nothing was paid online.
 */
export async function cardPaymentOf(q: Queryable, order: Pick<OrderRow, "id" | "order_payment_method" | "order_payment_status">, storeId?: number | null) {
  if (order.order_payment_method === "PayOnDelivery" && storeId !== undefined) {
    // Pay on delivery: a shipment the buyer paid by transfer before the door (issue 33 item 4)
    // gives its money back through that payment, as a card order's does.
    const t = await q.query<{ id: number; currency: string }>(
      `SELECT p.id, p.currency FROM shipments sh JOIN payment_transactions p ON p.id = sh.transfer_attempt_id
        WHERE sh.order_id = $1 AND sh.store_id IS NOT DISTINCT FROM $2 AND sh.transfer_paid_at IS NOT NULL`,
      [order.id, storeId],
    );
    return t.rows[0];
  }
  if (order.order_payment_method !== "CardPayment" || order.order_payment_status !== "Complete") return undefined;
  const r = await q.query<{ id: number; currency: string }>(
    `SELECT id, currency FROM payment_transactions WHERE order_id = $1 AND payment_status = 'Complete' AND shipment_id IS NULL ORDER BY verified_at DESC NULLS LAST, id DESC LIMIT 1`,
    [order.id],
  );
  return r.rows[0];
}

/**
 * Queues the refund of one item's total (its stored line total) against the order's card payment, in
 * the caller's transaction (kind 'item'; at most once per item: refunds_order_item_uq). The one
 * way an item's money goes back: a cancellation (below) and an accepted return (app/api/returns/).
 * The payments area sends it (processQueuedRefunds). Returns the refund's id, or null when nothing
 * was queued (already queued for this item, or nothing to refund).
 */
export async function queueItemRefund(
  q: Queryable,
  orderId: string,
  item: { id: string; line_total_kobo: number },
  paid: { id: number; currency: string },
  reason: string,
): Promise<number | null> {
  const amount = Number(item.line_total_kobo);
  if (amount <= 0) return null;
  const r = await q.query<{ id: number }>(
    `INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo, currency, reason, kind)
     VALUES ($1, $2, $3, $4, $5, $6, 'item') ON CONFLICT (order_item_id) WHERE order_item_id IS NOT NULL DO NOTHING RETURNING id`,
    [orderId, item.id, paid.id, amount, paid.currency, reason],
  );
  return r.rows[0]?.id ?? null;
}
