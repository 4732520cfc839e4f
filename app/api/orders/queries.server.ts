/** Orders: reads over a Queryable (the pool or a transaction). */
import type { Queryable } from "~/db/client.server";
import { firstImageKeySql } from "../core/media";
import { ORDER_COLUMNS, serializeOrder, type OrderEventRow, type OrderItemRow, type OrderRow } from "./serialize";

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

export const ORDER_ITEM_COLUMNS = `oi.id::text AS id, oi.order_id::text AS order_id, oi.product_id, oi.product_name, oi.quantity, oi.item_price_kobo,
  oi.status, oi.cancel_reason, oi.cancelled_at, ${firstImageKeySql("oi.product_id")} AS image_key, oi.option_id, oi.option_label, oi.store_id`;

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

/** Orders as the API answers them (items and history loaded in two queries). */
export async function loadOrders(q: Queryable, rows: OrderRow[], origin: string) {
  const ids = rows.map((o) => o.id);
  const items = await orderItemsFor(q, ids);
  const events = await orderEventsFor(q, ids);
  return rows.map((o) => serializeOrder(o, items.get(o.id) ?? [], events.get(o.id) ?? [], origin));
}

export async function loadOrder(q: Queryable, o: OrderRow, origin: string) {
  return (await loadOrders(q, [o], origin))[0];
}
