/**
 * Checkout: placing an order (lines from a cart, Buy Now or none), announcing it to its stores,
 * and lines added to a pending order. It composes orders, carts, products' stock, the catalogue's
 * listing rule and notifications in the caller's transaction (`db.tx(q => placeOrder(q, input))`).
 */
import crypto from "node:crypto";
import { buyerOf, payOnDeliveryStandingOf } from "~/api/orders/door-refusals.server";
import { DOOR_REFUSAL_LIMIT, DOOR_REFUSAL_MESSAGES, DOOR_REFUSAL_WINDOW_DAYS } from "~/domain/door-refusals";
import type { Queryable } from "~/db/client.server";
import { MAX_LINE_QUANTITY } from "~/domain/cart";
import { CHECKOUT_MESSAGES, type GuestCheckout, type PaymentMethod } from "~/domain/orders";
import type { ShipmentSize } from "~/domain/shipping";
import { lineTotalKobo, orderTotalKobo, shipmentTotalKobo, unitPriceKobo } from "~/domain/pricing";
import { ensureShipments, recomputeOrderTotals, shipmentsFor } from "~/api/orders/shipments.server";
import { takeStock } from "~/api/products/stock.server";
import { canonicalState } from "~/domain/addresses";
import { ApiError, badRequest, notFound } from "~/api/core/http";
import { checkQuantityRule, findCart, findUserCart, loadCartItems, productOption } from "~/api/carts/queries.server";
import { lineUnitKobo } from "~/api/carts/serialize";
import type { PriceTier } from "~/domain/units";
import { findOrder } from "~/api/orders/queries.server";
import type { OrderRow } from "~/api/orders/serialize";
import { orderPlacedEmail, type EmailOrderLine } from "~/integrations/mail/order-emails.server";
import { listedSql } from "~/api/catalog/listed";
import { orderNumber } from "~/domain/orders";
import { recordEvent, type Notice } from "~/api/notifications/commands.server";
import { conflict, emptySourceCart, recordOrderEvent, withOption } from "~/api/orders/commands.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { buyerNotice, crossedLowStock, lowStockNotice, newOrderStoreMails, orderStores, storeNotices } from "~/api/notifications/events.server";
import { orderLanguage } from "~/integrations/mail/language.server";
import { env } from "~/config.server";
import { orderCapMessage } from "~/domain/business-check";
import { ordersToday, storeOrderCap } from "~/api/stores/business-checks.server";
import type { DeliveryChoice } from "~/domain/slots";
import { isSlotWindow, SLOT_HOURS } from "~/domain/slot-rules";
import { applyDeliveryChoices, refuseBulkAtDoor } from "./delivery-slots.server";

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
  /**
   * An accepted quote's offer (issue 35, decision 0036; app/workflows/quotes.server.ts): its lines at
   * the offered unit prices (the one money rule's price source for them), and its delivery charge as
   * the store's shipment fee (`agreed_shipping_kobo`).
   */
  | { kind: "quote"; storeId: number; deliveryKobo: number; lines: { productId: number; optionId: number | null; quantity: number; unitKobo: number }[] }
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
  /** Per store's shipment: a delivery slot booked, or collected from the yard (issue 35 item 5; ./delivery-slots.server.ts). */
  deliveryChoices?: readonly DeliveryChoice[] | null;
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
  /** The unit it is sold per (kept with the order's line). */
  unit: string;
}

