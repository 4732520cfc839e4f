/**
 * Browsing flat at a million products (listings, categories, price bands, store pages, every sort).
 *
 * - products.listed: the catalogue's rule "shoppers may see this product" (published, store not
 *   suspended, category not retired: app/api/catalog/listed.ts) kept on the row. Asked as two
 *   NOT EXISTS look-ups, the rule misled the planner: when one store holds most products, it
 *   estimated the "store not suspended" anti-join at one row and chose a scan and a sort over the
 *   ordering indexes. A column has true statistics, and partial indexes `WHERE listed` hold only
 *   what a listing may show. Kept by triggers, so no command can forget it: a product's own
 *   insert or change of published/store/category, a store's suspension (or lifting it), a
 *   category's retirement (or return). Suspending a big store rewrites its products' rows: a rare
 *   admin action that pays once for every listing that follows.
 * - products.rating_average / rating_count: the approved (not hidden) reviews' average and number,
 *   kept by a trigger on reviews, so "best rated" is an index order instead of an aggregate of
 *   every review joined to every listed product.
 * - product_counts counts by `listed` (the column is renamed from `published`): a listing's count
 *   is a sum over a few rows with nothing to take away.
 * - Ordering indexes on listed products for each sort (newest/oldest, price, rating) overall, per
 *   category and per store; those on `published` they replace are dropped.
 *
 * "Most popular" (units ordered in 30 days) moves with time and needs no column: the few products
 * ordered lately come first, then the rest newest first by index (queries.server, listProducts).
 */
