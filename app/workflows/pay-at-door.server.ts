/**
 * Pay at the door by transfer (issue 33 item 4; docs/decisions/0028-pay-at-the-door.md): the buyer
 * of a pay-on-delivery order pays ONE store's shipment (its items and shipping, the one money rule)
 * by bank transfer, before the rider comes or standing at the door, so nobody carries ₦400,000 in
 * cash. It is the one payment engine's attempt (./payments.server.ts) with a `shipment_id`: the
 * same POST /charge, our own light page, verify, webhook and idempotent paid transition; only what
 * the transition pays differs:
 *  - the shipment is marked paid by transfer (nothing to collect; its delivery code still proves
 *    the delivery), under the order's lock then the shipment's;
 *  - once every shipment with active lines has its money in (cash or transfer), the order is paid;
 *  - the ledger books it as platform money, like a card payment (payouts' bookDeliveredShipments);
 *  - a later cancel or return of its items refunds through this payment (orders' cardPaymentOf);
 *  - money for a shipment that is not payable any more (paid in cash meanwhile, cancelled) is
 *    queued for a refund, and more than its total is paid, the excess is refunded; less is a
 *    mismatch for a person to review, never paid (as for an order).
 */
import type { Db, Queryable } from "~/db/client.server";
import { orderNumber, PAY_AT_DOOR_MESSAGES, payAtDoorRefusal } from "~/domain/orders";
import { shipmentTotalKobo } from "~/domain/pricing";
import { ApiError, badRequest, notFound } from "~/api/core/http";
import { coversDue, type VerifyData } from "~/integrations/paystack/client.server";
import { recordEvent } from "~/api/notifications/commands.server";
import { buyerNotice, storeNotices } from "~/api/notifications/events.server";
import { findShipment, type ShipmentRow } from "~/api/orders/shipments.server";
import { findAttemptById, findPaymentOrder, openOfflineAttempt, pendingAttempts, type AttemptRow, type PaymentOrderRow } from "~/api/payments/queries.server";
import { log } from "~/ops/logger.server";
import { attemptReference, chargeOffline, overpaymentReason, settleAttempt, type PaidOutcome } from "./payments.server";
import { settlePayOnDelivery } from "./order-delivery.server";

/** What a shipment costs its buyer (items + shipping): the amount its transfer must bring. */
export const shipmentDueKobo = (sh: Pick<ShipmentRow, "items_kobo" | "shipping_kobo">) => shipmentTotalKobo(Number(sh.items_kobo), Number(sh.shipping_kobo));

/** Why this shipment of this order cannot be paid by transfer now (its message), or null when it can: the domain's rule. */
export function shipmentPayRefusal(o: PaymentOrderRow, sh: ShipmentRow): string | null {
  const why = payAtDoorRefusal({
    method: o.order_payment_method,
    paymentStatus: o.order_payment_status,
    activeItems: sh.active_items,
    cashReceived: sh.cash_received_at !== null,
    paidByTransfer: sh.transfer_paid_at !== null,
  });
  return why ? PAY_AT_DOOR_MESSAGES[why] : null;
}

/** The shipment `shipmentId` of order `orderId` (404 when it is another order's); locked in a transaction when asked. */
async function shipmentOf(q: Queryable, orderId: string, shipmentId: number, lock = false): Promise<ShipmentRow> {
  const head = await q.query<{ store_id: number | null }>("SELECT store_id FROM shipments WHERE id = $1 AND order_id = $2", [shipmentId, orderId]);
  const storeId = head.rows[0]?.store_id;
  if (storeId === undefined || storeId === null) throw notFound();
  const sh = await findShipment(q, orderId, storeId, lock);
  if (!sh) throw notFound();
  return sh;
}

/**
 * Starts (or offers again) a bank transfer for one shipment of a pay-on-delivery order: its earlier
 * Pending attempts verified first (so nobody pays twice), an open account for the same amount
 * offered again, else a new attempt for the shipment's total stored under the order's and the
 * shipment's locks, then Paystack's POST /charge (./payments.server.ts chargeOffline).
 */
