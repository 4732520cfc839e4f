/** Payments: request and response schemas and the answer types inferred from them. No server imports. */
import * as z from "zod";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const orderIdField = z
  .string({ message: "This field is required." })
  .trim()
  .min(1, { message: "This field is required." })
  .regex(UUID_RE, { message: "Must be a valid order id." })
  .transform((v) => v.toLowerCase());

/** A guest order's token (the placement answer's `guest_token`); members leave it out. */
const tokenField = z.string().max(200).optional();

/**
 * POST /payments/paystack/make/. Only `order_id` (and `token` for a guest order) count; the
 * amount, e-mail, method and status come from the order on the server, so the fields older
 * clients send (`amount`, `customer_email`, `user_id`, `payment_method`, `payment_status`,
 * `currency`) are accepted and ignored.
 */
export const MakePaymentBodySchema = z.object({
  order_id: orderIdField,
  token: tokenField,
  amount: z.unknown().optional(),
  customer_email: z.unknown().optional(),
  user_id: z.unknown().optional(),
  payment_method: z.unknown().optional(),
  payment_status: z.unknown().optional(),
  currency: z.unknown().optional(),
});

/** PATCH /payments/paystack/switch_to_pod/: the order's card payment becomes pay on delivery. */
export const SwitchToPodBodySchema = z.object({ order_id: orderIdField, token: tokenField });

/**
 * PATCH /payments/paystack/confirm_payment: the reference under any of the names clients use
 * (`tx_ref`, `trx_ref`, `trxref` as Paystack's redirect spells it, `reference`) and the order id.
 * `payment_status` sent by a client is ignored.
 */
export const ConfirmPaymentBodySchema = z.object({
  tx_ref: z.string().max(100).nullish(),
  trx_ref: z.string().max(100).nullish(),
  trxref: z.string().max(100).nullish(),
  reference: z.string().max(100).nullish(),
  order_id: z.string().max(100).nullish(),
  payment_status: z.unknown().optional(),
});

/** POST /payments/paystack/transfer/: pay an order by bank transfer to a temporary account. */
export const StartTransferBodySchema = z.object({
  order_id: orderIdField,
  token: tokenField,
  /**
   * Optional: the id of one shipment of a pay-on-delivery order (the order's `shipments[].id`): pay
   * that store's delivery (its items and shipping) before or at the door instead of the whole order.
   */
  shipment: z.coerce.number({ message: "A shipment is a number: the order's shipments[].id." }).int().positive().optional(),
});

/** POST /payments/paystack/ussd/: pay an order by dialling a USSD code of the shopper's bank. */
export const StartUssdBodySchema = z.object({
  order_id: orderIdField,
  token: tokenField,
  bank: z.enum(["737", "919", "822", "966"], { message: "Choose your bank: 737 (GTBank), 919 (UBA), 822 (Sterling) or 966 (Zenith)." }),
});

/**
 * A bank transfer or USSD payment (its start, and GET /payments/paystack/charge/:reference/): what to
 * pay where, until when, and how it stands. Money in naira.
 */
export const OfflinePaymentSchema = z.object({
  order_id: z.string(),
  reference: z.string(),
  /** bank_transfer | ussd */
  channel: z.string(),
  /** The attempt: Pending (waiting for the money), Complete, Failed (wrong amount), Abandoned (expired), Refunded. */
  status: z.string(),
  /** True when the order is paid (this or another attempt); for a shipment's payment, when that shipment is. */
  paid: z.boolean(),
  /** The shipment this payment pays (pay at the door by transfer), or null: the whole order. */
  shipment: z.number().nullable(),
  /** True when the account / code can no longer be paid (nothing was taken). */
  expired: z.boolean(),
  order_payment_status: z.string(),
  /** Naira: exactly this is to be sent. */
  amount: z.number(),
  currency: z.string(),
  /** ISO time the account / code stops working. */
  expires_at: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  /** The code to dial (USSD), e.g. "*737*000*1234#". */
  ussd_code: z.string().nullable(),
  /** A transfer of the wrong amount: what was received (naira), returned to the payer by Paystack. */
  received_amount: z.number().nullable(),
  message: z.string(),
  /** Development only: the local Paystack stand-in's page where a tester sends the money. */
  test_page: z.string().nullable(),
});

/** Paystack's own transaction/initialize body, as it is: the URL is `data.authorization_url`. */
export const MakePaymentAnswerSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
});

/** The payment state of an order after confirm_payment or switch_to_pod. */
export const PaymentStateSchema = z.object({
  order_id: z.string(),
  /** The attempt confirmed (null for switch_to_pod). */
  reference: z.string().nullable(),
  /** The attempt's status: Pending, Complete, Failed, Abandoned or Refunded (null for switch_to_pod). */
  status: z.string().nullable(),
  /** True when the order is paid (this or another attempt). */
  paid: z.boolean(),
  order_payment_status: z.string(),
  order_payment_method: z.string(),
  /** Naira. */
  amount: z.number(),
  currency: z.string(),
  message: z.string(),
});

export const TransactionSchema = z.object({
  id: z.number(),
  reference: z.string(),
  /** Naira (the API's money unit); Paystack was asked for amount × 100 kobo. */
  amount: z.number(),
  customer_email: z.string(),
  order_id: z.string(),
  user_id: z.number().nullable(),
  payment_method: z.string(),
  payment_status: z.string(),
  currency: z.string(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  /** Paystack's channel: card, bank_transfer or ussd. */
  channel: z.string(),
});

export const TransactionPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(TransactionSchema),
});

export type ApiMakePaymentAnswer = z.infer<typeof MakePaymentAnswerSchema>;
export type ApiPaymentState = z.infer<typeof PaymentStateSchema>;
export type ApiOfflinePayment = z.infer<typeof OfflinePaymentSchema>;
export type ApiTransaction = z.infer<typeof TransactionSchema>;
export type ApiTransactionPage = z.infer<typeof TransactionPageSchema>;
