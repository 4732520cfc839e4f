/**
 * Refunds of card payments (migration 0006_refunds). The orders area (or the paid
 * transition, for money that arrives for an order already paid or cancelled) writes a `refunds`
 * row 'queued' in the transaction that causes it; here it is sent to Paystack POST /refund
 * (→ 'pending' with Paystack's id), retried with back-off while Paystack cannot be reached, and
 * settled by the refund.processed / refund.failed webhooks. When every paid item of an order is
 * refunded the order's payment status becomes Refunded. Safe with several app servers: rows are
 * claimed with FOR UPDATE SKIP LOCKED and a lease (next_attempt_at), and every state change is a
 * conditional UPDATE.
 */
import { getDb, type Db, type Queryable } from "~/db/client.server";
import { flushMailQueue } from "~/integrations/mail.server";
import { refundedEmail, type RefundWhat } from "~/integrations/mail/payment-emails.server";
import { orderLanguage } from "~/integrations/mail/language.server";

import { orderNumber } from "~/domain/orders";
import { recordEvent } from "~/api/notifications/commands.server";
import { buyerNotice } from "~/api/notifications/events.server";
import { PaystackError, type RefundData } from "~/integrations/paystack/client.server";
import { PaymentsNotConfigured, paymentGateway } from "~/integrations/paystack/gateway.server";
import { log } from "~/ops/logger.server";
import { returnRefundSettled } from "./returns.server";
import { claimRefundSettled } from "./claims.server";
import { debitRefund } from "~/api/payouts/commands.server";
import { recordOrderEvent } from "~/api/orders/commands.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { findPaymentOrder } from "~/api/payments/queries.server";

/** After this many failed sends a refund is reported as failed (about a day and a half of retries). */
export const MAX_REFUND_ATTEMPTS = 10;
/** Lease on a claimed row: if the server dies mid-send, another takes it after this. */
const LEASE_MINUTES = 10;
const BATCH = 20;

/** Minutes until the next try after `attempts` failed sends: 1, 2, 4 … capped at 6 hours. */
export const refundBackoffMinutes = (attempts: number) => Math.min(360, 2 ** Math.max(0, attempts - 1));

interface ClaimedRefund {
  id: number;
  order_id: string;
  order_item_id: string | null;
  payment_transaction_id: number;
  amount_kobo: number;
  currency: string;
  reason: string;
  attempts: number;
  reference: string;
  attempt_status: string;
}

export interface RefundRun {
  sent: number;
  retried: number;
  failed: number;
}

const transient = (e: unknown) =>
  e instanceof PaymentsNotConfigured || !(e instanceof PaystackError) || e.status === 0 || e.status === 429 || e.status >= 500;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

const REFUND_STATES = new Set(["pending", "processing", "processed", "failed"]);

