/**
 * Work the app server does in the background, on a timer: resend queued mail, reconcile card
 * payments left Pending, and send queued refunds to Paystack. Every app server runs them; rows
 * are claimed with FOR UPDATE SKIP LOCKED (or a conditional UPDATE), so several servers never do
 * one job twice. Started once per process by entry.server.tsx (not in tests, which call the
 * exported jobs directly).
 */
import { settleAttempt } from "~/api/payments/commands.server";
import type { AttemptRow } from "~/api/payments/queries.server";
import { processQueuedRefunds } from "~/api/payments/refunds.server";
import { env } from "~/config.server";
import { getDb, type Db } from "~/db/client.server";
import { flushMailQueue } from "~/integrations/mail.server";
import { ensureLocalStandin, standinAllowed } from "~/integrations/paystack/gateway.server";
import { log } from "~/ops/logger.server";

export { processQueuedRefunds };

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
               p.payment_method, p.payment_status, p.authorization_url, p.provider_status, p.verified_at, p.created_at, p.updated_at`,
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
  const tick = async () => {
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
      const r = await processQueuedRefunds();
      if (r.sent || r.retried || r.failed) log().info({ job: "refunds", ...r }, "queued refunds processed");
    } catch (err) {
      log().error({ job: "refunds", err }, "processing queued refunds failed");
    }
  };
  setInterval(tick, INTERVAL_MS).unref();
  setTimeout(tick, 5_000).unref();
}
