/**
 * Narrower catalogue invalidation for stock. Migration 0018 notified `catalog_changed`
 * for any statement on products, so every checkout (which takes stock) emptied every server's
 * catalogue and page caches. Now an UPDATE of products that changed nothing but
 * `stock_quantity` (and the bookkeeping `updated_at`, which no answer shows: a seller's stock edit
 * sets it) notifies `stock:<id>,<id>,...` (the products whose stock moved), and the
 * servers drop only the answers and pages that show those products (app/api/core/cache.server.ts).
 * Any other change to a product (price, name, publication, deletion, ...) still notifies the
 * table's name, which empties everything. Nothing in the catalogue filters, sorts or counts by
 * stock, so what a stock change alters is only the product's own `in_stock`/`stock_quantity`.
 * A statement that changed no row (a checkout's conditional UPDATE that took nothing) notifies
 * nothing. More ids than fit a payload: the whole-catalogue notification.
 *
 * Transition tables need a trigger of its own per event (PostgreSQL refuses them on a trigger
 * with several events), so INSERT/DELETE/TRUNCATE keep 0018's function and UPDATE gets this one.
 */
export const m0020_stock_notify = {
  id: "0020_stock_notify",
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION notify_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF (SELECT count(*) FROM old_rows) <> (SELECT count(*) FROM new_rows)
     OR EXISTS (
       SELECT 1 FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        WHERE n.id IS NULL OR (to_jsonb(o) - '{stock_quantity,updated_at}'::text[]) IS DISTINCT FROM (to_jsonb(n) - '{stock_quantity,updated_at}'::text[])) THEN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  SELECT string_agg(o.id::text, ',' ORDER BY o.id) INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
   WHERE o.stock_quantity IS DISTINCT FROM n.stock_quantity;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(ids) > 7000 THEN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('catalog_changed', 'stock:' || ids);
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS products_catalog_changed ON products;
CREATE TRIGGER products_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
DROP TRIGGER IF EXISTS products_catalog_updated ON products;
CREATE TRIGGER products_catalog_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_products_updated();
`,
};
