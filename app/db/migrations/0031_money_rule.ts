/**
 * One money rule (docs/decisions/0021-one-money-rule.md, app/domain/pricing.ts):
 *
 * 1. Each order line keeps its total (`order_items.line_total_kobo`), computed once by the rule
 *    when the line is priced; every sum (a shipment's items, a store's sales, the ledger) adds
 *    these instead of multiplying again. Existing lines: price × quantity, which is what the rule
 *    gave them.
 *
 * 2. The ledger books who received the money. A delivered, paid item books its sale (gross) and the
 *    commission on it as two entries (before, one net `sale`); a delivered, paid shipment books its
 *    shipping fee for the store (the store delivers; before, card orders' shipping was never
 *    credited); cash on delivery is booked as held by the store (`cash_held`), so it is never paid
 *    out again, and the commission on it is owed. Refunds give back the commission of what they
 *    return; a cash sale's refund comes from the store (`cash_refund`). An admin records commission
 *    a store paid directly (`settlement`). Existing entries are converted to the same meaning:
 *    sums per store are unchanged except where the old booking was wrong (cash credited as if the
 *    platform held it; shipping never credited).
 *
 *    A card-paid order's shipment whose lines were all cancelled refunds its shipping fee
 *    (`refunds.shipment_id`), so the order's total stays the sum of its shipments.
 *
 * 3. SMS and WhatsApp messages about an order carry the order, the shipment (store) and how far
 *    the state they report has gone (`topic`, `rank`): a message overtaken by a later state of the
 *    same topic before it leaves is superseded, not sent (app/api/notifications/channels.server.ts).
 */
