export const m0003_accounts = {
  id: "0003_accounts",
  sql: /* sql */ `
-- Fixed-window counters for the rate limiter when no Redis is configured: one row per key,
-- shared by every app server using this database.
CREATE TABLE rate_limits (
  key           text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits(expires_at);

`,
};
