/**
 * "Most popular" reads a bounded window at any catalogue size (app/api/catalog/queries.server.ts,
 * listingIds).
 *
 * The order is: units ordered in the last 30 days, then the product's creation time (newest
 * first), then its id. Units come from the order lines alone; the creation time lived only on
 * products, so ranking the products ordered lately meant reading every one of them (one index
 * probe and one heap page each, about 8,000 pages for 2,000 recent lines at a million products)
 * before the first page could be cut. A product's creation time never changes, so each order
 * line carries a copy (order_items.product_created_at, set by a trigger when the line is written
 * or moved to another product): the whole order is then known from the recent lines, and
 * products are read one by one in that order only until the page is full (the ones a filter
 * rejects included).
 *
 * With categories and a price filter, the products ordered lately that match are found by
 * reading the categories' products of the price's bands (catalog_price_band, migration 0002; the
 * storefront's price buckets are whole bands) from an index in id order, which is the table's
 * order: a price-ordered index would touch a different page of the visibility map for nearly every
 * entry once the table spans several of them (about 100,000 pages at a million products).
 *
 * The backfill rewrites every order line once.
 */
export const m0027_popular_window = {
  id: "0027_popular_window",
  sql: /* sql */ `
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS product_created_at timestamptz;

CREATE OR REPLACE FUNCTION order_item_product_created_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.product_created_at := (SELECT p.created_at FROM products p WHERE p.id = NEW.product_id);
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS order_items_product_created ON order_items;
CREATE TRIGGER order_items_product_created BEFORE INSERT OR UPDATE OF product_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_item_product_created_trg();

UPDATE order_items i SET product_created_at = p.created_at
  FROM products p
 WHERE p.id = i.product_id AND i.product_created_at IS DISTINCT FROM p.created_at;

-- A store page's count (capped at 10,000 rows, app/api/catalog/queries.server.ts countProducts):
-- the narrowest index of a store's listed products, in id order (the table's), so that counting a
-- few thousand products reads a few dozen pages.
CREATE INDEX IF NOT EXISTS products_listed_store_id_idx ON products (store_id, id) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_cat_band_idx ON products (category_id, catalog_price_band(selling_price_kobo), id)
  INCLUDE (selling_price_kobo) WHERE listed;
`,
};
