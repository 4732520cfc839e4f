/** Payments: reads over a Queryable. */
import { orderTotalKobo } from "~/domain/pricing";
import type { Queryable } from "~/db/client.server";

export interface PaymentOrderRow {
  id: string;
  user_id: number | null;
  guest_token: string | null;
  created_at: Date | string;
  guest_link_legacy_until: Date | string | null;
  order_total_kobo: number;
  shipping_kobo: number;
  order_payment_status: string;
  order_payment_method: string;
  /** The order's e-mail: the order's own, else the member's, else the guest address's. */
  email: string | null;
  first_name: string;
  active_items: number;
  /** Every line, cancelled ones included (0: an order placed empty, its lines not added yet). */
  all_items: number;
}

export interface AttemptRow {
  id: number;
  order_id: string;
  user_id: number | null;
  reference: string;
  amount_kobo: number;
  currency: string;
  customer_email: string;
  payment_method: string;
  payment_status: string;
  authorization_url: string | null;
  provider_status: string | null;
  verified_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Paystack's channel: card (hosted page), bank_transfer or ussd (POST /charge, our own page). */
  channel: PaymentChannel;
  /** What the shopper needs to pay a transfer / USSD attempt (Paystack's POST /charge answer, trimmed). */
  pay_details: OfflineDetails | null;
  expires_at: Date | string | null;
  /** A transfer of the wrong amount: what Paystack received (and returns to the payer), kobo. */
  received_kobo: number | null;
  /** Pay at the door by transfer (issue 33 item 4): the one shipment of a pay-on-delivery order this attempt pays; null: the whole order. */
  shipment_id: number | null;
}

export type PaymentChannel = "card" | "bank_transfer" | "ussd";

export interface OfflineDetails {
  bank_name?: string | null;
  account_name?: string | null;
  account_number?: string | null;
  ussd_code?: string | null;
  ussd_type?: string | null;
  display_text?: string | null;
  /** The local stand-in's tester page (never set by the real Paystack). */
  standin_page?: string | null;
}

export const ATTEMPT_COLUMNS = `id, order_id::text AS order_id, user_id, reference, amount_kobo, currency, customer_email::text AS customer_email,
  payment_method, payment_status, authorization_url, provider_status, verified_at, created_at, updated_at, channel, pay_details, expires_at, shipment_id,
  CASE WHEN provider_status = 'failed' AND provider_payload->>'requested_amount' IS NOT NULL THEN (provider_payload->>'amount')::bigint END AS received_kobo`;

/** The order as payments see it; `lock` takes a row lock (inside a transaction). */
export async function findPaymentOrder(q: Queryable, id: string, lock = false): Promise<PaymentOrderRow | null> {
  const r = await q.query<PaymentOrderRow>(
    `SELECT o.id::text AS id, o.user_id, o.guest_token, o.created_at, o.guest_link_legacy_until, o.order_total_kobo, o.shipping_kobo, o.order_payment_status, o.order_payment_method,
            NULLIF(COALESCE(o.customer_email::text, u.email::text, o.delivery_address->>'email'), '') AS email,
            COALESCE(u.first_name, o.delivery_address->>'receiver_first_name', '') AS first_name,
            (SELECT count(*)::int FROM order_items oi WHERE oi.order_id = o.id AND oi.status = 'Active') AS active_items,
            (SELECT count(*)::int FROM order_items oi WHERE oi.order_id = o.id) AS all_items
       FROM orders o LEFT JOIN users u ON u.id = o.user_id
      WHERE o.id = $1${lock ? " FOR UPDATE OF o" : ""}`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** What the order costs the shopper, in kobo: items plus shipping (spec section 9). */
export const amountDueKobo = (o: Pick<PaymentOrderRow, "order_total_kobo" | "shipping_kobo">) => orderTotalKobo(o.order_total_kobo, o.shipping_kobo);

export async function findAttempt(q: Queryable, reference: string): Promise<AttemptRow | null> {
  const r = await q.query<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} FROM payment_transactions WHERE reference = $1`, [reference]);
  return r.rows[0] ?? null;
}

export async function findAttemptById(q: Queryable, id: number): Promise<AttemptRow | null> {
  const r = await q.query<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} FROM payment_transactions WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

/**
 * The order's (or, given `shipmentId`, that shipment's) open transfer / USSD attempt for this
 * channel (and USSD bank) and amount, if one has more than `minLeftMinutes` left: offered again
 * instead of a new account for every click.
 */
export async function openOfflineAttempt(
  q: Queryable,
  orderId: string,
  channel: PaymentChannel,
  amountKobo: number,
  ussdType: string | null,
  shipmentId: number | null = null,
  minLeftMinutes = 5,
): Promise<AttemptRow | null> {
  const r = await q.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM payment_transactions
      WHERE order_id = $1 AND channel = $2 AND amount_kobo = $3 AND payment_status = 'Pending' AND pay_details IS NOT NULL
        AND expires_at > now() + make_interval(mins => $4) AND ($5::text IS NULL OR pay_details->>'ussd_type' = $5)
        AND shipment_id IS NOT DISTINCT FROM $6::int
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [orderId, channel, amountKobo, minLeftMinutes, ussdType, shipmentId],
  );
  return r.rows[0] ?? null;
}

/** Attempts of an order (or, given `shipmentId`, of that shipment) still Pending, newest first. */
export async function pendingAttempts(q: Queryable, orderId: string, limit = 3, shipmentId: number | null = null): Promise<AttemptRow[]> {
  const r = await q.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM payment_transactions
      WHERE order_id = $1 AND payment_method = 'CardPayment' AND payment_status = 'Pending' AND shipment_id IS NOT DISTINCT FROM $2::int
      ORDER BY created_at DESC, id DESC LIMIT ${Math.floor(limit)}`,
    [orderId, shipmentId],
  );
  return r.rows;
}

/** A page of an order's payment attempts, newest first, and their count. */
export async function listOrderAttempts(q: Queryable, orderId: string, limit: number, offset: number): Promise<{ rows: AttemptRow[]; count: number }> {
  const count = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_transactions WHERE order_id = $1", [orderId]);
  const rows = await q.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM payment_transactions WHERE order_id = $1
      ORDER BY created_at DESC, id DESC LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
    [orderId],
  );
  return { rows: rows.rows, count: count.rows[0].n };
}

export interface MailLineRow {
  name: string;
  quantity: number;
  total_kobo: number;
  unit: string;
  unit_kobo: number;
}

export async function activeLines(q: Queryable, orderId: string): Promise<MailLineRow[]> {
  const r = await q.query<MailLineRow>(
    `SELECT product_name || COALESCE(' (' || option_label || ')', '') AS name, quantity, line_total_kobo AS total_kobo, unit, item_price_kobo AS unit_kobo
       FROM order_items WHERE order_id = $1 AND status = 'Active' ORDER BY created_at, id`,
    [orderId],
  );
  return r.rows;
}
