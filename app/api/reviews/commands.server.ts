/** Reviews: writes over a Queryable. */
import type { Queryable } from "~/db/client.server";

/** Writes or replaces the user's review of a product. Returns its id and whether it is new. */
export async function upsertReview(
  q: Queryable,
  userId: number,
  body: { prod_id: number; rating: number; review_text: string },
): Promise<{ id: number; inserted: boolean }> {
  const r = await q.query<{ id: number; inserted: boolean }>(
    `INSERT INTO reviews (product_id, user_id, rating, review_text) VALUES ($1, $2, $3, $4)
     ON CONFLICT (product_id, user_id) DO UPDATE
       SET rating = excluded.rating, review_text = excluded.review_text, updated_at = now()
     RETURNING id, (xmax = 0) AS inserted`,
    [body.prod_id, userId, body.rating, body.review_text],
  );
  return r.rows[0];
}
