/**
 * Orders of /api/v1 (spec sections 3, 4, 7; docs/api-contract.md "The server decides money and state").
 * Answer types: `ApiOrder`, `ApiPlacedOrder`, `ApiOrderItem`, `ApiShippingFee` in ./schemas.ts.
 * Money in answers is naira (numbers); `order_total_price` is the items only, `total` adds shipping.
 *
 * POST /orders/                                             (anyone; a bearer token makes it a member order)
 *   The lines come from exactly one source (docs/orders.md):
 *     a cart:        cart_id / cartId (or cartItems, the spec helper's; without an id: the member's own cart);
 *     one product:   buy: productId (+ quantity, option_id) or orderItem: {product_id, quantity, option_id?};
 *     nothing:       the order starts empty; add lines with POST /orders/{id}/orderitems/create/.
 *   Member:  {delivery_address_id, order_payment_method?, <source>}; without a method: PayOnDelivery
 *            until a card payment is started (make).
 *   Guest:   {guest_delivery_address: {email, receiver_first_name, receiver_last_name, receiver_phone_one,
 *            street_address, city, state, zip_code?, lga?, landmark?, country?}, order_payment_method, <source>}
 *            (lga: one of the state's LGAs, official spelling; landmark ≤ 120 characters; both optional, and
 *            copied with the rest of the address into the order's delivery_address)
 *   Aliases: cartId, addressId, paymentMethod. order_payment_method: "CardPayment" | "PayOnDelivery".
 *   A member may also send `cart_id` (their own cart or a guest cart they hold) or a `guest_delivery_address`
 *   instead of an address-book id. item_price, delivery_charge, order_payment_status, order_delivery_status,
 *   user_id, shippingCost, subtotal are accepted and ignored: prices, shipping (by the address's state,
 *   app/domain/shipping.ts) and totals come from the catalogue.
 *   Idempotency: header `Idempotency-Key: <token>` or body `idempotency_key` (the checkout form's hidden
 *   token). A retry with the same key and request answers the same order (201, same body, header
 *   `Idempotent-Replayed: true`) and places nothing; the same key with a different request is a 422.
 *   A placement that failed (4xx) leaves the key unused: a retry tries again. Keys are per caller
 *   (per member; one space for guests), so use a random token (e.g. a uuid) per checkout form.
 *   201 → ApiPlacedOrder: the order (Placed / Pending) with `order_items`, `status_history`, `steps`,
 *         `total`; plus `guest_token` for a guest order (GET /orders/{id}/?token=…, storefront /orders/{id}?t=…).
 *   Pay on delivery empties the source cart now; card leaves it until payments-api verifies the payment.
 *   400 {detail: "Your cart is empty: …"} (empty cart); 400 {delivery_address_id: [...]} (no or someone else's
 *   address; message includes "Please set your delivery address!"); 400 {"guest_delivery_address.<field>": [...]}
 *   (spec 5 guest rules); 400 {buy: [...]} (product not available); 404 a cart_id that is not the caller's;
 *   409 {detail: "Not enough stock for <name>: only N left.", product_id, available} (nothing is written).
 *
 * GET /orders/{productId}/shippingfee/?state=Lagos&quantity=2   (public) → {shipping_cost, state, zone, origin_state,
 *   earliest_delivery, latest_delivery} (the last two: the delivery window if ordered today, app/domain/delivery.ts)
 *   Buy-now quote, by the same rule as the cart and the order. Unknown/missing state: the base zone.
 *   With an order's uuid in place of the product id (the spec's "order id form", used for carts): the
 *   shipping that order was charged, for whoever may read the order (else 401/404 as GET /orders/{id}/).
 *   The cart quotes a state with GET /carts/{cartId}/?state=Lagos (shipping_cost and total for that state).
 *
 * GET /orders/{id}/            owner or admin (bearer), or a guest order with ?token=<guest_token> → ApiOrder
 *                              (no/other token on a guest order, or anyone else: 404; no bearer and no token: 401)
 * GET /orders/user/{userId}    that member or an admin → {count, next, previous, results: ApiOrder[]} (?page=)
 *
 * POST /orders/{id}/orderitems/create/ {product_id, option_id?, quantity, item_price (ignored)}   owner, or guest ?token=
 *   Only while the payment is Pending and no shipment has moved (else 409). Price from the catalogue, stock
 *   taken (409 when short), the store's shipment made, totals and shipping recomputed.
 *   201 → {item: ApiOrderItem, order: ApiOrder}.
 *
 * POST /orders/{orderItemId}/orderitem/cancel {order_item_cancel_reason}   owner/admin, or guest with ?token=
 *   One of the 7 reasons (CANCEL_REASONS in app/domain/orders.ts; others 400). Allowed while the line's own
 *   store shipment is Placed or Confirmed (else 409). Stock returns; a card-paid order (Complete) queues a `refunds` row for
 *   the item total (payments-api sends it), and with its last active item one for the shipping fee too.
 *   Cancelling a cancelled item answers the same, no second refund.
 *   200 → ApiOrder (the item's status "Cancelled", cancel_reason, cancelled_at; a `cancelled` event in status_history).
 */