/** What the idempotency check compares: the request as the server understood it. */
function requestFingerprint(input: PlaceOrderInput): string {
  // A member's cart is theirs whether named by id or not: a retry that no longer knows the id is the same request.
  const s = input.user && input.source.kind === "cart" ? { kind: "cart" } : input.source;
  const d = input.deliveryChoices?.length ? { d: input.deliveryChoices } : {};
  return sha256(JSON.stringify({ u: input.user?.id ?? null, m: input.paymentMethod, a: input.address, s, ...d }));
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

/**
 * One product (and option) as a line priced from the catalogue; 400 on `field` when it cannot be
 * bought. `offeredKobo`: a quote's offered unit price, the line's price source instead of the list
 * (the quantity was agreed with the store, so its minimum and step are not asked again).
 */
async function catalogueLine(q: Queryable, productId: number, optionId: number | null | undefined, quantity: number, field: string, offeredKobo?: number): Promise<OrderLine> {
  const r = await q.query<Omit<OrderLine, "quantity" | "unit_kobo" | "option_id" | "option_label"> & { selling_price_kobo: number; price_tiers: PriceTier[]; min_quantity: number; quantity_step: number }>(
    `SELECT p.id AS product_id, p.name, p.selling_price_kobo, p.size, p.store_id, ${listedSql("p")} AS published, p.stock_quantity,
            p.unit, p.min_quantity, p.quantity_step, p.price_tiers FROM products p WHERE p.id = $1`,
    [productId],
  );
  const p = r.rows[0];
  if (!p || !p.published) throw badRequest({ [field]: ["This product is not available."] });
  const option = optionId ? await productOption(q, p.product_id, optionId) : null;
  if (optionId && !option) throw badRequest({ option_id: ["This option is not available for this product."] });
  const { selling_price_kobo, price_tiers, min_quantity, quantity_step, ...rest } = p;
  // Under the minimum, off the step, a whole unit's fraction: a 400 on `quantity` (app/domain/units.ts).
  if (offeredKobo === undefined) checkQuantityRule({ unit: p.unit, min_quantity, quantity_step }, quantity);
  // The one money rule: the option's price (or the product's), at the rung of its ladder this quantity reaches; a quote's offered price when it has one.
  const unit_kobo = unitPriceKobo(selling_price_kobo, option?.price_kobo, { tiers: option ? option.price_tiers : price_tiers, quantity }, offeredKobo);
  return { ...rest, unit_kobo, quantity, option_id: option?.id ?? null, option_label: option?.label ?? null };
}

async function resolveLines(q: Queryable, input: PlaceOrderInput): Promise<{ lines: OrderLine[]; cartId: string | null }> {
  if (input.source.kind === "none") return { lines: [], cartId: null };
  if (input.source.kind === "buy") {
    return { lines: [await catalogueLine(q, input.source.productId, input.source.optionId, input.source.quantity, "buy")], cartId: null };
  }
  if (input.source.kind === "quote") {
    const lines: OrderLine[] = [];
    for (const l of input.source.lines) lines.push(await catalogueLine(q, l.productId, l.optionId, l.quantity, "quote", l.unitKobo));
    return { lines, cartId: null };
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
      // the line's option price when it has one (loadCartItems resolves it), at its ladder's rung: the cart's own rule
      unit_kobo: lineUnitKobo(i),
      unit: i.unit,
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
 * New stores' daily order cap (issue 36 item 4, decision 0032, app/domain/business-check.ts
 * `dailyOrderCap`): for each store of the lines that has a cap, under a lock per store (taken in
 * store id order, so two checkouts count one after the other and never wait in a circle), the
 * orders it took since the start of the Lagos day, besides `orderId` (a line added to an order
 * that already counts), must be under the cap; else 400 on `cart` naming the store, nothing
 * written (the caller's transaction rolls back, stock included).
 */
async function enforceDailyOrderCaps(tx: Queryable, lines: readonly OrderLine[], orderId: string | null): Promise<void> {
  const storeIds = [...new Set(lines.map((l) => l.store_id).filter((id): id is number => id !== null))].sort((a, b) => a - b);
  const settings = { confirmHours: env().SHIPMENT_CONFIRM_HOURS, shipHours: env().SHIPMENT_SHIP_HOURS };
  for (const storeId of storeIds) {
    const { cap } = await storeOrderCap(tx, storeId, settings);
    if (cap === null) continue;
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 36))", [`order-cap:${storeId}`]);
    if (orderId) {
      const already = await tx.query("SELECT 1 FROM order_items WHERE order_id = $1 AND store_id = $2 AND status = 'Active' LIMIT 1", [orderId, storeId]);
      if (already.rows.length) continue;
    }
    if ((await ordersToday(tx, storeId)) < cap) continue;
    const store = await tx.query<{ name: string }>("SELECT name FROM stores WHERE id = $1", [storeId]);
    const name = store.rows[0]?.name ?? "This store";
    throw badRequest({ cart: [orderCapMessage(name, cap)], code: "store_daily_cap", store_id: storeId, store_name: name, cap });
  }
}

/**
 * Buyers who refuse at the door (issue 36 item 6, app/domain/door-refusals.ts): a buyer with 3
 * refusals in 90 days (by account, e-mail or the delivery phone), none paid online since, cannot
 * choose pay on delivery: 400 on `order_payment_method` with the reason, nothing written.
 */
async function enforcePayOnDeliveryStanding(tx: Queryable, input: PlaceOrderInput, address: { snapshot: Record<string, unknown>; email: string | null }): Promise<void> {
  const standing = await payOnDeliveryStandingOf(tx, buyerOf(input.user?.id ?? null, address.email, address.snapshot.receiver_phone_one));
  if (!standing.allowed)
    throw badRequest({ order_payment_method: [DOOR_REFUSAL_MESSAGES.lost], code: "pay_on_delivery_off", refusals: standing.refusals, limit: DOOR_REFUSAL_LIMIT, window_days: DOOR_REFUSAL_WINDOW_DAYS });
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
  if (input.paymentMethod === "PayOnDelivery") await enforcePayOnDeliveryStanding(tx, input, address);
  const { lines, cartId } = await resolveLines(tx, input);
  for (const l of lines) {
    if (!l.published) throw conflict({ detail: `${l.name} is no longer available: remove it to place your order.`, product_id: l.product_id, available: 0 });
    if (l.quantity > MAX_LINE_QUANTITY) throw badRequest({ quantity: [`Ensure this value is less than or equal to ${MAX_LINE_QUANTITY}.`] });
  }
  const lowStock = await takeLinesStock(tx, lines);
  await enforceDailyOrderCaps(tx, lines, null);

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
      values.push(orderId, l.product_id, l.store_id, l.name, l.quantity, l.unit_kobo, lineTotalKobo(l.unit_kobo, l.quantity), l.option_id, l.option_label, l.unit);
      const b = i * 10;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9}, $${b + 10}, clock_timestamp())`;
    });
    await tx.query(
      `INSERT INTO order_items (order_id, product_id, store_id, product_name, quantity, item_price_kobo, line_total_kobo, option_id, option_label, unit, created_at) VALUES ${tuples.join(", ")}`,
      values,
    );
    await ensureShipments(tx, orderId);
    // An accepted offer's delivery charge is the store's shipment fee (the one money rule keeps it).
    if (input.source.kind === "quote")
      await tx.query("UPDATE shipments SET agreed_shipping_kobo = $3 WHERE order_id = $1 AND store_id = $2", [orderId, input.source.storeId, input.source.deliveryKobo]);
    // Bulk goods are never paid at the door; a slot booked or the yard chosen per store (issue 35 item 5).
    await refuseBulkAtDoor(tx, orderId, input.paymentMethod);
    await applyDeliveryChoices(tx, orderId, input.deliveryChoices ?? []);
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
  const lines = await tx.query<{ product_name: string; option_label: string | null; quantity: number; line_total_kobo: string | number; unit: string; item_price_kobo: string | number }>(
    "SELECT product_name, option_label, quantity, line_total_kobo, unit, item_price_kobo FROM order_items WHERE order_id = $1 AND status = 'Active' ORDER BY created_at, id",
    [orderId],
  );
  const ships = (await shipmentsFor(tx, [orderId])).get(orderId) ?? [];
  const number = orderNumber(orderId);
  const pod = order.order_payment_method === "PayOnDelivery";
  await recordEvent(tx, {
    notices: [
      buyerNotice(order.user_id, orderId, "order_placed", { title: "order_placed", body: pod ? "pay_on_delivery" : "complete_card", params: { number } }),
      ...storeNotices(await orderStores(tx, orderId), orderId, "order_placed", { title: "store_new_order", body: pod ? "store_pod" : "store_card_pending", params: { number } }),
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
              lines: lines.rows.map(
                (l): EmailOrderLine => ({ name: withOption(l.product_name, l.option_label), quantity: Number(l.quantity), totalKobo: Number(l.line_total_kobo), unit: l.unit, unitKobo: Number(l.item_price_kobo) }),
              ),
              subtotalKobo: order.order_total_kobo,
              shippingKobo: order.shipping_kobo,
              totalKobo: orderTotalKobo(order.order_total_kobo, order.shipping_kobo),
              shipments: ships
                .filter((s) => s.active_items > 0)
                .map((s) => ({ store: s.store_name ?? "BuildMart seller", shippingKobo: s.shipping_kobo, totalKobo: shipmentTotalKobo(s.items_kobo, s.shipping_kobo) })),
              state: order.delivery_state,
              lang: await orderLanguage(tx, orderId),
              arrangements: ships
                .filter((s) => s.active_items > 0 && (s.collect || s.slot_day))
                .map((s) => ({
                  store: s.store_name ?? "BuildMart seller",
                  slot: s.slot_day && isSlotWindow(s.slot_window) ? { day: s.slot_day, starts: SLOT_HOURS[s.slot_window][0], ends: SLOT_HOURS[s.slot_window][1] } : null,
                  collect: s.collect ? { address: s.collect_address ?? "", hours: s.collect_hours ?? "" } : null,
                })),
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
  await enforceDailyOrderCaps(tx, [line], order.id);
  if (lowStock.length) await recordEvent(tx, { notices: lowStock });
  // The same product and option at the same price: that line's quantity grows (and its total, by the rule).
  const same = await tx.query<{ id: string; quantity: number }>(
    `SELECT id::text AS id, quantity FROM order_items
      WHERE order_id = $1 AND product_id = $2 AND status = 'Active' AND item_price_kobo = $3 AND option_id IS NOT DISTINCT FROM $4
        AND quantity + $5 <= $6 ORDER BY created_at, id LIMIT 1 FOR UPDATE`,
    [order.id, line.product_id, line.unit_kobo, line.option_id, quantity, MAX_LINE_QUANTITY],
  );
  let id = same.rows[0]?.id;
  if (id) {
    const q2 = same.rows[0].quantity + quantity;
    await tx.query("UPDATE order_items SET quantity = $2, line_total_kobo = $3 WHERE id = $1", [id, q2, lineTotalKobo(line.unit_kobo, q2)]);
  } else {
    const r = await tx.query<{ id: string }>(
      `INSERT INTO order_items (order_id, product_id, store_id, product_name, quantity, item_price_kobo, line_total_kobo, option_id, option_label, unit, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp()) RETURNING id::text AS id`,
      [order.id, line.product_id, line.store_id, line.name, quantity, line.unit_kobo, lineTotalKobo(line.unit_kobo, quantity), line.option_id, line.option_label, line.unit],
    );
    id = r.rows[0].id;
  }
  await ensureShipments(tx, order.id);
  await refuseBulkAtDoor(tx, order.id, order.order_payment_method);
  await recomputeOrderTotals(tx, order.id, order.delivery_state);
  await tx.query("UPDATE orders SET lines_changed_at = now() WHERE id = $1", [order.id]);
  return id;
}
