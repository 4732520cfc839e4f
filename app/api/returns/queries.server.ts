/** Returns: reads over a Queryable (the pool or a transaction). */
import type { Queryable } from "~/db/client.server";
import { lineDeliveredAtSql } from "../orders/line-delivered.server";
import type { ReturnStatus } from "~/domain/returns";
import { RETURN_COLUMNS, RETURN_FROM, type ReturnRow } from "./serialize";

export async function findReturn(q: Queryable, id: number): Promise<ReturnRow | null> {
  const r = await q.query<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM ${RETURN_FROM} WHERE r.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** An order's returns, oldest first. */
export async function orderReturns(q: Queryable, orderId: string): Promise<ReturnRow[]> {
  return (await q.query<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM ${RETURN_FROM} WHERE r.order_id = $1 ORDER BY r.requested_at, r.id`, [orderId])).rows;
}

/**
 * A page of returns, newest first, with the total count: of one store (storeId), or of every
 * store (null); optionally of one status, and for the admin only pay-on-delivery ones (podOnly).
 */
export async function listReturns(
  q: Queryable,
  f: { storeId: number | null; status?: ReturnStatus; podOnly?: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: ReturnRow[]; count: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.storeId !== null) {
    params.push(f.storeId);
    where.push(`r.store_id = $${params.length}`);
  }
  if (f.status) {
    params.push(f.status);
    where.push(`r.status = $${params.length}`);
  }
  if (f.podOnly) where.push("o.order_payment_method = 'PayOnDelivery'");
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${RETURN_FROM} ${w}`, params);
  const rows = await q.query<ReturnRow>(
    `SELECT ${RETURN_COLUMNS} FROM ${RETURN_FROM} ${w} ORDER BY r.requested_at DESC, r.id DESC LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
    params,
  );
  return { rows: rows.rows, count: count.rows[0].n };
}

export interface ReturnableItem {
  id: string;
  status: string;
  store_id: number | null;
  product_name: string;
  quantity: number;
  item_price_kobo: number;
  delivered_at: Date | string | null;
  has_return: boolean;
}

/**
 * The items of an order with what the return rule needs: when the item's shipment was delivered
 * (lineDeliveredAtSql: its store's shipment, else the order's delivered date) and whether a return exists.
 */
export async function returnableItems(q: Queryable, orderId: string, itemId?: string, lock = false): Promise<ReturnableItem[]> {
  const r = await q.query<ReturnableItem>(
    `SELECT oi.id::text AS id, oi.status, oi.store_id, oi.product_name, oi.quantity, oi.item_price_kobo,
            ${lineDeliveredAtSql("oi", "o")} AS delivered_at,
            EXISTS (SELECT 1 FROM returns x WHERE x.order_item_id = oi.id) AS has_return
       FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.order_id = $1 AND ($2::uuid IS NULL OR oi.id = $2::uuid)
      ORDER BY oi.created_at, oi.id${lock ? " FOR UPDATE OF oi" : ""}`,
    [orderId, itemId ?? null],
  );
  return r.rows;
}
