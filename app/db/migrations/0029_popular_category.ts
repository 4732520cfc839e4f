/**
 * "Most popular" in a category tree reads a bounded window at any catalogue size
 * (app/api/catalog/queries.server.ts, listingIds).
 *
 * Migration 0027 made the order known from the recent order lines alone; products are then read
 * in that order, each checked against the filters, until the page is full. A root category holds
 * a sixth of the catalogue or less, so about five in six of the products ordered lately were read
 * only to be rejected: one index probe and one heap page each, on a different page for nearly
 * every product at a million (the buffers of a root category's "most popular" page grew eight
 * times from 10,000 to 1,000,000 products, every other listing at most 2.6 times).
 *
 * Each order line now carries its product's category (order_items.product_category_id), so a
 * category listing ranks only the lines of its categories (the root's whole tree, asked at request
 * time, so moving a sub-category under another root needs nothing here) and reads products only
 * for those. A product's category is not fixed: a vendor may move it, and the lines follow it in
 * the same transaction (products_order_items_copy), together with the creation time 0027 copies
 * (fixed in practice; kept right all the same). A line's copies are taken from its product
 * whenever the line is written or given another product, and a direct write of a copy is
 * overwritten with the product's value, so no command can leave them wrong. The listing still
 * applies the product's own category to what it reads: the lines only narrow the reading.
 *
 * The backfill rewrites every order line with a product once.
 */
export const m0029_popular_category = {
  id: "0029_popular_category",
  sql: /* sql */ `
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS product_category_id integer;

-- Before the trigger below watches the column: the backfill needs no per-line look-up.
UPDATE order_items i SET product_category_id = p.category_id
  FROM products p
 WHERE p.id = i.product_id AND i.product_category_id IS DISTINCT FROM p.category_id;

-- The product's copies on a line, taken from the product (none when the line has no product).
CREATE OR REPLACE FUNCTION order_item_product_created_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.created_at, p.category_id INTO NEW.product_created_at, NEW.product_category_id
    FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS order_items_product_created ON order_items;
CREATE TRIGGER order_items_product_created BEFORE INSERT OR UPDATE OF product_id, product_created_at, product_category_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_item_product_created_trg();

-- A product moved to another category (or given another creation time): its lines follow.
CREATE OR REPLACE FUNCTION products_order_items_copy_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items i SET product_category_id = NEW.category_id, product_created_at = NEW.created_at
   WHERE i.product_id = NEW.id
     AND (i.product_category_id IS DISTINCT FROM NEW.category_id OR i.product_created_at IS DISTINCT FROM NEW.created_at);
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS products_order_items_copy ON products;
CREATE TRIGGER products_order_items_copy AFTER UPDATE OF category_id, created_at ON products
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION products_order_items_copy_trg();
`,
};
