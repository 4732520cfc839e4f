/**
 * Nigerian addresses: an address names its local government area (one of its
 * state's 774, app/domain/lgas.ts) and a landmark or nearest bus stop ("opposite Mega Plaza").
 * Both nullable: older rows and older clients have neither. The postal code was already nullable
 * (addresses.zip_code); guest checkout now leaves it optional too.
 *
 * An order keeps its delivery address as a JSON snapshot (orders.delivery_address), which carries
 * `lga` and `landmark` from now on; older snapshots get both keys as null so every order reads alike.
 */
export const m0022_address_lga = {
  id: "0022_address_lga",
  sql: /* sql */ `
ALTER TABLE addresses ADD COLUMN IF NOT EXISTS lga text;
ALTER TABLE addresses ADD COLUMN IF NOT EXISTS landmark text;
ALTER TABLE addresses ADD CONSTRAINT addresses_landmark_len CHECK (landmark IS NULL OR char_length(landmark) <= 120);

UPDATE orders SET delivery_address = jsonb_build_object('lga', NULL, 'landmark', NULL) || delivery_address
 WHERE NOT (delivery_address ? 'lga');
`,
};
