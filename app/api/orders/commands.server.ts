/**
 * Orders: writes. Plain functions over a Queryable; those that must be atomic take a transaction
 * (`db.tx(q => placeOrder(q, input))`), so they compose with each other and with the payments area.
 *
 * Exports for payments-api (contract 1): `recordOrderEvent(q, orderId, kind)` and
 * `emptySourceCart(q, orderId)` (call it after a verified card payment, in the same transaction
 * that marks the order paid).
 */
import crypto from "node:crypto";
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { MAX_LINE_QUANTITY } from "~/domain/cart";
import { CANCEL_MESSAGES, CHECKOUT_MESSAGES, isCancellable, type CancelReason, type GuestCheckout, type OrderEventKind, type PaymentMethod } from "~/domain/orders";
import type { ShipmentSize } from "~/domain/shipping";
import { ensureShipments, recomputeOrderTotals, refreshOrderDelivery, shipmentsFor } from "./shipments.server";
import { returnStock, takeStock } from "../products/stock.server";
import { canonicalState } from "~/domain/addresses";
import { ApiError, badRequest, notFound } from "../core/http";
import { findCart, findUserCart, loadCartItems, productOption } from "../carts/queries.server";
import { findOrder } from "./queries.server";
import type { OrderRow } from "./serialize";
import { itemCancelledEmail, orderPlacedEmail, unpaidOrderCancelledEmail, type EmailOrderLine } from "~/integrations/mail/order-emails.server";
import { orderLanguage } from "~/integrations/mail/language.server";
import { listedSql } from "../catalog/listed";
import { orderNumber } from "~/domain/orders";
import { recordEvent, type Notice } from "../notifications/commands.server";
import { buyerNotice, crossedLowStock, lowStockNotice, newOrderStoreMails, orderStores, storeNotices } from "../notifications/events.server";

export const conflict = (body: Record<string, unknown>) => new ApiError(409, body);

// ---- events and the source cart (contract 1) ------------------------------------------------

/**
 * Records a change of an order with its date. Steps of the order (placed, paid, confirmed,
 * shipped, delivered) are recorded once: a second call is a no-op. Per-item kinds (cancelled,
 * refunded) take the item id and are recorded once per item.
 */
export async function recordOrderEvent(q: Queryable, orderId: string, kind: OrderEventKind, orderItemId: string | null = null): Promise<void> {
  if (orderItemId)
    await q.query(
      `INSERT INTO order_events (order_id, order_item_id, kind) VALUES ($1, $2, $3)
       ON CONFLICT (order_item_id, kind) WHERE order_item_id IS NOT NULL DO NOTHING`,
      [orderId, orderItemId, kind],
    );
  else
    await q.query(
      `INSERT INTO order_events (order_id, kind) VALUES ($1, $2)
       ON CONFLICT (order_id, kind) WHERE order_item_id IS NULL DO NOTHING`,
      [orderId, kind],
    );
}

/**
 * Empties the cart an order was made from: the cart lines of the order's products go (a product
 * the shopper added after placing the order stays). Safe to call twice; a buy-now order (no
 * source cart) changes nothing. Returns the number of lines removed.
 */
export async function emptySourceCart(q: Queryable, orderId: string): Promise<number> {
  const r = await q.query(
    `DELETE FROM cart_items ci USING orders o
      WHERE o.id = $1 AND ci.cart_id = o.source_cart_id
        AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.product_id = ci.product_id AND oi.option_id IS NOT DISTINCT FROM ci.option_id)`,
    [orderId],
  );
  if (r.rowCount) await q.query("UPDATE carts SET updated_at = now() WHERE id = (SELECT source_cart_id FROM orders WHERE id = $1)", [orderId]);
  return r.rowCount;
}

// ---- guest tokens --------------------------------------------------------------------------

/** The token that opens a guest order (signed: HMAC of the order id with the server's secret). */
export function guestTokenFor(orderId: string): string {
  return crypto.createHmac("sha256", env().jwtSecret).update(`guest-order:${orderId}`).digest("base64url");
}

