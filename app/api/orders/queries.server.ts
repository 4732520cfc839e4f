/** Orders: reads over a Queryable. */
import type { Queryable } from "~/db/client.server";
import { firstImageKeySql } from "../core/media";
import { ORDER_COLUMNS, type OrderItemRow, type OrderRow } from "./serialize";

export async function findOrder(q: Queryable, id: string): Promise<OrderRow | null> {
  const r = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
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

/** The items of many orders in one query, oldest first, with each product's first image. */
export async function orderItemsFor(q: Queryable, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const map = new Map<string, OrderItemRow[]>();
  if (!orderIds.length) return map;
  const r = await q.query<OrderItemRow>(
    `SELECT oi.id, oi.order_id, oi.product_id, oi.product_name, oi.quantity, oi.item_price_kobo, oi.status, oi.cancel_reason,
            ${firstImageKeySql("oi.product_id")} AS image_key
       FROM order_items oi WHERE oi.order_id = ANY($1::uuid[]) ORDER BY oi.created_at, oi.id`,
    [orderIds],
  );
  for (const row of r.rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return map;
}
