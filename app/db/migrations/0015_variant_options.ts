/**
 * Variant options priced for shoppers ("a product's variants and options are shown to
 * shoppers on the product page and priced in the cart and the order"). An option's price is the
 * unit price of the product with that option (app/domain/products.ts).
 *
 * - cart_items: the option chosen (NULL: the product itself) and its label ("Colour: Red") as it
 *   read when added. A cart line is keyed by (cart, product, option): the same product in two
 *   colours is two lines. NULLS NOT DISTINCT (PostgreSQL 15+) keeps one option-less line per
 *   product, as before; `ON CONFLICT (cart_id, product_id, option_id)` finds it.
 * - order_items: the option's id and its label as bought (item_price_kobo already holds its price).
 *   A removed option keeps the line and its label (SET NULL).
 */
export const m0015_variant_options = {
  id: "0015_variant_options",
  sql: /* sql */ `
ALTER TABLE cart_items ADD COLUMN IF NOT EXISTS option_id integer REFERENCES product_options(id) ON DELETE CASCADE;
ALTER TABLE cart_items ADD COLUMN IF NOT EXISTS option_label text;
ALTER TABLE cart_items DROP CONSTRAINT IF EXISTS cart_items_cart_id_product_id_key;
CREATE UNIQUE INDEX IF NOT EXISTS cart_items_line_uq ON cart_items(cart_id, product_id, option_id) NULLS NOT DISTINCT;
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS option_id integer REFERENCES product_options(id) ON DELETE SET NULL;
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS option_label text;
`,
};
