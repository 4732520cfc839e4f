/**
 * Cancellation: an item cancelled by its buyer (stock back, refund queued for a card payment) and
 * a card order whose payment never came. It composes orders, products' stock and notifications in
 * the caller's transaction; the refunds themselves are sent by ./refunds.server.ts.
 */
import type { DeadlineCancelReason } from "~/domain/deadlines";
import { DOOR_REFUSAL_REASON, type DoorRefusalReason } from "~/domain/door-refusals";
import type { Queryable } from "~/db/client.server";
import { CANCEL_MESSAGES, isCancellable, type CancelReason } from "~/domain/orders";
import { orderTotalKobo } from "~/domain/pricing";
import { recomputeOrderTotals, refreshOrderDelivery } from "~/api/orders/shipments.server";
import { returnStock } from "~/api/products/stock.server";
import { notFound } from "~/api/core/http";
import { findOrder } from "~/api/orders/queries.server";
import type { OrderRow } from "~/api/orders/serialize";
import { itemCancelledEmail, unpaidOrderCancelledEmail, type EmailOrderLine } from "~/integrations/mail/order-emails.server";
import { orderNumber } from "~/domain/orders";
import { recordEvent } from "~/api/notifications/commands.server";
import { conflict, cardPaymentOf, queueItemRefund, recordOrderEvent, SHIPPING_REFUND_REASON, withOption } from "~/api/orders/commands.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { buyerNotice, orderStores, storeNotices } from "~/api/notifications/events.server";
import { orderLanguage } from "~/integrations/mail/language.server";

export interface CancelResult {
  orderId: string;
  itemId: string;
  /** False when the item was already cancelled (nothing changed). */
  changed: boolean;
  refundQueued: boolean;
}

/**
 * Cancels one order item, in the caller's transaction: the item becomes Cancelled with its
 * reason, its stock returns, and for a card-paid order (payment Complete, CardPayment) a refund of
 * the item's total is queued in `refunds` (the payments area sends it); when that was its
 * shipment's last active item, a refund of that shipment's shipping fee is queued too (once).
 * Allowed until the line's shipment ships (Placed or Confirmed). The order's totals follow its
 * active lines (the sum of its shipments), paid or not. Cancelling a cancelled item changes nothing.
 * `mayAct(order)` checks the caller (owner, admin or guest token) and throws 404 otherwise.
 */
