/**
 * Catalogue cache invalidation. Every app server keeps public catalogue answers in
 * memory (app/api/core/cache.server.ts) and LISTENs on `catalog_changed`. Any change to the
 * tables a catalogue answer is made of notifies that channel; PostgreSQL delivers a NOTIFY only
 * when the transaction commits (and not at all when it rolls back), so a server never throws its
 * cache away for a change that did not happen, nor keeps it after one that did.
 * Statement-level triggers: one notification per statement, whatever the number of rows.
 */
const TABLES = ["products", "product_images", "images", "categories", "stores", "reviews", "variants", "product_options"];

export const m0018_catalog_cache = {
  id: "0018_catalog_cache",
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
${TABLES.map(
  (t) => `DROP TRIGGER IF EXISTS ${t}_catalog_changed ON ${t};
CREATE TRIGGER ${t}_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t}
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();`,
).join("\n")}
`,
};