/** True when `token` opens guest order `order` (constant-time compare; members' orders never open with a token). */
export function guestTokenOpens(order: Pick<OrderRow, "id" | "user_id">, token: string | null | undefined): boolean {
  if (!token || order.user_id !== null) return false;
  const want = Buffer.from(guestTokenFor(order.id));
  const got = Buffer.from(token);
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

/** A line's name as orders and e-mails show it: "Paint (Colour: Red)". */
export const withOption = (name: string, label: string | null | undefined) => (label ? `${name} (${label})` : name);

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

// ---- placement -----------------------------------------------------------------------------

export type OrderAddress = { kind: "book"; id: number } | { kind: "inline"; value: GuestCheckout };
/**
 * Where an order's lines come from: exactly one source. A cart (its id, or the member's own cart);
 * one product (Buy Now, with an optional option); or none: the order starts with no lines and the
 * client adds one POST /orders/{id}/orderitems/create/ per item (spec section 7's sequence).
 */
export type OrderSource =
  | { kind: "cart"; cartId: string | null }
  | { kind: "buy"; productId: number; quantity: number; optionId?: number | null }
  | { kind: "none" };

export interface PlaceOrderInput {
  /** The signed-in buyer, or null for a guest. */
  user: { id: number; email: string; first_name?: string } | null;
  paymentMethod: PaymentMethod;
  address: OrderAddress;
  source: OrderSource;
  /** Idempotency-Key (header) or the form's hidden token. */
  idempotencyKey?: string | null;
  /** The language the shopper placed it in: its e-mails, SMS and WhatsApp messages use it. */
  language?: string | null;
}

export interface PlaceOrderResult {
  order: OrderRow;
  /** True when an earlier placement with the same key is answered again. */
  replayed: boolean;
  /** For a guest order: the token that opens it (GET /orders/{id}/?token=). */
  guestToken?: string;
}

interface OrderLine {
  product_id: number;
  name: string;
  /** The product option bought (unit_kobo is its price), or null. */
  option_id: number | null;
  option_label: string | null;
  unit_kobo: number;
  size: ShipmentSize;
  quantity: number;
  store_id: number | null;
  published: boolean;
  stock_quantity: number;
}

/** What the idempotency check compares: the request as the server understood it. */
function requestFingerprint(input: PlaceOrderInput): string {
  // A member's cart is theirs whether named by id or not: a retry that no longer knows the id is the same request.
  const s = input.user && input.source.kind === "cart" ? { kind: "cart" } : input.source;
  return sha256(JSON.stringify({ u: input.user?.id ?? null, m: input.paymentMethod, a: input.address, s }));
}

async function resolveAddress(q: Queryable, input: PlaceOrderInput): Promise<{ id: number | null; snapshot: Record<string, unknown>; state: string | null; email: string | null }> {
  if (input.address.kind === "inline") {
    const a = input.address.value;
    return { id: null, snapshot: { ...a }, state: a.state, email: a.email };
  }
  if (!input.user) throw badRequest({ guest_delivery_address: [CHECKOUT_MESSAGES.noAddress] });
  const r = await q.query<Record<string, unknown> & { id: number; state: string }>(
    `SELECT id, receiver_first_name, receiver_last_name, receiver_phone_one, receiver_phone_two, street_address, city, state, country, zip_code,
            lga, landmark
       FROM addresses WHERE id = $1 AND user_id = $2`,
    [input.address.id, input.user.id],
  );
  const a = r.rows[0];
  // Someone else's address reads exactly like a missing one.
  if (!a) throw badRequest({ delivery_address_id: ["Address not found. Please set your delivery address!"] });
  const { id, ...snapshot } = a;
  return { id, snapshot: { ...snapshot, email: input.user.email }, state: canonicalState(String(a.state)), email: input.user.email };
}

/** One product (and option) as a line priced from the catalogue; 400 on `field` when it cannot be bought. */
async function catalogueLine(q: Queryable, productId: number, optionId: number | null | undefined, quantity: number, field: string): Promise<OrderLine> {
  const r = await q.query<Omit<OrderLine, "quantity" | "unit_kobo" | "option_id" | "option_label"> & { selling_price_kobo: number }>(
    `SELECT p.id AS product_id, p.name, p.selling_price_kobo, p.size, p.store_id, ${listedSql("p")} AS published, p.stock_quantity FROM products p WHERE p.id = $1`,
    [productId],
  );
  const p = r.rows[0];
  if (!p || !p.published) throw badRequest({ [field]: ["This product is not available."] });
  const option = optionId ? await productOption(q, p.product_id, optionId) : null;
  if (optionId && !option) throw badRequest({ option_id: ["This option is not available for this product."] });
  const { selling_price_kobo, ...rest } = p;
  return { ...rest, unit_kobo: option?.price_kobo ?? selling_price_kobo, quantity, option_id: option?.id ?? null, option_label: option?.label ?? null };
}

async function resolveLines(q: Queryable, input: PlaceOrderInput): Promise<{ lines: OrderLine[]; cartId: string | null }> {
  if (input.source.kind === "none") return { lines: [], cartId: null };
  if (input.source.kind === "buy") {
    return { lines: [await catalogueLine(q, input.source.productId, input.source.optionId, input.source.quantity, "buy")], cartId: null };
  }
  const cart = input.source.cartId ? await findCart(q, input.source.cartId) : input.user ? await findUserCart(q, input.user.id) : null;
  if (input.source.cartId && (!cart || (cart.user_id !== null && cart.user_id !== input.user?.id))) throw notFound();
  if (!cart) {
    if (!input.user) throw badRequest({ cart_id: ["Give the cart to order from (cart_id), or a product to buy now (buy)."] });
    throw badRequest({ detail: CHECKOUT_MESSAGES.emptyCart });
  }
  // One checkout of a cart at a time (a double-clicked button waits for the first and finds the
  // cart emptied, or its idempotency key answered).
  await q.query("SELECT id FROM carts WHERE id = $1 FOR UPDATE", [cart.id]);
  const items = await loadCartItems(q, cart.id);
  if (!items.length) throw badRequest({ detail: CHECKOUT_MESSAGES.emptyCart });
  return {
    lines: items.map((i) => ({
      product_id: i.product_id,
      name: i.name,
      // the line's option price when it has one (loadCartItems resolves it)
      unit_kobo: i.selling_price_kobo,
      option_id: i.option_id,
      option_label: i.option_label,
      size: i.size,
      quantity: i.quantity,
      store_id: null,
      published: i.published,
      stock_quantity: i.stock_quantity,
    })),
    cartId: cart.id,
  };
}

/** Takes each line's stock (product id order, so two checkouts never wait in a circle); low-stock notices. */
async function takeLinesStock(tx: Queryable, lines: OrderLine[]): Promise<Notice[]> {
  const lowStock: Notice[] = [];
  for (const l of [...lines].sort((a, b) => a.product_id - b.product_id || (a.option_id ?? 0) - (b.option_id ?? 0))) {
    const taken = await takeStock(tx, { productId: l.product_id, optionId: l.option_id, quantity: l.quantity, name: l.name });
    l.store_id = taken.store_id;
    if (crossedLowStock(taken.left + l.quantity, taken.left)) {
      const n = await lowStockNotice(tx, l.product_id, taken.left);
      if (n) lowStock.push(n);
    }
  }
  return lowStock;
}

/**
 * Places an order in the caller's transaction: prices and totals from the catalogue, stock taken
 * with a conditional UPDATE, the order and its lines inserted as Placed / Pending with one shipment
 * per store (each priced from its store's state to the delivery state), the `placed` event
 * recorded, the source cart emptied for pay on delivery (for card, payments-api empties it after
 * a verified payment), and the order announced (notices and e-mails). An order placed with no
 * source starts empty and is announced later (announceOrder). With an idempotency key, a
 * retried placement answers the first order instead. Throws 400 (bad address, empty cart), 404 (a
 * cart that is not the caller's), 409 (stock), 422 (a key reused with a different request).
 */
export async function placeOrder(tx: Queryable, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const scope = input.user ? `user:${input.user.id}` : "guest";
  const fingerprint = requestFingerprint(input);
  if (input.idempotencyKey) {
    // Two requests with one key: the second waits here until the first commits, then replays it.
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 9))", [`order-idem:${scope}:${input.idempotencyKey}`]);
    const seen = await tx.query<{ request_hash: string; order_id: string }>(
      "SELECT request_hash, order_id::text AS order_id FROM order_idempotency_keys WHERE scope = $1 AND key = $2",
      [scope, input.idempotencyKey],
    );
    const prior = seen.rows[0];
    if (prior) {
      if (prior.request_hash !== fingerprint)
        throw new ApiError(422, { detail: "This Idempotency-Key was already used with a different request. Use a new key for a new order." });
      const order = await findOrder(tx, prior.order_id);
      if (order) return { order, replayed: true, guestToken: order.user_id === null ? guestTokenFor(order.id) : undefined };
    }
  }

  const address = await resolveAddress(tx, input);
  const { lines, cartId } = await resolveLines(tx, input);
  for (const l of lines) {
    if (!l.published) throw conflict({ detail: `${l.name} is no longer available: remove it to place your order.`, product_id: l.product_id, available: 0 });
    if (l.quantity > MAX_LINE_QUANTITY) throw badRequest({ quantity: [`Ensure this value is less than or equal to ${MAX_LINE_QUANTITY}.`] });
  }
  const lowStock = await takeLinesStock(tx, lines);

  const orderId = crypto.randomUUID();
  const guestToken = input.user ? undefined : guestTokenFor(orderId);
  await tx.query(
    `INSERT INTO orders (id, user_id, customer_email, delivery_address_id, delivery_address, delivery_state, order_total_kobo, shipping_kobo,
                         order_delivery_status, order_payment_status, order_payment_method, guest_token, source_cart_id, lines_changed_at, language)
     VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 'Placed', 'Pending', $7, $8, $9, now(), $10)`,
    [orderId, input.user?.id ?? null, address.email, address.id, JSON.stringify(address.snapshot), address.state, input.paymentMethod, guestToken ? sha256(guestToken) : null, cartId, input.language ?? null],
  );
  if (lines.length) {
    const values: unknown[] = [];
    const tuples = lines.map((l, i) => {
      values.push(orderId, l.product_id, l.store_id, l.name, l.quantity, l.unit_kobo, l.option_id, l.option_label);
      const b = i * 8;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, clock_timestamp())`;
    });
    await tx.query(
      `INSERT INTO order_items (order_id, product_id, store_id, product_name, quantity, item_price_kobo, option_id, option_label, created_at) VALUES ${tuples.join(", ")}`,
      values,
    );
    await ensureShipments(tx, orderId);
    await recomputeOrderTotals(tx, orderId, address.state);
  }
  await recordOrderEvent(tx, orderId, "placed");
  // Pay on delivery: the order is placed, the cart is done. Card: only after a verified payment.
  if (input.paymentMethod === "PayOnDelivery" && cartId) await emptySourceCart(tx, orderId);
  if (input.idempotencyKey)
    await tx.query("INSERT INTO order_idempotency_keys (scope, key, request_hash, order_id) VALUES ($1, $2, $3, $4)", [
      scope,
      input.idempotencyKey,
      fingerprint,
      orderId,
    ]);
  if (lowStock.length) await recordEvent(tx, { notices: lowStock });
  if (lines.length) await announceOrder(tx, orderId);
  const order = (await findOrder(tx, orderId))!;
  return { order, replayed: false, guestToken };
}

// ---- announcing an order ---------------------------------------------------------------------

/** An order placed empty is announced once no line has been added for this long (or at its first payment attempt). */
export const ANNOUNCE_AFTER_QUIET_MINUTES = 2;
/** An order still without lines this long after placement is removed. */
export const EMPTY_ORDER_TTL_HOURS = 24;

/**
 * Sends an order's "placed" notices and e-mails, once: to the buyer (the order e-mail with every
 * line and each store's shipping) and to each store with lines in it (a notice, and the "New order"
 * e-mail to its members who want it). An order with no active line is never announced. Returns
 * false when there was nothing to do (announced before, or no lines). In the caller's transaction.
 */
export async function announceOrder(tx: Queryable, orderId: string): Promise<boolean> {
  const r = await tx.query<{ id: string }>(
    `UPDATE orders o SET announced_at = now() WHERE o.id = $1 AND o.announced_at IS NULL
        AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.status = 'Active') RETURNING o.id::text AS id`,
    [orderId],
  );
  if (!r.rows[0]) return false;
  const order = (await findOrder(tx, orderId))!;
  const who = await tx.query<{ first_name: string }>(
    `SELECT COALESCE(u.first_name, o.delivery_address->>'receiver_first_name', '') AS first_name FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
    [orderId],
  );
  const lines = await tx.query<{ product_name: string; option_label: string | null; quantity: number; item_price_kobo: number }>(
    "SELECT product_name, option_label, quantity, item_price_kobo FROM order_items WHERE order_id = $1 AND status = 'Active' ORDER BY created_at, id",
    [orderId],
  );
  const ships = (await shipmentsFor(tx, [orderId])).get(orderId) ?? [];
  const number = orderNumber(orderId);
  const pod = order.order_payment_method === "PayOnDelivery";
  await recordEvent(tx, {
    notices: [
      buyerNotice(order.user_id, orderId, "order_placed", `Order ${number} placed`, pod ? "You pay on delivery." : "Complete the card payment to have it confirmed."),
      ...storeNotices(await orderStores(tx, orderId), orderId, "order_placed", `New order ${number}`, pod ? "Pay on delivery." : "Card payment pending."),
    ],
    mails: [
      ...(order.customer_email
        ? [
            orderPlacedEmail({
              to: order.customer_email,
              firstName: who.rows[0]?.first_name ?? "",
              orderId,
              guestToken: order.user_id === null ? guestTokenFor(orderId) : undefined,
              paymentMethod: order.order_payment_method as PaymentMethod,
              lines: lines.rows.map((l): EmailOrderLine => ({ name: withOption(l.product_name, l.option_label), quantity: l.quantity, unitKobo: l.item_price_kobo })),
              subtotalKobo: order.order_total_kobo,
              shippingKobo: order.shipping_kobo,
              shipments: ships.filter((s) => s.active_items > 0).map((s) => ({ store: s.store_name ?? "BuildMart seller", shippingKobo: s.shipping_kobo })),
              state: order.delivery_state,
              lang: await orderLanguage(tx, orderId),
            }),
          ]
        : []),
      ...(await newOrderStoreMails(tx, orderId)),
    ],
  });
  return true;
}

