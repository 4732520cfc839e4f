/** Reviews: reads over a Queryable. */
import type { Queryable } from "~/db/client.server";
import type { ApiReviewSummary } from "./schemas";
import { REVIEW_COLUMNS, type ReviewRow } from "./serialize";
import { listedSql } from "../catalog/listed";
import { receivedSql } from "./verified";

/** True when the product exists and the public may see it (published). */
export async function isPublicProduct(q: Queryable, id: number): Promise<boolean> {
  const r = await q.query(`SELECT 1 FROM products p WHERE p.id = $1 AND ${listedSql("p")}`, [id]);
  return r.rows.length > 0;
}

/** True when the user has a delivered, not cancelled order line of the product. */
export async function hasReceived(q: Queryable, userId: number, productId: number): Promise<boolean> {
  const r = await q.query<{ ok: boolean }>(`SELECT ${receivedSql("$1::int", "$2::int")} AS ok`, [userId, productId]);
  return r.rows[0]?.ok === true;
}

/** A page of a product's reviews, newest first, and the total count. */
export async function listProductReviews(q: Queryable, productId: number, limit: number, offset: number): Promise<{ rows: ReviewRow[]; count: number }> {
  const count = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM reviews WHERE product_id = $1 AND hidden_at IS NULL", [productId]);
  const rows = await q.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id
      WHERE r.product_id = $1 AND r.hidden_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
    [productId],
  );
  return { rows: rows.rows, count: count.rows[0].n };
}

export async function findReview(q: Queryable, id: number): Promise<ReviewRow | null> {
  const r = await q.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function findUserReview(q: Queryable, userId: number, productId: number): Promise<ReviewRow | null> {
  const r = await q.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.product_id = $1 AND r.user_id = $2`,
    [productId, userId],
  );
  return r.rows[0] ?? null;
}

/** Count, average (one decimal) and count per star of a product's reviews. */
export async function reviewSummary(q: Queryable, productId: number): Promise<ApiReviewSummary> {
  const r = await q.query<{ rating: number; n: number }>("SELECT rating, count(*)::int AS n FROM reviews WHERE product_id = $1 AND hidden_at IS NULL GROUP BY rating", [
    productId,
  ]);
  const counts: Record<string, number> = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let total = 0;
  let sum = 0;
  for (const row of r.rows) {
    counts[String(row.rating)] = row.n;
    total += row.n;
    sum += row.rating * row.n;
  }
  return { product_id: productId, count: total, average: total ? Math.round((sum / total) * 10) / 10 : 0, counts };
}
