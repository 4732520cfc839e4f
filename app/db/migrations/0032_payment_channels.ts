/**
 * One payment engine for card, bank transfer and USSD (issue 33, docs/decisions/0024-one-payment-engine.md):
 * every attempt keeps its Paystack channel (`card` through the hosted page, `bank_transfer` and
 * `ussd` through POST /charge on our own page), what the shopper needs to pay it (`pay_details`:
 * the bank, account number and name, or the USSD code, as Paystack answered), and when that offer
 * ends (`expires_at`). Existing attempts are card attempts. `payment_method` stays 'CardPayment'
 * for all three: the money is received by the platform through Paystack, as a card payment's is.
 */
export const m0032_payment_channels = {
  id: "0032_payment_channels",
  sql: /* sql */ `
ALTER TABLE payment_transactions ADD COLUMN channel text NOT NULL DEFAULT 'card';
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_channel_check CHECK (channel IN ('card', 'bank_transfer', 'ussd'));
ALTER TABLE payment_transactions ADD COLUMN pay_details jsonb;
ALTER TABLE payment_transactions ADD COLUMN expires_at timestamptz;
`,
};
