/**
 * Card payments (docs/domain.md section 1 and Decisions 1-4): a new attempt with our
 * own reference and the order's amount, stored before Paystack is called; verification against
 * Paystack (never the client, never a webhook body) before anything is marked paid; and the one
 * idempotent paid transition.
 */
import { refuseBulkAtDoor } from "./delivery-slots.server";
import type { NoticeBodyKey } from "~/domain/notices";
import crypto from "node:crypto";
import type { Db, Queryable } from "~/db/client.server";
import { paidEmail } from "~/integrations/mail/payment-emails.server";
import { orderLanguage } from "~/integrations/mail/language.server";
import { orderNumber } from "~/domain/orders";
import { recordEvent } from "~/api/notifications/commands.server";
import { buyerNotice, orderStores, storeNotices } from "~/api/notifications/events.server";
import { flushMailQueue } from "~/integrations/mail.server";
import { PaystackError, coversDue, paysFor, type ChargeData, type UssdType, type VerifyData } from "~/integrations/paystack/client.server";
import { formatKobo } from "~/domain/money";
import { returnOrigin } from "~/config.server";
import { PaymentsNotConfigured, paymentGateway } from "~/integrations/paystack/gateway.server";
import { log } from "~/ops/logger.server";
import { ApiError, badRequest } from "~/api/core/http";
import { emptySourceCart, recordOrderEvent } from "~/api/orders/commands.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { announceOrder } from "./checkout.server";
import { markShipmentPaid } from "./pay-at-door.server";
import {
  activeLines,
  amountDueKobo,
  findAttemptById,
  findPaymentOrder,
  openOfflineAttempt,
  pendingAttempts,
  type AttemptRow,
  type OfflineDetails,
  type PaymentChannel,
  type PaymentOrderRow,
} from "~/api/payments/queries.server";

/** Card payment refused for the order's state: a 400 the checkout shows as is. */
export function payableOrError(o: PaymentOrderRow): void {
  if (o.order_payment_status === "Complete" || o.order_payment_status === "Refunded") throw badRequest({ detail: "This order has already been paid." });
  // An order placed empty (spec section 7's sequence) has its lines added before it is paid.
  if (o.all_items === 0) throw badRequest({ detail: "This order has no items yet: add them (orderitems/create) before paying." });
  if (o.order_payment_status === "Cancelled" || o.active_items === 0) throw badRequest({ detail: "This order was cancelled: there is nothing to pay." });
  if (amountDueKobo(o) <= 0) throw badRequest({ detail: "This order has nothing to pay." });
}

/** Our own reference: order, attempt number, and a random tail (Paystack allows only [A-Za-z0-9.=-]). */
export function attemptReference(orderId: string, n: number): string {
  return `ord-${orderId.replace(/-/g, "").slice(0, 12)}-${n}-${crypto.randomBytes(3).toString("hex")}`;
}

/**
 * Stores a new Pending attempt for the order (under the order's row lock), re-checking the order.
 * `channel`: card (Paystack's hosted page), bank_transfer or ussd (POST /charge, our own page);
 * all three are the one engine: the same row, verify, webhook and paid transition.
 */
