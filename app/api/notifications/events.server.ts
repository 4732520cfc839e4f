/**
 * The notices of the marketplace's events (issue 11 "Notifications", issue 10 "new order,
 * cancelled item, low stock"): who is told what, and where the notification leads. The callers
 * pass them to `recordEvent(tx, { notices, mails })` inside the transaction of the change.
 *
 * Links are storefront paths: the buyer's `/users/orders/{id}`, a store's
 * `/stores/{slug}/orders/{id}` and `/stores/{slug}/products/{id}`.
 */
import type { Queryable } from "~/db/client.server";
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

/** A notice to the buyer of a member's order (none for a guest order: recordEvent skips it). */
export function buyerNotice(userId: number | null, orderId: string, kind: NotificationKind, title: string, body = ""): Notice {
  return { userId, kind, title, body, link: buyerOrderLink(orderId) };
}

/** One notice per store with items in the order, each linking to the store's view of it. */
export function storeNotices(stores: OrderStore[], orderId: string, kind: NotificationKind, title: string, body = ""): Notice[] {
  return stores.map((s) => ({ storeId: s.id, kind, title, body, link: storeOrderLink(s.slug, orderId) }));
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
    title: left > 0 ? `Low stock: ${p.name} (${left} left)` : `Out of stock: ${p.name}`,
    body: `Stock of ${p.name} is down to ${left}. Add stock so shoppers can keep buying it.`,
    link: storeProductLink(p.slug, productId),
  };
}

export const orderTitle = (orderId: string) => orderNumber(orderId);

/** PLACEHOLDER until the store e-mail slice lands (replaced at merge). */
export async function newOrderStoreMails(_q: Queryable, _orderId: string): Promise<import("~/integrations/mail.server").MailMessage[]> {
  return [];
}