/**
 * The job's part (app/jobs.server.ts): announces orders placed empty whose lines stopped coming
 * ANNOUNCE_AFTER_QUIET_MINUTES ago, and removes orders that never got a line within
 * EMPTY_ORDER_TTL_HOURS (nothing was taken or paid for them). Returns what it did.
 */
export async function settleEmptyOrders(db: { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>; query: Queryable["query"] }): Promise<{ announced: number; removed: number }> {
  const due = await db.query<{ id: string }>(
    `SELECT o.id::text AS id FROM orders o
      WHERE o.announced_at IS NULL AND o.lines_changed_at <= now() - make_interval(mins => $1)
        AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.status = 'Active')
      ORDER BY o.lines_changed_at LIMIT 200`,
    [ANNOUNCE_AFTER_QUIET_MINUTES],
  );
  let announced = 0;
  for (const { id } of due.rows)
    if (
      await db.tx(async (q) => {
        const locked = await q.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE SKIP LOCKED", [id]);
        return locked.rows.length ? announceOrder(q, id) : false;
      })
    )
      announced++;
  const removed = await db.query(
    `DELETE FROM orders o WHERE o.announced_at IS NULL AND o.created_at <= now() - make_interval(hours => $1)
        AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id)
        AND NOT EXISTS (SELECT 1 FROM payment_transactions p WHERE p.order_id = o.id)`,
    [EMPTY_ORDER_TTL_HOURS],
  );
  return { announced, removed: removed.rowCount };
}

