/**
 * Payments of /api/v1 (spec section 7; docs/domain.md section 1 and Decisions 1-4):
 * start a card payment, confirm it, switch to pay on delivery, list an order's attempts, and
 * Paystack's webhook. The server decides money and state: amounts come from the order, and an
 * order is paid only after Paystack's verify says success for the amount and currency asked.
 */
import { badRequest, json, notFound, paged, pageParams } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { confirmAttempt, startCardPayment, startOfflinePayment, switchToPayOnDelivery } from "~/workflows/payments.server";
import { guestLinkExpired, guestTokenState } from "~/api/core/guest-token.server";
import { findAttempt, findPaymentOrder, listOrderAttempts, type PaymentOrderRow } from "./queries.server";
import {
  ConfirmPaymentBodySchema,
  MakePaymentAnswerSchema,
  MakePaymentBodySchema,
  OfflinePaymentSchema,
  PaymentStateSchema,
  StartTransferBodySchema,
  StartUssdBodySchema,
  SwitchToPodBodySchema,
  TransactionPageSchema,
  orderIdField,
} from "./schemas";
import { serializeOfflinePayment, serializePaymentState, serializeTransaction } from "./serialize";
import { receivePaystackWebhook } from "~/workflows/paystack-events.server";
import { startShipmentTransfer } from "~/workflows/pay-at-door.server";

/**
 * "holder" for orders: a member's order is its buyer's (or an admin's; others 404, anonymous 401);
 * a guest order opens with its token (body `token` or `?token=`), or for an admin.
 */
async function requireOrderHolder(ctx: ApiContext, o: PaymentOrderRow, token: string | undefined): Promise<void> {
  if (o.user_id === null) {
    const state = guestTokenState(o, token ?? ctx.url.searchParams.get("token"));
    if (state === "open") return;
    if ((await ctx.user())?.role === "admin") return;
    if (state === "expired") throw guestLinkExpired();
    throw notFound();
  }
  await ctx.requireOwner(o.user_id);
}

async function make(ctx: ApiContext<typeof MakePaymentBodySchema>) {
  const body = await ctx.input();
  const order = await findPaymentOrder(ctx.db, body.order_id);
  if (!order) throw notFound();
  await requireOrderHolder(ctx, order, body.token);
  const started = await startCardPayment(ctx.db, order, ctx.url.origin);
  return json({ status: true, message: "Authorization URL created", data: started }, 201);
}

async function startTransfer(ctx: ApiContext<typeof StartTransferBodySchema>) {
  const body = await ctx.input();
  const order = await findPaymentOrder(ctx.db, body.order_id);
  if (!order) throw notFound();
  await requireOrderHolder(ctx, order, body.token);
  const a = body.shipment !== undefined ? await startShipmentTransfer(ctx.db, order, body.shipment) : await startOfflinePayment(ctx.db, order, "bank_transfer");
  return json(serializeOfflinePayment((await findPaymentOrder(ctx.db, order.id))!, a), 201);
}

async function startUssd(ctx: ApiContext<typeof StartUssdBodySchema>) {
  const body = await ctx.input();
  const order = await findPaymentOrder(ctx.db, body.order_id);
  if (!order) throw notFound();
  await requireOrderHolder(ctx, order, body.token);
  const a = await startOfflinePayment(ctx.db, order, "ussd", body.bank);
  return json(serializeOfflinePayment((await findPaymentOrder(ctx.db, order.id))!, a), 201);
}

/**
 * A transfer / USSD payment's state, for its page's refreshes: anyone holding the reference AND
 * the order id (as confirm_payment); a Pending one is verified with Paystack first (at most once a
 * second per reference, shared by concurrent calls), so a lost webhook does not keep a page waiting.
 */
async function chargeState(ctx: ApiContext) {
  const reference = ctx.params.reference ?? "";
  const orderId = orderIdField.safeParse(ctx.url.searchParams.get("order_id") ?? "");
  if (!orderId.success) throw badRequest({ order_id: [orderId.error.issues[0]?.message ?? "This field is required."] });
  if (!/^[A-Za-z0-9.=-]{1,100}$/.test(reference)) throw notFound();
  const attempt = await findAttempt(ctx.db, reference);
  if (!attempt || attempt.order_id !== orderId.data || attempt.channel === "card") throw notFound();
  await confirmAttempt(ctx.db, attempt);
  const [a, o] = await Promise.all([findAttempt(ctx.db, reference), findPaymentOrder(ctx.db, attempt.order_id)]);
  return json(serializeOfflinePayment(o!, a!));
}

async function switchToPod(ctx: ApiContext<typeof SwitchToPodBodySchema>) {
  const body = await ctx.input();
  const order = await findPaymentOrder(ctx.db, body.order_id);
  if (!order) throw notFound();
  await requireOrderHolder(ctx, order, body.token);
  await switchToPayOnDelivery(ctx.db, order.id);
  return json(serializePaymentState((await findPaymentOrder(ctx.db, order.id))!, null));
}

async function confirm(ctx: ApiContext<typeof ConfirmPaymentBodySchema>) {
  // Cheap checks first: clients call this in a loop, sometimes with null ids.
  const body = await ctx.input();
  const reference = [body.tx_ref, body.trx_ref, body.trxref, body.reference].map((v) => v?.trim()).find((v) => !!v);
  const errors: Record<string, string[]> = {};
  if (!reference) errors.tx_ref = ["This field is required (tx_ref, trx_ref or reference)."];
  const orderId = orderIdField.safeParse(body.order_id ?? "");
  if (!orderId.success) errors.order_id = [orderId.error.issues[0]?.message ?? "This field is required."];
  if (Object.keys(errors).length || !reference || !orderId.success) throw badRequest(errors);
  const attempt = await findAttempt(ctx.db, reference);
  if (!attempt || attempt.order_id !== orderId.data) throw notFound();
  const reached = await confirmAttempt(ctx.db, attempt);
  const [a, o] = await Promise.all([findAttempt(ctx.db, reference), findPaymentOrder(ctx.db, attempt.order_id)]);
  return json(serializePaymentState(o!, a, reached ? undefined : "We could not reach the card payment service to check it; try again in a moment."));
}