export async function cancelOrderItem(
  tx: Queryable,
  itemId: string,
  reason: CancelReason | DeadlineCancelReason | DoorRefusalReason,
  mayAct: (order: OrderRow) => Promise<void> | void,
): Promise<CancelResult> {
  const ref = await tx.query<{ order_id: string }>("SELECT order_id::text AS order_id FROM order_items WHERE id = $1", [itemId]);
  if (!ref.rows[0]) throw notFound();
  // Lock the order, then the item (the same order everywhere: no deadlock with placement or payment).
  const order = await findOrder(tx, ref.rows[0].order_id, true);
  if (!order) throw notFound();
  await mayAct(order);
  const it = await tx.query<{ id: string; product_id: number | null; product_name: string; quantity: number; line_total_kobo: number; status: string; store_id: number | null; store_slug: string | null; option_id: number | null; option_label: string | null }>(
    `SELECT oi.id::text AS id, oi.product_id, oi.product_name, oi.option_id, oi.option_label, oi.quantity, oi.line_total_kobo, oi.status, oi.store_id, s.slug AS store_slug
       FROM order_items oi LEFT JOIN stores s ON s.id = oi.store_id WHERE oi.id = $1 FOR UPDATE OF oi`,
    [itemId],
  );
  const item = it.rows[0];
  if (item.status === "Cancelled") return { orderId: order.id, itemId, changed: false, refundQueued: false };
  // A line can be cancelled until its own store's shipment ships (the shipment is locked after the order).
  const ship = await tx.query<{ status: string }>(
    "SELECT status FROM shipments WHERE order_id = $1 AND store_id IS NOT DISTINCT FROM $2 FOR UPDATE",
    [order.id, item.store_id],
  );
  // A shipped line is cancelled only when the buyer refused it at the door (./order-delivery.server.ts `refuseAtDoor`).
  if (!isCancellable(ship.rows[0]?.status ?? order.order_delivery_status) && reason !== DOOR_REFUSAL_REASON) throw conflict({ detail: CANCEL_MESSAGES.tooLate });
  await tx.query("UPDATE order_items SET status = 'Cancelled', cancel_reason = $2, cancelled_at = now() WHERE id = $1", [itemId, reason]);
  await returnStock(tx, item.product_id, item.quantity, item.option_id);
  await recordOrderEvent(tx, order.id, "cancelled", itemId);
  let refundQueued = false;
  let itemRefundQueued = false;
  let shippingRefundKobo = 0;
  const paid = await cardPaymentOf(tx, order, item.store_id);
  if (paid) {
    itemRefundQueued = (await queueItemRefund(tx, order.id, item, paid, reason)) !== null;
    refundQueued = itemRefundQueued;
  }
  // The line's shipment: with its last active line gone nothing of it ships, so a card-paid order
  // gets that shipment's shipping fee back too, queued with this cancellation (once per shipment:
  // the unique index refunds_shipping_uq).
  const shipment = await tx.query<{ id: number; shipping_kobo: number; active: number }>(
    `SELECT sh.id, sh.shipping_kobo,
            (SELECT count(*)::int FROM order_items oi WHERE oi.order_id = sh.order_id AND oi.store_id IS NOT DISTINCT FROM sh.store_id AND oi.status = 'Active') AS active
       FROM shipments sh WHERE sh.order_id = $1 AND sh.store_id IS NOT DISTINCT FROM $2`,
    [order.id, item.store_id],
  );
  const sh = shipment.rows[0];
  if (paid && sh && sh.active === 0 && Number(sh.shipping_kobo) > 0) {
    const r = await tx.query(
      `INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo, currency, reason, kind, shipment_id)
       VALUES ($1, NULL, $2, $3, $4, $5, 'shipping', $6) ON CONFLICT (order_id, COALESCE(shipment_id, 0)) WHERE kind = 'shipping' DO NOTHING`,
      [order.id, paid.id, sh.shipping_kobo, paid.currency, SHIPPING_REFUND_REASON, sh.id],
    );
    if (r.rowCount) {
      shippingRefundKobo = Number(sh.shipping_kobo);
      refundQueued = true;
    }
  }
  // The order's money follows its active lines (one rule, app/domain/pricing.ts): unpaid, the
  // amount due drops (items and fees recomputed); paid, the fees stay as charged but for a shipment
  // with nothing left in it, and the refunds give back the difference.
  await recomputeOrderTotals(tx, order.id, order.delivery_state);
  // The other shipments may now be the least advanced: the order's status follows them.
  await refreshOrderDelivery(tx, order.id);
  const active = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND status = 'Active'", [order.id]);
  // Every item cancelled before anything was paid: nothing is owed any more.
  if (active.rows[0].n === 0 && order.order_payment_status === "Pending")
    await tx.query("UPDATE orders SET order_payment_status = 'Cancelled', updated_at = now() WHERE id = $1", [order.id]);
  else await tx.query("UPDATE orders SET updated_at = now() WHERE id = $1", [order.id]);
  const number = orderNumber(order.id);
  await recordEvent(tx, {
    notices: [
      buyerNotice(order.user_id, order.id, "item_cancelled", {
        title: "item_cancelled",
        body: itemRefundQueued ? "item_cancelled_refund" : "item_cancelled",
        params: { number, item: withOption(item.product_name, item.option_label), quantity: Number(item.quantity), reason },
      }),
      ...(item.store_id && item.store_slug
        ? storeNotices([{ id: item.store_id, slug: item.store_slug }], order.id, "item_cancelled", {
            title: "item_cancelled",
            body: "item_cancelled",
            params: { number, item: withOption(item.product_name, item.option_label), quantity: Number(item.quantity), reason },
          })
        : []),
    ],
    mails: order.customer_email
      ? [
          itemCancelledEmail({
            to: order.customer_email,
            orderId: order.id,
            guestToken: order.user_id === null ? guestTokenFor(order.id) : undefined,
            productName: withOption(item.product_name, item.option_label),
            quantity: item.quantity,
            amountKobo: Number(item.line_total_kobo),
            reason,
            refund: itemRefundQueued,
            shippingRefundKobo,
            lang: await orderLanguage(tx, order.id),
          }),
        ]
      : [],
  });
  return { orderId: order.id, itemId, changed: true, refundQueued };
}

