/**
 * A store's orders, for its members (spec sections 3, 4, 7). Kept apart from
 * ./routes.ts (the shopper's side and the money logic).
 *
 * GET /orders/{storeId}/store        store members → paged {count, next, previous, results}: the store's
 *                                    order items, newest first (10 a page), each with
 *                                    order: {id, order_delivery_status, order_payment_status,
 *                                    order_payment_method, created_at}.
 * GET /orders/{storeId}/store/{orderId}/   one order as the store sees it: the store's items only, the
 *                                    delivery address, steps and status history, store_total, next_status.
 * PATCH /orders/{storeId}/store/{orderId}/status/ {status}   moves THIS STORE'S SHIPMENT one step on:
 *   Placed → Confirmed → Shipped → Delivered (case-insensitive). The same status again is a no-op
 *   (200); backwards or skipping is 409; a card order still waiting for its payment cannot be
 *   confirmed (409), nor an order whose items from this store were all cancelled. Records the
 *   step's order event (the shopper's tracking page shows its date) and queues the shipped /
 *   delivered e-mail in the same transaction. Answers the store's view of the order.
 *
 * POST /orders/{storeId}/store/{orderId}/cash/   pay on delivery: the store's cash is in (docs/orders.md).
 *
 * Delivery code (docs/decisions/0025-delivery-code.md): a pay-on-delivery shipment Shipped since
 * the code exists is Delivered (by PATCH status/ or by cash/ on a Shipped one) only with the
 * buyer's {delivery_code}: missing or malformed 400 (not counted), wrong 400 (counted), the 5th
 * wrong one locks it (409 until an admin unlocks). The store's answers say delivery_code_required,
 * delivery_code_tries_left and delivery_code_locked, never the code.
 *
 * Each store moves only its own shipment; the order's order_delivery_status is derived (the least
 * advanced shipment with active lines). Every change locks the order row first, then the shipment.
 */
import type { Queryable } from "~/db/client.server";
import { deliveryStatusOf, DELIVERY_STATUSES, DELIVERY_TRANSITIONS, type DeliveryStatus } from "~/domain/orders";
import { koboToNaira } from "~/domain/money";
import { itemsTotalKobo, shipmentTotalKobo } from "~/domain/pricing";
import { flushMailQueue } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";
import { ApiError, json, notFound, paged, pageParams } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { findOrder, moneyFactsFor, ORDER_ITEM_COLUMNS, orderEventsFor, SHIPMENT_CLOCK_START_SQL } from "./queries.server";
import { OrderSchema, OrderItemSchema } from "./schemas";
import { serializeOrder, serializeOrderItem, serializeShipment, type OrderEventRow, type OrderItemRow, type OrderRow } from "./serialize";
import { findShipment } from "./shipments.server";
import * as z from "zod";
import { moveShipment, recordCashReceived, refuseAtDoor } from "~/workflows/order-delivery.server";
import { checkDeliveryCode, codeGuards, refusalError, type CodeRefusal } from "~/workflows/delivery-code.server";
import { DELIVERY_CODE_MAX_TRIES, deliveryCodeField } from "~/domain/delivery-code";
import { shipmentDeadline } from "~/domain/deadlines";
import { env } from "~/config.server";

