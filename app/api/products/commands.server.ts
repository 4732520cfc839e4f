/** Product writes over a Queryable (run them in a transaction). */
import type { Queryable } from "~/db/client.server";
import { ADMIN_HOLD_MESSAGE } from "~/domain/admin";
import type { ProductFields } from "~/domain/products";
import { badRequest } from "../core/http";

export interface ProductRef {
  id: number;
  store_id: number;
  deleted_at: Date | string | null;
}

/** A live (not deleted) product's id and store, or null. */
export async function liveProduct(q: Queryable, id: number, lock = false): Promise<ProductRef | null> {
  const r = await q.query<ProductRef>(`SELECT id, store_id, deleted_at FROM products WHERE id = $1 AND deleted_at IS NULL${lock ? " FOR UPDATE" : ""}`, [id]);
  return r.rows[0] ?? null;
}

/** A 400 on `category` unless the category exists. */
export async function checkCategory(q: Queryable, id: number | undefined): Promise<void> {
  if (id === undefined) return;
  const r = await q.query("SELECT 1 FROM categories WHERE id = $1 AND retired_at IS NULL", [id]); // a retired category takes no product
  if (!r.rows[0]) throw badRequest({ category: ["Invalid category."] });
}

/** Whether a product of this category (or of a category above it) needs a SON certificate to be published (migration 0040). */
export async function categoryRequiresCertificate(q: Queryable, categoryId: number): Promise<boolean> {
  const r = await q.query<{ required: boolean }>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, requires_certificate FROM categories WHERE id = $1
       UNION ALL SELECT c.id, c.parent_id, c.requires_certificate FROM categories c JOIN up ON c.id = up.parent_id
     ) SELECT coalesce(bool_or(requires_certificate), false) AS required FROM up`,
    [categoryId],
  );
  return r.rows[0]?.required ?? false;
}

/** Writes a product's certificate number (undefined: unchanged, null: cleared) and photo key (undefined: unchanged). */
export async function setCertificate(q: Queryable, productId: number, number: string | null | undefined, imageKey: string | undefined): Promise<void> {
  await q.query(
    `UPDATE products SET certificate_number = CASE WHEN $2 THEN $3 ELSE certificate_number END,
                         certificate_image_key = COALESCE($4, certificate_image_key), updated_at = now() WHERE id = $1`,
    [productId, number !== undefined, number ?? null, imageKey ?? null],
  );
}

export async function insertProduct(q: Queryable, storeId: number, userId: number, f: ProductFields): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO products (store_id, user_id, category_id, name, description, type, size, price_kobo, selling_price_kobo, stock_quantity, published,
                           unit, pack_description, pack_size, pack_measure, min_quantity, quantity_step, price_tiers, bulk)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18) RETURNING id`,
    [
      storeId, userId, f.category_id, f.name, f.description, f.type, f.size, f.price_kobo, f.stock_quantity ?? 100, f.published ?? true,
      f.unit ?? "piece", f.pack_description ?? null, f.pack_size ?? null, f.pack_measure ?? null, f.min_quantity ?? 1, f.quantity_step ?? 1,
      JSON.stringify(f.price_tiers ?? []),
      f.bulk ?? false,
    ],
  );
  return r.rows[0].id;
}

const COLUMN: Record<keyof ProductFields, string> = {
  name: "name",
  price_kobo: "price_kobo",
  description: "description",
  size: "size",
  type: "type",
  category_id: "category_id",
  stock_quantity: "stock_quantity",
  published: "published",
  bulk: "bulk",
  unit: "unit",
  pack_description: "pack_description",
  pack_size: "pack_size",
  pack_measure: "pack_measure",
  min_quantity: "min_quantity",
  quantity_step: "quantity_step",
  price_tiers: "price_tiers",
};

/** Updates the given fields (the selling price follows the price). */
export async function updateProduct(q: Queryable, id: number, f: Partial<ProductFields>): Promise<void> {
  if (f.published === true) {
    // Unpublished by an administrator: only an administrator publishes it again.
    const held = await q.query("SELECT 1 FROM products WHERE id = $1 AND admin_unpublished_at IS NOT NULL", [id]);
    if (held.rows[0]) throw badRequest({ published: [ADMIN_HOLD_MESSAGE] });
  }
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [k, v] of Object.entries(f) as Array<[keyof ProductFields, unknown]>) {
    if (v === undefined) continue;
    params.push(k === "price_tiers" ? JSON.stringify(v) : v);
    sets.push(`${COLUMN[k]} = $${params.length}${k === "price_tiers" ? "::jsonb" : ""}`);
    if (k === "price_kobo") sets.push(`selling_price_kobo = $${params.length}`);
  }
  sets.push("updated_at = now()");
  await q.query(`UPDATE products SET ${sets.join(", ")} WHERE id = $1`, params);
}

/** Puts `key` in photo slot `position` (0..3) of a product: replaces the slot's image or adds one. */
export async function setImageSlot(q: Queryable, productId: number, position: number, key: string): Promise<number> {
  const cur = await q.query<{ id: number }>("SELECT id FROM product_images WHERE product_id = $1 AND position = $2 ORDER BY id LIMIT 1", [productId, position]);
  if (cur.rows[0]) {
    await q.query("UPDATE product_images SET image_key = $2 WHERE id = $1", [cur.rows[0].id, key]);
    return cur.rows[0].id;
  }
  const r = await q.query<{ id: number }>("INSERT INTO product_images (product_id, image_key, position) VALUES ($1, $2, $3) RETURNING id", [productId, key, position]);
  return r.rows[0].id;
}

/**
 * Deletes a product for the shop: hidden from the catalogue, search, the store's list, carts and
 * wishlists; the row stays so past order lines keep their product and photo.
 */
export async function softDeleteProduct(q: Queryable, id: number): Promise<void> {
  await q.query("UPDATE products SET deleted_at = now(), published = false, featured = false, updated_at = now() WHERE id = $1 AND deleted_at IS NULL", [id]);
  await q.query("DELETE FROM cart_items WHERE product_id = $1", [id]);
  await q.query("DELETE FROM wishlist_items WHERE product_id = $1", [id]);
}

/** A variant's id: an existing id, or a name (found case-insensitively, else created). */
export async function variantId(q: Queryable, variant: number | string): Promise<{ id: number; name: string }> {
  if (typeof variant === "number" || /^\d+$/.test(variant)) {
    const r = await q.query<{ id: number; name: string }>("SELECT id, name::text AS name FROM variants WHERE id = $1", [Number(variant)]);
    if (!r.rows[0]) throw badRequest({ variant: ["Invalid variant."] });
    return r.rows[0];
  }
  const r = await q.query<{ id: number; name: string }>(
    `INSERT INTO variants (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = variants.name RETURNING id, name::text AS name`,
    [variant],
  );
  return r.rows[0];
}

/** A buyer's report that a product's certificate looks fake (migration 0040); answers the row. */
export async function insertCertificateReport(q: Queryable, r: { productId: number; userId: number | null; note: string; contact: string | null }) {
  const x = await q.query<{ id: number; store_id: number | null; certificate_number: string | null; created_at: Date | string }>(
    `INSERT INTO certificate_reports (product_id, store_id, certificate_number, user_id, contact, note)
     SELECT p.id, p.store_id, p.certificate_number, $2, $3, $4 FROM products p WHERE p.id = $1
     RETURNING id, store_id, certificate_number, created_at`,
    [r.productId, r.userId, r.contact, r.note],
  );
  return x.rows[0];
}
