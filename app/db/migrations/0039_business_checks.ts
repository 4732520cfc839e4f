/**
 * Verified businesses (issue 36 item 1, decision 0032, app/domain/business-check.ts):
 * - `store_business_checks`: one row per store, the latest check of its registration (RC or BN
 *   number) with the company registry (Prembly, or its local stand-in): what the registry answered
 *   (`registered_name`, `registry_status`), the outcome (`status`) and the reasons behind it
 *   (`reasons`, codes the seller area translates). `pending` rows are retried by the background
 *   job from `next_attempt_at` (the provider was down), with back-off (`attempts`, `last_error`).
 * - `stores.verified_by`: who gave the badge (`stores.verified_at`): `registry` (a passing check)
 *   or `admin` (an approval after a manual check, in the audit log). Badges given before this
 *   migration were an admin's click: `admin`.
 */
export const m0039_business_checks = {
  id: "0039_business_checks",
  sql: /* sql */ `
ALTER TABLE stores ADD COLUMN verified_by text CHECK (verified_by IN ('registry', 'admin'));
UPDATE stores SET verified_by = 'admin' WHERE verified_at IS NOT NULL;

CREATE TABLE store_business_checks (
  store_id            integer PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  company_type        text NOT NULL CHECK (company_type IN ('RC', 'BN')),
  registration_number text NOT NULL,
  status              text NOT NULL CHECK (status IN ('pending', 'verified', 'not_verified')),
  reasons             text[] NOT NULL DEFAULT '{}',
  registered_name     text,
  registry_status     text,
  account_name        text,
  attempts            integer NOT NULL DEFAULT 0,
  last_error          text,
  next_attempt_at     timestamptz,
  requested_by        integer REFERENCES users(id) ON DELETE SET NULL,
  checked_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX store_business_checks_due_idx ON store_business_checks(next_attempt_at) WHERE status = 'pending';
`,
};
