/**
 * Certified products (issue 36 item 2, decision 0033, app/domain/certificates.ts).
 * - categories.requires_certificate: a product of this category is published only with a SON
 *   (MANCAP/NIS) certificate number and a photo of it, or an administrator's waiver. Set here for
 *   the iron rods and roofing categories (by slug); an administrator changes it for any category.
 * - products.certificate_number / certificate_image_key: the certificate the store gave (the photo
 *   is an image key of `images`, judged by its bytes like the product's photos).
 * - products.certificate_waived_reason / _at / _by: an administrator let it be published without
 *   one (audited). Products published before this migration stay published; the rule applies at
 *   the next write that keeps them published.
 * - certificate_reports: a buyer's "this certificate looks fake" (the admin's list; the store is told).
 */
export const m0040_certificates = {
  id: "0040_certificates",
  sql: /* sql */ `
ALTER TABLE categories ADD COLUMN requires_certificate boolean NOT NULL DEFAULT false;
UPDATE categories SET requires_certificate = true WHERE slug IN ('iron-rods-steel', 'roofing');
ALTER TABLE products ADD COLUMN certificate_number text;
ALTER TABLE products ADD COLUMN certificate_image_key text;
ALTER TABLE products ADD COLUMN certificate_waived_reason text;
ALTER TABLE products ADD COLUMN certificate_waived_at timestamptz;
ALTER TABLE products ADD COLUMN certificate_waived_by integer REFERENCES users(id) ON DELETE SET NULL;
CREATE TABLE certificate_reports (
  id                  serial PRIMARY KEY,
  product_id          integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  store_id            integer REFERENCES stores(id) ON DELETE SET NULL,
  certificate_number  text,
  user_id             integer REFERENCES users(id) ON DELETE SET NULL,
  contact             text,
  note                text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificate_reports_created_idx ON certificate_reports(created_at DESC, id DESC);
CREATE INDEX certificate_reports_product_idx ON certificate_reports(product_id);
`,
};