import type { Queryable } from "~/db/client.server";
import { flushMailQueue } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";
import { canonicalState } from "~/domain/addresses";
import { DEFAULT_PAYMENT_METHOD } from "~/domain/orders";
import { distanceOf } from "~/domain/shipping";
import { lowestShippingKobo, priceLines, unitPriceKobo } from "~/domain/pricing";
import type { PriceTier } from "~/domain/units";
import { MAX_LINE_QUANTITY } from "~/domain/cart";
import { deliveryWindowFor } from "~/domain/delivery";
import { koboToNaira } from "~/domain/money";
import { ApiError, badRequest, json, notFound, paged, pageParams } from "../core/http";
import { q } from "../core/query";
import { storeView } from "./store-routes";
import type { ApiContext, AuthUser, RouteDef } from "../core/types";
import { processQueuedRefunds } from "~/workflows/refunds.server";
import { guestLinkExpired, guestTokenOpens, guestTokenState } from "../core/guest-token.server";
import { addOrderItem, placeOrder, type OrderAddress, type OrderSource } from "~/workflows/checkout.server";
import { cancelOrderItem } from "~/workflows/cancellation.server";
import { findOrder, listUserOrders, loadOrder, loadOrders } from "./queries.server";
import { shipmentsFor } from "./shipments.server";
import { shopperDeliveryCode } from "~/workflows/delivery-code.server";
import {
  CancelOrderItemBody,
  CreateOrderItemBody,
  OrderItemSchema,
  OrderPageSchema,
  OrderSchema,
  PlacedOrderSchema,
  PlaceOrderBody,
  ShippingFeeQuery,
  ShippingFeeSchema,
} from "./schemas";
import type { OrderRow } from "./serialize";
import * as z from "zod";
import { resolveLanguage } from "~/i18n/i18next.server";
import { GuestLinkRequestSchema, guestLinkContact } from "~/domain/orders";
import { GUEST_LINK_MESSAGES, orderNumberKey } from "~/domain/order-rules";
import { addressKey, rateLimiter, type RateRule } from "../rate-limit.server";
import { sendFreshGuestLinks } from "~/workflows/guest-link.server";
import { flushSmsQueue } from "~/integrations/sms.server";
import { listedSql } from "../catalog/listed";
import { buyerOf, payOnDeliveryStandingOf } from "./door-refusals.server";
import { DOOR_REFUSAL_LIMIT, DOOR_REFUSAL_MESSAGES, DOOR_REFUSAL_WINDOW_DAYS } from "~/domain/door-refusals";

/**
 * Sends the mail queued by a committed change now (the mail job catches anything left). A flush
 * already running may have read the queue before this commit, so a second one follows it (one
 * flush runs at a time per process; concurrent callers share it).
 */
