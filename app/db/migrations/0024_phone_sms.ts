/**
 * Phone sign-in, SMS and WhatsApp (docs in app/api/phone/README.md).
 *
 * - users.email becomes optional: an account made with a phone number and a one-time code has no
 *   e-mail address until the shopper adds one. Queries that hand a user to the API read
 *   COALESCE(email, '') and mail to an empty address is skipped (app/integrations/mail.server.ts).
 * - users.phone (already there, the contact number typed at registration) is kept as is; a number
 *   proved with a code sets phone_verified_at, and a verified number belongs to one account only
 *   (partial unique index), so two unverified accounts may still name the same contact number.
 * - otp_codes: one-time codes, stored as a keyed SHA-256; at most one active code per
 *   (phone, purpose): a new request replaces the old one.
 * - notify_email / notify_sms / notify_whatsapp: the shopper's channels for order updates. E-mail
 *   on by default; SMS and WhatsApp off until the shopper turns them on with a verified phone.
 * - sms_queue / whatsapp_queue: outgoing messages with retries, like mail_queue.
 */
export const m0024_phone_sms = {
  id: "0024_phone_sms",
  sql: /* sql */ `
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ADD COLUMN IF NOT EXISTS phone_verified_at timestamptz;
ALTER TABLE users ADD COLUMN IF NOT EXISTS notify_email boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN IF NOT EXISTS notify_sms boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN IF NOT EXISTS notify_whatsapp boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX IF NOT EXISTS users_verified_phone_uq ON users(phone) WHERE phone_verified_at IS NOT NULL;

CREATE TABLE otp_codes (
  id          serial PRIMARY KEY,
  phone       text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('login', 'register', 'verify')),
  user_id     integer REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  tries       integer NOT NULL DEFAULT 0,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX otp_codes_active_uq ON otp_codes(phone, purpose) WHERE used_at IS NULL;

CREATE TABLE sms_queue (
  id          serial PRIMARY KEY,
  to_phone    text NOT NULL,
  body        text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text,
  sent_at     timestamptz,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_queue_due_idx ON sms_queue(next_attempt_at) WHERE sent_at IS NULL;

CREATE TABLE whatsapp_queue (
  id          serial PRIMARY KEY,
  to_phone    text NOT NULL,
  template    text NOT NULL,
  params      jsonb NOT NULL DEFAULT '[]',
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text,
  sent_at     timestamptz,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX whatsapp_queue_due_idx ON whatsapp_queue(next_attempt_at) WHERE sent_at IS NULL;
`,
};
