/**
 * Delivery to a site on a booked day, and collection from the yard (issue 35 item 5, decision 0037,
 * app/domain/slots.ts, app/api/slots/, app/workflows/delivery-slots.server.ts).
 * - `delivery_slots`: a store's published slots, one per (day, window) with a cap on trucks; a day
 *   is a Lagos date that is a business day of the delivery promise (no Sundays, no public holidays).
 *   How many are booked is counted from the shipments that hold it (a slot is locked FOR UPDATE
 *   while it is counted and booked, so two checkouts for its last truck never both win).
 * - `store_collection`: "Collect from our yard": whether the store offers it, the yard's address and
 *   opening hours.
 * - `products.bulk`: a bulk product (sand, granite by the tipper trip…): never paid at the door.
 * - `shipments`: the slot booked for it (its day and window copied, so the order keeps them if the
 *   slot is later closed), or collect from the yard (address and hours copied at placement).
 */
export const m0045_delivery_slots = {
  id: "0045_delivery_slots",
  sql: /* sql */ `
CREATE TABLE delivery_slots (
  id          serial PRIMARY KEY,
  store_id    integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  day         date NOT NULL,
  slot_window text NOT NULL CHECK (slot_window IN ('morning', 'afternoon', 'day')),
  cap         integer NOT NULL CHECK (cap >= 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX delivery_slots_uq ON delivery_slots(store_id, day, slot_window);

CREATE TABLE store_collection (
  store_id   integer PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  enabled    boolean NOT NULL DEFAULT false,
  address    text NOT NULL DEFAULT '',
  hours      text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE products ADD COLUMN bulk boolean NOT NULL DEFAULT false;

ALTER TABLE shipments ADD COLUMN slot_id integer REFERENCES delivery_slots(id) ON DELETE SET NULL;
ALTER TABLE shipments ADD COLUMN slot_day date;
ALTER TABLE shipments ADD COLUMN slot_window text;
ALTER TABLE shipments ADD COLUMN collect boolean NOT NULL DEFAULT false;
ALTER TABLE shipments ADD COLUMN collect_address text;
ALTER TABLE shipments ADD COLUMN collect_hours text;
CREATE INDEX shipments_slot_idx ON shipments(slot_id) WHERE slot_id IS NOT NULL;
`,
};
