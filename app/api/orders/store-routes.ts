/**
 * A store's orders, for its members (issue 10; spec sections 3, 4, 7). Kept apart from
 * ./routes.ts (the shopper's side and the money logic).
 *
 * GET /orders/{storeId}/store        store members → paged {count, next, previous, results}: the store's
 *                                    order items, newest first (10 a page), each with
 *                                    order: {id, order_delivery_status, order_payment_status,
 *                                    order_payment_method, created_at}.
 * GET /orders/{storeId}/store/{orderId}/   one order as the store sees it: the store's items only, the
 *                                    delivery address, steps and status history, store_total, next_status.
 * PATCH /orders/{storeId}/store/{orderId}/status/ {status}   moves the order one step on:
 *   Placed → Confirmed → Shipped → Delivered (case-insensitive). The same status again is a no-op
 *   (200); backwards or skipping is 409; a card order still waiting for its payment cannot be
 *   confirmed (409), nor an order whose items from this store were all cancelled. Records the
 *   step's order event (the shopper's tracking page shows its date) and queues the shipped /
 *   delivered e-mail in the same transaction. Answers the store's view of the order.
 *
 * The delivery status belongs to the order: in an order with items from several stores, the first
 * store to move it moves it for all (per-store shipments are future work).
 */
import type { Queryable } from "~/db/client.server";
import { canMoveDelivery, deliveryStatusOf, DELIVERY_EVENT, DELIVERY_STATUSES, DELIVERY_TRANSITIONS, type DeliveryStatus } from "~/domain/orders";
import { koboToNaira } from "~/domain/money";
import { flushMailQueue } from "~/integrations/mail.server";
import { orderDeliveredEmail, orderShippedEmail } from "~/integrations/mail/delivery-emails.server";
import type { MailMessage } from "~/integrations/mail.server";
import { orderNumber } from "~/domain/orders";
import { recordEvent } from "../notifications/commands.server";
import { buyerNotice } from "../notifications/events.server";
import { log } from "~/ops/logger.server";
import { ApiError, json, notFound, paged, pageParams, validate } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { creditDeliveredItems } from "../payouts/commands.server";
import { guestTokenFor, recordOrderEvent } from "./commands.server";
import { findOrder, ORDER_ITEM_COLUMNS, orderEventsFor } from "./queries.server";
import { OrderSchema, OrderItemSchema } from "./schemas";
import { serializeOrder, serializeOrderItem, type OrderItemRow, type OrderRow } from "./serialize";
import * as z from "zod";

export const StoreOrderItemSchema = OrderItemSchema.extend({
  order: z.object({
    id: z.string(),
    order_delivery_status: z.string(),
    order_payment_status: z.string(),
    order_payment_method: z.string(),
    created_at: z.string(),
  }),
});
export const StoreOrderSchema = OrderSchema.extend({ store_total: z.number(), next_status: z.string().nullable() });
export const DeliveryStatusBody = z.object({ status: z.string().max(20) });

const conflict = (detail: string) => new ApiError(409, { detail });

type StoreItemRow = OrderItemRow & { o_status: string; o_payment_status: string; o_payment_method: string; o_created_at: Date | string };

