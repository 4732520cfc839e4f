/**
 * The ONE rule for "shoppers may see and buy this product": published by its
 * store (and not deleted: a deleted product is unpublished), its store not suspended by an admin,
 * its category not retired. Every catalogue, search, cart, wishlist, review and checkout query
 * uses `listedSql`, so a suspension takes effect everywhere at once. Client-safe SQL text only.
 *
 * The rule is kept on the row as `products.listed` (migration 0025, function
 * catalog_product_listed): triggers set it when a product is written, when its store is
 * suspended or restored and when its category is retired or brought back, in the same
 * transaction. Asking the column instead of two look-ups gives the planner true statistics (one
 * store holding most products made it guess that almost nothing was listed) and lets listings
 * walk partial indexes `WHERE listed`. product_counts counts by `listed` too.
 */

/** True when the product aliased `p` is listed for shoppers. */
export const listedSql = (p = "p") => `${p}.listed`;

/** True when the category aliased `c` appears in menus and listings (not retired). */
export const liveCategorySql = (c = "c") => `${c}.retired_at IS NULL`;
