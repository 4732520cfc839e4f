/**
 * The seller dashboard's figures (GET /stores/{storeId}/dashboard/), from the store's own order
 * items only (order_items.store_id), so a multi-store order counts for each store with its own lines.
 *
 * What counts as a sale: an ACTIVE item (cancelled items are left out) of an order that is paid
 * (order_payment_status 'Complete') or pay on delivery still expected to be paid (PayOnDelivery
 * with payment status 'Pending' or 'Complete'). Card orders waiting for payment, failed, refunded
 * or cancelled orders are not sales. Amounts are item price x quantity (shipping is not the
 * store's), in naira. Days are Lagos calendar days: West Africa Time is UTC+1 all year (no DST),
 * so a fixed offset gives the same answer on PostgreSQL 15 and PGlite without time zone data.
 */
import type { Queryable } from "~/db/client.server";
import { DELIVERY_STATUSES } from "~/domain/orders";
import { koboToNaira } from "~/domain/money";
import { LOW_STOCK_THRESHOLD } from "~/domain/products";
import type { ApiStoreDashboard } from "./schemas";

export const DASHBOARD_DAYS = 30;
const LAGOS_OFFSET_MS = 3600_000;
const DAY_MS = 86_400_000;

/** SQL condition: the order `o` counts as a sale (see the file's comment). */
export const COUNTED_ORDER_SQL = `(o.order_payment_status = 'Complete' OR (o.order_payment_method = 'PayOnDelivery' AND o.order_payment_status = 'Pending'))`;

/** The Lagos calendar day of an instant, as YYYY-MM-DD. */
export const lagosDay = (t: number) => new Date(t + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** The instant (UTC) at which Lagos day `day` (YYYY-MM-DD) starts. */
const lagosDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS;

export async function storeDashboard(q: Queryable, storeId: number, now = Date.now()): Promise<Omit<ApiStoreDashboard, "order_cap">> {
  const today = lagosDay(now);
  const todayStart = lagosDayStart(today);
  const from30 = new Date(todayStart - (DASHBOARD_DAYS - 1) * DAY_MS);
  const from7 = todayStart - 6 * DAY_MS;

  const [daily, statuses, top, low, counts] = await Promise.all([
    q.query<{ day: string; kobo: number; orders: number }>(
      `SELECT to_char((o.created_at AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM-DD') AS day,
              sum(i.line_total_kobo)::bigint AS kobo, count(DISTINCT o.id)::int AS orders
         FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.store_id = $1 AND i.status = 'Active' AND ${COUNTED_ORDER_SQL} AND o.created_at >= $2
        GROUP BY 1`,
      [storeId, from30.toISOString()],
    ),
    q.query<{ status: string; n: number }>(
      // the store's own shipment of each order (another store's progress is not this store's work)
      `SELECT COALESCE(sh.status, o.order_delivery_status) AS status, count(DISTINCT o.id)::int AS n
         FROM order_items i JOIN orders o ON o.id = i.order_id
         LEFT JOIN shipments sh ON sh.order_id = i.order_id AND sh.store_id = i.store_id
        WHERE i.store_id = $1 AND i.status = 'Active' AND ${COUNTED_ORDER_SQL}
        GROUP BY 1`,
      [storeId],
    ),
    q.query<{ product_id: number | null; name: string; units: number; kobo: number }>(
      `SELECT i.product_id, max(coalesce(p.name, i.product_name)) AS name, sum(i.quantity)::int AS units,
              sum(i.line_total_kobo)::bigint AS kobo
         FROM order_items i JOIN orders o ON o.id = i.order_id LEFT JOIN products p ON p.id = i.product_id
        WHERE i.store_id = $1 AND i.status = 'Active' AND ${COUNTED_ORDER_SQL} AND o.created_at >= $2
        GROUP BY i.product_id
        ORDER BY units DESC, kobo DESC, i.product_id
        LIMIT 5`,
      [storeId, from30.toISOString()],
    ),
    q.query<{ id: number; name: string; stock_quantity: number; published: boolean }>(
      `SELECT id, name, stock_quantity, published FROM products
        WHERE store_id = $1 AND deleted_at IS NULL AND stock_quantity <= $2
        ORDER BY stock_quantity, id LIMIT 20`,
      [storeId, LOW_STOCK_THRESHOLD],
    ),
    q.query<{ products: number; orders: number }>(
      `SELECT (SELECT count(*)::int FROM products WHERE store_id = $1 AND deleted_at IS NULL) AS products,
              (SELECT count(DISTINCT o.id)::int FROM order_items i JOIN orders o ON o.id = i.order_id
                WHERE i.store_id = $1 AND i.status = 'Active' AND ${COUNTED_ORDER_SQL}) AS orders`,
      [storeId],
    ),
  ]);

  const byDay = new Map(daily.rows.map((r) => [r.day, r]));
  const series = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = lagosDay(from30.getTime() + i * DAY_MS + LAGOS_OFFSET_MS / 2);
    const r = byDay.get(day);
    return { date: day, kobo: Number(r?.kobo ?? 0), orders: r?.orders ?? 0 };
  });
  const sumFrom = (start: number) => series.filter((d) => lagosDayStart(d.date) >= start).reduce((s, d) => s + d.kobo, 0);
  const byStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as ApiStoreDashboard["orders_by_status"];
  for (const r of statuses.rows) if (r.status in byStatus) byStatus[r.status as keyof typeof byStatus] = r.n;

  return {
    currency: "NGN",
    products_count: counts.rows[0]?.products ?? 0,
    orders_count: counts.rows[0]?.orders ?? 0,
    sales: { today: koboToNaira(sumFrom(todayStart)), last_7_days: koboToNaira(sumFrom(from7)), last_30_days: koboToNaira(sumFrom(from30.getTime())) },
    orders_by_status: byStatus,
    top_products: top.rows.map((r) => ({ product_id: r.product_id, name: r.name, units: r.units, sales: koboToNaira(Number(r.kobo)) })),
    low_stock_threshold: LOW_STOCK_THRESHOLD,
    low_stock: low.rows,
    daily_sales: series.map((d) => ({ date: d.date, sales: koboToNaira(d.kobo), orders: d.orders })),
  };
}