async function transactions(ctx: ApiContext) {
  const orderId = ctx.uuidParam("orderId");
  const order = await findPaymentOrder(ctx.db, orderId);
  if (!order) throw notFound();
  await ctx.requireOwner(order.user_id);
  const { page, pageSize, offset } = pageParams(ctx.url, 10, 50);
  const { rows, count } = await listOrderAttempts(ctx.db, orderId, pageSize, offset);
  if (page > 1 && rows.length === 0) throw notFound();
  return json(paged(ctx.url, rows.map(serializeTransaction), count, page, pageSize));
}

export const routes: RouteDef[] = [
  {
    method: "POST",
    path: "/payments/paystack/make/",
    access: "holder",
    summary:
      "Start a card payment for an order: a new attempt with our own reference and the order's amount (items + shipping, in kobo, never the client's), then Paystack transaction/initialize. Answers Paystack's initialize body {status, message, data: {authorization_url, access_code, reference}}: follow data.authorization_url. A pay-on-delivery order (a member's order placed without a method) becomes a card order. Guest orders: send `token`. 400 when already paid or cancelled; 503/502 when Paystack is down or refuses (the order is kept).",
    tag: "payments",
    auth: "optional",
    body: MakePaymentBodySchema,
    response: MakePaymentAnswerSchema,
    status: 201,
    handler: make,
  },
  {
    method: "PATCH",
    path: "/payments/paystack/confirm_payment",
    access: "public",
    summary:
      "Verify a card payment with Paystack ({tx_ref | trx_ref | reference, order_id}) and answer the order's payment state. Paid only when Paystack says success for the same amount and currency; idempotent; 400 for missing ids; the reference must belong to the order (else 404).",
    tag: "payments",
    auth: "none",
    body: ConfirmPaymentBodySchema,
    response: PaymentStateSchema,
    handler: confirm,
  },
  {
    method: "POST",
    path: "/payments/paystack/transfer/",
    access: "holder",
    summary:
      "Pay an order by bank transfer ({order_id, token for a guest order}): a new attempt for the order's amount (items + shipping, never the client's) and Paystack's POST /charge with bank_transfer. Answers the temporary account (bank_name, account_number, account_name), the exact amount in naira and expires_at (about 30 minutes); an open account for the same amount is answered again. With `shipment` (a pay-on-delivery order's shipments[].id): pay that one store's delivery (its items and shipping) before or at the door; once paid the store collects nothing and the answer's `paid` is that shipment's (400 when the order is not pay on delivery, or the delivery is paid, its cash received or its items cancelled). Paid only when Paystack confirms that exact amount (a wrong amount is returned to the payer by Paystack: status Failed, received_amount). 400 when already paid or cancelled; 503/502 when Paystack is down or refuses.",
    tag: "payments",
    auth: "optional",
    body: StartTransferBodySchema,
    response: OfflinePaymentSchema,
    status: 201,
    handler: startTransfer,
  },
  {
    method: "POST",
    path: "/payments/paystack/ussd/",
    access: "holder",
    summary:
      "Pay an order by USSD ({order_id, token for a guest order, bank: 737 GTBank | 919 UBA | 822 Sterling | 966 Zenith}): a new attempt for the order's amount and Paystack's POST /charge with ussd; answers ussd_code, the code to dial. Same rules as transfer.",
    tag: "payments",
    auth: "optional",
    body: StartUssdBodySchema,
    response: OfflinePaymentSchema,
    status: 201,
    handler: startUssd,
  },
  {
    method: "GET",
    path: "/payments/paystack/charge/:reference/",
    access: "public",
    summary:
      "A transfer / USSD payment's state (?order_id= required; the reference must be that order's, else 404): verified with Paystack while Pending (at most once a second per reference), idempotent. paid: the order is paid; expired: the account or code can no longer be paid (nothing was taken); received_amount: a wrong amount that Paystack returns to the payer.",
    tag: "payments",
    auth: "none",
    response: OfflinePaymentSchema,
    handler: chargeState,
  },
  {
    method: "PATCH",
    path: "/payments/paystack/switch_to_pod/",
    access: "holder",
    summary:
      "Pay on delivery instead of by card ({order_id, token for a guest order}): the unpaid order's method becomes PayOnDelivery and its cart is emptied. 400 when already paid or cancelled.",
    tag: "payments",
    auth: "optional",
    body: SwitchToPodBodySchema,
    response: PaymentStateSchema,
    handler: switchToPod,
  },
  {
    method: "GET",
    path: "/payments/order/:orderId/transaction/",
    access: "owner",
    summary: "An order's payment attempts, newest first (paginated; amount in naira; only the buyer or an admin)",
    tag: "payments",
    auth: "required",
    response: TransactionPageSchema,
    handler: transactions,
  },
  {
    method: "POST",
    path: "/webhooks/paystack",
    access: "public",
    summary:
      "Paystack's webhook: x-paystack-signature must be the HMAC-SHA512 of the raw body with the secret key (else 401, nothing stored). Each event is stored once and answered 200 at once, then reconciled through verify.",
    tag: "payments",
    auth: "none",
    handler: (ctx) => receivePaystackWebhook(ctx.db, ctx.request),
  },
];
