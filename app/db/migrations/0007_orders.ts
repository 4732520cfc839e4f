export const m0007_orders = {
  id: "0007_orders",
  sql: /* sql */ `
-- Checkout. The cart an order was made from, emptied after placement (pay on delivery)
-- or after a verified card payment (never before): emptySourceCart() in app/api/orders.
ALTER TABLE orders ADD COLUMN source_cart_id uuid REFERENCES carts(id) ON DELETE SET NULL;
-- The delivery state, copied from the address, for shipping quotes and reports.
ALTER TABLE orders ADD COLUMN delivery_state text;
CREATE INDEX orders_guest_idx ON orders(created_at DESC) WHERE user_id IS NULL;

-- Each change of an order with its date (placed, paid, confirmed, shipped, delivered; cancelled
-- and refunded per item). The tracking page shows the real date of each step.
CREATE TABLE order_events (
  id             serial PRIMARY KEY,
  order_id       uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  order_item_id  uuid REFERENCES order_items(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('placed', 'paid', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refunded')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events(order_id, created_at, id);
-- An order reaches each step once; cancelled/refunded happen once per item.
CREATE UNIQUE INDEX order_events_step_uq ON order_events(order_id, kind) WHERE order_item_id IS NULL;
CREATE UNIQUE INDEX order_events_item_uq ON order_events(order_item_id, kind) WHERE order_item_id IS NOT NULL;

-- Idempotency keys of order placement (Idempotency-Key header or the checkout form's hidden
-- token): a retried placement returns the same order. scope is "user:<id>" or "guest".
CREATE TABLE order_idempotency_keys (
  scope         text NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  order_id      uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX order_idempotency_keys_created_idx ON order_idempotency_keys(created_at);

-- Stock changes at checkout must not serialize on (or deadlock over) the catalogue's count rows.
-- Migration 0002's statement trigger moved every updated product out of its product_counts row
-- and back (-1 then +1), even when only stock_quantity changed: every checkout locked the count
-- row of each product's category/type/band until commit, and two checkouts taking the same rows
-- in different orders deadlocked (found by npm run bench:checkout). Now an UPDATE moves only the
-- rows whose counted columns changed; INSERT and DELETE are counted as before.
CREATE OR REPLACE FUNCTION catalog_counts_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO product_counts AS pc (category_id, type, published, featured, price_band, n)
      SELECT category_id, type, published, featured, catalog_price_band(selling_price_kobo), -count(*) FROM old_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (category_id, type, published, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS pc (category_id, type, published, featured, price_band, n)
      SELECT category_id, type, published, featured, catalog_price_band(selling_price_kobo), count(*) FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (category_id, type, published, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  ELSE
    INSERT INTO product_counts AS pc (category_id, type, published, featured, price_band, n)
      SELECT category_id, type, published, featured, band, sum(d)::int FROM (
        SELECT o.category_id, o.type, o.published, o.featured, catalog_price_band(o.selling_price_kobo) AS band, -1 AS d
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.category_id, o.type, o.published, o.featured, catalog_price_band(o.selling_price_kobo))
               IS DISTINCT FROM (n.category_id, n.type, n.published, n.featured, catalog_price_band(n.selling_price_kobo))
        UNION ALL
        SELECT n.category_id, n.type, n.published, n.featured, catalog_price_band(n.selling_price_kobo), 1
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.category_id, o.type, o.published, o.featured, catalog_price_band(o.selling_price_kobo))
               IS DISTINCT FROM (n.category_id, n.type, n.published, n.featured, catalog_price_band(n.selling_price_kobo))
      ) moved GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0
    ON CONFLICT (category_id, type, published, featured, price_band) DO UPDATE SET n = pc.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;

-- Orders placed before this migration: their destination state, their placing date, and the later
-- steps they already reached.
UPDATE orders SET delivery_state = NULLIF(delivery_address->>'state', '') WHERE delivery_state IS NULL;
INSERT INTO order_events (order_id, kind, created_at) SELECT id, 'placed', created_at FROM orders;
INSERT INTO order_events (order_id, kind, created_at)
  SELECT id, 'confirmed', updated_at FROM orders WHERE order_delivery_status IN ('Confirmed', 'Shipped', 'Delivered');
INSERT INTO order_events (order_id, kind, created_at)
  SELECT id, 'shipped', updated_at FROM orders WHERE order_delivery_status IN ('Shipped', 'Delivered');
INSERT INTO order_events (order_id, kind, created_at)
  SELECT id, 'delivered', updated_at FROM orders WHERE order_delivery_status = 'Delivered';
INSERT INTO order_events (order_id, kind, created_at)
  SELECT id, 'paid', updated_at FROM orders WHERE order_payment_status = 'Complete';
`,
};
