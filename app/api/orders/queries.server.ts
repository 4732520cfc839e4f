/** Orders: reads over a Queryable (the pool or a transaction). */
import type { Queryable } from "~/db/client.server";
import { firstImageKeySql } from "../core/media";
import { ORDER_COLUMNS, serializeOrder, type OrderEventRow, type OrderItemRow, type OrderMoneyRow, type OrderRow } from "./serialize";
import { shipmentsFor } from "./shipments.server";

/**
 * SQL for the instant a store's deadline clock starts for a shipment of order `o` (issue 36 item 3):
 * the order's announcement for pay on delivery, its first order-wide `paid` event otherwise (null
 * while a card order is unpaid). One definition for the deadlines job, the store's order answer and
 * the scorecard, so the three never disagree (a line added later does not restart it).
 */
export const SHIPMENT_CLOCK_START_SQL = `CASE WHEN o.order_payment_method = 'PayOnDelivery' THEN o.announced_at
  ELSE (SELECT min(e.created_at) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'paid' AND e.order_item_id IS NULL) END`;

export async function findOrder(q: Queryable, id: string, lock = false): Promise<OrderRow | null> {
  const r = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [id]);
  return r.rows[0] ?? null;
}

/** A page of a user's orders, newest first, and the total count. */
export async function listUserOrders(q: Queryable, userId: number, limit: number, offset: number): Promise<{ rows: OrderRow[]; count: number }> {
  const count = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE user_id = $1", [userId]);
  const rows = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
    [userId],
  );
  return { rows: rows.rows, count: count.rows[0].n };
}

export const ORDER_ITEM_COLUMNS = `oi.id::text AS id, oi.order_id::text AS order_id, oi.product_id, oi.product_name, oi.quantity, oi.item_price_kobo, oi.line_total_kobo,
  oi.status, oi.cancel_reason, oi.cancelled_at, ${firstImageKeySql("oi.product_id")} AS image_key, oi.option_id, oi.option_label, oi.store_id, oi.unit`;

/** The items of many orders in one query, oldest first, with each product's first image. */
export async function orderItemsFor(q: Queryable, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const map = new Map<string, OrderItemRow[]>();
  if (!orderIds.length) return map;
  const r = await q.query<OrderItemRow>(
    `SELECT ${ORDER_ITEM_COLUMNS} FROM order_items oi WHERE oi.order_id = ANY($1::uuid[]) ORDER BY oi.created_at, oi.id`,
    [orderIds],
  );
  for (const row of r.rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return map;
}

/** The events (status history) of many orders, oldest first. */
export async function orderEventsFor(q: Queryable, orderIds: string[]): Promise<Map<string, OrderEventRow[]>> {
  const map = new Map<string, OrderEventRow[]>();
  if (!orderIds.length) return map;
  const r = await q.query<OrderEventRow>(
    `SELECT order_id::text AS order_id, order_item_id::text AS order_item_id, kind, created_at
       FROM order_events WHERE order_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [orderIds],
  );
  for (const row of r.rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return map;
}

/**
 * What was paid for each order and what went back: a verified card payment less any overpayment
 * refund, or the cash stores recorded; card refunds of items and shipping (not of duplicate or
 * excess payments) and cash returns marked refunded.
 */
export async function moneyFactsFor(q: Queryable, orderIds: string[]): Promise<Map<string, OrderMoneyRow>> {
  const map = new Map<string, OrderMoneyRow>();
  if (!orderIds.length) return map;
  const r = await q.query<OrderMoneyRow & { order_id: string }>(
    `SELECT o.id::text AS order_id,
            COALESCE((SELECT sum(p.amount_kobo) FROM payment_transactions p WHERE p.order_id = o.id AND p.payment_status IN ('Complete', 'Refunded')), 0)
              - COALESCE((SELECT sum(r.amount_kobo) FROM refunds r WHERE r.order_id = o.id AND r.kind IN ('overpayment', 'payment')), 0)
              + COALESCE((SELECT sum(sh.cash_received_kobo) FROM shipments sh WHERE sh.order_id = o.id), 0) AS paid_kobo,
            COALESCE((SELECT sum(r.amount_kobo) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed' AND r.kind IN ('item', 'shipping')), 0)
              + COALESCE((SELECT sum(oi.line_total_kobo) FROM returns rt JOIN order_items oi ON oi.id = rt.order_item_id
                           WHERE rt.order_id = o.id AND rt.status = 'refunded' AND rt.refund_id IS NULL), 0) AS refunded_kobo
       FROM orders o WHERE o.id = ANY($1::uuid[])`,
    [orderIds],
  );
  for (const row of r.rows) map.set(row.order_id, { paid_kobo: Number(row.paid_kobo), refunded_kobo: Number(row.refunded_kobo) });
  return map;
}

/** Orders as the API answers them (items, history, shipments and money facts in four queries). */
export async function loadOrders(q: Queryable, rows: OrderRow[], origin: string) {
  const ids = rows.map((o) => o.id);
  const [items, events, shipments, money] = await Promise.all([orderItemsFor(q, ids), orderEventsFor(q, ids), shipmentsFor(q, ids), moneyFactsFor(q, ids)]);
  return rows.map((o) => serializeOrder(o, items.get(o.id) ?? [], events.get(o.id) ?? [], origin, shipments.get(o.id) ?? [], money.get(o.id)));
}

export async function loadOrder(q: Queryable, o: OrderRow, origin: string) {
  return (await loadOrders(q, [o], origin))[0];
}
