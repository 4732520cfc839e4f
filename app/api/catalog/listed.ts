/**
 * The ONE rule for "shoppers may see and buy this product": published by its
 * store (and not deleted: a deleted product is unpublished), its store not suspended by an admin,
 * its category not retired. Every catalogue, search, cart, wishlist, review and checkout query
 * uses `listedSql`, so a suspension takes effect everywhere at once. Client-safe SQL text only.
 *
 * product_counts (migration 0002) counts by `published` alone; `hiddenSql` selects the published
 * products it counts that shoppers must not see, so a count can subtract them (few rows: the
 * products of suspended stores and retired categories).
 */

/** True when the product aliased `p` is listed for shoppers. */
export const listedSql = (p = "p") =>
  `(${p}.published AND NOT EXISTS (SELECT 1 FROM stores l_s WHERE l_s.id = ${p}.store_id AND l_s.suspended_at IS NOT NULL)` +
  ` AND NOT EXISTS (SELECT 1 FROM categories l_c WHERE l_c.id = ${p}.category_id AND l_c.retired_at IS NOT NULL))`;

/** True when the product aliased `p` is published but hidden by a suspension or a retired category. */
export const hiddenSql = (p = "p") =>
  `(${p}.store_id IN (SELECT id FROM stores WHERE suspended_at IS NOT NULL) OR ${p}.category_id IN (SELECT id FROM categories WHERE retired_at IS NOT NULL))`;

/**
 * The same rule written as "published and not hidden": the same products (a product always has a
 * store and a category), but its two look-ups are hashed once per statement instead of being made
 * for each row, which is cheaper where a statement tests its candidates one at a time (the
 * postings walk of ranked search, queries.server). Elsewhere listedSql lets the planner choose.
 */
export const listedHashedSql = (p = "p") => `(${p}.published AND NOT ${hiddenSql(p)})`;

/** True when the category aliased `c` appears in menus and listings (not retired). */
export const liveCategorySql = (c = "c") => `${c}.retired_at IS NULL`;