function flushSoon(ctx: ApiContext) {
  void flushMailQueue(ctx.db)
    .then(() => flushMailQueue(ctx.db))
    .catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending order mail failed; the job retries"));
}

const IDEMPOTENCY_KEY_MAX = 255;

/**
 * Runs a write transaction, again (up to 3 times) when PostgreSQL aborts it as a deadlock victim
 * or a serialization failure: the whole transaction rolled back, so a retry is safe.
 */
async function txRetry<T>(ctx: ApiContext, fn: (q: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.tx(fn);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (attempt >= 3 || (code !== "40P01" && code !== "40001")) throw e;
      log().warn({ requestId: ctx.requestId, code, attempt }, "order transaction retried");
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}

async function place(ctx: ApiContext<typeof PlaceOrderBody>) {
  const user = await ctx.user();
  if (!user && ctx.request.headers.get("authorization")) await ctx.requireUser(); // a bad token: 401, so clients refresh
  const body = await ctx.input();
  const headerKey = ctx.request.headers.get("idempotency-key")?.trim() || null;
  if (headerKey && headerKey.length > IDEMPOTENCY_KEY_MAX)
    throw validateError("Idempotency-Key", `Ensure this value has at most ${IDEMPOTENCY_KEY_MAX} characters.`);
  // A member's order without a method (the spec's signed-in body has none) is pay on delivery
  // until a card payment is started for it (make turns it into a card order).
  const paymentMethod = body.order_payment_method ?? body.paymentMethod ?? (user ? "PayOnDelivery" : DEFAULT_PAYMENT_METHOD);
  const addressId = body.delivery_address_id ?? body.addressId ?? null;
  let address: OrderAddress;
  if (user && addressId) address = { kind: "book", id: addressId };
  else if (body.guest_delivery_address) address = { kind: "inline", value: body.guest_delivery_address };
  else if (user) throw validateError("delivery_address_id", "Please set your delivery address!");
  else throw validateError("guest_delivery_address", "Please set your delivery address!");
  // Exactly one source of lines: one product, a cart, or none (lines follow, one orderitems/create each).
  const cartId = body.cart_id ?? body.cartId ?? null;
  const wantsCart = cartId !== null || (body.cartItems !== undefined && body.cartItems !== null);
  if ((body.orderItem || body.buy) && wantsCart) throw validateError("non_field_errors", "Send either a cart (cart_id, cartItems) or one product (buy, orderItem), not both.");
  let source: OrderSource;
  if (body.orderItem) source = { kind: "buy", productId: body.orderItem.product_id, quantity: body.orderItem.quantity, optionId: body.orderItem.option_id ?? null };
  else if (body.buy) source = { kind: "buy", productId: body.buy, quantity: body.quantity ?? 1, optionId: body.option_id ?? null };
  else if (wantsCart) source = { kind: "cart", cartId };
  else source = { kind: "none" };
  const language = await resolveLanguage(ctx.request);
  const result = await txRetry(ctx, (q) =>
    placeOrder(q, {
      user: user ? { id: user.id, email: user.email, first_name: user.first_name } : null,
      paymentMethod,
      address,
      source,
      idempotencyKey: headerKey ?? body.idempotency_key ?? null,
      language,
      deliveryChoices: body.delivery_choices ?? null,
    }),
  );
  if (!result.replayed) {
    log().info({ requestId: ctx.requestId, orderId: result.order.id, method: paymentMethod, guest: !user }, "order placed");
    flushSoon(ctx);
  }
  const answer = { ...(await loadOrder(ctx.db, result.order, ctx.url.origin)), ...(result.guestToken ? { guest_token: result.guestToken } : {}) };
  return json(answer, 201, result.replayed ? { "Idempotent-Replayed": "true" } : {});
}

function validateError(field: string, message: string) {
  return badRequest({ [field]: [message] });
}

/**
 * The order of the path if the caller may see it: its buyer or an admin (bearer token), or, for a
 * guest order, whoever holds its token (?token=). Everyone else gets 404; no bearer and no token 401.
 */
async function readableOrder(ctx: ApiContext, id: string): Promise<OrderRow> {
  const token = ctx.url.searchParams.get("token") ?? ctx.url.searchParams.get("t");
  const o = await findOrder(ctx.db, id);
  if (token !== null) {
    const state = o ? guestTokenState(o, token) : "no";
    if (state === "open") return o!;
    const user = await ctx.user();
    if (o && user && ctx.isOwnerOrAdmin(user, o.user_id)) return o;
    if (state === "expired") throw guestLinkExpired();
    throw notFound();
  }
  const me = await ctx.requireUser();
  if (!o || !ctx.isOwnerOrAdmin(me, o.user_id)) throw notFound();
  return o;
}

/** For commands: the caller may act on `order` (its buyer, an admin, or the guest token of a guest order). */
async function mayActOn(ctx: ApiContext, order: OrderRow): Promise<AuthUser | null> {
  const token = ctx.url.searchParams.get("token") ?? ctx.url.searchParams.get("t");
  const state = token !== null ? guestTokenState(order, token) : "no";
  if (state === "open") return null;
  const user = token !== null ? await ctx.user() : await ctx.requireUser();
  if (!user || !ctx.isOwnerOrAdmin(user, order.user_id)) throw state === "expired" ? guestLinkExpired() : notFound();
  return user;
}

async function listForUser(ctx: ApiContext) {
  const userId = ctx.intParam("userId");
  const { page, pageSize, offset } = pageParams(ctx.url, 10, 50);
  const { rows, count } = await listUserOrders(ctx.db, userId, pageSize, offset);
  if (page > 1 && rows.length === 0) throw notFound();
  return json(paged(ctx.url, await loadOrders(ctx.db, rows, ctx.url.origin), count, page, pageSize));
}

async function getOne(ctx: ApiContext) {
  const id = ctx.uuidParam("id");
  try {
    const o = await readableOrder(ctx, id);
    const order = await loadOrder(ctx.db, o, ctx.url.origin);
    // The buyer (a guest by the token) reads each pay-on-delivery shipment's delivery code; an
    // admin reading the order does not (no one but the buyer should hand it over).
    const buyer = o.user_id === null ? guestTokenOpens(o, ctx.url.searchParams.get("token") ?? ctx.url.searchParams.get("t")) : (await ctx.user())?.id === o.user_id;
    if (!buyer || o.order_payment_method !== "PayOnDelivery") return json(order);
    const rows = (await shipmentsFor(ctx.db, [o.id])).get(o.id) ?? [];
    // Only a shipment on its way with a code carries the key (every other answer stays as it was).
    return json({
      ...order,
      shipments: order.shipments.map((sh) => {
        const row = rows.find((r) => r.id === sh.id);
        const code = row ? shopperDeliveryCode(row) : null;
        return code ? { ...sh, delivery_code: code } : sh;
      }),
    });
  } catch (e) {
    // A member of a store with lines in the order reads that store's part of it (the spec's store
    // order detail uses this path): its lines, the delivery address, its shipment. Others: 404.
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
    const user = await ctx.user();
    const o = user ? await findOrder(ctx.db, id) : null;
    if (!user || !o) throw e;
    const mine = await ctx.db.query<{ store_id: number }>(
      `SELECT DISTINCT oi.store_id FROM order_items oi
         JOIN store_members m ON m.store_id = oi.store_id AND m.user_id = $2 AND m.accepted_at IS NOT NULL
        WHERE oi.order_id = $1 ORDER BY oi.store_id LIMIT 1`,
      [id, user.id],
    );
    if (!mine.rows[0]) throw e;
    return json(await storeView(ctx.db, o, mine.rows[0].store_id, ctx.url.origin));
  }
}

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function shippingFee(ctx: ApiContext<z.ZodType, typeof ShippingFeeQuery>) {
  // Spec section 7: "buy-now; cart uses the order id form": an order's id asks for the shipping that
  // order was charged, for whoever may read the order (its buyer, an admin, a guest with ?token=).
  if (UUID_LIKE.test(ctx.params.productId ?? "")) {
    const order = await readableOrder(ctx, ctx.uuidParam("productId"));
    return json({
      shipping_cost: koboToNaira(Number(order.shipping_kobo)),
      state: order.delivery_state ?? null,
      zone: distanceOf(null, order.delivery_state ?? null),
      origin_state: null,
    });
  }
  const productId = ctx.intParam("productId");
  const query = ctx.query();
  const state = query.state ? canonicalState(query.state) : null;
  const n = Number(query.quantity ?? "1");
  const quantity = Number.isFinite(n) ? Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.round(n * 100) / 100)) : 1;
  const optionId = query.option_id && /^\d{1,9}$/.test(query.option_id) ? Number(query.option_id) : null;
  // Priced as the product's store would ship it: from the store's state (unknown: Lagos), the
  // line at the option's price when one is named (an option that is not the product's: 404).
  const r = await ctx.db.query<{ size: "small" | "medium" | "large"; selling_price_kobo: number; option_price_kobo: number | null; store_state: string | null; price_tiers: PriceTier[] }>(
    `SELECT p.size, p.selling_price_kobo, po.price_kobo AS option_price_kobo, s.state AS store_state,
            CASE WHEN po.id IS NULL THEN p.price_tiers ELSE po.price_tiers END AS price_tiers
       FROM products p LEFT JOIN stores s ON s.id = p.store_id
       LEFT JOIN product_options po ON po.id = $2 AND po.product_id = p.id
      WHERE p.id = $1 AND ${listedSql("p")}`,
    [productId, optionId],
  );
  const p = r.rows[0];
  if (!p || (optionId !== null && p.option_price_kobo === null)) throw notFound();
  const line = { storeId: null, originState: p.store_state, size: p.size, quantity, unitKobo: unitPriceKobo(p.selling_price_kobo, p.option_price_kobo, { tiers: p.price_tiers, quantity }) };
  // The fee to the state asked (none: the lowest, within the store's state), and the shipment's total only for a real state.
  const priced = state ? priceLines([line], state) : priceLines([line], null, lowestShippingKobo([line]).byStore);
  const w = deliveryWindowFor(p.store_state, state, new Date());
  return json({
    shipping_cost: koboToNaira(priced.shippingKobo ?? 0),
    state,
    zone: w.distance,
    origin_state: p.store_state ?? null,
    earliest_delivery: w.earliest,
    latest_delivery: w.latest,
    items_total: koboToNaira(priced.itemsKobo),
    total: state && priced.totalKobo !== null ? koboToNaira(priced.totalKobo) : null,
  });
}

