export const m0013_newsletter = {
  id: "0013_newsletter",
  sql: /* sql */ `
-- Newsletter double opt-in (NDPA). A sign-up stores the consent (when, where from,
-- from which address) and the SHA-256 hash of a confirmation token that expires; only a
-- confirmed address (confirmed_at set, unsubscribed_at empty) is subscribed. Unsubscribe links
-- carry an HMAC of the subscription, so no unsubscribe token is stored at all.
-- The old plaintext token column goes: tokens are never stored in clear.
ALTER TABLE newsletter_subscriptions DROP COLUMN token;
ALTER TABLE newsletter_subscriptions ADD COLUMN confirm_token_hash text UNIQUE;
ALTER TABLE newsletter_subscriptions ADD COLUMN confirm_expires_at timestamptz;
ALTER TABLE newsletter_subscriptions ADD COLUMN confirm_sent_at timestamptz;
ALTER TABLE newsletter_subscriptions ADD COLUMN consent_at timestamptz;
ALTER TABLE newsletter_subscriptions ADD COLUMN consent_source text CHECK (consent_source IN ('footer', 'registration'));
ALTER TABLE newsletter_subscriptions ADD COLUMN consent_ip text;
ALTER TABLE newsletter_subscriptions ADD COLUMN confirm_ip text;
CREATE INDEX newsletter_subscriptions_user_idx ON newsletter_subscriptions(user_id);

-- Extra message headers (List-Unsubscribe ...) kept with a queued mail.
ALTER TABLE mail_queue ADD COLUMN headers jsonb;

-- One row per "Send newsletter": the form's idempotency key makes a double submit send once.
CREATE TABLE newsletter_sends (
  id               serial PRIMARY KEY,
  idempotency_key  text NOT NULL UNIQUE,
  subject          text NOT NULL,
  text_body        text NOT NULL,
  recipients       integer NOT NULL DEFAULT 0,
  sent_by          integer REFERENCES users(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Account deletion (docs/privacy.md): the user row stays, anonymised, so past orders keep an owner.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
`,
};
