/** Returns: rows to the API's JSON (types from ./schemas). */
import { koboToNaira } from "~/domain/money";
import type { ReturnReason, ReturnStatus } from "~/domain/returns";
import { API_PREFIX } from "../core/context";
import type { ApiReturn } from "./schemas";

export interface ReturnRow {
  id: number;
  order_id: string;
  order_item_id: string;
  store_id: number | null;
  user_id: number | null;
  reason: ReturnReason;
  details: string;
  photo_key: string | null;
  status: ReturnStatus;
  vendor_message: string | null;
  refund_id: number | null;
  refund_note: string | null;
  requested_at: Date | string;
  decided_at: Date | string | null;
  refunded_at: Date | string | null;
  product_id: number | null;
  product_name: string;
  quantity: number;
  item_price_kobo: number;
  line_total_kobo: number;
  payment_method: string;
  refund_status: string | null;
  store_name: string | null;
  store_slug: string | null;
}

export const RETURN_COLUMNS = `r.id, r.order_id::text AS order_id, r.order_item_id::text AS order_item_id, r.store_id, r.user_id, r.reason, r.details,
  r.photo_key, r.status, r.vendor_message, r.refund_id, r.refund_note, r.requested_at, r.decided_at, r.refunded_at,
  oi.product_id, oi.product_name, oi.quantity, oi.item_price_kobo, oi.line_total_kobo, o.order_payment_method AS payment_method, f.status AS refund_status,
  s.name AS store_name, s.slug AS store_slug`;

export const RETURN_FROM = `returns r JOIN order_items oi ON oi.id = r.order_item_id JOIN orders o ON o.id = r.order_id
  LEFT JOIN stores s ON s.id = r.store_id LEFT JOIN refunds f ON f.id = r.refund_id`;

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

/**
 * Whose view the answer is: the photo's address is the party's own route (the buyer's order, or the
 * store's returns), never a public media address (issue 37). `token`: a guest order's link token.
 */
export type ReturnViewer = { as: "buyer"; token?: string | null } | { as: "store" };

/** The address of a return's photo for the viewer (null without a photo). */
export function returnPhotoUrl(origin: string, r: Pick<ReturnRow, "id" | "order_id" | "store_id" | "photo_key">, viewer: ReturnViewer): string | null {
  if (!r.photo_key) return null;
  if (viewer.as === "store") return `${origin}${API_PREFIX}/stores/${r.store_id}/returns/${r.id}/photo/`;
  const t = viewer.token ? `?token=${encodeURIComponent(viewer.token)}` : "";
  return `${origin}${API_PREFIX}/orders/${r.order_id}/returns/${r.id}/photo/${t}`;
}

export function serializeReturn(r: ReturnRow, origin: string, viewer: ReturnViewer): ApiReturn {
  return {
    id: r.id,
    order_id: r.order_id,
    order_item_id: r.order_item_id,
    product_id: r.product_id,
    product_name: r.product_name,
    quantity: r.quantity,
    amount: koboToNaira(r.line_total_kobo),
    reason: r.reason,
    details: r.details,
    photo: returnPhotoUrl(origin, r, viewer),
    status: r.status,
    vendor_message: r.vendor_message,
    payment_method: r.payment_method,
    refund_status: r.refund_status,
    refund_note: r.refund_note,
    store: { id: r.store_id, name: r.store_name, slug: r.store_slug },
    requested_at: new Date(r.requested_at).toISOString(),
    decided_at: iso(r.decided_at),
    refunded_at: iso(r.refunded_at),
  };
}