export const m0031_money_rule = {
  id: "0031_money_rule",
  sql: /* sql */ `
-- 1. Line totals --------------------------------------------------------------------------------
ALTER TABLE order_items ADD COLUMN line_total_kobo bigint;
UPDATE order_items SET line_total_kobo = item_price_kobo * quantity;
ALTER TABLE order_items ALTER COLUMN line_total_kobo SET NOT NULL;

-- 2. The ledger by who received the money --------------------------------------------------------
ALTER TABLE store_ledger DROP CONSTRAINT store_ledger_kind_check;
ALTER TABLE store_ledger ADD CONSTRAINT store_ledger_kind_check CHECK (kind IN
  ('sale', 'shipping', 'commission', 'cash_held', 'refund', 'commission_refund', 'cash_refund', 'settlement', 'payout', 'payout_reversal'));
-- Shipment-level entries (shipping, the cash held for it): once per kind and shipment.
ALTER TABLE store_ledger ADD COLUMN shipment_id integer REFERENCES shipments(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX store_ledger_shipment_uq ON store_ledger(kind, shipment_id) WHERE shipment_id IS NOT NULL;
-- A settlement's reference (the bank transfer's, or the admin's note): once per store.
ALTER TABLE store_ledger ADD COLUMN reference text;
ALTER TABLE store_ledger ADD COLUMN created_by integer REFERENCES users(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX store_ledger_settlement_uq ON store_ledger(store_id, reference) WHERE kind = 'settlement';

-- Refunds first (they need the sales' old, net amounts): a refund took back a share of the net
-- credit; it becomes that share of the gross sale, and the commission of the share comes back.
WITH r AS (
  SELECT rf.id, rf.store_id, rf.order_item_id, rf.amount_kobo AS net_back, rf.available_at, rf.created_at,
         s.amount_kobo AS net_sale, i.line_total_kobo AS gross, i.product_name
    FROM store_ledger rf
    JOIN store_ledger s ON s.kind = 'sale' AND s.order_item_id = rf.order_item_id
    JOIN order_items i ON i.id = rf.order_item_id
   WHERE rf.kind = 'refund'
), conv AS (
  SELECT r.*, CASE WHEN r.net_sale > 0 THEN round(-r.net_back::numeric * r.gross / r.net_sale)::bigint ELSE -r.net_back END AS gross_back FROM r
), ins AS (
  INSERT INTO store_ledger (store_id, kind, order_item_id, amount_kobo, description, available_at, created_at)
  SELECT store_id, 'commission_refund', order_item_id, gross_back + net_back, 'Commission back: ' || product_name, available_at, created_at
    FROM conv WHERE gross_back + net_back <> 0
  RETURNING id
)
UPDATE store_ledger l SET amount_kobo = -conv.gross_back FROM conv WHERE l.id = conv.id;

-- Sales: the gross line total, and the commission as its own entry.
INSERT INTO store_ledger (store_id, kind, order_item_id, amount_kobo, description, available_at, created_at)
SELECT s.store_id, 'commission', s.order_item_id, s.amount_kobo - i.line_total_kobo, 'Commission: ' || i.product_name, s.available_at, s.created_at
  FROM store_ledger s JOIN order_items i ON i.id = s.order_item_id
 WHERE s.kind = 'sale' AND s.amount_kobo <> i.line_total_kobo;
UPDATE store_ledger s SET amount_kobo = i.line_total_kobo FROM order_items i WHERE s.kind = 'sale' AND i.id = s.order_item_id;

-- Shipping of every delivered, paid shipment that was credited.
INSERT INTO store_ledger (store_id, kind, shipment_id, amount_kobo, description, available_at, created_at)
SELECT sh.store_id, 'shipping', sh.id, sh.shipping_kobo, 'Shipping', max(s.available_at), max(s.created_at)
  FROM shipments sh JOIN order_items i ON i.order_id = sh.order_id AND i.store_id = sh.store_id
  JOIN store_ledger s ON s.kind = 'sale' AND s.order_item_id = i.id
 WHERE sh.shipping_kobo > 0 AND sh.store_id IS NOT NULL
 GROUP BY sh.id, sh.store_id, sh.shipping_kobo;

-- Cash on delivery: the store collected it (items and shipping); it is held, not owed to it.
INSERT INTO store_ledger (store_id, kind, order_item_id, amount_kobo, description, available_at, created_at)
SELECT s.store_id, 'cash_held', s.order_item_id, -s.amount_kobo, 'Cash you collected: ' || i.product_name, s.available_at, s.created_at
  FROM store_ledger s JOIN order_items i ON i.id = s.order_item_id
  JOIN orders o ON o.id = i.order_id
  JOIN shipments sh ON sh.order_id = i.order_id AND sh.store_id = i.store_id
 WHERE s.kind = 'sale' AND o.order_payment_method = 'PayOnDelivery' AND sh.cash_received_at IS NOT NULL;
INSERT INTO store_ledger (store_id, kind, shipment_id, amount_kobo, description, available_at, created_at)
SELECT g.store_id, 'cash_held', g.shipment_id, -g.amount_kobo, 'Cash you collected: shipping', g.available_at, g.created_at
  FROM store_ledger g JOIN shipments sh ON sh.id = g.shipment_id JOIN orders o ON o.id = sh.order_id
 WHERE g.kind = 'shipping' AND o.order_payment_method = 'PayOnDelivery' AND sh.cash_received_at IS NOT NULL;
-- A cash sale given back was paid back by the store, which held the money.
INSERT INTO store_ledger (store_id, kind, order_item_id, amount_kobo, description, available_at, created_at)
SELECT rf.store_id, 'cash_refund', rf.order_item_id, -rf.amount_kobo, 'Cash you paid back: ' || i.product_name, rf.available_at, rf.created_at
  FROM store_ledger rf JOIN order_items i ON i.id = rf.order_item_id
  JOIN store_ledger h ON h.kind = 'cash_held' AND h.order_item_id = rf.order_item_id
 WHERE rf.kind = 'refund';

-- A card-paid order's shipment whose every line was cancelled gets its shipping fee back (once per
-- shipment; before, only when the whole order was cancelled, once per order).
ALTER TABLE refunds ADD COLUMN shipment_id integer REFERENCES shipments(id) ON DELETE SET NULL;
DROP INDEX refunds_shipping_uq;
CREATE UNIQUE INDEX refunds_shipping_uq ON refunds(order_id, COALESCE(shipment_id, 0)) WHERE kind = 'shipping';

-- 3. Messages that a later state overtakes -------------------------------------------------------
ALTER TABLE sms_queue ADD COLUMN topic text;
ALTER TABLE sms_queue ADD COLUMN rank integer NOT NULL DEFAULT 0;
ALTER TABLE sms_queue ADD COLUMN superseded_at timestamptz;
CREATE INDEX sms_queue_topic_idx ON sms_queue(to_phone, topic) WHERE topic IS NOT NULL;
ALTER TABLE whatsapp_queue ADD COLUMN topic text;
ALTER TABLE whatsapp_queue ADD COLUMN rank integer NOT NULL DEFAULT 0;
ALTER TABLE whatsapp_queue ADD COLUMN superseded_at timestamptz;
CREATE INDEX whatsapp_queue_topic_idx ON whatsapp_queue(to_phone, topic) WHERE topic IS NOT NULL;
`,
};
