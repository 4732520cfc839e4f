/**
 * The vendor area. A deleted product is kept (past order lines, their photos and the
 * reviews still point at it) but hidden: `deleted_at` is set and it is unpublished, so the
 * catalogue, search and the store's own list leave it out and it cannot be bought or edited.
 */
export const m0009_vendor = {
  id: "0009_vendor",
  sql: /* sql */ `
ALTER TABLE products ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
-- Uploaded files' SHA-256, so the same photo twice on one product is refused (spec: 'Image has already been uploaded').
ALTER TABLE images ADD COLUMN IF NOT EXISTS sha256 text;
-- The store's own list (GET /products/store/{storeId}/): its live products, newest first.
CREATE INDEX IF NOT EXISTS products_store_live_idx ON products(store_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
`,
};