// ---- lines added to a pending order ----------------------------------------------------------

/**
 * Adds a line to an unpaid order (POST /orders/{id}/orderitems/create/): price from the catalogue
 * (the option's when one is given), stock taken (409 naming the product when short), the store's
 * shipment made if new, totals and every shipment's fee recomputed. The same product and option at
 * the same price raises the existing line's quantity. Allowed while the payment is Pending and no
 * shipment has moved on (409 otherwise). The caller has locked the order and checked who may act.
 * Returns the line's id.
 */
export async function addOrderItem(tx: Queryable, order: OrderRow, productId: number, quantity: number, optionId: number | null = null): Promise<string> {
  if (order.order_payment_status !== "Pending" || order.order_delivery_status !== "Placed")
    throw conflict({ detail: "Lines can be added only while the order is placed and awaiting payment." });
  const moved = await tx.query("SELECT 1 FROM shipments WHERE order_id = $1 AND status <> 'Placed' LIMIT 1", [order.id]);
  if (moved.rows.length) throw conflict({ detail: "Lines can be added only while the order is placed and awaiting payment." });
  const line = await catalogueLine(tx, productId, optionId, quantity, "product_id");
  if (quantity > MAX_LINE_QUANTITY) throw badRequest({ quantity: [`Ensure this value is less than or equal to ${MAX_LINE_QUANTITY}.`] });
  const lowStock = await takeLinesStock(tx, [line]);
  if (lowStock.length) await recordEvent(tx, { notices: lowStock });
  const existing = await tx.query<{ id: string }>(
    `UPDATE order_items SET quantity = quantity + $3
      WHERE order_id = $1 AND product_id = $2 AND status = 'Active' AND item_price_kobo = $4 AND option_id IS NOT DISTINCT FROM $5
        AND quantity + $3 <= $6 RETURNING id::text AS id`,
    [order.id, line.product_id, quantity, line.unit_kobo, line.option_id, MAX_LINE_QUANTITY],
  );
  let id = existing.rows[0]?.id;
  if (!id) {
    const r = await tx.query<{ id: string }>(
      `INSERT INTO order_items (order_id, product_id, store_id, product_name, quantity, item_price_kobo, option_id, option_label, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, clock_timestamp()) RETURNING id::text AS id`,
      [order.id, line.product_id, line.store_id, line.name, quantity, line.unit_kobo, line.option_id, line.option_label],
    );
    id = r.rows[0].id;
  }
  await ensureShipments(tx, order.id);
  await recomputeOrderTotals(tx, order.id, order.delivery_state);
  await tx.query("UPDATE orders SET lines_changed_at = now() WHERE id = $1", [order.id]);
  return id;
}

