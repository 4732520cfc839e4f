export const m0008_money_fixes = {
  id: "0008_money_fixes",
  sql: /* sql */ `
-- What a refund returns (docs/payments.md). 'item': a cancelled item (order_item_id set);
-- 'shipping': the shipping fee of a card-paid order whose every item was cancelled before it
-- shipped; 'overpayment': what a payment brought above the order's amount due when it was verified
-- (items cancelled after the payment page was opened); 'payment': a whole payment that arrived for
-- an order already paid or cancelled. Only 'payment' refunds a whole attempt (it becomes Refunded);
-- the others count towards the order's Refunded status.
ALTER TABLE refunds ADD COLUMN kind text NOT NULL DEFAULT 'payment'
  CHECK (kind IN ('item', 'shipping', 'overpayment', 'payment'));
UPDATE refunds SET kind = 'item' WHERE order_item_id IS NOT NULL;
-- The shipping of an order is refunded at most once, the excess of a payment at most once.
CREATE UNIQUE INDEX refunds_shipping_uq ON refunds(order_id) WHERE kind = 'shipping';
CREATE UNIQUE INDEX refunds_overpayment_uq ON refunds(payment_transaction_id) WHERE kind = 'overpayment';

-- The job that cancels card orders never paid (UNPAID_ORDER_TTL_HOURS) scans only these.
CREATE INDEX orders_unpaid_card_idx ON orders(created_at)
  WHERE order_payment_method = 'CardPayment' AND order_payment_status IN ('Pending', 'Failed') AND order_delivery_status = 'Placed';
`,
};