/** One batch: claims up to BATCH due rows (FOR UPDATE SKIP LOCKED) and sends them. Exported for the several-servers test. */
export async function sendDueRefunds(db: Db): Promise<RefundRun & { claimed: number }> {
  const claimed = await db.query<ClaimedRefund>(
    `WITH due AS (
       SELECT id FROM refunds WHERE status = 'queued' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE refunds r SET attempts = r.attempts + 1, next_attempt_at = now() + interval '${LEASE_MINUTES} minutes', updated_at = now()
         FROM due WHERE r.id = due.id
       RETURNING r.id, r.order_id::text AS order_id, r.order_item_id::text AS order_item_id, r.payment_transaction_id,
                 r.amount_kobo, r.currency, r.reason, r.attempts
     )
     SELECT c.*, p.reference, p.payment_status AS attempt_status FROM claimed c JOIN payment_transactions p ON p.id = c.payment_transaction_id
      ORDER BY c.id`,
  );
  const out = { sent: 0, retried: 0, failed: 0, claimed: claimed.rows.length };
  for (const r of claimed.rows) {
    if (r.attempt_status !== "Complete" && r.attempt_status !== "Refunded") {
      await failRefund(db, r.id, `the payment ${r.reference} is ${r.attempt_status}, not Complete: nothing to refund`);
      out.failed++;
      continue;
    }
    let data: RefundData;
    try {
      const gateway = await paymentGateway();
      data = await gateway.refund({
        transaction: r.reference,
        amount: r.amount_kobo,
        merchant_note: `BuildMart NG refund ${r.id}: ${r.reason}`.slice(0, 200),
        customer_note: r.reason.slice(0, 200) || undefined,
      });
    } catch (e) {
      if (transient(e) && r.attempts < MAX_REFUND_ATTEMPTS) {
        const minutes = refundBackoffMinutes(r.attempts);
        await db.query(
          `UPDATE refunds SET last_error = $2, next_attempt_at = now() + make_interval(mins => $3), updated_at = now() WHERE id = $1 AND status = 'queued'`,
          [r.id, errorText(e), minutes],
        );
        log().warn({ refundId: r.id, attempts: r.attempts, retryInMinutes: minutes, err: errorText(e) }, "sending a refund to Paystack failed; will retry");
        out.retried++;
      } else {
        await failRefund(db, r.id, errorText(e));
        out.failed++;
      }
      continue;
    }
    const status = REFUND_STATES.has(data.status) ? data.status : "pending";
    const providerId = String(data.id);
    await db.query(
      `UPDATE refunds SET status = 'pending', provider_refund_id = $2, last_error = NULL, updated_at = now() WHERE id = $1 AND status = 'queued'`,
      [r.id, providerId],
    );
    log().info({ refundId: r.id, providerRefundId: providerId, amountKobo: r.amount_kobo }, "refund sent to Paystack");
    out.sent++;
    if (status === "processed" || status === "failed" || status === "processing") await settleRefund(db, r.id, status, data);
    // Webhooks about this refund may have arrived before we knew its id.
    await applyStoredRefundEvents(db, providerId);
  }
  return out;
}

/** A refund that cannot be made: status failed, reported at error level for a person to handle. */
async function failRefund(db: Queryable, id: number, error: string) {
  const r = await db.query<{ order_id: string; amount_kobo: number }>(
    `UPDATE refunds SET status = 'failed', last_error = $2, updated_at = now() WHERE id = $1 AND status IN ('queued', 'pending', 'processing')
     RETURNING order_id::text AS order_id, amount_kobo`,
    [id, error.slice(0, 1000)],
  );
  if (r.rows[0]) log().error({ refundId: id, orderId: r.rows[0].order_id, amountKobo: r.rows[0].amount_kobo, error }, "REFUND FAILED: the shopper's money was not returned; needs a person");
}

let running: Promise<RefundRun> | null = null;
let again = false;

/**
 * Sends every due queued refund to Paystack (one run at a time per process; a call during a run
 * makes the run go round once more). The cancel path calls it right after its commit; the
 * background jobs call it every minute.
 */
export function processQueuedRefunds(db?: Db): Promise<RefundRun> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const q = db ?? (await getDb());
    const total: RefundRun = { sent: 0, retried: 0, failed: 0 };
    do {
      again = false;
      let r: Awaited<ReturnType<typeof sendDueRefunds>>;
      do {
        r = await sendDueRefunds(q);
        total.sent += r.sent;
        total.retried += r.retried;
        total.failed += r.failed;
      } while (r.claimed === BATCH);
    } while (again);
    return total;
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * THE rule that decides 'Refunded': a card-paid order (Complete) becomes Refunded, with its
 * Complete attempts and an order-level `refunded` event, once no item is Active any more, every
 * refund of the order's own money (items, the shipping of a fully cancelled order, an overpayment)
 * is processed, and at least one item refund is among them. Refunds of whole duplicate or late
 * payments ('payment') do not count: they are about another attempt, not this order's goods.
 * Call it in the transaction that processed a refund (it locks the order's row, so two refunds
 * processed at once cannot both miss the last one). Returns true when the order changed now.
 */