// ---- cancelling an item ----------------------------------------------------------------------

/** The reason on the refund of the shipping fee of a card-paid order whose every item was cancelled. */
export const SHIPPING_REFUND_REASON = "Shipping for a fully cancelled order";

/** The Complete card payment of a card-paid order (payment Complete, CardPayment), or undefined. */
export async function cardPaymentOf(q: Queryable, order: Pick<OrderRow, "id" | "order_payment_method" | "order_payment_status">) {
  if (order.order_payment_method !== "CardPayment" || order.order_payment_status !== "Complete") return undefined;
  const r = await q.query<{ id: number; currency: string }>(
    `SELECT id, currency FROM payment_transactions WHERE order_id = $1 AND payment_status = 'Complete' ORDER BY verified_at DESC NULLS LAST, id DESC LIMIT 1`,
    [order.id],
  );
  return r.rows[0];
}

/**
 * Queues the refund of one item's total (price × quantity) against the order's card payment, in
 * the caller's transaction (kind 'item'; at most once per item: refunds_order_item_uq). The one
 * way an item's money goes back: a cancellation (below) and an accepted return (app/api/returns/).
 * The payments area sends it (processQueuedRefunds). Returns the refund's id, or null when nothing
 * was queued (already queued for this item, or nothing to refund).
 */
