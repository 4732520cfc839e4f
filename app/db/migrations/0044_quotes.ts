/**
 * Bulk quotes (issue 35 items 1–4 and 6; app/domain/quote-rules.ts, app/workflows/quotes.server.ts,
 * decision 0036).
 * - `quotes`: one buyer's request to one store (a cart asks each of its stores: one row each,
 *   sharing `request_group`): the site (state, LGA, address, contact), the wanted delivery date,
 *   a note, the buyer's company name for the invoice. `status` requested → offered (the store's live
 *   offer) ⇄ countered (the buyer's one counter, `countered_at`) → accepted (`order_id`, unique: one
 *   order per quote) or declined (by the store or the buyer, `declined_by`). An offer past its
 *   `expires_at` is expired: derived, never stored.
 * - `quote_lines`: what is asked (product, option, quantity, the unit; the list price when asked,
 *   for the store's eyes).
 * - `quote_offers` + `quote_offer_lines`: each offer the store made, numbered per quote, with its
 *   own prices (list price changes never move them), delivery charge, delivery date, expiry, and the
 *   store's VAT registration as it was (`vat_registered`, `tin`); `above_list_reason` where a unit
 *   price is above the list/ladder price.
 * - `quote_messages`: the thread, one row a step.
 * - `stores.vat_registered`, `stores.tin`: VAT 7.5% on its invoices when registered.
 * - `orders.quote_id` (unique): the order an accepted offer made.
 * - `shipments.agreed_shipping_kobo`: a shipment's fee agreed in an offer: the one money rule keeps
 *   it instead of the shipping rule's (app/api/orders/shipments.server.ts `recomputeOrderTotals`).
 */
export const m0044_quotes = {
  id: "0044_quotes",
  sql: /* sql */ `
ALTER TABLE stores ADD COLUMN vat_registered boolean NOT NULL DEFAULT false;
ALTER TABLE stores ADD COLUMN tin text NOT NULL DEFAULT '';

CREATE TABLE quotes (
  id              serial PRIMARY KEY,
  request_group   uuid NOT NULL,
  user_id         integer REFERENCES users(id) ON DELETE SET NULL,
  store_id        integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'offered', 'countered', 'accepted', 'declined')),
  declined_by     text CHECK (declined_by IN ('store', 'buyer')),
  contact_first_name text NOT NULL,
  contact_last_name  text NOT NULL,
  contact_phone   text NOT NULL,
  contact_email   text NOT NULL DEFAULT '',
  company_name    text NOT NULL DEFAULT '',
  delivery_state  text NOT NULL,
  delivery_lga    text NOT NULL,
  site_address    text NOT NULL,
  city            text NOT NULL,
  wanted_date     date NOT NULL,
  note            text NOT NULL DEFAULT '',
  countered_at    timestamptz,
  order_id        uuid UNIQUE REFERENCES orders(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quotes_user_idx ON quotes(user_id, id DESC);
CREATE INDEX quotes_store_idx ON quotes(store_id, id DESC);
CREATE INDEX quotes_status_idx ON quotes(status, id DESC);

CREATE TABLE quote_lines (
  id             serial PRIMARY KEY,
  quote_id       integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  product_id     integer REFERENCES products(id) ON DELETE SET NULL,
  option_id      integer,
  product_name   text NOT NULL,
  option_label   text,
  unit           text NOT NULL DEFAULT 'piece',
  quantity       numeric(12,2) NOT NULL CHECK (quantity > 0),
  list_unit_kobo bigint NOT NULL
);
CREATE INDEX quote_lines_quote_idx ON quote_lines(quote_id, id);

CREATE TABLE quote_offers (
  id             serial PRIMARY KEY,
  quote_id       integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  number         integer NOT NULL,
  delivery_kobo  bigint NOT NULL CHECK (delivery_kobo >= 0),
  delivery_date  date NOT NULL,
  valid_hours    integer NOT NULL CHECK (valid_hours > 0),
  expires_at     timestamptz NOT NULL,
  note           text NOT NULL DEFAULT '',
  vat_registered boolean NOT NULL DEFAULT false,
  tin            text NOT NULL DEFAULT '',
  created_by     integer REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (quote_id, number)
);

CREATE TABLE quote_offer_lines (
  offer_id          integer NOT NULL REFERENCES quote_offers(id) ON DELETE CASCADE,
  quote_line_id     integer NOT NULL REFERENCES quote_lines(id) ON DELETE CASCADE,
  unit_kobo         bigint NOT NULL CHECK (unit_kobo > 0),
  line_total_kobo   bigint NOT NULL,
  above_list_reason text NOT NULL DEFAULT '',
  PRIMARY KEY (offer_id, quote_line_id)
);

CREATE TABLE quote_messages (
  id          serial PRIMARY KEY,
  quote_id    integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  author_role text NOT NULL CHECK (author_role IN ('buyer', 'store')),
  author_id   integer REFERENCES users(id) ON DELETE SET NULL,
  kind        text NOT NULL CHECK (kind IN ('requested', 'offered', 'countered', 'accepted', 'declined')),
  body        text NOT NULL DEFAULT '',
  offer_id    integer REFERENCES quote_offers(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_messages_quote_idx ON quote_messages(quote_id, id);

ALTER TABLE orders ADD COLUMN quote_id integer UNIQUE REFERENCES quotes(id) ON DELETE SET NULL;
ALTER TABLE shipments ADD COLUMN agreed_shipping_kobo bigint CHECK (agreed_shipping_kobo >= 0);
`,
};