async function createItem(ctx: ApiContext<typeof CreateOrderItemBody>) {
  const orderId = ctx.uuidParam("id");
  const existing = await findOrder(ctx.db, orderId);
  if (!existing) throw notFound();
  await mayActOn(ctx, existing);
  const body = await ctx.input();
  const itemId = await txRetry(ctx, async (q) => {
    const order = await findOrder(q, orderId, true);
    if (!order) throw notFound();
    return addOrderItem(q, order, body.product_id, body.quantity, body.option_id ?? null);
  });
  const order = (await findOrder(ctx.db, orderId))!;
  const apiOrder = await loadOrder(ctx.db, order, ctx.url.origin);
  const item = apiOrder.order_items.find((i) => i.id === itemId)!;
  return json({ item, order: apiOrder }, 201);
}

async function cancelItem(ctx: ApiContext<typeof CancelOrderItemBody>) {
  const itemId = ctx.uuidParam("orderItemId");
  // Who may act is checked before the body is read: others get 404 whatever they send.
  const ref = await ctx.db.query<{ order_id: string }>("SELECT order_id::text AS order_id FROM order_items WHERE id = $1", [itemId]);
  const before = ref.rows[0] ? await findOrder(ctx.db, ref.rows[0].order_id) : null;
  if (!before) throw notFound();
  await mayActOn(ctx, before);
  const { order_item_cancel_reason } = await ctx.input();
  const result = await txRetry(ctx, (q) =>
    cancelOrderItem(q, itemId, order_item_cancel_reason, async (o) => {
      await mayActOn(ctx, o);
    }),
  );
  if (result.changed) {
    log().info({ requestId: ctx.requestId, orderId: result.orderId, itemId, refundQueued: result.refundQueued }, "order item cancelled");
    flushSoon(ctx);
    // The refund row is committed with the cancellation; send it to Paystack now rather than at the
    // next job run. A failure here loses nothing: the row stays queued and the job retries it.
    if (result.refundQueued)
      void processQueuedRefunds(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "refund kick after cancel failed; the job retries"));
  }
  const order = (await findOrder(ctx.db, result.orderId))!;
  return json(await loadOrder(ctx.db, order, ctx.url.origin));
}

