/**
 * A store's deadlines on a shipment (issue 36 item 3, app/domain/deadlines.ts): confirm within
 * SHIPMENT_CONFIRM_HOURS business hours, ship within SHIPMENT_SHIP_HOURS of confirming.
 * - `confirm_reminded_at` / `ship_reminded_at`: the half-time reminder of that stage was sent
 *   (once; the job claims the row under its lock).
 * - `deadline_missed` / `deadline_missed_at`: the stage whose deadline the store missed, when its
 *   lines were cancelled for it (once).
 */
export const m0038_shipment_deadlines = {
  id: "0038_shipment_deadlines",
  sql: /* sql */ `
ALTER TABLE shipments ADD COLUMN confirm_reminded_at timestamptz;
ALTER TABLE shipments ADD COLUMN ship_reminded_at timestamptz;
ALTER TABLE shipments ADD COLUMN deadline_missed text CHECK (deadline_missed IN ('confirm', 'ship'));
ALTER TABLE shipments ADD COLUMN deadline_missed_at timestamptz;
CREATE INDEX shipments_open_idx ON shipments(created_at) WHERE status IN ('Placed', 'Confirmed') AND deadline_missed IS NULL;
`,
};