export async function startShipmentTransfer(db: Db, order: PaymentOrderRow, shipmentId: number): Promise<AttemptRow> {
  const before = await shipmentOf(db, order.id, shipmentId);
  const refusal = shipmentPayRefusal(order, before);
  if (refusal) throw badRequest({ detail: refusal });
  for (const earlier of await pendingAttempts(db, order.id, 3, shipmentId)) {
    const outcome = await settleAttempt(db, earlier, "confirm").catch(() => null);
    if (outcome === "paid" || outcome === "already") throw badRequest({ detail: PAY_AT_DOOR_MESSAGES.paid });
  }
  const open = await openOfflineAttempt(db, order.id, "bank_transfer", shipmentDueKobo(before), null, shipmentId);
  if (open) return open;
  const attempt = await db.tx(async (q) => {
    const o = await findPaymentOrder(q, order.id, true);
    if (!o) throw notFound();
    const sh = await shipmentOf(q, o.id, shipmentId, true);
    const again = shipmentPayRefusal(o, sh);
    if (again) throw badRequest({ detail: again });
    if (!o.email) throw badRequest({ detail: PAY_AT_DOOR_MESSAGES.noEmail });
    const n = (await q.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_transactions WHERE order_id = $1", [o.id])).rows[0].n + 1;
    const r = await q.query<{ id: number }>(
      `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, currency, customer_email, payment_method, payment_status, channel, shipment_id)
       VALUES ($1, $2, $3, $4, 'NGN', $5, 'CardPayment', 'Pending', 'bank_transfer', $6) RETURNING id`,
      [o.id, o.user_id, attemptReference(o.id, n), shipmentDueKobo(sh), o.email, sh.id],
    );
    return (await findAttemptById(q, r.rows[0].id))!;
  });
  return chargeOffline(db, attempt, "bank_transfer");
}

/**
 * THE paid transition of a shipment's attempt, in one transaction (the order's row, then the
 * shipment's, as every writer of shipments): see the module's comment. Any number of concurrent or
 * replayed calls make one transition (the attempt's conditional UPDATE).
 */
export async function markShipmentPaid(db: Db, attemptId: number, verified: VerifyData): Promise<PaidOutcome> {
  let queuedRefund = false;
  let short: { orderId: string; reference: string; dueKobo: number } | null = null;
  const outcome = await db.tx(async (q): Promise<PaidOutcome> => {
    const found = await q.query<{ order_id: string; shipment_id: number; currency: string; reference: string }>(
      "SELECT order_id::text AS order_id, shipment_id, currency, reference FROM payment_transactions WHERE id = $1",
      [attemptId],
    );
    const head = found.rows[0];
    if (!head) return "already";
    const order = await findPaymentOrder(q, head.order_id, true);
    if (!order) return "already";
    const sh = await shipmentOf(q, order.id, head.shipment_id, true).catch((e) => {
      if (e instanceof ApiError) return null;
      throw e;
    });
    const payable = !!sh && shipmentPayRefusal(order, sh) === null;
    const dueKobo = sh ? shipmentDueKobo(sh) : 0;
    if (payable && !coversDue(verified, { amountKobo: dueKobo, currency: head.currency })) {
      const first = await q.query(
        `UPDATE payment_transactions
            SET provider_status = 'mismatch', provider_payload = $2, updated_at = now(),
                payment_status = CASE WHEN payment_status IN ('Pending', 'Abandoned') THEN 'Failed' ELSE payment_status END
          WHERE id = $1 AND payment_status NOT IN ('Complete', 'Refunded') AND provider_status IS DISTINCT FROM 'mismatch'`,
        [attemptId, JSON.stringify({ reason: "less than the shipment's amount due", due: { amount: dueKobo, currency: head.currency }, verify: verified })],
      );
      if (first.rowCount) short = { orderId: order.id, reference: head.reference, dueKobo };
      return "short";
    }
    const a = await q.query<{ amount_kobo: number; currency: string }>(
      `UPDATE payment_transactions
          SET payment_status = 'Complete', provider_status = $2, provider_payload = $3, verified_at = now(), updated_at = now()
        WHERE id = $1 AND payment_status IN ('Pending', 'Failed', 'Abandoned')
        RETURNING amount_kobo, currency`,
      [attemptId, verified.status, JSON.stringify(verified)],
    );
    if (!a.rows[0]) return "already";
    if (!payable || !sh) {
      const why = sh && sh.cash_received_at !== null ? "Payment received after the store collected the cash" : sh && sh.transfer_paid_at !== null ? "Duplicate payment: the delivery was already paid" : "Payment received after the delivery was cancelled";
      await q.query(`INSERT INTO refunds (order_id, payment_transaction_id, amount_kobo, currency, reason, kind) VALUES ($1, $2, $3, $4, $5, 'payment')`, [
        order.id,
        attemptId,
        verified.amount,
        a.rows[0].currency,
        why,
      ]);
      log().warn({ orderId: order.id, reference: head.reference, shipmentId: head.shipment_id }, "transfer for a delivery that is not payable any more: refund queued");
      queuedRefund = true;
      return "refund";
    }
    await q.query("UPDATE shipments SET transfer_paid_at = now(), transfer_paid_kobo = $2, transfer_attempt_id = $3, updated_at = now() WHERE id = $1", [
      sh.id,
      dueKobo,
      attemptId,
    ]);
    const excessKobo = verified.amount - dueKobo;
    if (excessKobo > 0) {
      await q.query(
        `INSERT INTO refunds (order_id, payment_transaction_id, amount_kobo, currency, reason, kind) VALUES ($1, $2, $3, $4, $5, 'overpayment')
         ON CONFLICT (payment_transaction_id) WHERE kind = 'overpayment' DO NOTHING`,
        [order.id, attemptId, excessKobo, a.rows[0].currency, overpaymentReason(verified.amount, dueKobo)],
      );
      queuedRefund = true;
    }
    // The order paid once every delivery's money is in; already delivered (paid after the rider left): booked now.
    await settlePayOnDelivery(q, order.id);
    const number = orderNumber(order.id);
    const store = sh.store_name ?? "The seller";
    await recordEvent(q, {
      notices: [
        // No shipmentStoreId: the buyer is on the payment page; a notice, no SMS (the "cash received" SMS is for cash).
        buyerNotice(order.user_id, order.id, "delivery_paid", { title: "delivery_paid", body: "paid_at_door", params: { number, store, amount_kobo: dueKobo } }),
        ...(sh.store_id !== null && sh.store_slug
          ? storeNotices([{ id: sh.store_id, slug: sh.store_slug }], order.id, "delivery_paid", { title: "store_delivery_paid", body: "store_transfer_paid", params: { number, amount_kobo: dueKobo } })
          : []),
      ],
    });
    return "paid";
  });
  if (outcome === "paid") log().info({ attemptId, reference: verified.reference }, "transfer verified: delivery paid");
  if (short) {
    const s: { orderId: string; reference: string; dueKobo: number } = short;
    log().error({ reference: s.reference, orderId: s.orderId, dueKobo: s.dueKobo, paystack: { amountKobo: verified.amount } }, "transfer for a delivery is LESS than its amount due: not marked paid; needs review");
  }
  if (queuedRefund) {
    const { processQueuedRefunds } = await import("./refunds.server");
    void processQueuedRefunds(db).catch((err) => log().error({ err }, "refund processing failed"));
  }
  return outcome;
}