async function listStoreItems(ctx: ApiContext) {
  const storeId = ctx.intParam("storeId");
  const { page, pageSize, offset } = pageParams(ctx.url, 10, 50);
  const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_items WHERE store_id = $1", [storeId]);
  const rows = await ctx.db.query<StoreItemRow>(
    `SELECT ${ORDER_ITEM_COLUMNS}, o.order_delivery_status AS o_status, o.order_payment_status AS o_payment_status,
            o.order_payment_method AS o_payment_method, o.created_at AS o_created_at
       FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.store_id = $1 ORDER BY oi.created_at DESC, oi.id LIMIT ${pageSize} OFFSET ${offset}`,
    [storeId],
  );
  if (page > 1 && rows.rows.length === 0) throw notFound();
  const results = rows.rows.map((r) => ({
    ...serializeOrderItem(r, r.o_status, ctx.url.origin),
    order: {
      id: r.order_id,
      order_delivery_status: r.o_status,
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

/** The store's view of an order: only its items, and what it adds up to. */
async function storeView(q: Queryable, o: OrderRow, items: OrderItemRow[], origin: string) {
  const events = (await orderEventsFor(q, [o.id])).get(o.id) ?? [];
  // Other stores' item events (cancelled, refunded) are theirs.
  const mine = new Set(items.map((i) => i.id));
  const base = serializeOrder(o, items, events.filter((e) => e.order_item_id === null || mine.has(e.order_item_id)), origin);
  const storeTotal = items.filter((i) => i.status === "Active").reduce((s, i) => s + i.item_price_kobo * i.quantity, 0);
  const next = DELIVERY_TRANSITIONS[o.order_delivery_status as DeliveryStatus]?.[0] ?? null;
  return { ...base, store_total: koboToNaira(storeTotal), next_status: next };
}

/** The order of the path if it holds items of the path's store; 404 otherwise. */
async function storeOrder(ctx: ApiContext, q: Queryable = ctx.db, lock = false) {
  const storeId = ctx.intParam("storeId");
  const orderId = ctx.uuidParam("orderId");
  const items = await storeItems(q, orderId, storeId);
  if (!items.length) throw notFound();
  const order = await findOrder(q, orderId, lock);
  if (!order) throw notFound();
  return { storeId, order, items };
}

async function getStoreOrder(ctx: ApiContext) {
  const { order, items } = await storeOrder(ctx);
  return json(await storeView(ctx.db, order, items, ctx.url.origin));
}

async function advance(ctx: ApiContext) {
  await storeOrder(ctx); // others 404 before the body is read
  const body = validate(DeliveryStatusBody, await ctx.body());
  const target = deliveryStatusOf(body.status);
  if (!target) throw new ApiError(400, { status: [`Choose one of ${DELIVERY_STATUSES.join(", ")}.`] });
  const result = await ctx.db.tx(async (q) => {
    const { order, items } = await storeOrder(ctx, q, true);
    const current = order.order_delivery_status as DeliveryStatus;
    if (current === target) return { order, items, changed: false };
    if (!canMoveDelivery(current, target)) {
      const next = DELIVERY_TRANSITIONS[current][0];
      throw conflict(
        next
          ? `This order is ${current}: it can only move on to ${next}, one step at a time and never back.`
          : `This order is ${current}: it cannot move any further.`,
      );
    }
    const active = items.filter((i) => i.status === "Active");
    if (!active.length) throw conflict("Every item of this order from your store was cancelled.");
    if (current === "Placed" && order.order_payment_method === "CardPayment" && order.order_payment_status !== "Complete")
      throw conflict("This order is waiting for its card payment: it can be confirmed once the payment is complete.");
    await q.query("UPDATE orders SET order_delivery_status = $2, updated_at = now() WHERE id = $1", [order.id, target]);
    await recordOrderEvent(q, order.id, DELIVERY_EVENT[target]);
    if (target === "Delivered") await creditDeliveredItems(q, order.id);
    const mails: MailMessage[] = [];
    if ((target === "Shipped" || target === "Delivered") && order.customer_email) {
      const first = order.user_id
        ? (await q.query<{ first_name: string }>("SELECT first_name FROM users WHERE id = $1", [order.user_id])).rows[0]?.first_name
        : (order.delivery_address?.receiver_first_name as string | undefined);
      const all = await q.query<{ product_name: string }>(
        "SELECT product_name || COALESCE(' (' || option_label || ')', '') AS product_name FROM order_items WHERE order_id = $1 AND status = 'Active' ORDER BY created_at, id",
        [order.id],
      );
      const mail = {
        to: order.customer_email,
        orderId: order.id,
        guestToken: order.user_id === null ? guestTokenFor(order.id) : undefined,
        firstName: first ?? null,
        items: all.rows.map((r) => r.product_name),
      };
      mails.push(target === "Shipped" ? orderShippedEmail(mail) : orderDeliveredEmail(mail));
    }
    const number = orderNumber(order.id);
    const said = {
      Confirmed: { kind: "order_confirmed", title: `Order ${number} confirmed`, body: "The seller is preparing it for shipment." },
      Shipped: { kind: "order_shipped", title: `Order ${number} shipped`, body: "It is on its way to you." },
      Delivered: { kind: "order_delivered", title: `Order ${number} delivered`, body: "Enjoy it, and tell others what you think with a review." },
    } as const;
    const step = target === "Placed" ? null : said[target];
    await recordEvent(q, { notices: step ? [buyerNotice(order.user_id, order.id, step.kind, step.title, step.body)] : [], mails });
    return { order: { ...order, order_delivery_status: target }, items, changed: true };
  });
  if (result.changed) {
    log().info({ requestId: ctx.requestId, orderId: result.order.id, status: result.order.order_delivery_status }, "order delivery status moved");
    void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending delivery mail failed; the job retries"));
  }
  const fresh = (await findOrder(ctx.db, result.order.id))!;
  return json(await storeView(ctx.db, fresh, result.items, ctx.url.origin));
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
      "Move an order one step on {status}: Placed → Confirmed → Shipped → Delivered (never back, never skipping: 409; the same status: no-op). Records the step's date; shipped and delivered e-mail the shopper",
    tag: "orders",
    auth: "required",
    body: DeliveryStatusBody,
    response: StoreOrderSchema,
    handler: advance,
  },
];