export async function queueItemRefund(
  q: Queryable,
  orderId: string,
  item: { id: string; item_price_kobo: number; quantity: number },
  paid: { id: number; currency: string },
  reason: string,
): Promise<number | null> {
  const amount = item.item_price_kobo * item.quantity;
  if (amount <= 0) return null;
  const r = await q.query<{ id: number }>(
    `INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo, currency, reason, kind)
     VALUES ($1, $2, $3, $4, $5, $6, 'item') ON CONFLICT (order_item_id) WHERE order_item_id IS NOT NULL DO NOTHING RETURNING id`,
    [orderId, item.id, paid.id, amount, paid.currency, reason],
  );
  return r.rows[0]?.id ?? null;
}

export interface CancelResult {
  orderId: string;
  itemId: string;
  /** False when the item was already cancelled (nothing changed). */
  changed: boolean;
  refundQueued: boolean;
}

/**
 * Cancels one order item, in the caller's transaction: the item becomes Cancelled with its
 * reason, its stock returns, and for a card-paid order (payment Complete, CardPayment) a refund of
 * the item's total is queued in `refunds` (contract 1; the payments area sends it); when that was
 * the order's last active item, a refund of the shipping fee is queued too (once). Allowed until
 * the order ships (Placed or Confirmed). An unpaid order's totals drop with the item (amount due);
 * a paid order's totals stay what was charged. Cancelling a cancelled item changes nothing.
 * `mayAct(order)` checks the caller (owner, admin or guest token) and throws 404 otherwise.
 */
