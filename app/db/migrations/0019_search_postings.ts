/**
 * Search postings: product_words holds one row per (lexeme, product) of
 * products.search_vector, with a b-tree on (word, product_id). The GIN index on search_vector
 * answers "which products have this word" only as a whole (every product that has it, in no
 * useful order), so finding the newest products with two common words cost in proportion to the
 * catalogue. With postings, a search walks its least common word's products newest first
 * (an index scan backwards) and tests each product against the whole query, stopping at the
 * window (app/api/catalog/queries.server.ts, rankedSearch).
 *
 * Kept by statement-level triggers on products: after an insert, after an update (the rows whose
 * search_vector changed: a product edit, or a category rename refreshing the products below it,
 * migration 0002) and after a delete. `word` sorts bytewise (COLLATE "C").
 * Backfilled from every existing product; the key is built after the bulk insert.
 */
export const m0019_search_postings = {
  id: "0019_search_postings",
  sql: /* sql */ `
CREATE TABLE IF NOT EXISTS product_words (
  word text COLLATE "C" NOT NULL,
  product_id integer NOT NULL
);
INSERT INTO product_words (word, product_id)
SELECT w, p.id FROM products p, unnest(tsvector_to_array(p.search_vector)) AS w
 WHERE p.search_vector IS NOT NULL
 ORDER BY 1, 2;
ALTER TABLE product_words ADD PRIMARY KEY (word, product_id);

CREATE OR REPLACE FUNCTION catalog_product_words_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_words (word, product_id)
  SELECT w, n.id FROM new_rows n, unnest(tsvector_to_array(n.search_vector)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS products_words_postings_ins ON products;
CREATE TRIGGER products_words_postings_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_words_ins();

CREATE OR REPLACE FUNCTION catalog_product_words_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_words pw
   USING old_rows o JOIN new_rows n ON n.id = o.id, unnest(tsvector_to_array(o.search_vector)) AS x(w)
   WHERE o.search_vector IS DISTINCT FROM n.search_vector
     AND pw.word = x.w AND pw.product_id = o.id
     AND NOT (x.w = ANY (tsvector_to_array(coalesce(n.search_vector, ''::tsvector))));
  INSERT INTO product_words (word, product_id)
  SELECT w, n.id FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(tsvector_to_array(n.search_vector)) AS w
   WHERE o.search_vector IS DISTINCT FROM n.search_vector
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS products_words_postings_upd ON products;
CREATE TRIGGER products_words_postings_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_words_upd();

CREATE OR REPLACE FUNCTION catalog_product_words_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_words pw
   USING old_rows o, unnest(tsvector_to_array(o.search_vector)) AS x(w)
   WHERE pw.word = x.w AND pw.product_id = o.id;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS products_words_postings_del ON products;
CREATE TRIGGER products_words_postings_del AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_words_del();
`,
};
