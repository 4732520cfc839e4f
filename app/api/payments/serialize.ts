/** Payments: rows to the API's JSON (types from ./schemas). */
import { orderTotalKobo } from "~/domain/pricing";
import { formatNaira, koboToNaira } from "~/domain/money";
import type { AttemptRow, PaymentOrderRow } from "./queries.server";
import type { ApiOfflinePayment, ApiPaymentState, ApiTransaction } from "./schemas";

const iso = (v: Date | string) => new Date(v).toISOString();

export function serializeTransaction(a: AttemptRow): ApiTransaction {
  return {
    id: a.id,
    reference: a.reference,
    amount: koboToNaira(a.amount_kobo),
    customer_email: a.customer_email,
    order_id: a.order_id,
    user_id: a.user_id,
    payment_method: a.payment_method,
    payment_status: a.payment_status,
    currency: a.currency,
    created_at: iso(a.created_at),
    verified_at: a.verified_at ? iso(a.verified_at) : null,
    channel: a.channel,
  };
}

/** A transfer / USSD attempt as its page needs it. */
export function serializeOfflinePayment(o: PaymentOrderRow, a: AttemptRow, now = Date.now()): ApiOfflinePayment {
  const orderPaid = o.order_payment_status === "Complete" || o.order_payment_status === "Refunded";
  // A shipment's payment (pay at the door): paid when this attempt paid it (or the order is paid).
  const paid = a.shipment_id !== null ? orderPaid || a.payment_status === "Complete" || a.payment_status === "Refunded" : orderPaid;
  const d = a.pay_details ?? {};
  const expiresAt = a.expires_at ? iso(a.expires_at) : null;
  const expired = !paid && (a.payment_status === "Abandoned" || (a.payment_status === "Pending" && !!expiresAt && Date.parse(expiresAt) <= now));
  const received = a.payment_status === "Failed" && a.received_kobo != null ? koboToNaira(a.received_kobo) : null;
  const message = paid
    ? a.payment_status === "Complete"
      ? a.shipment_id !== null
        ? "Payment received. Pay nothing at the door: give the rider your delivery code."
        : "Payment received. Thank you for your order!"
      : a.shipment_id !== null
        ? "This delivery has already been paid."
        : "This order has already been paid."
    : expired
      ? "This account has expired. Nothing was taken."
      : received != null
        ? `The amount received was not the amount due: Paystack will return the ${formatNaira(received)} you sent. This order is not paid yet.`
        : a.payment_status === "Failed"
          ? "This payment did not go through. You can start a new one."
          : "We have not received this payment yet.";
  return {
    order_id: o.id,
    reference: a.reference,
    channel: a.channel,
    status: a.payment_status,
    paid,
    shipment: a.shipment_id,
    expired,
    order_payment_status: o.order_payment_status,
    amount: koboToNaira(a.amount_kobo),
    currency: a.currency,
    expires_at: expiresAt,
    bank_name: d.bank_name ?? null,
    account_name: d.account_name ?? null,
    account_number: d.account_number ?? null,
    ussd_code: d.ussd_code ?? null,
    received_amount: received,
    message,
    test_page: d.standin_page ?? null,
  };
}

const MESSAGES: Record<string, string> = {
  Complete: "Payment received. Thank you for your order!",
  Pending: "We have not received this payment yet.",
  Failed: "This payment did not go through. You can try again with your card or pay on delivery instead.",
  Abandoned: "This payment was not completed. You can try again with your card or pay on delivery instead.",
  Refunded: "This payment has been refunded.",
};

/** The payment state of an order after a confirmation (attempt given) or a switch to pay on delivery. */
export function serializePaymentState(o: PaymentOrderRow, a: AttemptRow | null, note?: string): ApiPaymentState {
  const paid = o.order_payment_status === "Complete" || o.order_payment_status === "Refunded";
  let message = a ? MESSAGES[a.payment_status] ?? MESSAGES.Pending : "Your order will be paid on delivery.";
  if (a && paid && a.payment_status !== "Complete" && a.payment_status !== "Refunded") message = "This order has already been paid.";
  if (note) message = `${message} ${note}`;
  return {
    order_id: o.id,
    reference: a?.reference ?? null,
    status: a?.payment_status ?? null,
    paid,
    order_payment_status: o.order_payment_status,
    order_payment_method: o.order_payment_method,
    amount: koboToNaira(a ? a.amount_kobo : orderTotalKobo(o.order_total_kobo, o.shipping_kobo)),
    currency: a?.currency ?? "NGN",
    message,
  };
}
