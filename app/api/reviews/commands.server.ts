/** Reviews: writes over a Queryable. */
import type { Queryable } from "~/db/client.server";
import type { Notice } from "../notifications/commands.server";

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

/** The store's notice of a review of one of its products (new or changed). */
export async function reviewNotices(q: Queryable, productId: number, rating: number, inserted: boolean): Promise<Notice[]> {
  const r = await q.query<{ store_id: number; name: string }>("SELECT store_id, name FROM products WHERE id = $1", [productId]);
  const p = r.rows[0];
  if (!p) return [];
  return [
    {
      storeId: p.store_id,
      kind: "review_posted",
      title: `${inserted ? "New review" : "Review updated"}: ${p.name} (${rating}/5)`,
      link: `/products/${productId}/reviews`,
    },
  ];
}
