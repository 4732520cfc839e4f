/**
 * Pay at the door by transfer (issue 33 item 4, docs/decisions/0028-pay-at-the-door.md): a
 * pay-on-delivery shipment paid by bank transfer before or at the door, through the one payment
 * engine (docs/decisions/0024-one-payment-engine.md).
 * - `payment_transactions.shipment_id`: the attempt pays that one shipment (its items and shipping),
 *   not the whole order. NULL: an order's attempt, as before.
 * - `shipments.transfer_paid_at` / `transfer_paid_kobo` / `transfer_attempt_id`: the shipment was
 *   paid by that attempt, for that amount. Such a shipment has nothing to collect at the door; the
 *   ledger books it as platform money (as a card payment), and a refund of its items goes back
 *   through that attempt.
 */
export const m0035_pay_at_door = {
  id: "0035_pay_at_door",
  sql: /* sql */ `
ALTER TABLE payment_transactions ADD COLUMN shipment_id integer REFERENCES shipments(id) ON DELETE SET NULL;
CREATE INDEX payment_transactions_shipment_idx ON payment_transactions(shipment_id) WHERE shipment_id IS NOT NULL;
ALTER TABLE shipments ADD COLUMN transfer_paid_at timestamptz;
ALTER TABLE shipments ADD COLUMN transfer_paid_kobo bigint;
ALTER TABLE shipments ADD COLUMN transfer_attempt_id integer REFERENCES payment_transactions(id) ON DELETE SET NULL;
ALTER TABLE shipments ADD CONSTRAINT shipments_paid_once_check CHECK (cash_received_at IS NULL OR transfer_paid_at IS NULL);
`,
};
