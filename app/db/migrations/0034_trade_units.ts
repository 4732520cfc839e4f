/**
 * Trade units and volume prices (issue 34, docs/decisions/0026-trade-units.md, app/domain/units.ts):
 *
 * - products: the unit it is sold per (default 'piece', as every product was), a free-text pack
 *   description, what one unit holds (`pack_size` + `pack_measure`), the minimum order and the
 *   step, and the volume price ladder (`price_tiers`: [{min_quantity, price_kobo}], rising; empty:
 *   one price). Options carry a ladder of their own (`product_options.price_tiers`).
 * - Quantities become numeric(12,2): a line of a divisible unit (m², m³, tonne, litre) may be 12.5;
 *   whole units stay whole (the rule is the domain's). Stock likewise, so a fraction can be taken.
 *   Both engines answer numeric as a JS number (app/db/client.server.ts), so readers and the API's
 *   integer quantities are unchanged for whole numbers.
 * - order_items keep the unit they were bought in (`unit`), like their name and price.
 */
export const m0034_trade_units = {
  id: "0034_trade_units",
  sql: /* sql */ `
ALTER TABLE products
  ADD COLUMN unit text NOT NULL DEFAULT 'piece'
    CHECK (unit IN ('bag','tonne','piece','length','sheet','bundle','carton','m2','m3','litre','trip','service')),
  ADD COLUMN pack_description text,
  ADD COLUMN pack_size numeric(14,3) CHECK (pack_size > 0),
  ADD COLUMN pack_measure text CHECK (pack_measure IN ('kg','tonne','m','m2','m3','litre','piece','W','Wh','VA')),
  ADD COLUMN min_quantity numeric(12,2) NOT NULL DEFAULT 1 CHECK (min_quantity > 0),
  ADD COLUMN quantity_step numeric(12,2) NOT NULL DEFAULT 1 CHECK (quantity_step > 0),
  ADD COLUMN price_tiers jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(price_tiers) = 'array');
ALTER TABLE product_options
  ADD COLUMN price_tiers jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(price_tiers) = 'array');

ALTER TABLE products ALTER COLUMN stock_quantity TYPE numeric(14,2);
ALTER TABLE product_options ALTER COLUMN stock_quantity TYPE numeric(14,2);
-- The header's trigger names cart_items.quantity (0030): dropped around the type change, then as it was.
DROP TRIGGER IF EXISTS member_header_cart_items ON cart_items;
ALTER TABLE cart_items ALTER COLUMN quantity TYPE numeric(12,2);
CREATE TRIGGER member_header_cart_items AFTER INSERT OR DELETE OR UPDATE OF cart_id, quantity, product_id ON cart_items
  FOR EACH ROW EXECUTE FUNCTION member_header_cart_line();
ALTER TABLE order_items ALTER COLUMN quantity TYPE numeric(12,2);
ALTER TABLE order_items ADD COLUMN unit text NOT NULL DEFAULT 'piece';
`,
};
