/**
 * The notices of the marketplace's events ("Notifications": "new order,
 * cancelled item, low stock"): who is told what, and where the notification leads. The callers
 * pass them to `recordEvent(tx, { notices, mails })` inside the transaction of the change.
 *
 * Links are storefront paths: the buyer's `/users/orders/{id}`, a store's
 * `/stores/{slug}/orders/{id}` and `/stores/{slug}/products/{id}`.
 */
import type { NoticeText } from "~/domain/notices";
import type { Queryable } from "~/db/client.server";
import { itemsTotalKobo } from "~/domain/pricing";
import type { MailMessage } from "~/integrations/mail.server";
import { newOrderStoreEmail, type StoreOrderLine } from "~/integrations/mail/store-order-emails.server";
import { orderNumber } from "~/domain/orders";
import { LOW_STOCK_THRESHOLD } from "~/domain/products";
import type { Notice } from "./commands.server";
import type { NotificationKind } from "./schemas";

export const buyerOrderLink = (orderId: string) => `/users/orders/${orderId}`;
export const storeOrderLink = (slug: string, orderId: string) => `/stores/${encodeURIComponent(slug)}/orders/${orderId}`;
export const storeProductLink = (slug: string, productId: number) => `/stores/${encodeURIComponent(slug)}/products/${productId}`;

export interface OrderStore {
  id: number;
  slug: string;
}

/** The stores with items in an order (each told once). */
export async function orderStores(q: Queryable, orderId: string): Promise<OrderStore[]> {
  const r = await q.query<OrderStore>(
    `SELECT DISTINCT s.id, s.slug FROM order_items oi JOIN stores s ON s.id = oi.store_id WHERE oi.order_id = $1 ORDER BY s.id`,
    [orderId],
  );
  return r.rows;
}

/**
 * A notice to the buyer of a member's order (none for a guest order: recordEvent skips it);
 * `shipmentStoreId`: it is about that store's shipment of the order (its messages say so).
 */
export function buyerNotice(userId: number | null, orderId: string, kind: NotificationKind, text: NoticeText, shipmentStoreId: number | null = null): Notice {
  return { userId, kind, text, link: buyerOrderLink(orderId), shipmentStoreId };
}

/**
 * One notice per store with items in the order, each linking to the store's view of it: a message
 * key and its values (~/domain/notices), said in the reader's language on the store's page.
 */
export function storeNotices(stores: OrderStore[], orderId: string, kind: NotificationKind, text: NoticeText): Notice[] {
  return stores.map((s) => ({ storeId: s.id, kind, text, link: storeOrderLink(s.slug, orderId) }));
}

/**
 * True when taking stock moved a product from above the low-stock threshold to at or below it:
 * the store is told once per crossing (stock raised above it again and sold down again: told again).
 */
export const crossedLowStock = (before: number, after: number) => before > LOW_STOCK_THRESHOLD && after <= LOW_STOCK_THRESHOLD;

/** The low-stock notice of a product whose stock just crossed the threshold. */
export async function lowStockNotice(q: Queryable, productId: number, left: number): Promise<Notice | null> {
  const r = await q.query<{ store_id: number; slug: string; name: string }>(
    "SELECT p.store_id, s.slug, p.name FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = $1",
    [productId],
  );
  const p = r.rows[0];
  if (!p) return null;
  return {
    storeId: p.store_id,
    kind: "low_stock",
    text: { title: left > 0 ? "low_stock" : "out_of_stock", body: "low_stock", params: { product: p.name, left } },
    link: storeProductLink(p.slug, productId),
  };
}

export const orderTitle = (orderId: string) => orderNumber(orderId);

/**
 * The "New order" e-mails of an order: one per store with active lines in the order, to
 * each of its accepted members (the owner included) whose `order_emails` is on, listing only that
 * store's active lines (option labels, quantities), the delivery state (and LGA), pay on delivery or card, and
 * the store's link to the order. Call it when the order is announced, in the same transaction:
 * `recordEvent(tx, { notices, mails: await newOrderStoreMails(tx, orderId) })`.
 */
export async function newOrderStoreMails(q: Queryable, orderId: string): Promise<MailMessage[]> {
  const order = (
    await q.query<{ method: string; state: string | null; lga: string | null }>(
      `SELECT order_payment_method AS method, COALESCE(NULLIF(delivery_state, ''), NULLIF(delivery_address->>'state', '')) AS state,
              NULLIF(delivery_address->>'lga', '') AS lga FROM orders WHERE id = $1`,
      [orderId],
    )
  ).rows[0];
  if (!order) return [];
  const lines = await q.query<{ store_id: number; name: string; option_label: string | null; quantity: number; total_kobo: string | number; unit: string; unit_kobo: string | number }>(
    `SELECT oi.store_id, oi.product_name AS name, oi.option_label, oi.quantity, oi.line_total_kobo AS total_kobo, oi.unit, oi.item_price_kobo AS unit_kobo
       FROM order_items oi WHERE oi.order_id = $1 AND oi.status = 'Active' AND oi.store_id IS NOT NULL
      ORDER BY oi.created_at, oi.id`,
    [orderId],
  );
  if (!lines.rows.length) return [];
  const byStore = new Map<number, StoreOrderLine[]>();
  for (const l of lines.rows) {
    const list = byStore.get(l.store_id) ?? [];
    list.push({ name: l.name, optionLabel: l.option_label, quantity: Number(l.quantity), totalKobo: Number(l.total_kobo), unit: l.unit, unitKobo: Number(l.unit_kobo) });
    byStore.set(l.store_id, list);
  }
  const people = await q.query<{ store_id: number; store_name: string; slug: string; email: string; first_name: string | null; language: string | null; shipping_kobo: number | null }>(
    `SELECT s.id AS store_id, s.name AS store_name, s.slug, u.email::text AS email, NULLIF(u.first_name, '') AS first_name, u.language,
            (SELECT sh.shipping_kobo FROM shipments sh WHERE sh.order_id = $1 AND sh.store_id = s.id) AS shipping_kobo
       FROM stores s
       JOIN store_members m ON m.store_id = s.id AND m.accepted_at IS NOT NULL AND m.order_emails
       JOIN users u ON u.id = m.user_id
      WHERE s.id = ANY($2::int[]) AND u.deleted_at IS NULL AND NULLIF(u.email::text, '') IS NOT NULL
      ORDER BY s.id, (m.role = 'Owner') DESC, m.id`,
    [orderId, [...byStore.keys()]],
  );
  return people.rows.map((p) =>
    newOrderStoreEmail({
      to: p.email,
      firstName: p.first_name,
      storeName: p.store_name,
      storeSlug: p.slug,
      orderId,
      paymentMethod: order.method,
      state: order.state,
      lga: order.lga,
      lines: byStore.get(p.store_id) ?? [],
      itemsKobo: itemsTotalKobo(byStore.get(p.store_id) ?? []),
      shippingKobo: p.shipping_kobo === null ? null : Number(p.shipping_kobo),
      lang: p.language,
    }),
  );
}
