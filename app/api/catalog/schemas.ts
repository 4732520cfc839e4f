/** Catalogue: response schemas and inferred answer types. No server imports. */
import * as z from "zod";
import { PACK_MEASURES, UNITS } from "~/domain/units";

export const CategorySchema = z.object({ id: z.number(), name: z.string(), slug: z.string(), parent: z.number().nullable() });

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

export const PriceTierAnswer = z.object({ min_quantity: z.number(), price: z.number() });

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
  /** The store is verified (a passing registry check or an admin's audited approval, decision 0032): the "Verified seller" badge. */
  store_verified: z.boolean(),
  /** The state the seller ships from (a name of app/domain/states.ts), for "from Kano" on cards; null when unknown. */
  store_state: z.string().nullable().optional(),
  user: z.number(),
  created_at: z.string(),
  /** Issue 34: the unit it is sold per ("piece" for products without one). */
  unit: z.enum(UNITS),
  /** Free text shown to people ("50 kg bag"), or null. */
  pack_description: z.string().nullable(),
  /** What ONE unit holds, in `pack_measure` (a bag: 50 kg), or null. */
  pack_size: z.number().nullable(),
  pack_measure: z.enum(PACK_MEASURES).nullable(),
  /** The minimum order (1 without one) and the step from it (1). */
  min_quantity: z.number(),
  quantity_step: z.number(),
  /** The volume price ladder: from `min_quantity` units, `price` (naira) each; rising; empty: one price. */
  price_tiers: z.array(PriceTierAnswer),
  /** Additive (issue 35 item 5): bulk goods, never paid at the door; checkout asks for a delivery slot. */
  bulk: z.boolean(),
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
  /** The option's own volume price ladder (naira); empty: one price. */
  price_tiers: z.array(PriceTierAnswer),
});

/**
 * GET /products/{id}/ only (additive): who sells it. `logo` null without one; `verified`:
 * an admin verified the store; `state`: where it ships from (null: not on record); `rating_average`
 * (1 decimal, null with no reviews) over `rating_count` reviews of the store's products.
 */
export const SellerSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  verified: z.boolean(),
  state: z.string().nullable(),
  rating_average: z.number().nullable(),
  rating_count: z.number(),
});
export type ApiSeller = z.infer<typeof SellerSchema>;

/**
 * GET /products/{id}/ and the product writes' answers (additive, issue 36 item 2): the product's
 * SON certificate. `required`: its category needs one to publish it; `number` and `image` (a URL)
 * as the store gave them, null when not given; `waived`: an administrator let it be published without one.
 */
export const CertificateSchema = z.object({
  required: z.boolean(),
  number: z.string().nullable(),
  image: z.string().nullable(),
  waived: z.boolean(),
});
export type ApiCertificate = z.infer<typeof CertificateSchema>;

/**
 * A product as the shop shows it: images are [{image: url, id}] (first is the cover). GET
 * /products/{id}/ adds `options` (grouped by variant in the order given, cheapest first within one).
 */
export const ProductSchema = z.object({
  ...productFields,
  images: z.array(z.object({ image: z.string(), id: z.number() })),
  options: z.array(ProductOptionAnswerSchema).optional(),
  seller: SellerSchema.optional(),
  certificate: CertificateSchema.optional(),
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

/**
 * The query of the product listings (GET /products/, a category's products, a store's products),
 * for the OpenAPI document; the handlers read it with filtersFromQuery (queries.server.ts).
 */
export const ProductListQuery = z.object({
  page: z.string().optional().describe("Page number, from 1"),
  page_size: z.string().optional().describe("Products per page (at most 100)"),
  search: z.string().optional().describe("Words to look for (ranked, typo-tolerant)"),
  category_id: z.string().optional().describe("A category id; its subcategories are included (GET /products/ only)"),
  type: z.enum(["sale", "rent"]).optional(),
  featured: z.string().optional().describe("true: featured products only (also f=true)"),
  selling_price__gt: z.string().optional().describe("Naira, strict lower bound (also price__gt)"),
  selling_price__lt: z.string().optional().describe("Naira, strict upper bound (also price__lt)"),
  state: z
    .string()
    .optional()
    .describe(
      "The seller's state (the store's state): a Nigerian state's name, any case, e.g. Lagos, Kano, Akwa Ibom, Federal Capital Territory. Several allowed, as repeated state= or a comma list: products of any of them. An unknown name answers 400 {state: [message]}.",
    ),
  ordering: z
    .enum([
      "-created_at",
      "newest",
      "created_at",
      "oldest",
      "selling_price",
      "price",
      "price_asc",
      "-selling_price",
      "-price",
      "price_desc",
      "-popularity",
      "popular",
      "-rating",
      "rated",
      "relevance",
    ])
    .optional()
    .describe(
      "Order (also sort=). -created_at|newest: newest first (the default without search); created_at|oldest; selling_price|price|price_asc: cheapest first; -selling_price|-price|price_desc: dearest first; -popularity|popular: most units ordered in the last 30 days first (active lines of paid or pay-on-delivery orders), then newest; -rating|rated: best average of approved reviews first, ties by number of reviews then newest, unreviewed last; relevance: best match first (the default with search). Unknown values are ignored.",
    ),
});
