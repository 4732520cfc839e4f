/** Wishlist: writes over a Queryable. */
import type { Queryable } from "~/db/client.server";

/** Adds a product to a user's wishlist; idempotent. Returns the entry id and whether it is new. */
export async function addToWishlist(q: Queryable, userId: number, productId: number): Promise<{ id: number; created: boolean }> {
  const ins = await q.query<{ id: number }>(
    "INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT (user_id, product_id) DO NOTHING RETURNING id",
    [userId, productId],
  );
  if (ins.rows[0]) return { id: ins.rows[0].id, created: true };
  const r = await q.query<{ id: number }>("SELECT id FROM wishlist_items WHERE user_id = $1 AND product_id = $2", [userId, productId]);
  return { id: r.rows[0].id, created: false };
}

export async function removeFromWishlist(q: Queryable, id: number) {
  await q.query("DELETE FROM wishlist_items WHERE id = $1", [id]);
}