export async function cancelOrderItem(
  tx: Queryable,
  itemId: string,
  reason: CancelReason,
  mayAct: (order: OrderRow) => Promise<void> | void,
): Promise<CancelResult> {
  const ref = await tx.query<{ order_id: string }>("SELECT order_id::text AS order_id FROM order_items WHERE id = $1", [itemId]);
  if (!ref.rows[0]) throw notFound();
  // Lock the order, then the item (the same order everywhere: no deadlock with placement or payment).
  const order = await findOrder(tx, ref.rows[0].order_id, true);
  if (!order) throw notFound();
  await mayAct(order);
  const it = await tx.query<{ id: string; product_id: number | null; product_name: string; quantity: number; item_price_kobo: number; status: string; store_id: number | null; store_slug: string | null; option_id: number | null; option_label: string | null }>(
    `SELECT oi.id::text AS id, oi.product_id, oi.product_name, oi.option_id, oi.option_label, oi.quantity, oi.item_price_kobo, oi.status, oi.store_id, s.slug AS store_slug
       FROM order_items oi LEFT JOIN stores s ON s.id = oi.store_id WHERE oi.id = $1 FOR UPDATE OF oi`,
    [itemId],
  );
  const item = it.rows[0];
  if (item.status === "Cancelled") return { orderId: order.id, itemId, changed: false, refundQueued: false };
  // A line can be cancelled until its own store's shipment ships (the shipment is locked after the order).
  const ship = await tx.query<{ status: string }>(
    "SELECT status FROM shipments WHERE order_id = $1 AND store_id IS NOT DISTINCT FROM $2 FOR UPDATE",
    [order.id, item.store_id],
  );
  if (!isCancellable(ship.rows[0]?.status ?? order.order_delivery_status)) throw conflict({ detail: CANCEL_MESSAGES.tooLate });
  await tx.query("UPDATE order_items SET status = 'Cancelled', cancel_reason = $2, cancelled_at = now() WHERE id = $1", [itemId, reason]);
  await returnStock(tx, item.product_id, item.quantity, item.option_id);
  await recordOrderEvent(tx, order.id, "cancelled", itemId);
  let refundQueued = false;
  let itemRefundQueued = false;
  let shippingRefundKobo = 0;
  const paid = await cardPaymentOf(tx, order);
  if (paid) {
    itemRefundQueued = (await queueItemRefund(tx, order.id, item, paid, reason)) !== null;
    refundQueued = itemRefundQueued;
  }
  // Nothing paid yet: the amount due drops with the item (items total and shipping recomputed from
  // the active lines). Paid: the totals stay what was charged, and the refund returns the item's part.
  if (order.order_payment_status !== "Complete") await recomputeOrderTotals(tx, order.id, order.delivery_state);
  // The other shipments may now be the least advanced: the order's status follows them.
  await refreshOrderDelivery(tx, order.id);
  const active = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND status = 'Active'", [order.id]);
  // Every item of a card-paid order cancelled before it shipped: nothing will be shipped, so the
  // shipping fee that was charged goes back too, queued with this last cancellation (once: the
  // unique index refunds_shipping_uq).
  if (active.rows[0].n === 0 && paid && order.shipping_kobo > 0) {
    const r = await tx.query(
      `INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo, currency, reason, kind)
       VALUES ($1, NULL, $2, $3, $4, $5, 'shipping') ON CONFLICT (order_id) WHERE kind = 'shipping' DO NOTHING`,
      [order.id, paid.id, order.shipping_kobo, paid.currency, SHIPPING_REFUND_REASON],
    );
    if (r.rowCount) {
      shippingRefundKobo = order.shipping_kobo;
      refundQueued = true;
    }
  }
  // Every item cancelled before anything was paid: nothing is owed any more.
  if (active.rows[0].n === 0 && order.order_payment_status === "Pending")
    await tx.query("UPDATE orders SET order_payment_status = 'Cancelled', updated_at = now() WHERE id = $1", [order.id]);
  else await tx.query("UPDATE orders SET updated_at = now() WHERE id = $1", [order.id]);
  const number = orderNumber(order.id);
  await recordEvent(tx, {
    notices: [
      buyerNotice(order.user_id, order.id, "item_cancelled", `Item cancelled on order ${number}`, `${withOption(item.product_name, item.option_label)} × ${item.quantity}: ${reason}.${itemRefundQueued ? " A refund is on its way." : ""}`),
      ...(item.store_id && item.store_slug
        ? storeNotices([{ id: item.store_id, slug: item.store_slug }], order.id, "item_cancelled", `Item cancelled on order ${number}`, `${withOption(item.product_name, item.option_label)} × ${item.quantity}: ${reason}.`)
        : []),
    ],
    mails: order.customer_email
      ? [
          itemCancelledEmail({
            to: order.customer_email,
            orderId: order.id,
            guestToken: order.user_id === null ? guestTokenFor(order.id) : undefined,
            productName: withOption(item.product_name, item.option_label),
            quantity: item.quantity,
            amountKobo: item.item_price_kobo * item.quantity,
            reason,
            refund: itemRefundQueued,
            shippingRefundKobo,
            lang: await orderLanguage(tx, order.id),
          }),
        ]
      : [],
  });
  return { orderId: order.id, itemId, changed: true, refundQueued };
}

