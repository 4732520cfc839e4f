/**
 * The API keeps the signed-in caller's user row in memory between changes
 * (app/api/core/auth-users.server.ts): every signed-in request read it (the token's version
 * against the user's, the account still active, the role), a fifth of a signed-in page's work
 * once the page itself came from the page cache. A change of what that read returns notifies
 * `users_changed` with the user's id, and every server forgets that user: the token version
 * (logout everywhere, a password change), is_active, role, e-mail, names and e-mail verification,
 * or the row's deletion. Other columns (language, phone, order channels) change nothing the read
 * returns and notify nothing.
 */
export const m0028_users_notify = {
  id: "0028_users_notify",
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users_changed', OLD.id::text);
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS users_changed_notify ON users;
CREATE TRIGGER users_changed_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version
     OR OLD.is_active IS DISTINCT FROM NEW.is_active
     OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.email IS DISTINCT FROM NEW.email
     OR OLD.first_name IS DISTINCT FROM NEW.first_name
     OR OLD.last_name IS DISTINCT FROM NEW.last_name
     OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
     OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION notify_users_changed();
DROP TRIGGER IF EXISTS users_deleted_notify ON users;
CREATE TRIGGER users_deleted_notify AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_users_changed();
`,
};
