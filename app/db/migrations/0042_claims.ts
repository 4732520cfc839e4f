/**
 * Claims that hold the payout (issue 36 item 5; app/domain/claim-rules.ts, app/workflows/claims.server.ts,
 * decision 0034).
 * - `claims`: one per order line at most (a buyer's claim within CLAIM_WINDOW_DAYS of delivery, or
 *   one opened by a Paystack card dispute, `dispute_id`); `status` open (the store has until
 *   `answer_due_at`), answered (the store replied with evidence: the admin rules), escalated (no
 *   answer in time: the admin rules), resolved (a refund of `refund_kobo`, 0 for none, decided by
 *   `resolved_by_role`); `refund_id` the refund queued for it.
 * - `claim_messages`: the thread, each step one row (who, what, an amount for a refund step).
 * - `claim_photos`: the photos of a message (stored under claims/, served only to the claim's parties).
 * - `store_ledger.held_claim_id`: a line's credit held by its open claim: not in the balance (not
 *   paid out) until the claim is resolved and its refund, if any, processed.
 */
export const m0042_claims = {
  id: "0042_claims",
  sql: /* sql */ `
CREATE TABLE claims (
  id               serial PRIMARY KEY,
  order_item_id    uuid NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  order_id         uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  store_id         integer REFERENCES stores(id) ON DELETE SET NULL,
  user_id          integer REFERENCES users(id) ON DELETE SET NULL,
  reason           text NOT NULL CHECK (reason IN ('wrong_quantity', 'damaged', 'not_as_described', 'never_delivered', 'card_dispute')),
  source           text NOT NULL DEFAULT 'buyer' CHECK (source IN ('buyer', 'paystack')),
  dispute_id       text,
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'escalated', 'resolved')),
  line_kobo        bigint NOT NULL,
  opened_at        timestamptz NOT NULL DEFAULT now(),
  answer_due_at    timestamptz NOT NULL,
  escalated_at     timestamptz,
  resolved_at      timestamptz,
  resolved_by_role text CHECK (resolved_by_role IN ('store', 'admin')),
  resolved_by      integer REFERENCES users(id) ON DELETE SET NULL,
  refund_kobo      bigint CHECK (refund_kobo >= 0),
  refund_id        integer REFERENCES refunds(id) ON DELETE SET NULL,
  refunded_at      timestamptz
);
CREATE UNIQUE INDEX claims_item_uq ON claims(order_item_id);
CREATE INDEX claims_order_idx ON claims(order_id);
CREATE INDEX claims_store_idx ON claims(store_id, opened_at DESC);
CREATE INDEX claims_status_idx ON claims(status, opened_at DESC);
CREATE INDEX claims_due_idx ON claims(answer_due_at) WHERE status = 'open';
CREATE INDEX claims_dispute_idx ON claims(dispute_id) WHERE dispute_id IS NOT NULL;
CREATE UNIQUE INDEX claims_refund_uq ON claims(refund_id) WHERE refund_id IS NOT NULL;

CREATE TABLE claim_messages (
  id          serial PRIMARY KEY,
  claim_id    integer NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
  author_role text NOT NULL CHECK (author_role IN ('buyer', 'store', 'admin', 'system')),
  author_id   integer REFERENCES users(id) ON DELETE SET NULL,
  kind        text NOT NULL CHECK (kind IN ('opened', 'refund', 'reply', 'escalated', 'ruling', 'dispute', 'dispute_remind', 'dispute_resolved', 'refunded')),
  body        text NOT NULL DEFAULT '',
  amount_kobo bigint,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_messages_claim_idx ON claim_messages(claim_id, id);

CREATE TABLE claim_photos (
  id         serial PRIMARY KEY,
  claim_id   integer NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
  message_id integer NOT NULL REFERENCES claim_messages(id) ON DELETE CASCADE,
  photo_key  text NOT NULL
);
CREATE INDEX claim_photos_claim_idx ON claim_photos(claim_id, id);

ALTER TABLE store_ledger ADD COLUMN held_claim_id integer REFERENCES claims(id) ON DELETE SET NULL;
CREATE INDEX store_ledger_held_idx ON store_ledger(held_claim_id) WHERE held_claim_id IS NOT NULL;
`,
};
