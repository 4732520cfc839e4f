/**
 * Orders as a multi-vendor marketplace keeps them (docs/orders.md).
 *
 * - stores.state: the state a store ships from (canonical name, app/domain/states.ts). Shipping is
 *   priced per shipment from it to the buyer's state (app/domain/shipping.ts). Existing stores get
 *   the state their address names (or its capital city), else NULL (priced as Lagos).
 * - shipments: one per (order, store): a store's lines of an order, with their own delivery status
 *   Placed → Confirmed → Shipped → Delivered and the date of each step, their own shipping fee, and
 *   for pay on delivery the cash the store recorded as received. The order's
 *   order_delivery_status is derived from them (the least advanced shipment with active lines) and
 *   kept in the same transaction as every shipment change; orders.shipping_kobo is their sum.
 * - orders.announced_at: when the "placed" notices and e-mails went out. An order placed empty (the
 *   spec's sequence: POST /orders/ then one orderitems/create per line) is announced at its first
 *   payment attempt or once no line has been added for two minutes (lines_changed_at), whichever
 *   comes first; an order still without lines after 24 hours is removed.
 * - product_options.stock_quantity: an option is a stock unit (NULL: the option shares the
 *   product's stock, as before). Options with stock keep the product's stock_quantity equal to
 *   their sum (the catalogue's in-stock flag and cache notifications ride on the product row).
 * - store_members.order_emails: a member may turn off the "New order" e-mail.
 */
import { CITY_STATE } from "~/domain/address-rules";
import { NIGERIAN_STATES } from "~/domain/states";

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const stateCase = [
  ...NIGERIAN_STATES.filter((s) => s !== "Federal Capital Territory").map((s) => `WHEN address ~* ${q(`\\m${s}\\M`)} THEN ${q(s)}`),
  ...Object.entries(CITY_STATE).map(([city, s]) => `WHEN address ~* ${q(`\\m${city}\\M`)} THEN ${q(s)}`),
].join("\n    ");

export const m0021_shipments = {
  id: "0021_shipments",
  sql: /* sql */ `
ALTER TABLE stores ADD COLUMN IF NOT EXISTS state text;
UPDATE stores SET state = CASE
    ${stateCase}
    ELSE NULL END
 WHERE state IS NULL;

CREATE TABLE shipments (
  id                  serial PRIMARY KEY,
  order_id            uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  store_id            integer REFERENCES stores(id) ON DELETE SET NULL,
  origin_state        text,
  status              text NOT NULL DEFAULT 'Placed' CHECK (status IN ('Placed', 'Confirmed', 'Shipped', 'Delivered')),
  shipping_kobo       bigint NOT NULL DEFAULT 0 CHECK (shipping_kobo >= 0),
  confirmed_at        timestamptz,
  shipped_at          timestamptz,
  delivered_at        timestamptz,
  cash_received_at    timestamptz,
  cash_received_kobo  bigint,
  cash_received_by    integer REFERENCES users(id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shipments_order_store_uq ON shipments(order_id, store_id) NULLS NOT DISTINCT;
CREATE INDEX shipments_store_idx ON shipments(store_id, created_at DESC);

-- Orders placed before: one shipment per store of their lines, at the order's status and step
-- dates; the order's shipping fee stays on its first store's shipment.
INSERT INTO shipments (order_id, store_id, origin_state, status, shipping_kobo, confirmed_at, shipped_at, delivered_at, created_at)
SELECT o.id, x.store_id, s.state, o.order_delivery_status,
       CASE WHEN x.rn = 1 THEN o.shipping_kobo ELSE 0 END,
       (SELECT min(created_at) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'confirmed' AND e.order_item_id IS NULL),
       (SELECT min(created_at) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'shipped' AND e.order_item_id IS NULL),
       (SELECT min(created_at) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'delivered' AND e.order_item_id IS NULL),
       o.created_at
  FROM orders o
  JOIN (SELECT order_id, store_id, row_number() OVER (PARTITION BY order_id ORDER BY store_id NULLS LAST) AS rn
          FROM (SELECT DISTINCT order_id, store_id FROM order_items) d) x ON x.order_id = o.id
  LEFT JOIN stores s ON s.id = x.store_id
ON CONFLICT DO NOTHING;
-- Pay-on-delivery orders already Delivered and Complete: their cash was received.
UPDATE shipments sh SET cash_received_at = sh.delivered_at
  FROM orders o WHERE o.id = sh.order_id AND o.order_payment_method = 'PayOnDelivery' AND o.order_payment_status = 'Complete' AND sh.status = 'Delivered';

ALTER TABLE orders ADD COLUMN IF NOT EXISTS announced_at timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS lines_changed_at timestamptz;
UPDATE orders SET announced_at = created_at, lines_changed_at = created_at;
CREATE INDEX orders_unannounced_idx ON orders(lines_changed_at) WHERE announced_at IS NULL;

ALTER TABLE product_options ADD COLUMN IF NOT EXISTS stock_quantity integer CHECK (stock_quantity >= 0);

-- An UPDATE of product_options that changed only stock_quantity is a stock change of its products
-- (whose own stock_quantity moves in the same transaction and notifies 'stock:<ids>'): nothing
-- more to say. Any other change still empties the catalogue (migration 0018).
CREATE OR REPLACE FUNCTION notify_options_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM old_rows) <> (SELECT count(*) FROM new_rows)
     OR EXISTS (
       SELECT 1 FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        WHERE n.id IS NULL OR (to_jsonb(o) - 'stock_quantity') IS DISTINCT FROM (to_jsonb(n) - 'stock_quantity')) THEN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalog_changed', 'stock:' || string_agg(DISTINCT o.product_id::text, ','))
     FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.stock_quantity IS DISTINCT FROM n.stock_quantity HAVING count(*) > 0;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS product_options_catalog_changed ON product_options;
CREATE TRIGGER product_options_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
DROP TRIGGER IF EXISTS product_options_catalog_updated ON product_options;
CREATE TRIGGER product_options_catalog_updated AFTER UPDATE ON product_options
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_options_updated();

ALTER TABLE store_members ADD COLUMN IF NOT EXISTS order_emails boolean NOT NULL DEFAULT true;
`,
};
