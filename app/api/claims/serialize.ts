/** Claims: rows to the API's JSON (types from ./schemas). */
import { koboToNaira } from "~/domain/money";
import type { ClaimMessageKind, ClaimReason } from "~/domain/claim-rules";
import { API_PREFIX } from "../core/context";
import type { ClaimMessageRow, ClaimRow } from "./queries.server";
import type { ApiClaim } from "./schemas";

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

/** Whose view: a photo's address is the viewer's own route (never a public media address). */
export type ClaimViewer = { as: "buyer"; token?: string | null } | { as: "store" } | { as: "admin" };

export function claimPhotoUrl(origin: string, c: Pick<ClaimRow, "id" | "order_id" | "store_id">, photoId: number, viewer: ClaimViewer): string {
  if (viewer.as === "store") return `${origin}${API_PREFIX}/stores/${c.store_id}/claims/${c.id}/photos/${photoId}/`;
  if (viewer.as === "admin") return `${origin}${API_PREFIX}/admin/claims/${c.id}/photos/${photoId}/`;
  const t = viewer.token ? `?token=${encodeURIComponent(viewer.token)}` : "";
  return `${origin}${API_PREFIX}/orders/${c.order_id}/claims/${c.id}/photos/${photoId}/${t}`;
}

export function serializeClaim(c: ClaimRow, messages: ClaimMessageRow[], origin: string, viewer: ClaimViewer): ApiClaim {
  return {
    id: c.id,
    order_id: c.order_id,
    order_item_id: c.order_item_id,
    product_id: c.product_id,
    product_name: c.product_name,
    quantity: Number(c.quantity),
    amount: koboToNaira(Number(c.line_kobo)),
    reason: c.reason as ClaimReason,
    source: c.source === "paystack" ? "paystack" : "buyer",
    dispute_id: c.dispute_id,
    status: c.status,
    refund: c.refund_kobo === null ? null : koboToNaira(Number(c.refund_kobo)),
    refund_status: c.refund_status,
    resolved_by: c.resolved_by_role,
    held: koboToNaira(Number(c.held_kobo)),
    store: { id: c.store_id, name: c.store_name, slug: c.store_slug },
    opened_at: new Date(c.opened_at).toISOString(),
    answer_due_at: new Date(c.answer_due_at).toISOString(),
    escalated_at: iso(c.escalated_at),
    resolved_at: iso(c.resolved_at),
    refunded_at: iso(c.refunded_at),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author_role as "buyer" | "store" | "admin" | "system",
      kind: m.kind as ClaimMessageKind,
      body: m.body,
      amount: m.amount_kobo === null ? null : koboToNaira(Number(m.amount_kobo)),
      photos: (m.photo_ids ?? []).map((pid) => claimPhotoUrl(origin, c, pid, viewer)),
      created_at: new Date(m.created_at).toISOString(),
    })),
  };
}