// ---- card orders never paid ---------------------------------------------------------------------

/** The cancel reason on the items of a card order cancelled because its payment never came. */
export const UNPAID_CANCEL_REASON = "Payment not received in time";

/**
 * Cancels a card order that was never paid, in the caller's transaction, if it still qualifies
 * once its row is locked: card payment, payment Pending (or Failed), still Placed, placed at least
 * `olderThanHours` ago, no attempt Complete or Refunded, and none Pending (the caller has asked
 * Paystack about those first: app/jobs.server.ts). The row is taken FOR UPDATE SKIP LOCKED, so an
 * order another server, a payment or a cancellation holds is left for the next run; make and
 * markPaid lock the same row, so a payment started or verified meanwhile either comes first (the
 * order no longer qualifies) or finds the order cancelled (make: 400; money: refunded).
 * Every active item becomes Cancelled (stock back, in product id order), with a `cancelled` event;
 * the order's payment becomes Cancelled (nothing is owed); the shopper's e-mail is queued.
 * Orders switched to pay on delivery never qualify. Returns false when nothing was done.
 */
export async function cancelUnpaidCardOrder(tx: Queryable, orderId: string, olderThanHours: number): Promise<boolean> {
  const r = await tx.query<{ id: string }>(
    `SELECT o.id::text AS id FROM orders o
      WHERE o.id = $1 AND o.order_payment_method = 'CardPayment' AND o.order_payment_status IN ('Pending', 'Failed')
        AND o.order_delivery_status = 'Placed' AND o.created_at <= now() - make_interval(hours => $2)
        AND NOT EXISTS (SELECT 1 FROM payment_transactions p WHERE p.order_id = o.id AND p.payment_status IN ('Pending', 'Complete', 'Refunded'))
      FOR UPDATE OF o SKIP LOCKED`,
    [orderId, olderThanHours],
  );
  if (!r.rows[0]) return false;
  const order = (await findOrder(tx, orderId))!;
  const who = await tx.query<{ email: string | null; first_name: string }>(
    `SELECT NULLIF(COALESCE(o.customer_email::text, u.email::text, o.delivery_address->>'email'), '') AS email,
            COALESCE(u.first_name, o.delivery_address->>'receiver_first_name', '') AS first_name
       FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
    [orderId],
  );
  const items = await tx.query<{ id: string; product_id: number | null; option_id: number | null; product_name: string; quantity: number; item_price_kobo: number }>(
    `UPDATE order_items SET status = 'Cancelled', cancel_reason = $2, cancelled_at = now()
      WHERE order_id = $1 AND status = 'Active'
      RETURNING id::text AS id, product_id, option_id, product_name, quantity, item_price_kobo`,
    [order.id, UNPAID_CANCEL_REASON],
  );
  const lines = [...items.rows].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0) || a.id.localeCompare(b.id));
  for (const l of lines) await returnStock(tx, l.product_id, l.quantity, l.option_id);
  for (const l of lines) await recordOrderEvent(tx, order.id, "cancelled", l.id);
  await tx.query("UPDATE orders SET order_payment_status = 'Cancelled', updated_at = now() WHERE id = $1", [order.id]);
  const { email: to, first_name } = who.rows[0];
  const number = orderNumber(order.id);
  const body = `The card payment never came within ${olderThanHours} hours, so the order was cancelled.`;
  await recordEvent(tx, {
    notices: [
      buyerNotice(order.user_id, order.id, "item_cancelled", `Order ${number} cancelled`, body),
      ...storeNotices(await orderStores(tx, order.id), order.id, "item_cancelled", `Order ${number} cancelled`, body),
    ],
    mails: to
      ? [
          unpaidOrderCancelledEmail({
            to,
            firstName: first_name,
            orderId: order.id,
            guestToken: order.user_id === null ? guestTokenFor(order.id) : undefined,
            hours: olderThanHours,
            lines: items.rows.map((l): EmailOrderLine => ({ name: l.product_name, quantity: l.quantity, unitKobo: l.item_price_kobo })),
            totalKobo: order.order_total_kobo + order.shipping_kobo,
            lang: await orderLanguage(tx, order.id),
          }),
        ]
      : [],
  });
  return true;
}
