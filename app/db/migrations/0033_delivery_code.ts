/**
 * The delivery code of a pay-on-delivery shipment (issue 33 item 5, docs/decisions/0025-delivery-code.md).
 * - `delivery_code_salt`: set when the shipment is Shipped; the code is derived from it with the
 *   server's secret (app/api/core/delivery-code.server.ts), never stored. NULL: no code (not pay
 *   on delivery, not shipped yet, or shipped before this migration: those keep the old rule).
 * - `delivery_code_attempts`: wrong codes entered so far (counted atomically; at 5 the shipment
 *   is locked, `delivery_code_locked_at`, until an admin unlocks it: attempts back to 0).
 * - `delivered_override_by` / `delivered_override_reason`: an admin marked it Delivered without
 *   the code (the audit log has the same, with the admin and the time).
 */
export const m0033_delivery_code = {
  id: "0033_delivery_code",
  sql: /* sql */ `
ALTER TABLE shipments ADD COLUMN delivery_code_salt text;
ALTER TABLE shipments ADD COLUMN delivery_code_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE shipments ADD COLUMN delivery_code_locked_at timestamptz;
ALTER TABLE shipments ADD COLUMN delivered_override_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE shipments ADD COLUMN delivered_override_reason text;
ALTER TABLE shipments ADD CONSTRAINT shipments_delivery_code_attempts_check CHECK (delivery_code_attempts BETWEEN 0 AND 5);
CREATE INDEX shipments_delivery_code_idx ON shipments(status) WHERE delivery_code_salt IS NOT NULL;
`,
};
