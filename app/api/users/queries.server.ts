/** Users: reads over a Queryable. */
import type { Queryable } from "~/db/client.server";
import { koboToNaira } from "~/domain/money";
import type { ApiPersonalData, ApiUser } from "./schemas";

export async function findPublicUser(q: Queryable, id: number): Promise<ApiUser | null> {
  const r = await q.query<ApiUser>("SELECT id, email::text AS email, first_name, last_name FROM users WHERE id = $1", [id]);
  return r.rows[0] ?? null;
}

const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Everything the app holds about user `id`, for "Download my data". Never a hash or a token. */
export async function personalData(q: Queryable, id: number): Promise<ApiPersonalData | null> {
  const u = await q.query<ApiPersonalData["account"]>(
    `SELECT id, email::text AS email, first_name, last_name, phone, role, email_verified_at IS NOT NULL AS email_verified,
            google_sub IS NOT NULL AS google_sign_in, ${ts("created_at")} AS created_at
       FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  const account = u.rows[0];
  if (!account) return null;
  const rows = async (sql: string, params: unknown[] = [id]) => (await q.query<Record<string, unknown>>(sql, params)).rows;
  const addresses = await rows(
    `SELECT id, receiver_first_name, receiver_last_name, receiver_phone_one, receiver_phone_two, street_address, city, state, country, zip_code, lga, landmark, is_default,
            ${ts("created_at")} AS created_at FROM addresses WHERE user_id = $1 ORDER BY id`,
  );
  const orders = await rows(
    `SELECT id::text AS id, ${ts("created_at")} AS created_at, order_total_kobo, shipping_kobo, order_delivery_status, order_payment_status,
            order_payment_method, customer_email::text AS customer_email, delivery_address
       FROM orders WHERE user_id = $1 ORDER BY created_at, id`,
  );
  const items = await rows(
    `SELECT i.order_id::text AS order_id, i.product_id, i.product_name, i.quantity, i.item_price_kobo, i.status, i.cancel_reason
       FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.user_id = $1 ORDER BY i.created_at, i.id`,
  );
  const payments = await rows(
    `SELECT order_id::text AS order_id, reference, amount_kobo, currency, payment_method, payment_status, customer_email::text AS customer_email,
            ${ts("created_at")} AS created_at FROM payment_transactions WHERE user_id = $1 ORDER BY created_at, id`,
  );
  const reviews = await rows(
    `SELECT r.id, r.product_id, p.name AS product_name, r.rating, r.review_text, ${ts("r.created_at")} AS created_at
       FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.user_id = $1 ORDER BY r.created_at, r.id`,
  );
  const wishlist = await rows(
    `SELECT w.product_id, p.name AS product_name, ${ts("w.created_at")} AS added_at
       FROM wishlist_items w JOIN products p ON p.id = w.product_id WHERE w.user_id = $1 ORDER BY w.created_at, w.id`,
  );
  const cart = await rows(
    `SELECT i.product_id, p.name AS product_name, i.quantity, ${ts("i.created_at")} AS added_at
       FROM carts c JOIN cart_items i ON i.cart_id = c.id JOIN products p ON p.id = i.product_id WHERE c.user_id = $1 ORDER BY i.created_at, i.id`,
  );
  const newsletter = await rows(
    `SELECT email::text AS email, (confirmed_at IS NOT NULL AND unsubscribed_at IS NULL) AS subscribed, ${ts("consent_at")} AS consent_at,
            consent_source, consent_ip, ${ts("confirmed_at")} AS confirmed_at, confirm_ip, ${ts("unsubscribed_at")} AS unsubscribed_at
       FROM newsletter_subscriptions WHERE user_id = $1 OR email = $2 ORDER BY id LIMIT 1`,
    [id, account.email],
  );
  const notifications = await rows(
    `SELECT kind, title, body, link, ${ts("read_at")} AS read_at, ${ts("created_at")} AS created_at
       FROM notifications WHERE user_id = $1 AND store_id IS NULL ORDER BY created_at, id`,
  );
  const memberships = await rows(
    `SELECT s.id AS store_id, s.name AS store_name, m.role, ${ts("m.accepted_at")} AS accepted_at
       FROM store_members m JOIN stores s ON s.id = m.store_id WHERE m.user_id = $1 ORDER BY m.id`,
  );
  const naira = (k: unknown) => koboToNaira(Number(k));
  return {
    exported_at: new Date().toISOString(),
    account,
    addresses,
    orders: orders.map(({ order_total_kobo, shipping_kobo, ...o }) => ({
      ...o,
      order_total_price: naira(order_total_kobo),
      shipping_cost: naira(shipping_kobo),
      order_items: items.filter((i) => i.order_id === o.id).map(({ order_id: _o, item_price_kobo, ...i }) => ({ ...i, item_price: naira(item_price_kobo) })),
    })),
    payments: payments.map(({ amount_kobo, ...p }) => ({ ...p, amount: naira(amount_kobo) })),
    reviews,
    wishlist,
    cart,
    newsletter: newsletter[0] ?? null,
    notifications,
    store_memberships: memberships,
  };
}