export const StoreOrderItemSchema = OrderItemSchema.extend({
  order: z.object({
    id: z.string(),
    order_delivery_status: z.string(),
    order_payment_status: z.string(),
    order_payment_method: z.string(),
    created_at: z.string(),
  }),
});
export const StoreOrderSchema = OrderSchema.extend({
  store_total: z.number(),
  next_status: z.string().nullable(),
  can_record_cash: z.boolean(),
  /** Pay on delivery, Shipped: Delivered (and "Delivered and cash received") needs the buyer's 4-digit code. Never the code itself. */
  delivery_code_required: z.boolean(),
  /** Wrong codes the store may still enter before the delivery is locked (5 at first). */
  delivery_code_tries_left: z.number(),
  /** Locked after 5 wrong codes: an admin must unlock it (or mark it Delivered with a reason). */
  delivery_code_locked: z.boolean(),
  /** The store's deadline on this shipment now (app/domain/deadlines.ts): confirm or ship by `due_at`, or null. */
  deadline: z.object({ stage: z.enum(["confirm", "ship"]), due_at: z.string() }).nullable(),
  /** Pay on delivery, Shipped, money not in: "Refused at the door" may be recorded (POST .../refused/). */
  can_mark_refused: z.boolean(),
  /** When the store marked the delivery refused at the door, or null. */
  refused_at: z.string().nullable(),
});
export const DeliveryStatusBody = z.object({ status: z.string().max(20), delivery_code: deliveryCodeField });
export const CashReceivedBody = z.object({ delivery_code: deliveryCodeField });


type StoreItemRow = OrderItemRow & { o_status: string; o_payment_status: string; o_payment_method: string; o_created_at: Date | string; sh_status: string | null };

async function listStoreItems(ctx: ApiContext) {
  const storeId = ctx.intParam("storeId");
  const { page, pageSize, offset } = pageParams(ctx.url, 10, 50);
  const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_items WHERE store_id = $1", [storeId]);
  const rows = await ctx.db.query<StoreItemRow>(
    `SELECT ${ORDER_ITEM_COLUMNS}, o.order_delivery_status AS o_status, o.order_payment_status AS o_payment_status,
            o.order_payment_method AS o_payment_method, o.created_at AS o_created_at, sh.status AS sh_status
       FROM order_items oi JOIN orders o ON o.id = oi.order_id
       LEFT JOIN shipments sh ON sh.order_id = oi.order_id AND sh.store_id = oi.store_id
      WHERE oi.store_id = $1 ORDER BY oi.created_at DESC, oi.id LIMIT ${pageSize} OFFSET ${offset}`,
    [storeId],
  );
  if (page > 1 && rows.rows.length === 0) throw notFound();
  const results = rows.rows.map((r) => ({
    ...serializeOrderItem(r, r.sh_status ?? r.o_status, ctx.url.origin),
    order: {
      id: r.order_id,
      // the store's own shipment: what this store has to do next
      order_delivery_status: r.sh_status ?? r.o_status,
      order_payment_status: r.o_payment_status,
      order_payment_method: r.o_payment_method,
      created_at: new Date(r.o_created_at).toISOString(),
    },
  }));
  return json(paged(ctx.url, results, count.rows[0].n, page, pageSize));
}

async function storeItems(q: Queryable, orderId: string, storeId: number): Promise<OrderItemRow[]> {
  const r = await q.query<OrderItemRow>(
    `SELECT ${ORDER_ITEM_COLUMNS} FROM order_items oi WHERE oi.order_id = $1 AND oi.store_id = $2 ORDER BY oi.created_at, oi.id`,
    [orderId, storeId],
  );
  return r.rows;
}

/**
 * The store's view of an order: only its lines, its own shipment (status, steps, shipping, cash),
 * the delivery address, and what its lines add up to. Other stores' lines, shipments and item
 * events are not shown. Used by GET /orders/{storeId}/store/{orderId}/ and by GET /orders/{id}/ for
 * a store member.
 */