// ---- card orders never paid ---------------------------------------------------------------------

/** The cancel reason on the items of a card order cancelled because its payment never came. */
export const UNPAID_CANCEL_REASON = "Payment not received in time";

/**
 * Cancels a card order that was never paid, in the caller's transaction, if it still qualifies
 * once its row is locked: card payment, payment Pending (or Failed), still Placed, placed at least
 * `olderThanHours` ago, no attempt Complete or Refunded, and none Pending (the caller has asked
 * Paystack about those first: app/jobs.server.ts). The row is taken FOR UPDATE SKIP LOCKED, so an
 * order another server, a payment or a cancellation holds is left for the next run; make and
 * markPaid lock the same row, so a payment started or verified meanwhile either comes first (the
 * order no longer qualifies) or finds the order cancelled (make: 400; money: refunded).
 * Every active item becomes Cancelled (stock back, in product id order), with a `cancelled` event;
 * the order's payment becomes Cancelled (nothing is owed); the shopper's e-mail is queued.
 * Orders switched to pay on delivery never qualify. Returns false when nothing was done.
 */
export async function cancelUnpaidCardOrder(tx: Queryable, orderId: string, olderThanHours: number): Promise<boolean> {
  const r = await tx.query<{ id: string }>(
    `SELECT o.id::text AS id FROM orders o
      WHERE o.id = $1 AND o.order_payment_method = 'CardPayment' AND o.order_payment_status IN ('Pending', 'Failed')
        AND o.order_delivery_status = 'Placed' AND o.created_at <= now() - make_interval(hours => $2)
        AND NOT EXISTS (SELECT 1 FROM payment_transactions p WHERE p.order_id = o.id AND p.payment_status IN ('Pending', 'Complete', 'Refunded'))
      FOR UPDATE OF o SKIP LOCKED`,
    [orderId, olderThanHours],
  );
  if (!r.rows[0]) return false;
  const order = (await findOrder(tx, orderId))!;
  const who = await tx.query<{ email: string | null; first_name: string }>(
    `SELECT NULLIF(COALESCE(o.customer_email::text, u.email::text, o.delivery_address->>'email'), '') AS email,
            COALESCE(u.first_name, o.delivery_address->>'receiver_first_name', '') AS first_name
       FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
    [orderId],
  );
  const items = await tx.query<{ id: string; product_id: number | null; option_id: number | null; product_name: string; quantity: number; line_total_kobo: string | number }>(
    `UPDATE order_items SET status = 'Cancelled', cancel_reason = $2, cancelled_at = now()
      WHERE order_id = $1 AND status = 'Active'
      RETURNING id::text AS id, product_id, option_id, product_name, quantity, line_total_kobo`,
    [order.id, UNPAID_CANCEL_REASON],
  );
  const lines = [...items.rows].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0) || a.id.localeCompare(b.id));
  for (const l of lines) await returnStock(tx, l.product_id, l.quantity, l.option_id);
  for (const l of lines) await recordOrderEvent(tx, order.id, "cancelled", l.id);
  await tx.query("UPDATE orders SET order_payment_status = 'Cancelled', updated_at = now() WHERE id = $1", [order.id]);
  const { email: to, first_name } = who.rows[0];
  const number = orderNumber(order.id);
  await recordEvent(tx, {
    notices: [
      buyerNotice(order.user_id, order.id, "item_cancelled", { title: "order_cancelled", body: "card_never_came", params: { number, hours: olderThanHours } }),
      ...storeNotices(await orderStores(tx, order.id), order.id, "item_cancelled", { title: "order_cancelled", body: "card_never_came", params: { number, hours: olderThanHours } }),
    ],
    mails: to
      ? [
          unpaidOrderCancelledEmail({
            to,
            firstName: first_name,
            orderId: order.id,
            guestToken: order.user_id === null ? guestTokenFor(order.id) : undefined,
            hours: olderThanHours,
            lines: items.rows.map((l): EmailOrderLine => ({ name: l.product_name, quantity: l.quantity, totalKobo: Number(l.line_total_kobo) })),
            totalKobo: orderTotalKobo(order.order_total_kobo, order.shipping_kobo),
            lang: await orderLanguage(tx, order.id),
          }),
        ]
      : [],
  });
  return true;
}
