/**
 * Buyers who refuse at the door (issue 36 item 6, decision 0039, app/domain/door-refusals.ts).
 * - shipments.refused_at / refused_by: the store marked a Shipped pay-on-delivery shipment "Refused
 *   at the door" (its lines cancelled, their stock back; nothing was paid, so nothing is refunded).
 * - door_refusals: one row per refused shipment, with who the buyer was (the account, the order's
 *   e-mail and the delivery phone, normalised), so a buyer is known by any of the three whether they
 *   order signed in or as a guest. Three within 90 days, none paid online since: no pay on delivery.
 */
export const m0047_door_refusals = {
  id: "0047_door_refusals",
  sql: /* sql */ `
ALTER TABLE shipments ADD COLUMN refused_at timestamptz;
ALTER TABLE shipments ADD COLUMN refused_by integer REFERENCES users(id) ON DELETE SET NULL;
CREATE TABLE door_refusals (
  shipment_id  integer PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
  order_id     uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  store_id     integer REFERENCES stores(id) ON DELETE SET NULL,
  user_id      integer REFERENCES users(id) ON DELETE SET NULL,
  email        text,
  phone        text,
  refused_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX door_refusals_user_idx ON door_refusals (user_id, refused_at) WHERE user_id IS NOT NULL;
CREATE INDEX door_refusals_email_idx ON door_refusals (email, refused_at) WHERE email IS NOT NULL;
CREATE INDEX door_refusals_phone_idx ON door_refusals (phone, refused_at) WHERE phone IS NOT NULL;
-- the buyer's online payments, found by e-mail as well as by account (a guest who refused signs up, or the reverse)
CREATE INDEX orders_customer_email_idx ON orders (lower(customer_email));
`,
};