export async function storeView(q: Queryable, o: OrderRow, storeId: number, origin: string) {
  const items = await storeItems(q, o.id, storeId);
  const events = (await orderEventsFor(q, [o.id])).get(o.id) ?? [];
  const mine = new Set(items.map((i) => i.id));
  const shipment = (await findShipment(q, o.id, storeId)) ?? null;
  const ships = shipment ? [shipment] : [];
  const money = (await moneyFactsFor(q, [o.id])).get(o.id);
  // The store's history is its own shipment's: its steps (and its cash) with their dates, a card
  // order's payment, and the events of its own lines. Other stores' progress is theirs.
  const history: OrderEventRow[] = [
    ...events.filter((e) => (e.order_item_id !== null && mine.has(e.order_item_id)) || (e.order_item_id === null && e.kind === "paid" && o.order_payment_method === "CardPayment")),
    ...(shipment
      ? (
          [
            ["placed", shipment.created_at],
            ["confirmed", shipment.confirmed_at],
            ["shipped", shipment.shipped_at],
            ["delivered", shipment.delivered_at],
            ["paid", shipment.cash_received_at],
          ] as const
        )
          .filter(([, at]) => at !== null)
          .map(([kind, at]) => ({ order_id: o.id, order_item_id: null, kind, created_at: at! }))
      : events.filter((e) => e.order_item_id === null)),
  ].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  const base = serializeOrder(o, items, history, origin, ships, money);
  const status = (shipment?.status ?? o.order_delivery_status) as DeliveryStatus;
  // The shipment's money, as the one rule prices it: its active lines, its fee, items + fee.
  const storeTotal = shipment ? Number(shipment.items_kobo) : itemsTotalKobo(items.filter((i) => i.status === "Active").map((i) => ({ totalKobo: Number(i.line_total_kobo) })));
  const shippingKobo = Number(shipment?.shipping_kobo ?? 0);
  const next = DELIVERY_TRANSITIONS[status]?.[0] ?? null;
  const pod = o.order_payment_method === "PayOnDelivery";
  return {
    ...base,
    // This store's part: its lines' total and its shipment's fee and status.
    order_total_price: koboToNaira(storeTotal),
    shipping_cost: koboToNaira(shippingKobo),
    delivery_charge: koboToNaira(shippingKobo),
    total: koboToNaira(shipmentTotalKobo(storeTotal, shippingKobo)),
    order_delivery_status: status,
    steps: shipment ? serializeShipment(shipment, [...mine]).steps : base.steps,
    store_total: koboToNaira(storeTotal),
    next_status: next,
    /** Pay on delivery: "Cash received" may be recorded now (Shipped: delivers too; Delivered). */
    can_record_cash: pod && !!shipment && shipment.cash_received_at === null && shipment.transfer_paid_at === null && shipment.active_items > 0 && (status === "Shipped" || status === "Delivered"),
    // The delivery code's state, never the code (docs/decisions/0025-delivery-code.md).
    delivery_code_required: !!shipment && codeGuards(shipment) && status === "Shipped",
    delivery_code_tries_left: Math.max(0, DELIVERY_CODE_MAX_TRIES - (shipment?.delivery_code_attempts ?? 0)),
    delivery_code_locked: !!shipment && shipment.delivery_code_locked_at !== null && status === "Shipped",
    deadline: await deadlineOf(q, shipment, o.id),
    /** Pay on delivery, Shipped, its money not in: the buyer may be marked as refusing it at the door. */
    can_mark_refused: pod && !!shipment && status === "Shipped" && shipment.refused_at === null && shipment.cash_received_at === null && shipment.transfer_paid_at === null && shipment.active_items > 0,
    /** When the store marked this delivery refused at the door (its lines cancelled then), or null. */
    refused_at: shipment?.refused_at ? new Date(shipment.refused_at).toISOString() : null,
  };
}

/** The store's deadline as the job counts it, from the one clock start (SHIPMENT_CLOCK_START_SQL), then from confirming. */
async function deadlineOf(q: Queryable, shipment: Awaited<ReturnType<typeof findShipment>> | null, orderId: string) {
  if (!shipment || shipment.active_items === 0) return null;
  const r = await q.query<{ started_at: Date | string | null }>(`SELECT ${SHIPMENT_CLOCK_START_SQL} AS started_at FROM orders o WHERE o.id = $1`, [orderId]);
  const started = r.rows[0]?.started_at ?? null;
  const d = shipmentDeadline(
    { status: shipment.status, startedAt: started === null ? null : new Date(started), confirmedAt: shipment.confirmed_at },
    { confirmHours: env().SHIPMENT_CONFIRM_HOURS, shipHours: env().SHIPMENT_SHIP_HOURS },
  );
  return d ? { stage: d.stage, due_at: d.dueAt.toISOString() } : null;
}