export async function settleOrderIfRefunded(q: Queryable, orderId: string): Promise<boolean> {
  // Two refunds of one order processed at once: the second waits here and counts the first as done.
  await q.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [orderId]);
  const s = await q.query<{ active: number; open: number; items_done: number }>(
    `SELECT (SELECT count(*) FROM order_items WHERE order_id = $1 AND status = 'Active')::int AS active,
            (SELECT count(*) FROM refunds WHERE order_id = $1 AND (order_item_id IS NOT NULL OR kind <> 'payment') AND status <> 'processed')::int AS open,
            (SELECT count(*) FROM refunds WHERE order_id = $1 AND (order_item_id IS NOT NULL OR kind = 'item') AND status = 'processed')::int AS items_done`,
    [orderId],
  );
  const { active, open, items_done } = s.rows[0];
  if (active > 0 || open > 0 || items_done === 0) return false;
  const changed = await q.query(`UPDATE orders SET order_payment_status = 'Refunded', updated_at = now() WHERE id = $1 AND order_payment_status = 'Complete'`, [orderId]);
  if (!changed.rowCount) return false;
  await q.query(`UPDATE payment_transactions SET payment_status = 'Refunded', updated_at = now() WHERE order_id = $1 AND payment_status = 'Complete'`, [orderId]);
  await recordOrderEvent(q, orderId, "refunded");
  return true;
}

/**
 * Applies Paystack's word on a refund: processing/pending just move the status; processed
 * settles it (the item's `refunded` event, the order Refunded once every paid item is, the
 * refunded e-mail), failed reports it. Idempotent: a state is entered once.
 */
export async function settleRefund(db: Db, refundId: number, status: string, payload: unknown): Promise<boolean> {
  if (status === "failed") {
    await failRefund(db, refundId, `Paystack reported the refund failed: ${JSON.stringify(payload).slice(0, 400)}`);
    return true;
  }
  if (status === "pending" || status === "processing") {
    await db.query(
      `UPDATE refunds SET status = $2, updated_at = now() WHERE id = $1 AND status IN ('queued', 'pending', 'processing') AND status <> $2`,
      [refundId, status],
    );
    return true;
  }
  if (status !== "processed") return false;
  const done = await db.tx(async (q) => {
    const r = await q.query<{ order_id: string; order_item_id: string | null; amount_kobo: number; payment_transaction_id: number; kind: string }>(
      `UPDATE refunds SET status = 'processed', last_error = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('queued', 'pending', 'processing')
        RETURNING order_id::text AS order_id, order_item_id::text AS order_item_id, amount_kobo, payment_transaction_id, kind`,
      [refundId],
    );
    const refund = r.rows[0];
    if (!refund) return false;
    let fully = false;
    let what: string | { kind: RefundWhat } = { kind: "duplicate" };
    if (refund.order_item_id || refund.kind !== "payment") {
      // Part of the order's money: an item, the shipping of a fully cancelled order, or an overpayment.
      if (refund.order_item_id) {
        await recordOrderEvent(q, refund.order_id, "refunded", refund.order_item_id);
        await returnRefundSettled(q, refundId); // an accepted return's refund: the return is refunded
        await debitRefund(q, { orderItemId: refund.order_item_id, amountKobo: refund.amount_kobo });
        await claimRefundSettled(q, refundId); // a claim's refund: its hold on the line's credit is released
        what = (await q.query<{ name: string }>("SELECT product_name AS name FROM order_items WHERE id = $1", [refund.order_item_id])).rows[0]?.name ?? { kind: "item" };
      } else if (refund.kind === "shipping") what = { kind: "shipping" };
      else if (refund.kind === "overpayment") what = { kind: "overpayment" };
      else what = { kind: "item" };
      fully = await settleOrderIfRefunded(q, refund.order_id);
    } else {
      // Money for an order that was already paid (or cancelled): that attempt is refunded in full.
      await q.query(`UPDATE payment_transactions SET payment_status = 'Refunded', updated_at = now() WHERE id = $1 AND payment_status = 'Complete'`, [
        refund.payment_transaction_id,
      ]);
    }
    const order = await findPaymentOrder(q, refund.order_id);
    const to = order?.email ?? (await q.query<{ e: string }>("SELECT customer_email::text AS e FROM payment_transactions WHERE id = $1", [refund.payment_transaction_id])).rows[0]?.e;
    if (order)
      await recordEvent(q, {
        notices: [
          buyerNotice(order.user_id, order.id, "refund", {
            title: "refund",
            body: "refund_for",
            params: { number: orderNumber(order.id), amount_kobo: Number(refund.amount_kobo), ...(typeof what === "string" ? { product: what } : { what_key: what.kind }) },
          }),
        ],
        mails: to
          ? [
              refundedEmail(to, { id: order.id, guestToken: order.user_id === null ? guestTokenFor(order.id) : null, firstName: order.first_name, lang: await orderLanguage(q, order.id) }, {
                amountKobo: refund.amount_kobo,
                what,
                fully,
              }),
            ]
          : [],
      });
    return true;
  });
  if (done) {
    log().info({ refundId, status }, "refund processed");
    void flushMailQueue().catch((err) => log().error({ err }, "flushing the mail queue failed"));
  }
  return done;
}

