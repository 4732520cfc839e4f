export const m0007_orders = {
  id: "0007_orders",
  sql: /* sql */ `
-- Checkout (issue 9). The cart an order was made from, emptied after placement (pay on delivery)
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

-- Orders placed before this migration: their placing date, and the later steps they already reached.
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
