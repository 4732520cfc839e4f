/**
 * Work the app server does in the background, on a timer: resend queued mail, announce orders
 * placed line by line (and remove those never given a line), reconcile card payments left Pending, send queued refunds to Paystack, cancel card orders never paid, hold stores to their deadlines (remind, then cancel), and send claims left unanswered to the admins. Every app server runs them; rows
 * are claimed with FOR UPDATE SKIP LOCKED (or a conditional UPDATE), so several servers never do
 * one job twice. Started once per process by entry.server.tsx (not in tests, which call the
 * exported jobs directly).
 */
import { cancelUnpaidCardOrder } from "~/workflows/cancellation.server";
import { settleEmptyOrders } from "~/workflows/checkout.server";
import { settleAttempt } from "~/workflows/payments.server";
import { enforceShipmentDeadlines } from "~/workflows/deadlines.server";
import { escalateOverdueClaims } from "~/workflows/claims.server";
import { retryBusinessChecks } from "~/workflows/business-check.server";
import { ATTEMPT_COLUMNS, type AttemptRow } from "~/api/payments/queries.server";
import { processQueuedRefunds } from "~/workflows/refunds.server";
import { payOutAvailableBalances } from "~/api/payouts/commands.server";
import { env } from "~/config.server";
import { getDb, type Db } from "~/db/client.server";
import { flushMailQueue } from "~/integrations/mail.server";
import { flushSmsQueue, logSmsProvider } from "~/integrations/sms.server";
import { flushWhatsAppQueue, logWhatsAppProvider } from "~/integrations/whatsapp.server";
import { ensureLocalStandin, standinAllowed } from "~/integrations/paystack/gateway.server";
import { log } from "~/ops/logger.server";

export { payOutAvailableBalances, processQueuedRefunds };

/** The UTC day the daily payout last ran in this process (PAYOUT_SCHEDULE=daily). */
let payoutDay = "";

const INTERVAL_MS = 60_000;
let started = false;

export interface ReconcileRun {
  checked: number;
  paid: number;
  failed: number;
  abandoned: number;
  stillPending: number;
  errors: number;
}

/**
 * Verifies card attempts still Pending after PAYMENT_RECONCILE_AFTER_MINUTES (or `olderThanMinutes`)
 * with Paystack: success for the right amount → paid (the one paid transition), failed → Failed,
 * abandoned or unknown to Paystack → Abandoned (Paystack sends no event for those), anything else
 * stays Pending and is looked at again after the same delay. Each row is claimed by bumping its
 * updated_at under FOR UPDATE SKIP LOCKED, so two servers never verify one attempt at once.
 */
export async function reconcilePendingPayments(db?: Db, opts: { olderThanMinutes?: number; limit?: number } = {}): Promise<ReconcileRun> {
  const q = db ?? (await getDb());
  const minutes = opts.olderThanMinutes ?? env().PAYMENT_RECONCILE_AFTER_MINUTES;
  const claimed = await q.query<AttemptRow>(
    `WITH due AS (
       SELECT id FROM payment_transactions
        WHERE payment_status = 'Pending' AND payment_method = 'CardPayment'
          AND created_at <= now() - make_interval(mins => $1) AND updated_at <= now() - make_interval(mins => $1)
        ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE payment_transactions p SET updated_at = now() FROM due WHERE p.id = due.id
     RETURNING p.id, p.order_id::text AS order_id, p.user_id, p.reference, p.amount_kobo, p.currency, p.customer_email::text AS customer_email,
               p.payment_method, p.payment_status, p.authorization_url, p.provider_status, p.verified_at, p.created_at, p.updated_at,
               p.channel, p.pay_details, p.expires_at, p.shipment_id`,
    [minutes, opts.limit ?? 50],
  );
  const run: ReconcileRun = { checked: 0, paid: 0, failed: 0, abandoned: 0, stillPending: 0, errors: 0 };
  for (const a of claimed.rows) {
    run.checked++;
    try {
      const outcome = await settleAttempt(q, a, "job");
      if (outcome === "paid" || outcome === "already" || outcome === "refund") run.paid++;
      else if (outcome === "failed" || outcome === "mismatch") run.failed++;
      else if (outcome === "abandoned") run.abandoned++;
      else run.stillPending++;
    } catch (err) {
      run.errors++;
      log().warn({ job: "payments-reconcile", reference: a.reference, err: err instanceof Error ? err.message : String(err) }, "verifying a pending payment failed; will retry");
    }
  }
  return run;
}

export interface UnpaidOrdersRun {
  /** Orders looked at (claimed) this run. */
  checked: number;
  cancelled: number;
  /** Found paid after all when their pending attempt was verified. */
  paid: number;
  /** An attempt still pending at Paystack (or Paystack could not be asked): looked at again later. */
  stillPending: number;
  errors: number;
}