/** Limits of POST /orders/guest-link/: per asking address, and per order number (a stranger cannot flood a guest's inbox). */
export const GUEST_LINK_RULES = {
  ip: { name: "guest-link-ip", limit: 20, windowSeconds: 60 * 60, message: "Too many link requests from your network." },
  order: { name: "guest-link-order", limit: 5, windowSeconds: 60 * 60, message: "Too many link requests for this order." },
} satisfies Record<string, RateRule>;

/**
 * POST /orders/guest-link/ {order_number, contact}: a fresh link to a guest order, queued to the
 * order's e-mail and phone when the number and the contact match. The same 202 either way (it
 * tells nobody whether an order exists or whose it is); a 400 only for input that cannot be an
 * order number or a contact; 429 past the limits.
 */
async function requestGuestLink(ctx: ApiContext<typeof GuestLinkRequestSchema>) {
  const rl = rateLimiter(ctx.db);
  await rl.consume(GUEST_LINK_RULES.ip, addressKey(ctx.clientIp));
  const body = await ctx.input();
  const key = orderNumberKey(body.order_number);
  await rl.consume(GUEST_LINK_RULES.order, key ? ("id" in key ? key.id.slice(0, 8) : key.prefix) : null);
  const sent = await ctx.db.tx((tx) => sendFreshGuestLinks(tx, body.order_number, guestLinkContact(body.contact)));
  log().info({ requestId: ctx.requestId, matched: sent }, "guest order link asked for");
  if (sent) {
    flushSoon(ctx);
    void flushSmsQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending the link by SMS failed; the job retries"));
  }
  return json({ detail: GUEST_LINK_MESSAGES.sent }, 202);
}

