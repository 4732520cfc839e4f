/** Catalogue: response schemas and inferred answer types. No server imports. */
import * as z from "zod";
import { pagedQuery, q, qOneOf } from "../core/query";

export const CategorySchema = z.object({ id: z.number(), name: z.string(), slug: z.string(), parent: z.number().nullable() });

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

const productFields = {
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.enum(["sale", "rent"]),
  category: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  category_slug: z.string(),
  image_keys: z.array(z.string()),
  selling_price: z.number(),
  price: z.number(),
  size: z.enum(["small", "medium", "large"]),
  published: z.boolean(),
  featured: z.boolean(),
  in_stock: z.boolean(),
  stock_quantity: z.number(),
  store: z.number(),
  store_name: z.string().optional(),
  store_slug: z.string().optional(),
  /** The store was verified by an admin: the "Verified seller" badge. */
  store_verified: z.boolean(),
  user: z.number(),
  created_at: z.string(),
};

/**
 * A product option (POST /products/options/): `price` (naira) is the unit price of the product
 * with that option; `label` reads "Variant: value"; `stock_quantity`/`in_stock` are the option's
 * (its own stock, or the product's when it shares it).
 */
export const ProductOptionAnswerSchema = z.object({
  id: z.number(),
  value: z.string(),
  price: z.number(),
  variant: z.number(),
  variant_name: z.string(),
  label: z.string(),
  /** What may be bought of the option: its own stock, or the product's when it shares it. */
  stock_quantity: z.number(),
  in_stock: z.boolean(),
});

/**
 * A product as the shop shows it: images are [{image: url, id}] (first is the cover). GET
 * /products/{id}/ adds `options` (grouped by variant in the order given, cheapest first within one).
 */
export const ProductSchema = z.object({
  ...productFields,
  images: z.array(z.object({ image: z.string(), id: z.number() })),
  options: z.array(ProductOptionAnswerSchema).optional(),
});
/** A product in the store view (GET /products/store/{storeId}/): images are [{"<imageId>": url}]. */
export const StoreProductSchema = z.object({ ...productFields, images: z.array(z.record(z.string(), z.string())) });

export const CategoryPageSchema = pagedOf(CategorySchema);
/**
 * `count_estimated: true` (absent otherwise): more products match than `count` says. A relevance
 * search ranks the newest SEARCH_WINDOW matches and answers that many with this flag (the shop
 * says "300+ results"); a count beyond the exact-count cap is the planner's estimate.
 */
const countEstimated = { count_estimated: z.literal(true).optional() };
export const ProductPageSchema = pagedOf(ProductSchema).extend(countEstimated);
export const StoreProductPageSchema = pagedOf(StoreProductSchema).extend(countEstimated);
export type ApiProductOption = z.infer<typeof ProductOptionAnswerSchema>;

export type ApiCategory = z.infer<typeof CategorySchema>;
export type ApiProduct = z.infer<typeof ProductSchema>;
export type ApiStoreProduct = z.infer<typeof StoreProductSchema>;
export type ApiProductPage = z.infer<typeof ProductPageSchema>;
export type ApiCategoryPage = z.infer<typeof CategoryPageSchema>;

/** The query of the product lists (filtersFromQuery in ./queries.server.ts), for the OpenAPI document. */
export const ProductListQuery = pagedQuery({
  search: q("Words to look for (ranked, typo-tolerant); at most 200 characters"),
  ordering: qOneOf(["-created_at", "created_at", "newest", "oldest", "selling_price", "-selling_price", "price", "-price", "relevance"], "Sort order (default: newest first; relevance when searching)"),
  sort: q("Another spelling of ordering"),
  featured: q("1/true: featured products only"),
  f: q("Another spelling of featured"),
  type: qOneOf(["sale", "rent"], "For sale or for rent"),
  selling_price__gt: q("Price above this (naira, strict)"),
  selling_price__lt: q("Price below this (naira, strict)"),
  price__gt: q("Another spelling of selling_price__gt"),
  price__lt: q("Another spelling of selling_price__lt"),
});