/** A claimed order is not claimed again (by this or another server) for this long. */
const UNPAID_LEASE_MINUTES = 5;

/**
 * Cancels card orders never paid: card payment, payment Pending, still Placed, placed more than
 * UNPAID_ORDER_TTL_HOURS (or `olderThanHours`) ago, no attempt Complete. Their attempts still
 * Pending are verified with Paystack first (one started within PAYMENT_RECONCILE_AFTER_MINUTES is
 * asked as the success page asks, so a shopper still on Paystack's page is not taken for gone):
 * paid → the order is paid (and kept); still pending at Paystack, or Paystack unreachable → left
 * for a later run; failed, abandoned or unknown → the order is cancelled (cancelUnpaidCardOrder:
 * stock back, `cancelled` events, payment Cancelled, the shopper e-mailed). Orders switched to pay
 * on delivery are never touched. Several servers: orders are claimed with FOR UPDATE SKIP LOCKED
 * and, when an attempt must be verified, a lease (their updated_at bumped); the cancellation
 * re-checks everything under the order's row lock, so an order is cancelled once.
 */
export async function expireUnpaidOrders(db?: Db, opts: { olderThanHours?: number; limit?: number } = {}): Promise<UnpaidOrdersRun> {
  const q = db ?? (await getDb());
  const hours = opts.olderThanHours ?? env().UNPAID_ORDER_TTL_HOURS;
  // Only an order with an attempt to verify at Paystack (outside any transaction) is leased; one
  // without is cancelled in one transaction under its row lock, so a server killed mid-run leaves
  // it to the next run of any server at once (a lease would hold it for UNPAID_LEASE_MINUTES).
  const claimed = await q.query<{ id: string }>(
    `WITH due AS (
       SELECT o.id, EXISTS (SELECT 1 FROM payment_transactions p WHERE p.order_id = o.id AND p.payment_method = 'CardPayment' AND p.payment_status = 'Pending') AS verify
         FROM orders o
        WHERE o.order_payment_method = 'CardPayment' AND o.order_payment_status IN ('Pending', 'Failed') AND o.order_delivery_status = 'Placed'
          AND o.created_at <= now() - make_interval(hours => $1)
          AND o.updated_at <= now() - make_interval(mins => ${UNPAID_LEASE_MINUTES})
          AND NOT EXISTS (SELECT 1 FROM payment_transactions p WHERE p.order_id = o.id AND p.payment_status IN ('Complete', 'Refunded'))
        ORDER BY o.created_at, o.id LIMIT $2 FOR UPDATE OF o SKIP LOCKED
     )
     UPDATE orders o SET updated_at = CASE WHEN due.verify THEN now() ELSE o.updated_at END FROM due WHERE o.id = due.id
     RETURNING o.id::text AS id`,
    [hours, opts.limit ?? 50],
  );
  const run: UnpaidOrdersRun = { checked: 0, cancelled: 0, paid: 0, stillPending: 0, errors: 0 };
  for (const { id } of claimed.rows) {
    run.checked++;
    const attempts = await q.query<AttemptRow & { settled_age: boolean }>(
      `SELECT ${ATTEMPT_COLUMNS}, created_at <= now() - make_interval(mins => $2) AS settled_age FROM payment_transactions
        WHERE order_id = $1 AND payment_method = 'CardPayment' AND payment_status = 'Pending' ORDER BY created_at, id`,
      [id, env().PAYMENT_RECONCILE_AFTER_MINUTES],
    );
    let paid = false;
    let open = false;
    for (const a of attempts.rows) {
      try {
        const outcome = await settleAttempt(q, a, a.settled_age ? "job" : "confirm");
        if (outcome === "paid" || outcome === "already" || outcome === "refund") paid = true;
        else if (outcome === "pending" || outcome === "unknown") open = true;
      } catch (err) {
        open = true;
        run.errors++;
        log().warn({ job: "unpaid-orders", orderId: id, reference: a.reference, err: err instanceof Error ? err.message : String(err) }, "verifying a pending payment failed; the order is kept for now");
      }
    }
    if (paid) {
      run.paid++;
      continue;
    }
    if (open) {
      run.stillPending++;
      continue;
    }
    try {
      if (await q.tx((tx) => cancelUnpaidCardOrder(tx, id, hours))) {
        run.cancelled++;
        log().info({ job: "unpaid-orders", orderId: id, ttlHours: hours }, "unpaid card order cancelled: stock returned");
      }
    } catch (err) {
      run.errors++;
      log().error({ job: "unpaid-orders", orderId: id, err }, "cancelling an unpaid card order failed; will retry");
    }
  }
  if (run.cancelled) void flushMailQueue(q).catch((err) => log().warn({ job: "unpaid-orders", err }, "sending mail failed; the mail job retries"));
  return run;
}

