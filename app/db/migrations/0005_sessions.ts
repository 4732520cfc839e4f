export const m0005_sessions = {
  id: "0005_sessions",
  sql: /* sql */ `
-- Ending every session of a user (logout, password reset, password change) bumps this number.
-- Access and refresh tokens carry the number they were signed with ("ver"); a token with an older
-- number is refused, so access tokens already handed out stop working at once, not when they expire.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- Counters of the rate limiter's PostgreSQL store (rate-limiter-flexible's RateLimiterPostgres;
-- its own column names): one row per limiter and key, "expire" in epoch milliseconds. Used when the
-- app runs on a PostgreSQL server, so every app server shares the counters.
CREATE TABLE rate_limiter (
  key     text PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);
CREATE INDEX rate_limiter_expire_idx ON rate_limiter(expire);

-- The hand-written limiter's table (0003) is replaced by the one above.
DROP TABLE IF EXISTS rate_limits;
`,
};