export async function createAttempt(db: Db, orderId: string, channel: PaymentChannel = "card"): Promise<{ attempt: AttemptRow; order: PaymentOrderRow }> {
  return db.tx(async (q) => {
    const order = await findPaymentOrder(q, orderId, true);
    if (!order) throw new ApiError(404, { detail: "Not found." });
    payableOrError(order);
    if (!order.email) throw badRequest({ detail: "This order has no e-mail address, which card payment needs. Choose pay on delivery instead." });
    const cash = await q.query<{ transfer: boolean }>(
      "SELECT (transfer_paid_at IS NOT NULL) AS transfer FROM shipments WHERE order_id = $1 AND (cash_received_at IS NOT NULL OR transfer_paid_at IS NOT NULL) LIMIT 1",
      [orderId],
    );
    if (cash.rows[0]?.transfer) throw badRequest({ detail: "A delivery of this order was already paid by transfer: pay each other delivery the same way or at the door." });
    if (cash.rows.length) throw badRequest({ detail: "A store already received cash for this order: pay the rest on delivery." });
    // A card payment starts: the order is a card order from now on (a member's order placed without
    // a method was pay on delivery), and an order placed line by line is announced now.
    if (order.order_payment_method !== "CardPayment") await q.query("UPDATE orders SET order_payment_method = 'CardPayment', updated_at = now() WHERE id = $1", [orderId]);
    await announceOrder(q, orderId);
    const n = (await q.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_transactions WHERE order_id = $1", [orderId])).rows[0].n + 1;
    const r = await q.query<{ id: number }>(
      `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, currency, customer_email, payment_method, payment_status, channel)
       VALUES ($1, $2, $3, $4, 'NGN', $5, 'CardPayment', 'Pending', $6) RETURNING id`,
      [orderId, order.user_id, attemptReference(orderId, n), amountDueKobo(order), order.email, channel],
    );
    return { attempt: (await findAttemptById(q, r.rows[0].id))!, order };
  });
}

export interface StartedPayment {
  authorization_url: string;
  access_code: string;
  reference: string;
}

/**
 * Where Paystack sends the shopper back: our success page (guests: g=y), and, on cancel, the
 * checkout. On PUBLIC_URL when it is set; else on the origin the shopper is on (`origin`: the
 * request's, whose host and scheme come from X-Forwarded-* only behind TRUSTED_PROXIES), so a
 * shopper browsing at http://127.0.0.1:3000 or a LAN address comes back there, still signed in.
 */
export function paymentUrls(orderId: string, guest: boolean, origin?: string) {
  const base = returnOrigin(origin);
  const g = guest ? "&g=y" : "";
  return {
    callback_url: `${base}/checkout/payment/success?order_id=${encodeURIComponent(orderId)}${g}`,
    cancel_action: `${base}/checkout/payment?order_id=${encodeURIComponent(orderId)}&cancelled=1${g}`,
  };
}

const OUTAGE_MESSAGE = "The card payment service is not answering right now. Your order is saved: try again in a moment, or choose pay on delivery.";

/**
 * Starts a card payment: before anything else, any earlier attempt the shopper may have paid
 * meanwhile is verified (so nobody pays twice); then a new attempt is stored and Paystack's
 * transaction/initialize called with our reference. Paystack failing keeps the order, marks the
 * attempt Failed and answers 503 (unreachable) or 502 (refused) with a message.
 */
export async function startCardPayment(db: Db, order: PaymentOrderRow, origin?: string): Promise<StartedPayment> {
  payableOrError(order);
  for (const earlier of await pendingAttempts(db, order.id, 3)) {
    const outcome = await settleAttempt(db, earlier, "confirm").catch(() => null);
    if (outcome === "paid" || outcome === "already") throw badRequest({ detail: "This order has already been paid." });
  }
  const { attempt, order: o } = await createAttempt(db, order.id);
  void flushMailQueue().catch((err) => log().warn({ err }, "sending the order mail failed; the job retries"));
  const urls = paymentUrls(o.id, o.user_id === null, origin);
  try {
    const gateway = await paymentGateway();
    const init = await gateway.initialize({
      email: attempt.customer_email,
      amount: attempt.amount_kobo,
      currency: "NGN",
      reference: attempt.reference,
      callback_url: urls.callback_url,
      metadata: { order_id: o.id, attempt: attempt.id, cancel_action: urls.cancel_action },
    });
    await db.query(
      `UPDATE payment_transactions SET authorization_url = $2, provider_status = 'initialized', updated_at = now() WHERE id = $1`,
      [attempt.id, init.authorization_url],
    );
    return { authorization_url: init.authorization_url, access_code: init.access_code, reference: attempt.reference };
  } catch (e) {
    const unreachable = e instanceof PaymentsNotConfigured || (e instanceof PaystackError && (e.status === 0 || e.status >= 500 || e.status === 429));
    const message = e instanceof Error ? e.message : String(e);
    await db.query(
      `UPDATE payment_transactions SET payment_status = 'Failed', provider_status = 'initialize_failed', provider_payload = $2, updated_at = now()
        WHERE id = $1 AND payment_status = 'Pending'`,
      [attempt.id, JSON.stringify({ error: message.slice(0, 500), status: e instanceof PaystackError ? e.status : null })],
    );
    if (e instanceof PaymentsNotConfigured) log().error({ orderId: o.id, reference: attempt.reference }, message);
    else log().warn({ orderId: o.id, reference: attempt.reference, err: message }, "Paystack initialize failed");
    if (unreachable) throw new ApiError(503, { detail: OUTAGE_MESSAGE });
    throw new ApiError(502, { detail: `The card payment service refused this payment (${message.slice(0, 200)}). Your order is saved: try again, or choose pay on delivery.` });
  }
}

/** How long a transfer account / USSD code is offered (Paystack's own limit is about 30 minutes). */
export const OFFLINE_MINUTES = 30;

export type OfflineChannel = Exclude<PaymentChannel, "card">;

/**
 * Starts a bank transfer or USSD payment (issue 33): the same checks and attempt as a card payment
 * (earlier Pending attempts verified first, so nobody pays twice), then Paystack's POST /charge
 * with our reference and the order's amount; what the shopper needs (the account or the code) and
 * its expiry are stored on the attempt. An open attempt of the same channel, bank and amount with
 * more than 5 minutes left is offered again instead of a new account. Paystack failing: the
 * attempt Failed and 503 / 502, as for cards.
 */
export async function startOfflinePayment(db: Db, order: PaymentOrderRow, channel: OfflineChannel, ussdType: UssdType | null = null): Promise<AttemptRow> {
  payableOrError(order);
  for (const earlier of await pendingAttempts(db, order.id, 3)) {
    const outcome = await settleAttempt(db, earlier, "confirm").catch(() => null);
    if (outcome === "paid" || outcome === "already") throw badRequest({ detail: "This order has already been paid." });
  }
  const open = await openOfflineAttempt(db, order.id, channel, amountDueKobo(order), channel === "ussd" ? ussdType : null);
  if (open) return open;
  const { attempt } = await createAttempt(db, order.id, channel);
  void flushMailQueue().catch((err) => log().warn({ err }, "sending the order mail failed; the job retries"));
  return chargeOffline(db, attempt, channel, ussdType);
}

/**
 * Paystack's POST /charge for a stored Pending transfer / USSD attempt (an order's or a shipment's):
 * what the shopper needs (the account or the code) and its expiry are stored on the attempt.
 * Paystack failing: the attempt Failed and 503 / 502 (the order is kept).
 */
export async function chargeOffline(db: Db, attempt: AttemptRow, channel: OfflineChannel, ussdType: UssdType | null = null): Promise<AttemptRow> {
  const expiresAt = new Date(Date.now() + OFFLINE_MINUTES * 60_000);
  try {
    const gateway = await paymentGateway();
    const charged: ChargeData = await gateway.charge({
      email: attempt.customer_email,
      amount: attempt.amount_kobo,
      currency: "NGN",
      reference: attempt.reference,
      metadata: { order_id: attempt.order_id, attempt: attempt.id, ...(attempt.shipment_id ? { shipment: attempt.shipment_id } : {}) },
      ...(channel === "bank_transfer" ? { bank_transfer: { account_expires_at: expiresAt.toISOString() } } : { ussd: { type: ussdType ?? "737" } }),
    });
    if (channel === "bank_transfer" ? !charged.account_number : !charged.ussd_code) throw new PaystackError(`Paystack's charge answer has no ${channel === "ussd" ? "USSD code" : "account number"}`, 502);
    const details: OfflineDetails = {
      bank_name: charged.bank?.name ?? null,
      account_name: charged.account_name ?? null,
      account_number: charged.account_number ?? null,
      ussd_code: charged.ussd_code ?? null,
      ussd_type: channel === "ussd" ? ussdType ?? "737" : null,
      display_text: charged.display_text ?? null,
      standin_page: (charged as { standin_page?: string }).standin_page ?? null,
    };
    const at = charged.account_expires_at ? new Date(charged.account_expires_at) : expiresAt;
    await db.query(
      `UPDATE payment_transactions SET pay_details = $2, expires_at = $3, provider_status = $4, updated_at = now() WHERE id = $1`,
      [attempt.id, JSON.stringify(details), Number.isNaN(at.getTime()) ? expiresAt : at, String(charged.status ?? "pay_offline").slice(0, 50)],
    );
    return (await findAttemptById(db, attempt.id))!;
  } catch (e) {
    const unreachable = e instanceof PaymentsNotConfigured || (e instanceof PaystackError && (e.status === 0 || e.status >= 500 || e.status === 429));
    const message = e instanceof Error ? e.message : String(e);
    await db.query(
      `UPDATE payment_transactions SET payment_status = 'Failed', provider_status = 'charge_failed', provider_payload = $2, updated_at = now()
        WHERE id = $1 AND payment_status = 'Pending'`,
      [attempt.id, JSON.stringify({ error: message.slice(0, 500), status: e instanceof PaystackError ? e.status : null })],
    );
    log().warn({ orderId: attempt.order_id, reference: attempt.reference, channel, err: message }, "Paystack charge failed");
    if (unreachable) throw new ApiError(503, { detail: "The payment service is not answering right now. Your order is saved: try again in a moment, or choose another way to pay." });
    throw new ApiError(502, { detail: `The payment service refused this payment (${message.slice(0, 200)}). Your order is saved: try again, or choose another way to pay.` });
  }
}

/**
 * "paid": this payment paid the order (any excess over the amount due queued for a refund);
 * "already": this attempt was settled before; "refund": the order was already paid or cancelled,
 * so the whole payment is queued for a refund; "short": less than the order's current amount due,
 * recorded as a mismatch for a person to review, never paid.
 */
export type PaidOutcome = "paid" | "already" | "refund" | "short";

/** The reason on the refund of what a payment brought above the amount due. */
export const overpaymentReason = (paidKobo: number, dueKobo: number) =>
  `Overpayment: ${formatKobo(paidKobo)} was paid while ${formatKobo(dueKobo)} was due (items were cancelled after the payment was started)`;

/**
 * THE paid transition, in one transaction: the order's row is locked first (as cancel and make
 * do), and its amount due read under that lock (order_total_kobo + shipping_kobo: items cancelled
 * since the payment page was opened have lowered it). A success for at least that amount, in the
 * attempt's currency (`coversDue`), makes the attempt Complete only if it was not already (a
 * conditional UPDATE: any number of concurrent or replayed calls make one transition), then the
 * order Complete, its `paid` event, its source cart emptied, the excess over the amount due
 * queued as an 'overpayment' refund, and the paid e-mail queued. A success for less than the
 * amount due is recorded as a mismatch (attempt Failed, logged at error) and never pays. Money
 * that arrives for an order already paid by another attempt, or cancelled, is queued for a refund
 * instead (a third-party race never keeps a shopper's money).
 * `verified` must be Paystack's verify answer for which `paysFor` holds for the attempt.
 */
export async function markPaid(db: Db, attemptId: number, verified: VerifyData): Promise<PaidOutcome> {
  const seen: { short?: { orderId: string; reference: string; dueKobo: number } } = {};
  let excessKobo = 0;
  const outcome = await db.tx(async (q): Promise<PaidOutcome> => {
    const found = await q.query<{ order_id: string; currency: string; reference: string }>(
      "SELECT order_id::text AS order_id, currency, reference FROM payment_transactions WHERE id = $1",
      [attemptId],
    );
    if (!found.rows[0]) return "already";
    const orderId = found.rows[0].order_id;
    // The order first, then the attempt: the lock order of cancel and make too.
    const locked = await findPaymentOrder(q, orderId, true);
    const payable = !!locked && (locked.order_payment_status === "Pending" || locked.order_payment_status === "Failed");
    const dueKobo = locked ? amountDueKobo(locked) : 0;
    if (payable && !coversDue(verified, { amountKobo: dueKobo, currency: found.rows[0].currency })) {
      const first = await q.query(
        `UPDATE payment_transactions
            SET provider_status = 'mismatch', provider_payload = $2, updated_at = now(),
                payment_status = CASE WHEN payment_status IN ('Pending', 'Abandoned') THEN 'Failed' ELSE payment_status END
          WHERE id = $1 AND payment_status NOT IN ('Complete', 'Refunded') AND provider_status IS DISTINCT FROM 'mismatch'`,
        [attemptId, JSON.stringify({ reason: "less than the amount due", due: { amount: dueKobo, currency: found.rows[0].currency }, verify: verified })],
      );
      if (first.rowCount) seen.short = { orderId, reference: found.rows[0].reference, dueKobo };
      return "short";
    }
    const a = await q.query<{ order_id: string; amount_kobo: number; currency: string; reference: string }>(
      `UPDATE payment_transactions
          SET payment_status = 'Complete', provider_status = $2, provider_payload = $3, verified_at = now(), updated_at = now()
        WHERE id = $1 AND payment_status IN ('Pending', 'Failed', 'Abandoned')
        RETURNING order_id::text AS order_id, amount_kobo, currency, reference`,
      [attemptId, verified.status, JSON.stringify(verified)],
    );
    const attempt = a.rows[0];
    if (!attempt) return "already";
    if (!payable) {
      const state = locked?.order_payment_status;
      await q.query(
        `INSERT INTO refunds (order_id, payment_transaction_id, amount_kobo, currency, reason, kind) VALUES ($1, $2, $3, $4, $5, 'payment')`,
        [
          attempt.order_id,
          attemptId,
          attempt.amount_kobo,
          attempt.currency,
          state === "Cancelled" ? "Payment received after the order was cancelled" : "Duplicate payment: the order was already paid",
        ],
      );
      log().warn({ orderId: attempt.order_id, reference: attempt.reference, orderPaymentStatus: state }, "payment for an order that is not payable any more: refund queued");
      return "refund";
    }
    await q.query(
      `UPDATE orders SET order_payment_status = 'Complete', order_payment_method = 'CardPayment', updated_at = now()
        WHERE id = $1 AND order_payment_status IN ('Pending', 'Failed')`,
      [attempt.order_id],
    );
    excessKobo = verified.amount - dueKobo;
    if (excessKobo > 0)
      await q.query(
        `INSERT INTO refunds (order_id, payment_transaction_id, amount_kobo, currency, reason, kind) VALUES ($1, $2, $3, $4, $5, 'overpayment')
         ON CONFLICT (payment_transaction_id) WHERE kind = 'overpayment' DO NOTHING`,
        [attempt.order_id, attemptId, excessKobo, attempt.currency, overpaymentReason(verified.amount, dueKobo)],
      );
    await recordOrderEvent(q, attempt.order_id, "paid");
    await emptySourceCart(q, attempt.order_id);
    const order = locked!;
    const number = orderNumber(order.id);
    const lines = order.email ? await activeLines(q, attempt.order_id) : [];
    await recordEvent(q, {
      notices: [
        buyerNotice(order.user_id, order.id, "order_paid", { title: "order_paid", body: PAID_BODY[verified.channel ?? ""] ?? "paid_by_card", params: { number, amount_kobo: verified.amount } }),
        ...storeNotices(await orderStores(q, order.id), order.id, "order_paid", {
          title: "store_order_paid",
          body: STORE_PAID_BODY[verified.channel ?? ""] ?? "store_paid_card",
          params: { number, amount_kobo: verified.amount },
        }),
      ],
      mails: order.email
        ? [
            paidEmail(
              order.email,
              { id: order.id, guestToken: order.user_id === null ? guestTokenFor(order.id) : null, firstName: order.first_name, lang: await orderLanguage(q, order.id) },
              {
                amountKobo: verified.amount,
                shippingKobo: order.shipping_kobo,
                reference: attempt.reference,
                lines: lines.map((l) => ({ name: l.name, quantity: Number(l.quantity), totalKobo: Number(l.total_kobo), unit: l.unit, unitKobo: Number(l.unit_kobo) })),
                refundKobo: Math.max(0, excessKobo),
              },
            ),
          ]
        : [],
    });
    return "paid";
  });
  if (outcome === "paid") {
    log().info({ attemptId, reference: verified.reference, ...(excessKobo > 0 ? { overpaymentKobo: excessKobo } : {}) }, "payment verified: order paid");
    void flushMailQueue().catch((err) => log().error({ err }, "flushing the mail queue failed"));
  }
  if (seen.short) {
    const s = seen.short;
    log().error(
      { reference: s.reference, orderId: s.orderId, dueKobo: s.dueKobo, paystack: { amountKobo: verified.amount, currency: verified.currency } },
      "Paystack success is LESS than the order's amount due (items were added after the payment was started): not marked paid; needs review",
    );
  }
  if (outcome === "refund" || (outcome === "paid" && excessKobo > 0)) {
    const { processQueuedRefunds } = await import("./refunds.server");
    void processQueuedRefunds(db).catch((err) => log().error({ err }, "refund processing failed"));
  }
  return outcome;
}

const STORE_PAID_BODY: Record<string, NoticeBodyKey> = { card: "store_paid_card", bank_transfer: "store_paid_transfer", ussd: "store_paid_ussd" };
/** The buyer's notice body by channel (~/domain/notices; said in English as paidBody above). */
const PAID_BODY: Record<string, NoticeBodyKey> = { card: "paid_by_card", bank_transfer: "paid_by_transfer", ussd: "paid_by_ussd" };

export type SettleMode = "confirm" | "webhook" | "job";
export type SettleOutcome = Exclude<PaidOutcome, "short"> | "failed" | "abandoned" | "pending" | "mismatch" | "unknown";

async function record(q: Queryable, id: number, providerStatus: string, payload: unknown, newStatus: string | null): Promise<boolean> {
  const r = await q.query(
    `UPDATE payment_transactions
        SET provider_status = $2, provider_payload = $3, updated_at = now(),
            payment_status = COALESCE($4, payment_status)
      WHERE id = $1 AND payment_status ${newStatus ? "= 'Pending'" : "NOT IN ('Complete', 'Refunded')"}`,
    [id, providerStatus, JSON.stringify(payload), newStatus],
  );
  return r.rowCount > 0;
}

/**
 * Verifies one attempt with Paystack and applies what it says. Paid only when Paystack says
 * success AND the amount and currency are the attempt's (stored before the redirect); a success
 * that does not match is recorded (provider_status 'mismatch', Paystack's answer in
 * provider_payload), logged at error for a person to look at, and never marks anything paid.
 * `failed` → Failed. Abandoned or unknown references become Abandoned only from the reconcile
 * job (a shopper may still be on Paystack's page). Throws PaystackError when Paystack cannot be asked.
 */
export async function settleAttempt(db: Db, attempt: AttemptRow, mode: SettleMode): Promise<SettleOutcome> {
  if (attempt.payment_method !== "CardPayment") return "unknown";
  const gateway = await paymentGateway();
  const tx = await gateway.verify(attempt.reference);
  if (!tx) {
    if (mode === "job") await record(db, attempt.id, "not_found", { reference: attempt.reference }, "Abandoned");
    return mode === "job" ? "abandoned" : "unknown";
  }
  if (tx.reference !== attempt.reference) {
    await record(db, attempt.id, "mismatch", { reason: "reference", verify: tx }, null);
    log().error({ reference: attempt.reference, got: tx.reference }, "Paystack verified another reference than asked");
    return "mismatch";
  }
  if (tx.status === "success") {
    // Paystack took what this attempt asked; whether that pays the order is decided against the
    // order's amount due at this moment, under its lock (markPaid).
    if (paysFor(tx, { amountKobo: attempt.amount_kobo, currency: attempt.currency })) {
      // A shipment's attempt (pay at the door by transfer) pays that shipment, not the order.
      const paid = attempt.shipment_id ? await markShipmentPaid(db, attempt.id, tx) : await markPaid(db, attempt.id, tx);
      return paid === "short" ? "mismatch" : paid;
    }
    const first = await db.query(
      `UPDATE payment_transactions
          SET provider_status = 'mismatch', provider_payload = $2, updated_at = now(),
              payment_status = CASE WHEN payment_status IN ('Pending', 'Abandoned') THEN 'Failed' ELSE payment_status END
        WHERE id = $1 AND payment_status NOT IN ('Complete', 'Refunded') AND provider_status IS DISTINCT FROM 'mismatch'`,
      [attempt.id, JSON.stringify({ reason: "amount or currency", expected: { amount: attempt.amount_kobo, currency: attempt.currency }, verify: tx })],
    );
    if (first.rowCount)
      log().error(
        {
          reference: attempt.reference,
          orderId: attempt.order_id,
          expected: { amountKobo: attempt.amount_kobo, currency: attempt.currency },
          paystack: { amountKobo: tx.amount, currency: tx.currency },
        },
        "Paystack success does NOT match the attempt's amount or currency: not marked paid; needs review",
      );
    return "mismatch";
  }
  if (tx.status === "failed") {
    // A transfer of the wrong amount (Paystack returns it to the payer): `amount` is what was sent.
    await record(db, attempt.id, "failed", tx, "Failed");
    return "failed";
  }
  if (attempt.channel !== "card" && (tx.status === "abandoned" || (attempt.expires_at && new Date(attempt.expires_at).getTime() < Date.now()))) {
    // A transfer account or USSD code past its time: nothing was taken (a late transfer goes back to
    // the payer). A charge.success that still arrives is verified and settled as any other.
    await record(db, attempt.id, "expired", tx, "Abandoned");
    return "abandoned";
  }
  if (tx.status === "abandoned" && mode === "job") {
    await record(db, attempt.id, "abandoned", tx, "Abandoned");
    return "abandoned";
  }
  // abandoned (not yet paid), ongoing, pending, processing, queued, reversed: note it, decide later.
  await record(db, attempt.id, tx.status, tx, null);
  return "pending";
}

// ---- confirm_payment -------------------------------------------------------------------------

const inFlight = new Map<string, Promise<void>>();
const lastVerified = new Map<string, number>();
/** A client may call confirm in a loop: Paystack is asked at most once per reference in this window. */
const VERIFY_EVERY_MS = 1_000;

/**
 * Verifies a Pending (or Abandoned) attempt for confirm_payment: concurrent calls for one reference share one
 * Paystack call, and calls within VERIFY_EVERY_MS of the last one answer from the database.
 * Paystack being down is not an error here: the state stays Pending and `false` is returned.
 */
export async function confirmAttempt(db: Db, attempt: AttemptRow): Promise<boolean> {
  // Pending, or Abandoned by the job (a late payment is still worth finding); other states are final.
  if ((attempt.payment_status !== "Pending" && attempt.payment_status !== "Abandoned") || attempt.payment_method !== "CardPayment") return true;
  const ref = attempt.reference;
  const running = inFlight.get(ref);
  if (running) {
    await running;
    return true;
  }
  if (Date.now() - (lastVerified.get(ref) ?? 0) < VERIFY_EVERY_MS) return true;
  let ok = true;
  const job = (async () => {
    try {
      await settleAttempt(db, attempt, "confirm");
    } catch (e) {
      ok = false;
      log().warn({ reference: ref, err: e instanceof Error ? e.message : String(e) }, "verifying a payment failed; it stays pending");
    } finally {
      lastVerified.set(ref, Date.now());
      if (lastVerified.size > 10_000) lastVerified.clear();
    }
  })();
  inFlight.set(ref, job);
  try {
    await job;
  } finally {
    inFlight.delete(ref);
  }
  return ok;
}

// ---- switch to pay on delivery -----------------------------------------------------------------

/**
 * The shopper gives up on the card: the order becomes pay on delivery (still Pending, as every
 * pay-on-delivery order until the money is collected) and its source cart is emptied, as after a
 * pay-on-delivery placement. Attempts still Pending stay so: if one of them is paid after all,
 * verification marks the order paid by card (the reconcile job settles the rest).
 */
export async function switchToPayOnDelivery(db: Db, orderId: string): Promise<void> {
  await db.tx(async (q) => {
    const o = await findPaymentOrder(q, orderId, true);
    if (!o) throw new ApiError(404, { detail: "Not found." });
    payableOrError(o);
    // Bulk goods are never paid at the door (issue 35 item 5).
    await refuseBulkAtDoor(q, orderId, "PayOnDelivery");
    await q.query("UPDATE orders SET order_payment_method = 'PayOnDelivery', updated_at = now() WHERE id = $1", [orderId]);
    await emptySourceCart(q, orderId);
  });
}
