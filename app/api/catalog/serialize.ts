/** Catalogue: rows to the API's JSON shapes (spec section 3, docs/api-contract.md). */
import { koboToNaira } from "~/domain/money";
import type { PriceTier } from "~/domain/units";
import { imageUrl, optionalImageUrl, PLACEHOLDER_IMAGE_KEY } from "../core/media";

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
}

export function serializeCategory(c: CategoryRow) {
  return { id: c.id, name: c.name, slug: c.slug, parent: c.parent_id };
}

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  type: "sale" | "rent";
  size: "small" | "medium" | "large";
  category_id: number;
  category_name: string;
  category_slug?: string;
  price_kobo: number;
  selling_price_kobo: number;
  stock_quantity: number;
  published: boolean;
  featured: boolean;
  store_id: number;
  store_name?: string;
  store_slug?: string;
  /** The store is verified (a passing registry check or an admin's approval after a manual check, decision 0032): the "Verified seller" badge. */
  store_verified?: boolean;
  /** The state the store ships from (stores.state; null when unknown). */
  store_state?: string | null;
  user_id: number;
  created_at: Date | string;
  /** Issue 34 (migration 0034): the unit, pack, minimum, step and volume price ladder. */
  unit?: string;
  pack_description?: string | null;
  pack_size?: number | null;
  pack_measure?: string | null;
  min_quantity?: number;
  quantity_step?: number;
  price_tiers?: PriceTier[];
  /** Issue 35 item 5 (migration 0045): bulk goods, never paid at the door. */
  bulk?: boolean;
}

/** Columns for ProductRow; join categories c and stores s. */
export const PRODUCT_COLUMNS = `p.id, p.name, p.description, p.type, p.size, p.category_id, c.name AS category_name, c.slug AS category_slug,
  p.price_kobo, p.selling_price_kobo, p.stock_quantity, p.published, p.featured, p.store_id,
  s.name AS store_name, s.slug AS store_slug, s.verified_at IS NOT NULL AS store_verified, s.state AS store_state, p.user_id, p.created_at,
  p.unit, p.pack_description, p.pack_size, p.pack_measure, p.min_quantity, p.quantity_step, p.price_tiers, p.bulk`;
export const PRODUCT_FROM = `products p JOIN categories c ON c.id = p.category_id JOIN stores s ON s.id = p.store_id`;

export interface ImageRow {
  id: number;
  product_id: number;
  image_key: string;
}

export function serializeProduct(
  p: ProductRow,
  images: ImageRow[],
  origin: string,
  opts: { storeView?: boolean } = {},
) {
  const base = `${origin}/api/v1`;
  const list = images.length ? images : [{ id: 0, product_id: p.id, image_key: PLACEHOLDER_IMAGE_KEY }];
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    type: p.type,
    category: `${base}/products/categories/${p.category_id}/`,
    category_id: p.category_id,
    category_name: p.category_name,
    category_slug: p.category_slug ?? "",
    images: list.map((img) =>
      opts.storeView
        ? { [String(img.id)]: imageUrl(origin, img.image_key) }
        : { image: imageUrl(origin, img.image_key), id: img.id },
    ),
    image_keys: list.map((img) => img.image_key),
    selling_price: koboToNaira(p.selling_price_kobo),
    price: koboToNaira(p.price_kobo),
    size: p.size,
    published: p.published,
    featured: p.featured,
    in_stock: p.stock_quantity > 0,
    stock_quantity: p.stock_quantity,
    store: p.store_id,
    store_name: p.store_name,
    store_slug: p.store_slug,
    store_verified: p.store_verified ?? false,
    store_state: p.store_state ?? null,
    user: p.user_id,
    created_at: new Date(p.created_at).toISOString(),
    unit: p.unit ?? "piece",
    pack_description: p.pack_description ?? null,
    pack_size: p.pack_size ?? null,
    pack_measure: p.pack_measure ?? null,
    min_quantity: p.min_quantity ?? 1,
    quantity_step: p.quantity_step ?? 1,
    price_tiers: tiersAnswer(p.price_tiers),
    bulk: p.bulk ?? false,
  };
}

/** A stored ladder (kobo) as the API answers it: [{min_quantity, price (naira)}], rising. */
export function tiersAnswer(tiers: readonly PriceTier[] | null | undefined): Array<{ min_quantity: number; price: number }> {
  return (tiers ?? []).map((t) => ({ min_quantity: Number(t.min_quantity), price: koboToNaira(t.price_kobo) }));
}

export type SerializedProduct = ReturnType<typeof serializeProduct>;

/** The seller of a product, for its detail answer (GET /products/{id}/): see sellerOf in queries.server.ts. */
export interface SellerRow {
  id: number;
  name: string;
  slug: string;
  logo_key: string | null;
  verified: boolean;
  state: string | null;
  rating_average: number | string | null;
  rating_count: number | string;
}

/**
 * `seller` of the product detail answer (additive): the store's name, slug (its shop page
 * /shop/<slug>), logo URL (null without one), whether an admin verified it, the state it ships from
 * (null: not on record) and the average rating (1 decimal, null with no reviews) over `rating_count`
 * reviews of its products still in the catalogue.
 */
export function serializeSeller(s: SellerRow, origin: string) {
  const count = Number(s.rating_count);
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    logo: optionalImageUrl(origin, s.logo_key),
    verified: s.verified,
    state: s.state,
    rating_average: count > 0 && s.rating_average !== null ? Math.round(Number(s.rating_average) * 10) / 10 : null,
    rating_count: count,
  };
}

export type SerializedSeller = ReturnType<typeof serializeSeller>;