/** The refunds row a refund.* webhook is about: by Paystack's refund id, else the oldest sent refund of that transaction and amount. */
export async function refundForEvent(q: Queryable, data: Record<string, unknown>): Promise<number | null> {
  const id = data.id ?? (data as { refund?: { id?: unknown } }).refund?.id;
  if (id !== undefined && id !== null) {
    const r = await q.query<{ id: number }>("SELECT id FROM refunds WHERE provider_refund_id = $1", [String(id)]);
    if (r.rows[0]) return r.rows[0].id;
  }
  const tref =
    typeof data.transaction_reference === "string"
      ? data.transaction_reference
      : typeof (data.transaction as { reference?: unknown } | undefined)?.reference === "string"
        ? ((data.transaction as { reference: string }).reference)
        : null;
  const amount = Number(data.amount);
  if (!tref || !Number.isInteger(amount)) return null;
  const r = await q.query<{ id: number }>(
    `SELECT r.id FROM refunds r JOIN payment_transactions p ON p.id = r.payment_transaction_id
      WHERE p.reference = $1 AND r.amount_kobo = $2 AND r.status IN ('pending', 'processing') AND (r.provider_refund_id IS NULL OR $3::text IS NULL)
      ORDER BY r.id LIMIT 1`,
    [tref, amount, id === undefined || id === null ? null : String(id)],
  );
  return r.rows[0]?.id ?? null;
}

/** The webhook key of a refund event (webhook_events.reference): Paystack's refund id when given. */
export function refundEventKey(data: Record<string, unknown>): string | null {
  if (data.id !== undefined && data.id !== null && String(data.id).length <= 100) return `refund-${String(data.id)}`;
  if (typeof data.refund_reference === "string" && data.refund_reference.length <= 100) return `refund-${data.refund_reference}`;
  if (typeof data.transaction_reference === "string" && data.transaction_reference.length <= 100) return `refund-${data.transaction_reference}-${String(data.amount)}`;
  return null;
}

/** Applies refund events stored before their refund's id was known (webhook faster than our own write). */
async function applyStoredRefundEvents(db: Db, providerId: string) {
  const rows = await db.query<{ id: number; event: string; payload: { data?: Record<string, unknown> } }>(
    `SELECT id, event, payload FROM webhook_events
      WHERE provider = 'paystack' AND reference = $1 AND processed_at IS NULL AND event LIKE 'refund.%' ORDER BY id`,
    [`refund-${providerId}`],
  );
  for (const row of rows.rows) await applyRefundEvent(db, row.id, row.event, row.payload?.data ?? {});
}

/** Handles one stored refund.* event; it stays unprocessed when no refund matches yet. */
export async function applyRefundEvent(db: Db, eventId: number, event: string, data: Record<string, unknown>): Promise<void> {
  const refundId = await refundForEvent(db, data);
  if (!refundId) {
    log().info({ event, eventId }, "refund event for a refund not known yet: kept for later");
    return;
  }
  await settleRefund(db, refundId, event.slice("refund.".length), data);
  await db.query("UPDATE webhook_events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL", [eventId]);
}
