/**
 * A store's customers: the people who ordered from the store, from its real
 * orders. A signed-in shopper is one customer (their account's name and e-mail); a guest is known
 * by the order's e-mail (name from the latest order's delivery address). Orders whose card payment
 * never came (payment Cancelled) do not count.
 *
 * GET /stores/{storeId}/customers/?page   store-member → paged {count, next, previous, results:
 *   [{id (user id, null for a guest), name, email, orders, total_spent (naira, the store's active
 *   items), last_order_at, last_order_id}]}, the most recent customer first, 10 a page.
 */
import { koboToNaira } from "~/domain/money";
import { json, notFound, paged, pageParams } from "../core/http";
import type { ApiContext } from "../core/types";
import type { ApiStoreCustomer } from "./schemas";

interface CustomerRow {
  user_id: number | null;
  orders: number;
  spent_kobo: number;
  last_order_at: Date | string;
  last_order_id: string;
  order_email: string | null;
  first_name: string | null;
  last_name: string | null;
  user_email: string | null;
  receiver_first: string | null;
  receiver_last: string | null;
}

/** One row per order of the store (its active items' value), keyed by customer. */
const STORE_ORDERS = `
  SELECT o.id, o.user_id, o.created_at, lower(o.customer_email::text) AS email, o.delivery_address,
         coalesce('u' || o.user_id::text, 'e' || lower(o.customer_email::text), 'o' || o.id::text) AS customer,
         sum(CASE WHEN oi.status = 'Active' THEN oi.line_total_kobo ELSE 0 END) AS spent
    FROM orders o JOIN order_items oi ON oi.order_id = o.id AND oi.store_id = $1
   WHERE o.order_payment_status <> 'Cancelled'
   GROUP BY o.id`;

export async function listCustomers(ctx: ApiContext): Promise<Response> {
  const storeId = ctx.intParam("storeId");
  const { page, pageSize, offset } = pageParams(ctx.url, 10, 50);
  const count = await ctx.db.query<{ n: number }>(`SELECT count(DISTINCT customer)::int AS n FROM (${STORE_ORDERS}) so`, [storeId]);
  const rows = await ctx.db.query<CustomerRow>(
    `WITH so AS (${STORE_ORDERS}),
          c AS (
            SELECT customer, max(user_id) AS user_id, count(*)::int AS orders, sum(spent)::bigint AS spent_kobo,
                   max(created_at) AS last_order_at,
                   (array_agg(id::text ORDER BY created_at DESC, id DESC))[1] AS last_order_id,
                   (array_agg(email ORDER BY created_at DESC, id DESC))[1] AS order_email,
                   (array_agg(delivery_address ORDER BY created_at DESC, id DESC))[1] AS address
              FROM so GROUP BY customer)
     SELECT c.user_id, c.orders, c.spent_kobo, c.last_order_at, c.last_order_id, c.order_email,
            u.first_name, u.last_name, u.email::text AS user_email,
            c.address->>'receiver_first_name' AS receiver_first, c.address->>'receiver_last_name' AS receiver_last
       FROM c LEFT JOIN users u ON u.id = c.user_id
      ORDER BY c.last_order_at DESC, c.customer
      LIMIT ${pageSize} OFFSET ${offset}`,
    [storeId],
  );
  if (page > 1 && rows.rows.length === 0) throw notFound();
  const results: ApiStoreCustomer[] = rows.rows.map((r) => {
    const email = r.user_email ?? r.order_email ?? "";
    const name = r.user_id !== null ? `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim() : `${r.receiver_first ?? ""} ${r.receiver_last ?? ""}`.trim();
    return {
      id: r.user_id,
      name: name || email || "Guest",
      email,
      orders: r.orders,
      total_spent: koboToNaira(Number(r.spent_kobo)),
      last_order_at: new Date(r.last_order_at).toISOString(),
      last_order_id: r.last_order_id,
    };
  });
  return json(paged(ctx.url, results, count.rows[0].n, page, pageSize));
}