/** The store's delivery code for its shipment (locked), checked and a wrong one counted in `q`: the refusal, or null. */
async function codeRefusal(q: Queryable, orderId: string, storeId: number, code: string | undefined): Promise<CodeRefusal | null> {
  const shipment = await findShipment(q, orderId, storeId, true);
  return shipment ? checkDeliveryCode(q, shipment, code || undefined) : null;
}

/** The order of the path if it holds lines of the path's store (locked, order first, when asked); 404 otherwise. */
async function storeOrder(ctx: ApiContext, q: Queryable = ctx.db, lock = false) {
  const storeId = ctx.intParam("storeId");
  const orderId = ctx.uuidParam("orderId");
  // The order's row first (lock order: order, shipment, lines), THEN the store's lines: a cancel
  // that committed meanwhile is seen.
  const order = await findOrder(q, orderId, lock);
  if (!order) throw notFound();
  const has = await q.query("SELECT 1 FROM order_items WHERE order_id = $1 AND store_id = $2 LIMIT 1", [orderId, storeId]);
  if (!has.rows.length) throw notFound();
  return { storeId, order };
}

async function getStoreOrder(ctx: ApiContext) {
  const { order, storeId } = await storeOrder(ctx);
  return json(await storeView(ctx.db, order, storeId, ctx.url.origin));
}

async function advance(ctx: ApiContext<typeof DeliveryStatusBody>) {
  await storeOrder(ctx); // others 404 before the body is read
  const body = await ctx.input();
  const target = deliveryStatusOf(body.status);
  if (!target) throw new ApiError(400, { status: [`Choose one of ${DELIVERY_STATUSES.join(", ")}.`] });
  const result = await ctx.db.tx(async (q) => {
    const { order, storeId } = await storeOrder(ctx, q, true);
    // Delivered with a code: a wrong one is counted and committed, then refused below.
    const refusal = target === "Delivered" ? await codeRefusal(q, order.id, storeId, body.delivery_code) : null;
    if (refusal) return { order, storeId, changed: false, refusal };
    return { order, storeId, changed: await moveShipment(q, order, storeId, target, { code: body.delivery_code }), refusal };
  });
  if (result.refusal) throw refusalError(result.refusal);
  if (result.changed) {
    log().info({ requestId: ctx.requestId, orderId: result.order.id, storeId: result.storeId, status: target }, "shipment status moved");
    void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending delivery mail failed; the job retries"));
  }
  const fresh = (await findOrder(ctx.db, result.order.id))!;
  return json(await storeView(ctx.db, fresh, result.storeId, ctx.url.origin));
}

/**
 * Pay on delivery: the store records that it received the cash for its shipment (a Shipped one is
 * marked Delivered in the same step). The amount is the shipment's active lines plus its shipping.
 * The order's payment becomes Complete once every store with active lines has recorded its cash;
 * the store's ledger is credited. Recording it twice changes nothing.
 */
async function cashReceived(ctx: ApiContext<typeof CashReceivedBody>) {
  await storeOrder(ctx);
  const me = await ctx.requireUser();
  const body = await ctx.input();
  const result = await ctx.db.tx(async (q) => {
    const { order, storeId } = await storeOrder(ctx, q, true);
    // A Shipped pay-on-delivery shipment is delivered in this step: the buyer's code first.
    const refusal = order.order_payment_method === "PayOnDelivery" ? await codeRefusal(q, order.id, storeId, body.delivery_code) : null;
    if (refusal) return { order, storeId, changed: false, refusal };
    return { order, storeId, changed: await recordCashReceived(q, order, storeId, me.id, { code: body.delivery_code }), refusal };
  });
  if (result.refusal) throw refusalError(result.refusal);
  if (result.changed) log().info({ requestId: ctx.requestId, orderId: result.order.id, storeId: result.storeId }, "cash on delivery recorded");
  const fresh = (await findOrder(ctx.db, result.order.id))!;
  return json(await storeView(ctx.db, fresh, result.storeId, ctx.url.origin));
}

