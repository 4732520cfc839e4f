export const m0012_returns = {
  id: "0012_returns",
  sql: /* sql */ `
-- Returns ("Returns and refunds"; rules in app/domain/returns.ts). A shopper asks to
-- return a delivered item within the return window; a member of the item's store accepts or
-- refuses; an accepted return of a card payment gets a refunds row (kind 'item', the same queue
-- as a cancellation) and becomes 'refunded' when Paystack processes it; a pay-on-delivery return
-- is marked refunded by an admin who paid the shopper out of band.
CREATE TABLE returns (
  id              serial PRIMARY KEY,
  order_item_id   uuid NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  order_id        uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  store_id        integer REFERENCES stores(id) ON DELETE SET NULL,
  user_id         integer REFERENCES users(id) ON DELETE SET NULL,
  reason          text NOT NULL,
  details         text NOT NULL DEFAULT '',
  photo_key       text,
  status          text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'accepted', 'refused', 'refunded')),
  vendor_message  text,
  refund_id       integer REFERENCES refunds(id) ON DELETE SET NULL,
  refund_note     text,
  requested_at    timestamptz NOT NULL DEFAULT now(),
  decided_at      timestamptz,
  refunded_at     timestamptz,
  decided_by      integer REFERENCES users(id) ON DELETE SET NULL,
  refunded_by     integer REFERENCES users(id) ON DELETE SET NULL
);
-- One open return per item (the API also refuses a second request of any status: once per item).
CREATE UNIQUE INDEX returns_open_item_uq ON returns(order_item_id) WHERE status IN ('requested', 'accepted');
CREATE INDEX returns_order_idx ON returns(order_id);
CREATE INDEX returns_store_idx ON returns(store_id, requested_at DESC);
CREATE INDEX returns_status_idx ON returns(status, requested_at DESC);
CREATE UNIQUE INDEX returns_refund_uq ON returns(refund_id) WHERE refund_id IS NOT NULL;

-- Each step of a return shows in the order's history (once per item: order_events_item_uq).
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('placed', 'paid', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refunded', 'return_requested', 'return_accepted', 'return_refused'));
`,
};
