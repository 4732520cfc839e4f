export const m0011_payouts = {
  id: "0011_payouts",
  sql: /* sql */ `
-- Vendor payouts (docs/payouts.md). A store's money is a ledger: each delivered item
-- credits it (item total less the commission, available after the return window), a refund of a
-- credited item debits it, a payout debits it when it is sent and a failed or reversed payout
-- puts the money back. Amounts are signed integer kobo (credits positive).

-- The owner's bank account as Paystack resolved it, and its transfer recipient (RCP_...).
CREATE TABLE store_bank_accounts (
  store_id        integer PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  bank_code       text NOT NULL,
  bank_name       text NOT NULL,
  account_number  text NOT NULL,
  account_name    text NOT NULL,
  recipient_code  text NOT NULL,
  updated_by      integer REFERENCES users(id) ON DELETE SET NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
  id              serial PRIMARY KEY,
  store_id        integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  amount_kobo     bigint NOT NULL CHECK (amount_kobo > 0),
  -- Our reference, sent to Paystack as the transfer's reference: the same reference is one transfer.
  reference       text NOT NULL UNIQUE,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed', 'reversed')),
  recipient_code  text NOT NULL,
  bank_name       text NOT NULL,
  account_last4   text NOT NULL,
  transfer_code   text,
  failure_reason  text,
  requested_by    integer REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  settled_at      timestamptz
);
CREATE INDEX payouts_store_idx ON payouts(store_id, created_at DESC, id DESC);
CREATE INDEX payouts_created_idx ON payouts(created_at DESC, id DESC);
-- At most one payout of a store on its way at a time.
CREATE UNIQUE INDEX payouts_one_pending_uq ON payouts(store_id) WHERE status = 'pending';

CREATE TABLE store_ledger (
  id              serial PRIMARY KEY,
  store_id        integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('sale', 'refund', 'payout', 'payout_reversal')),
  order_item_id   uuid REFERENCES order_items(id) ON DELETE SET NULL,
  payout_id       integer REFERENCES payouts(id) ON DELETE CASCADE,
  amount_kobo     bigint NOT NULL,
  description     text NOT NULL DEFAULT '',
  available_at    timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('payout', 'payout_reversal')) = (payout_id IS NOT NULL))
);
-- A credit (or a refund's debit) is written once per item; a payout and its reversal once each.
CREATE UNIQUE INDEX store_ledger_item_uq ON store_ledger(kind, order_item_id) WHERE order_item_id IS NOT NULL;
CREATE UNIQUE INDEX store_ledger_payout_uq ON store_ledger(kind, payout_id) WHERE payout_id IS NOT NULL;
CREATE INDEX store_ledger_store_idx ON store_ledger(store_id, created_at DESC, id DESC);
`,
};
