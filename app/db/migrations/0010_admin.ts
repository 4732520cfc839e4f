/**
 * Running the marketplace. Moderation states are timestamps with their reason
 * (null = not in that state), so the audit log and the pages can say when:
 * - stores.verified_at: the "Verified seller" badge (a store sells without it);
 * - stores.suspended_at (+ suspended_reason): its products leave the catalogue, search, carts and
 *   checkout at once (app/api/catalog/listed.ts, one predicate); its orders stay visible;
 * - products.admin_unpublished_at (+ unpublished_reason): unpublished by an admin; the vendor
 *   cannot publish it again until an admin republishes it;
 * - categories.retired_at: out of menus and listings (a category with products is never deleted);
 * - reviews.hidden_at (+ hidden_reason): out of the product's reviews and rating summary;
 * - users.deactivated_at: set with is_active = false (sign-in refused, sessions ended).
 * audit_log: every admin change, written in the change's transaction (app/api/admin/audit.server.ts).
 */
export const m0010_admin = {
  id: "0010_admin",
  sql: /* sql */ `
ALTER TABLE stores ADD COLUMN IF NOT EXISTS verified_at timestamptz;
ALTER TABLE stores ADD COLUMN IF NOT EXISTS suspended_at timestamptz;
ALTER TABLE stores ADD COLUMN IF NOT EXISTS suspended_reason text;
-- The catalogue asks "is this store suspended?" for every listed product: few rows, tiny index.
CREATE INDEX IF NOT EXISTS stores_suspended_idx ON stores(id) WHERE suspended_at IS NOT NULL;

ALTER TABLE products ADD COLUMN IF NOT EXISTS admin_unpublished_at timestamptz;
ALTER TABLE products ADD COLUMN IF NOT EXISTS unpublished_reason text;

ALTER TABLE categories ADD COLUMN IF NOT EXISTS retired_at timestamptz;
CREATE INDEX IF NOT EXISTS categories_retired_idx ON categories(id) WHERE retired_at IS NOT NULL;

ALTER TABLE reviews ADD COLUMN IF NOT EXISTS hidden_at timestamptz;
ALTER TABLE reviews ADD COLUMN IF NOT EXISTS hidden_reason text;

ALTER TABLE users ADD COLUMN IF NOT EXISTS deactivated_at timestamptz;

CREATE TABLE IF NOT EXISTS audit_log (
  id           bigserial PRIMARY KEY,
  actor_id     integer REFERENCES users(id) ON DELETE SET NULL,
  action       text NOT NULL,
  target_type  text NOT NULL,
  target_id    text NOT NULL,
  before       jsonb,
  after        jsonb,
  reason       text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS audit_log_created_idx ON audit_log(created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_log_target_idx ON audit_log(target_type, target_id, created_at DESC);
`,
};
