export const m0006_refunds = {
  id: "0006_refunds",
  sql: /* sql */ `
-- Refunds of card payments (Paystack POST /refund, outcome by refund.* webhooks). A refund is
-- written as 'queued' in the same transaction as the change that causes it (an order item
-- cancelled, later a return accepted), so a crash can never cancel an item and forget its money.
-- The payments area sends queued refunds to Paystack (claimed with FOR UPDATE SKIP LOCKED, retried
-- with back-off) and follows them to 'processed' or 'failed'.
CREATE TABLE refunds (
  id                      serial PRIMARY KEY,
  order_id                uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  order_item_id           uuid REFERENCES order_items(id) ON DELETE SET NULL,
  payment_transaction_id  integer NOT NULL REFERENCES payment_transactions(id) ON DELETE CASCADE,
  amount_kobo             bigint NOT NULL CHECK (amount_kobo > 0),
  currency                text NOT NULL DEFAULT 'NGN',
  reason                  text NOT NULL DEFAULT '',
  status                  text NOT NULL DEFAULT 'queued'
                            CHECK (status IN ('queued', 'pending', 'processing', 'processed', 'failed')),
  provider_refund_id      text,
  attempts                integer NOT NULL DEFAULT 0,
  last_error              text,
  next_attempt_at         timestamptz NOT NULL DEFAULT now(),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
-- One refund per cancelled item (a retried cancel never refunds twice).
CREATE UNIQUE INDEX refunds_order_item_uq ON refunds(order_item_id) WHERE order_item_id IS NOT NULL;
CREATE INDEX refunds_due_idx ON refunds(next_attempt_at) WHERE status = 'queued';
CREATE INDEX refunds_order_idx ON refunds(order_id);
`,
};