export function startBackgroundJobs() {
  if (started || process.env.NODE_ENV === "test" || process.env.DISABLE_JOBS === "1") return;
  started = true;
  // No Paystack key: start the local stand-in now, so the log says so at boot (npm start).
  try {
    if (standinAllowed()) void ensureLocalStandin().catch((err) => log().error({ err }, "starting the local Paystack stand-in failed"));
    else if (!env().PAYSTACK_SECRET_KEY)
      log().warn("PAYSTACK_SECRET_KEY is not set and PUBLIC_URL is not local: card payments are OFF (answer 503). Set PAYSTACK_SECRET_KEY, or PAYSTACK_STANDIN=1 for a test deployment.");
  } catch (err) {
    log().error({ err }, "reading the Paystack settings failed");
  }
  try {
    logSmsProvider();
    logWhatsAppProvider();
  } catch (err) {
    log().error({ err }, "reading the SMS / WhatsApp settings failed");
  }
  const tick = async () => {
    try {
      const [sms, wa] = await Promise.all([flushSmsQueue(), flushWhatsAppQueue()]);
      if (sms.sent || sms.failed || wa.sent || wa.failed) log().info({ job: "message-queues", sms, whatsapp: wa }, "SMS / WhatsApp queues flushed");
    } catch (err) {
      log().error({ job: "message-queues", err }, "SMS / WhatsApp queue flush failed");
    }
    try {
      const r = await flushMailQueue();
      if (r.sent || r.failed) log().info({ job: "mail-queue", sent: r.sent, failed: r.failed }, "mail queue flushed");
    } catch (err) {
      log().error({ job: "mail-queue", err }, "mail queue flush failed");
    }
    try {
      const r = await reconcilePendingPayments();
      if (r.checked) log().info({ job: "payments-reconcile", ...r }, "pending payments reconciled");
    } catch (err) {
      log().error({ job: "payments-reconcile", err }, "reconciling pending payments failed");
    }
    try {
      // Orders placed empty (spec section 7's sequence): announced once their lines stop coming;
      // never given a line in a day: removed.
      const r = await settleEmptyOrders(await getDb());
      if (r.announced || r.removed) {
        log().info({ job: "empty-orders", ...r }, "orders placed line by line settled");
        void flushMailQueue().catch(() => {});
      }
    } catch (err) {
      log().error({ job: "empty-orders", err }, "settling orders placed line by line failed");
    }
    try {
      const r = await expireUnpaidOrders();
      if (r.checked) log().info({ job: "unpaid-orders", ...r }, "unpaid card orders checked");
    } catch (err) {
      log().error({ job: "unpaid-orders", err }, "checking unpaid card orders failed");
    }
    try {
      // A store's deadlines on its shipments (issue 36 item 3): reminders at half-time, and a missed
      // deadline cancels (its refunds are sent by the refunds step just below, this same tick).
      const r = await enforceShipmentDeadlines(await getDb(), { confirmHours: env().SHIPMENT_CONFIRM_HOURS, shipHours: env().SHIPMENT_SHIP_HOURS });
      if (r.reminded || r.cancelled) {
        log().info({ job: "shipment-deadlines", ...r }, "shipment deadlines enforced");
        void flushMailQueue().catch(() => {});
      }
    } catch (err) {
      log().error({ job: "shipment-deadlines", err }, "enforcing shipment deadlines failed");
    }
    try {
      // Claims a store left unanswered past their 48 hours go to the admins, once (issue 36 item 5).
      const r = await escalateOverdueClaims(await getDb());
      if (r.escalated) {
        log().info({ job: "claim-escalation", ...r }, "unanswered claims escalated");
        void flushMailQueue().catch(() => {});
      }
    } catch (err) {
      log().error({ job: "claim-escalation", err }, "escalating unanswered claims failed");
    }
    try {
      // Business checks the company registry could not answer (decision 0032): asked again when due.
      const r = await retryBusinessChecks(await getDb());
      if (r.tried) log().info({ job: "business-checks", ...r }, "business checks retried");
    } catch (err) {
      log().error({ job: "business-checks", err }, "retrying business checks failed");
    }
    if (env().PAYOUT_SCHEDULE === "daily" && payoutDay !== new Date().toISOString().slice(0, 10)) {
      // Once a day per process; the day's payout reference makes a second server's run a no-op.
      payoutDay = new Date().toISOString().slice(0, 10);
      try {
        const r = await payOutAvailableBalances();
        log().info({ job: "payouts", ...r }, "daily payouts run");
      } catch (err) {
        log().error({ job: "payouts", err }, "the daily payout run failed");
      }
    }
    try {
      const r = await processQueuedRefunds();
      if (r.sent || r.retried || r.failed) log().info({ job: "refunds", ...r }, "queued refunds processed");
    } catch (err) {
      log().error({ job: "refunds", err }, "processing queued refunds failed");
    }
  };
  setInterval(tick, INTERVAL_MS).unref();
  setTimeout(tick, 5_000).unref();
}