/**
 * May the caller choose pay on delivery (issue 36 item 6)? Their refusals at the door that count
 * (by account, e-mail and the account's phone) and the rule's figures; `detail` says why not.
 */
async function payOnDeliveryStatus(ctx: ApiContext) {
  const me = await ctx.requireUser();
  // The account's phone only once proved with a code (a typed one may be anyone's).
  const phone = await ctx.db.query<{ phone: string | null }>("SELECT phone FROM users WHERE id = $1 AND phone_verified_at IS NOT NULL", [me.id]);
  const standing = await payOnDeliveryStandingOf(ctx.db, buyerOf(me.id, me.email, phone.rows[0]?.phone ?? null));
  return json({
    allowed: standing.allowed,
    refusals: standing.refusals,
    limit: DOOR_REFUSAL_LIMIT,
    window_days: DOOR_REFUSAL_WINDOW_DAYS,
    detail: standing.allowed ? null : DOOR_REFUSAL_MESSAGES.lost,
  });
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/orders/pay-on-delivery/",
    access: "authenticated",
    summary:
      "May the signed-in buyer choose pay on delivery? {allowed, refusals, limit, window_days, detail}: after `limit` deliveries refused at the door within `window_days` days (by account, e-mail or phone) it is off until they pay an order online once; `detail` says why",
    tag: "orders",
    auth: "required",
    response: z.object({ allowed: z.boolean(), refusals: z.number(), limit: z.number(), window_days: z.number(), detail: z.string().nullable() }),
    handler: payOnDeliveryStatus,
  },
  {
    method: "POST",
    path: "/orders/guest-link/",
    access: "public",
    summary:
      "A fresh link to a guest order {order_number (\"#1A2B3C4D\" or the id), contact (the order's e-mail or phone)}: queued to the order's e-mail and phone when they match. Always the same 202 (nothing told); 400 for input that cannot be a number or a contact; 429 past 5 an hour per order number or 20 per address.",
    tag: "orders",
    auth: "none",
    status: 202,
    body: GuestLinkRequestSchema,
    response: z.object({ detail: z.string() }),
    handler: requestGuestLink,
  },
  {
    method: "POST",
    path: "/orders/",
    access: "public",
    summary:
      "Place an order (201): a member from their cart {delivery_address_id, order_payment_method}; a guest {guest_delivery_address, order_payment_method, cart_id}; buy-now with buy (+quantity) or orderItem. Prices, shipping and totals from the catalogue (client money ignored). Idempotency-Key header or idempotency_key. Empty cart 400, short stock 409 naming the product.",
    tag: "orders",
    auth: "optional",
    status: 201,
    body: PlaceOrderBody,
    response: PlacedOrderSchema,
    handler: place,
  },
  {
    method: "GET",
    path: "/orders/user/:userId",
    access: "self",
    summary: "A member's orders, newest first (paginated; only that member or an admin), with items, status history and step dates",
    tag: "orders",
    auth: "required",
    handler: listForUser,
    response: OrderPageSchema,
  },
  {
    method: "GET",
    path: "/orders/:productId/shippingfee/",
    access: "public",
    // The product form is the same for everyone until the catalogue changes (price, size, the
    // store's state); its dates move with the day, so an answer is reused for 5 minutes at most.
    // The order-id form looks at the caller, so it is never kept (core/router.ts). Kept answers
    // show no stock, so a product page asking for its quote stays in the page cache over checkouts.
    cache: "catalog",
    cacheSeconds: 300,
    summary: "Shipping for buy-now: {shipping_cost} of `quantity` (default 1) of the product to `state` (zone table; unknown state: the base zone)",
    tag: "orders",
    auth: "none",
    query: ShippingFeeQuery,
    response: ShippingFeeSchema,
    handler: shippingFee,
  },
  {
    method: "GET",
    path: "/orders/:id/",
    access: "owner",
    summary: "One order with its items, shipments (one per store) and status history (its buyer or an admin; a guest order with ?token=; a member of a store with lines in it: that store's part; others 404)",
    tag: "orders",
    auth: "optional",
    handler: getOne,
    response: OrderSchema,
    query: z.object({ token: q("A guest order's guest_token"), t: q("Another spelling of token") }),
  },
  {
    method: "POST",
    path: "/orders/:id/orderitems/create/",
    access: "owner",
    summary:
      "Add a line {product_id, option_id?, quantity, item_price (ignored)} to an unpaid order (its buyer, or a guest with ?token=) while no shipment has moved (409 otherwise); price from the catalogue, stock taken (409 naming the product when short), the store's shipment made, totals and shipping recomputed. 201 {item, order}",
    tag: "orders",
    auth: "optional",
    status: 201,
    body: CreateOrderItemBody,
    response: z.object({ item: OrderItemSchema, order: OrderSchema }),
    handler: createItem,
  },
  {
    method: "POST",
    path: "/orders/:orderItemId/orderitem/cancel",
    access: "owner",
    summary:
      "Cancel an order item {order_item_cancel_reason: one of the 7 reasons} while the order is Placed or Confirmed (409 after). Stock returns; a card-paid order queues a refund. Idempotent. Answers the order.",
    tag: "orders",
    auth: "optional",
    body: CancelOrderItemBody,
    response: OrderSchema,
    handler: cancelItem,
  },
];
