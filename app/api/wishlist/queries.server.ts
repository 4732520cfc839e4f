/** Wishlist: reads over a Queryable. */
import type { Queryable } from "~/db/client.server";
import { firstImageKeySql } from "../core/media";
import type { WishlistRow } from "./serialize";
import { listedSql } from "../catalog/listed";

const ENTRY_SELECT = `SELECT w.id, w.user_id, w.product_id, w.created_at, p.name, p.selling_price_kobo, p.price_kobo, ${listedSql("p")} AS published,
       p.stock_quantity, p.type, p.category_id, ${firstImageKeySql("p.id")} AS image_key
  FROM wishlist_items w JOIN products p ON p.id = w.product_id`;

export async function findWishlistEntry(q: Queryable, id: number): Promise<WishlistRow | null> {
  const r = await q.query<WishlistRow>(`${ENTRY_SELECT} WHERE w.id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function findWishlistEntryFor(q: Queryable, userId: number, productId: number): Promise<WishlistRow | null> {
  const r = await q.query<WishlistRow>(`${ENTRY_SELECT} WHERE w.user_id = $1 AND w.product_id = $2`, [userId, productId]);
  return r.rows[0] ?? null;
}

/** A page of a user's wishlist, newest first, and the total count. */
export async function listWishlist(q: Queryable, userId: number, limit: number, offset: number): Promise<{ rows: WishlistRow[]; count: number }> {
  const count = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = $1", [userId]);
  const rows = await q.query<WishlistRow>(
    `${ENTRY_SELECT} WHERE w.user_id = $1 ORDER BY w.created_at DESC, w.id DESC LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
    [userId],
  );
  return { rows: rows.rows, count: count.rows[0].n };
}

/** True when the product may be wished for (it exists and is published). */
export async function wishableProduct(q: Queryable, productId: number): Promise<boolean> {
  const p = await q.query<{ published: boolean }>(`SELECT ${listedSql("p")} AS published FROM products p WHERE p.id = $1`, [productId]);
  return !!p.rows[0]?.published;
}

/** The products in user $1's wishlist as a JSON array of ids: a subquery for the member header's one statement (the hearts). */
export const WISHLIST_IDS_JSON_SQL = "(SELECT COALESCE(json_agg(w.product_id ORDER BY w.product_id), '[]'::json) FROM wishlist_items w WHERE w.user_id = $1)";