export const m0025_listed_flag = {
  id: "0025_listed_flag",
  sql: /* sql */ `
-- Added as true (no table rewrite: existing rows read the default), then the few products that
-- are not listed are set; new rows get it from the trigger.
ALTER TABLE products ADD COLUMN IF NOT EXISTS listed boolean NOT NULL DEFAULT true;
ALTER TABLE products ALTER COLUMN listed SET DEFAULT false;
ALTER TABLE products ADD COLUMN IF NOT EXISTS rating_average float8;
ALTER TABLE products ADD COLUMN IF NOT EXISTS rating_count integer NOT NULL DEFAULT 0;

-- The one rule, in SQL (the same as app/api/catalog/listed.ts states it).
CREATE OR REPLACE FUNCTION catalog_product_listed(p_published boolean, p_store integer, p_category integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_published
     AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = p_store AND s.suspended_at IS NOT NULL)
     AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.id = p_category AND c.retired_at IS NOT NULL)
$$;

CREATE OR REPLACE FUNCTION catalog_product_listed_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := catalog_product_listed(NEW.published, NEW.store_id, NEW.category_id);
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS products_listed ON products;
CREATE TRIGGER products_listed BEFORE INSERT OR UPDATE OF published, store_id, category_id, listed ON products
  FOR EACH ROW EXECUTE FUNCTION catalog_product_listed_trg();

CREATE OR REPLACE FUNCTION catalog_store_listed_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Setting listed fires products_listed, which computes it from the rule.
  UPDATE products p SET listed = NOT p.listed
   WHERE p.store_id = NEW.id AND p.listed IS DISTINCT FROM catalog_product_listed(p.published, p.store_id, p.category_id);
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS stores_listed ON stores;
CREATE TRIGGER stores_listed AFTER UPDATE OF suspended_at ON stores
  FOR EACH ROW WHEN ((OLD.suspended_at IS NULL) IS DISTINCT FROM (NEW.suspended_at IS NULL))
  EXECUTE FUNCTION catalog_store_listed_trg();

CREATE OR REPLACE FUNCTION catalog_category_listed_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET listed = NOT p.listed
   WHERE p.category_id = NEW.id AND p.listed IS DISTINCT FROM catalog_product_listed(p.published, p.store_id, p.category_id);
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS categories_listed ON categories;
CREATE TRIGGER categories_listed AFTER UPDATE OF retired_at ON categories
  FOR EACH ROW WHEN ((OLD.retired_at IS NULL) IS DISTINCT FROM (NEW.retired_at IS NULL))
  EXECUTE FUNCTION catalog_category_listed_trg();

CREATE OR REPLACE FUNCTION catalog_review_rating_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.product_id];
  ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.product_id];
  ELSE ids := ARRAY[NEW.product_id, OLD.product_id];
  END IF;
  UPDATE products p SET rating_average = r.average, rating_count = r.n
    FROM (SELECT x.id, (SELECT avg(rv.rating)::float8 FROM reviews rv WHERE rv.product_id = x.id AND rv.hidden_at IS NULL) AS average,
                 (SELECT count(*)::int FROM reviews rv WHERE rv.product_id = x.id AND rv.hidden_at IS NULL) AS n
            FROM unnest(ids) AS x(id)) r
   WHERE p.id = r.id AND (p.rating_average IS DISTINCT FROM r.average OR p.rating_count <> r.n);
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS reviews_rating ON reviews;
CREATE TRIGGER reviews_rating AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at, product_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION catalog_review_rating_trg();

-- Backfill: only the products not listed (unpublished, hidden) and the reviewed ones are
-- written. The statement triggers of products (counts, vocabulary, postings) have nothing to
-- learn from these columns, so they sleep meanwhile; the counts are rebuilt below.
DROP INDEX IF EXISTS products_published_created_idx;
DROP INDEX IF EXISTS products_published_type_created_idx;
DROP INDEX IF EXISTS products_published_cat_created_idx;
DROP INDEX IF EXISTS products_published_featured_idx;
DROP INDEX IF EXISTS products_published_price_idx;
ALTER TABLE products DISABLE TRIGGER USER;
UPDATE products p SET listed = false WHERE NOT catalog_product_listed(p.published, p.store_id, p.category_id);
UPDATE products p SET rating_average = r.average, rating_count = r.n
  FROM (SELECT product_id, avg(rating)::float8 AS average, count(*)::int AS n FROM reviews WHERE hidden_at IS NULL GROUP BY product_id) r
 WHERE r.product_id = p.id;
ALTER TABLE products ENABLE TRIGGER USER;

ALTER TABLE product_counts RENAME COLUMN published TO listed;
-- As 0007 (an update moves only the rows whose counted columns changed), by listed.
CREATE OR REPLACE FUNCTION catalog_counts_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO product_counts AS pc (category_id, type, listed, featured, price_band, n)
      SELECT category_id, type, listed, featured, catalog_price_band(selling_price_kobo), -count(*) FROM old_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (category_id, type, listed, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS pc (category_id, type, listed, featured, price_band, n)
      SELECT category_id, type, listed, featured, catalog_price_band(selling_price_kobo), count(*) FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (category_id, type, listed, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  ELSE
    INSERT INTO product_counts AS pc (category_id, type, listed, featured, price_band, n)
      SELECT category_id, type, listed, featured, band, sum(d)::int FROM (
        SELECT o.category_id, o.type, o.listed, o.featured, catalog_price_band(o.selling_price_kobo) AS band, -1 AS d
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.category_id, o.type, o.listed, o.featured, catalog_price_band(o.selling_price_kobo))
               IS DISTINCT FROM (n.category_id, n.type, n.listed, n.featured, catalog_price_band(n.selling_price_kobo))
        UNION ALL
        SELECT n.category_id, n.type, n.listed, n.featured, catalog_price_band(n.selling_price_kobo), 1
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.category_id, o.type, o.listed, o.featured, catalog_price_band(o.selling_price_kobo))
               IS DISTINCT FROM (n.category_id, n.type, n.listed, n.featured, catalog_price_band(n.selling_price_kobo))
      ) moved GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0
    ON CONFLICT (category_id, type, listed, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;

DELETE FROM product_counts;
INSERT INTO product_counts (category_id, type, listed, featured, price_band, n)
  SELECT category_id, type, listed, featured, catalog_price_band(selling_price_kobo), count(*) FROM products GROUP BY 1, 2, 3, 4, 5;

-- One index per scope (all, category, store) and sort; rating: reviewed products best first,
-- then the others newest first (rating_average is null for them, rating_count 0). The time and
-- rating orders carry the price, so a price band is tested in the index without visiting rows.
CREATE INDEX IF NOT EXISTS products_listed_created_idx ON products (created_at DESC, id DESC) INCLUDE (selling_price_kobo) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_price_idx ON products (selling_price_kobo, id) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_rated_idx ON products (rating_average DESC NULLS LAST, rating_count DESC, created_at DESC, id DESC) INCLUDE (selling_price_kobo) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_cat_created_idx ON products (category_id, created_at DESC, id DESC) INCLUDE (selling_price_kobo) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_cat_price_idx ON products (category_id, selling_price_kobo, id) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_cat_rated_idx ON products (category_id, rating_average DESC NULLS LAST, rating_count DESC, created_at DESC, id DESC) INCLUDE (selling_price_kobo) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_store_created_idx ON products (store_id, created_at DESC, id DESC) INCLUDE (selling_price_kobo) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_store_price_idx ON products (store_id, selling_price_kobo, id) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_store_rated_idx ON products (store_id, rating_average DESC NULLS LAST, rating_count DESC, created_at DESC, id DESC) INCLUDE (selling_price_kobo) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_type_created_idx ON products (type, created_at DESC, id DESC) WHERE listed;
CREATE INDEX IF NOT EXISTS products_listed_featured_idx ON products (created_at DESC, id DESC) WHERE listed AND featured;
`,
};