/**
 * Pay on delivery refused at the door (issue 36 item 6): the store marks its Shipped shipment
 * refused; its lines are cancelled (stock back, nothing to refund) and the refusal counts against
 * the buyer (three in 90 days: no pay on delivery until they pay online once). Twice: no-op.
 */
async function refusedAtDoor(ctx: ApiContext) {
  await storeOrder(ctx);
  const me = await ctx.requireUser();
  const result = await ctx.db.tx(async (q) => {
    const { order, storeId } = await storeOrder(ctx, q, true);
    return { order, storeId, changed: await refuseAtDoor(q, order, storeId, me.id) };
  });
  if (result.changed) {
    log().info({ requestId: ctx.requestId, orderId: result.order.id, storeId: result.storeId }, "delivery refused at the door");
    void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending cancellation mail failed; the job retries"));
  }
  const fresh = (await findOrder(ctx.db, result.order.id))!;
  return json(await storeView(ctx.db, fresh, result.storeId, ctx.url.origin));
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/orders/:storeId/store",
    access: "store-member",
    summary:
      "A store's order items, newest first (paginated, 10 a page; members of the store), each with order {id, order_delivery_status, order_payment_status, order_payment_method, created_at}",
    tag: "orders",
    auth: "required",
    response: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(StoreOrderItemSchema) }),
    handler: listStoreItems,
  },
  {
    method: "GET",
    path: "/orders/:storeId/store/:orderId/",
    access: "store-member",
    summary: "One order as a store sees it (its items only, delivery address, steps, store_total, next_status); members of the store",
    tag: "orders",
    auth: "required",
    response: StoreOrderSchema,
    handler: getStoreOrder,
  },
  {
    method: "PATCH",
    path: "/orders/:storeId/store/:orderId/status/",
    access: "store-member",
    summary:
      "Move an order one step on {status}: Placed → Confirmed → Shipped → Delivered (never back, never skipping: 409; the same status: no-op). Records the step's date; shipped and delivered e-mail the shopper. A pay-on-delivery shipment (delivery_code_required) is Delivered only with {delivery_code}: the buyer's 4 digits; missing or wrong: 400 {delivery_code: [...]}, a wrong one counted; after 5 wrong ones 409 until an admin unlocks it",
    tag: "orders",
    auth: "required",
    body: DeliveryStatusBody,
    response: StoreOrderSchema,
    handler: advance,
  },
  {
    method: "POST",
    path: "/orders/:storeId/store/:orderId/cash/",
    access: "store-member",
    summary:
      "Pay on delivery: record that the store received the cash for its shipment (a Shipped shipment becomes Delivered in the same step). The order's payment is Complete once every store's cash is in; the store's ledger is credited. Twice: no-op. Card orders 409. A Shipped shipment needs {delivery_code} (the buyer's 4 digits) as PATCH .../status/ to Delivered does",
    tag: "orders",
    auth: "required",
    body: CashReceivedBody,
    response: StoreOrderSchema,
    handler: cashReceived,
  },
  {
    method: "POST",
    path: "/orders/:storeId/store/:orderId/refused/",
    access: "store-member",
    summary:
      "Pay on delivery: the buyer refused the delivery at the door. Only a Shipped pay-on-delivery shipment whose money is not in (409 otherwise); its lines are cancelled (reason \"Refused at the door\", stock back, nothing to refund) and the refusal counts against the buyer: after 3 in 90 days they cannot choose pay on delivery until they pay an order online. Twice: no-op",
    tag: "orders",
    auth: "required",
    response: StoreOrderSchema,
    handler: refusedAtDoor,
  },
];
