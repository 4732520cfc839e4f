/**
 * Payments of /api/v1 (spec section 7; docs/domain.md section 1 and Decisions 1-4):
 * start a card payment, confirm it, switch to pay on delivery, list an order's attempts, and
 * Paystack's webhook. The server decides money and state: amounts come from the order, and an
 * order is paid only after Paystack's verify says success for the amount and currency asked.
 */
import { badRequest, json, notFound, paged, pageParams } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { confirmAttempt, startCardPayment, switchToPayOnDelivery } from "~/workflows/payments.server";
import { guestTokenOpens } from "~/api/core/guest-token.server";
import { findAttempt, findPaymentOrder, listOrderAttempts, type PaymentOrderRow } from "./queries.server";
import {
  ConfirmPaymentBodySchema,
  MakePaymentAnswerSchema,
  MakePaymentBodySchema,
  PaymentStateSchema,
  SwitchToPodBodySchema,
  TransactionPageSchema,
  orderIdField,
} from "./schemas";
import { serializePaymentState, serializeTransaction } from "./serialize";
import { receivePaystackWebhook } from "~/workflows/paystack-events.server";

/**
 * "holder" for orders: a member's order is its buyer's (or an admin's; others 404, anonymous 401);
 * a guest order opens with its token (body `token` or `?token=`), or for an admin.
 */
async function requireOrderHolder(ctx: ApiContext, o: PaymentOrderRow, token: string | undefined): Promise<void> {
  if (o.user_id === null) {
    if (guestTokenOpens({ id: o.id, user_id: null }, token ?? ctx.url.searchParams.get("token"))) return;
    if ((await ctx.user())?.role === "admin") return;
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
