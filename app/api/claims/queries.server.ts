/** Claims: reads over a Queryable (the pool or a transaction). */
import type { Queryable } from "~/db/client.server";
import type { ClaimStatus } from "~/domain/claim-rules";
import { lineDeliveredAtSql } from "../orders/line-delivered.server";

export interface ClaimRow {
  id: number;
  order_id: string;
  order_item_id: string;
  store_id: number | null;
  store_name: string | null;
  store_slug: string | null;
  user_id: number | null;
  product_id: number | null;
  product_name: string;
  quantity: number;
  reason: string;
  source: string;
  dispute_id: string | null;
  status: ClaimStatus;
  line_kobo: number;
  opened_at: Date | string;
  answer_due_at: Date | string;
  escalated_at: Date | string | null;
  resolved_at: Date | string | null;
  resolved_by_role: string | null;
  refund_kobo: number | null;
  refund_status: string | null;
  refunded_at: Date | string | null;
  held_kobo: number;
}

export const CLAIM_COLUMNS = `c.id, c.order_id::text AS order_id, c.order_item_id::text AS order_item_id, c.store_id, s.name AS store_name, s.slug AS store_slug,
  c.user_id, oi.product_id, oi.product_name, oi.quantity, c.reason, c.source, c.dispute_id, c.status, c.line_kobo, c.opened_at, c.answer_due_at,
  c.escalated_at, c.resolved_at, c.resolved_by_role, c.refund_kobo, f.status AS refund_status, c.refunded_at,
  COALESCE((SELECT sum(l.amount_kobo) FROM store_ledger l WHERE l.held_claim_id = c.id), 0)::bigint AS held_kobo`;
export const CLAIM_FROM = `claims c JOIN order_items oi ON oi.id = c.order_item_id LEFT JOIN stores s ON s.id = c.store_id LEFT JOIN refunds f ON f.id = c.refund_id`;

export interface ClaimMessageRow {
  id: number;
  claim_id: number;
  author_role: string;
  kind: string;
  body: string;
  amount_kobo: number | null;
  created_at: Date | string;
  photo_ids: number[] | null;
}

export async function findClaim(q: Queryable, id: number): Promise<ClaimRow | null> {
  const r = await q.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** The threads of `claimIds`, oldest step first, each with its photos' ids. */
export async function claimMessages(q: Queryable, claimIds: number[]): Promise<Map<number, ClaimMessageRow[]>> {
  const out = new Map<number, ClaimMessageRow[]>();
  if (!claimIds.length) return out;
  const r = await q.query<ClaimMessageRow>(
    `SELECT m.id, m.claim_id, m.author_role, m.kind, m.body, m.amount_kobo, m.created_at,
            (SELECT array_agg(p.id ORDER BY p.id) FROM claim_photos p WHERE p.message_id = m.id) AS photo_ids
       FROM claim_messages m WHERE m.claim_id = ANY($1::int[]) ORDER BY m.claim_id, m.id`,
    [claimIds],
  );
  for (const m of r.rows) {
    const list = out.get(m.claim_id) ?? [];
    list.push(m);
    out.set(m.claim_id, list);
  }
  return out;
}

/** An order's claims, oldest first. */
export async function orderClaims(q: Queryable, orderId: string): Promise<ClaimRow[]> {
  return (await q.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.order_id = $1 ORDER BY c.opened_at, c.id`, [orderId])).rows;
}

/** A page of claims, newest first: of one store (storeId) or of every store (null), optionally of one status. */
export async function listClaims(
  q: Queryable,
  f: { storeId: number | null; status?: ClaimStatus; orderId?: string },
  limit: number,
  offset: number,
): Promise<{ rows: ClaimRow[]; count: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.storeId !== null) {
    params.push(f.storeId);
    where.push(`c.store_id = $${params.length}`);
  }
  if (f.status) {
    params.push(f.status);
    where.push(`c.status = $${params.length}`);
  }
  if (f.orderId) {
    params.push(f.orderId);
    where.push(`c.order_id = $${params.length}::uuid`);
  }
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM claims c ${w}`, params);
  const rows = await q.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} ${w} ORDER BY c.opened_at DESC, c.id DESC LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
    params,
  );
  return { rows: rows.rows, count: count.rows[0].n };
}

export interface ClaimableLine {
  id: string;
  status: string;
  store_id: number | null;
  product_name: string;
  line_total_kobo: number;
  delivered_at: Date | string | null;
  has_claim: boolean;
  has_return: boolean;
}

/** An order's lines with what the claim rule needs (lineDeliveredAtSql: its shipment's delivery). */
export async function claimableLines(q: Queryable, orderId: string, itemId?: string, lock = false): Promise<ClaimableLine[]> {
  const r = await q.query<ClaimableLine>(
    `SELECT oi.id::text AS id, oi.status, oi.store_id, oi.product_name, oi.line_total_kobo,
            ${lineDeliveredAtSql("oi", "o")} AS delivered_at,
            EXISTS (SELECT 1 FROM claims x WHERE x.order_item_id = oi.id) AS has_claim,
            (EXISTS (SELECT 1 FROM returns x WHERE x.order_item_id = oi.id AND x.status <> 'refused')
              OR EXISTS (SELECT 1 FROM refunds x WHERE x.order_item_id = oi.id)) AS has_return
       FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.order_id = $1 AND ($2::uuid IS NULL OR oi.id = $2::uuid)
      ORDER BY oi.created_at, oi.id${lock ? " FOR UPDATE OF oi" : ""}`,
    [orderId, itemId ?? null],
  );
  return r.rows;
}

/** The storage key of photo `photoId` of claim `claimId`, or null. */
export async function claimPhotoKey(q: Queryable, claimId: number, photoId: number): Promise<string | null> {
  const r = await q.query<{ photo_key: string }>("SELECT photo_key FROM claim_photos WHERE id = $1 AND claim_id = $2", [photoId, claimId]);
  return r.rows[0]?.photo_key ?? null;
}
