/**
 * Catalogue search and scale.
 *
 * - products.search_vector: weighted full-text document (name A, category path B, description C),
 *   kept by a row trigger; GIN index. Category renames refresh the products below them.
 * - search_words: the vocabulary of product and category names, with a trigram GIN index. A
 *   misspelt query word ('cemnt', 'roffing') is corrected against it (pg_trgm similarity) before
 *   it becomes a tsquery. The table grows with the vocabulary, not with the number of products.
 * - product_counts: published/featured/type/price-band counts per category, kept by statement
 *   triggers, so a listing's `count` is a sum over a few rows instead of a scan of every matching
 *   product (for the storefront's price buckets too).
 * - Ordering indexes for newest/oldest listings of published products.
 *
 * Runs inside the migration transaction, so no CREATE INDEX CONCURRENTLY.
 */
export const m0002_catalog = {
  id: "0002_catalog",
  sql: /* sql */ `
ALTER TABLE products ADD COLUMN IF NOT EXISTS search_vector tsvector;

-- Names of a category and its ancestors, as one text ("Roofing Building Materials").
-- PL/pgSQL rather than SQL so that the plan is cached per session: the row trigger calls it for
-- every inserted product, and bulk imports would otherwise plan the recursive query each time.
CREATE OR REPLACE FUNCTION catalog_category_path_text(cat integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  out text;
BEGIN
  WITH RECURSIVE up(id, name, parent_id, depth) AS (
    SELECT c.id, c.name, c.parent_id, 0 FROM categories c WHERE c.id = cat
    UNION ALL
    SELECT c.id, c.name, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 8
  )
  SELECT coalesce(string_agg(up.name, ' ' ORDER BY up.depth), '') INTO out FROM up;
  RETURN out;
END
$$;

CREATE OR REPLACE FUNCTION catalog_product_document(p_name text, p_description text, p_category integer) RETURNS tsvector
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN setweight(to_tsvector('english'::regconfig, coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, catalog_category_path_text(p_category)), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_description, '')), 'C');
END
$$;

CREATE OR REPLACE FUNCTION catalog_products_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := catalog_product_document(NEW.name, NEW.description, NEW.category_id);
  RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS products_search_vector ON products;
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, description, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION catalog_products_search_trg();

UPDATE products SET search_vector = catalog_product_document(name, description, category_id);
CREATE INDEX IF NOT EXISTS products_search_idx ON products USING gin (search_vector);

-- Vocabulary for typo correction.
CREATE TABLE IF NOT EXISTS search_words (
  word text PRIMARY KEY
);
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE OR REPLACE FUNCTION catalog_words(t text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(t, '')), '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3 AND w ~ '[[:alpha:]]'
$$;

CREATE OR REPLACE FUNCTION catalog_products_words_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows n, LATERAL catalog_words(n.name) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS products_words_ins ON products;
CREATE TRIGGER products_words_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_words_trg();
DROP TRIGGER IF EXISTS products_words_upd ON products;
CREATE TRIGGER products_words_upd AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_words_trg();

CREATE OR REPLACE FUNCTION catalog_categories_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT catalog_words(NEW.name) ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' AND (NEW.name IS DISTINCT FROM OLD.name OR NEW.parent_id IS DISTINCT FROM OLD.parent_id) THEN
    UPDATE products SET search_vector = catalog_product_document(name, description, category_id)
     WHERE category_id IN (
       WITH RECURSIVE t(id) AS (SELECT NEW.id UNION ALL SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id)
       SELECT id FROM t);
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS categories_search ON categories;
CREATE TRIGGER categories_search AFTER INSERT OR UPDATE ON categories
  FOR EACH ROW EXECUTE FUNCTION catalog_categories_trg();

INSERT INTO search_words (word)
  SELECT w FROM products, LATERAL catalog_words(name) AS w
  UNION SELECT w FROM categories, LATERAL catalog_words(name) AS w
ON CONFLICT DO NOTHING;

-- Counts per (category, type, published, featured, price band), kept by statement triggers.
-- Price bands follow the storefront's buckets (spec section 9), with each bound a band of its own
-- because the API's bounds are strict: 0 below 24,000 naira, 1 exactly 24,000, 2 between 24,000
-- and 80,000, 3 exactly 80,000, ... 8 above 950,000.
CREATE OR REPLACE FUNCTION catalog_price_band(kobo bigint) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN kobo < 2400000 THEN 0 WHEN kobo = 2400000 THEN 1
    WHEN kobo < 8000000 THEN 2 WHEN kobo = 8000000 THEN 3
    WHEN kobo < 27000000 THEN 4 WHEN kobo = 27000000 THEN 5
    WHEN kobo < 95000000 THEN 6 WHEN kobo = 95000000 THEN 7
    ELSE 8 END)::smallint
$$;

CREATE TABLE IF NOT EXISTS product_counts (
  category_id integer NOT NULL,
  type        text NOT NULL,
  published   boolean NOT NULL,
  featured    boolean NOT NULL,
  price_band  smallint NOT NULL,
  n           bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, type, published, featured, price_band)
);

CREATE OR REPLACE FUNCTION catalog_counts_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO product_counts AS pc (category_id, type, published, featured, price_band, n)
      SELECT category_id, type, published, featured, catalog_price_band(selling_price_kobo), -count(*) FROM old_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (category_id, type, published, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO product_counts AS pc (category_id, type, published, featured, price_band, n)
      SELECT category_id, type, published, featured, catalog_price_band(selling_price_kobo), count(*) FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (category_id, type, published, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS products_counts_ins ON products;
CREATE TRIGGER products_counts_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_trg();
DROP TRIGGER IF EXISTS products_counts_upd ON products;
CREATE TRIGGER products_counts_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_trg();
DROP TRIGGER IF EXISTS products_counts_del ON products;
CREATE TRIGGER products_counts_del AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_trg();

DELETE FROM product_counts;
INSERT INTO product_counts (category_id, type, published, featured, price_band, n)
  SELECT category_id, type, published, featured, catalog_price_band(selling_price_kobo), count(*) FROM products GROUP BY 1, 2, 3, 4, 5;

-- Newest/oldest listings of published products, overall and by type; featured strip.
CREATE INDEX IF NOT EXISTS products_published_created_idx ON products (created_at DESC, id DESC) WHERE published;
CREATE INDEX IF NOT EXISTS products_published_type_created_idx ON products (type, created_at DESC, id DESC) WHERE published;
CREATE INDEX IF NOT EXISTS products_published_cat_created_idx ON products (category_id, created_at DESC, id DESC) WHERE published;
CREATE INDEX IF NOT EXISTS products_published_featured_idx ON products (created_at DESC, id DESC) WHERE published AND featured;
CREATE INDEX IF NOT EXISTS products_published_price_idx ON products (selling_price_kobo, id) WHERE published;
CREATE INDEX IF NOT EXISTS reviews_user_idx ON reviews (user_id);
`,
};
