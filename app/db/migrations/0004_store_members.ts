/**
 * Store roles come from store_members (0001 created the table): every store's owner becomes an
 * accepted 'Owner' member (backfill now, a trigger for new stores), so the API's
 * requireStoreRole(storeId, "owner" | "member") reads one table. Members are invited by e-mail
 * (user_id is set when the invitation is accepted).
 */
export const m0004_store_members = {
  id: "0004_store_members",
  sql: /* sql */ `
CREATE INDEX IF NOT EXISTS store_members_user_idx ON store_members(user_id, store_id);

INSERT INTO store_members (store_id, user_id, email, role, accepted_at)
  SELECT s.id, s.owner_id, u.email, 'Owner', s.created_at FROM stores s JOIN users u ON u.id = s.owner_id
ON CONFLICT (store_id, email) DO UPDATE SET role = 'Owner', user_id = EXCLUDED.user_id,
  accepted_at = coalesce(store_members.accepted_at, EXCLUDED.accepted_at);

CREATE OR REPLACE FUNCTION stores_owner_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_members (store_id, user_id, email, role, accepted_at)
    SELECT NEW.id, NEW.owner_id, u.email, 'Owner', now() FROM users u WHERE u.id = NEW.owner_id
  ON CONFLICT (store_id, email) DO UPDATE SET role = 'Owner', user_id = EXCLUDED.user_id,
    accepted_at = coalesce(store_members.accepted_at, EXCLUDED.accepted_at);
  IF TG_OP = 'UPDATE' AND NEW.owner_id IS DISTINCT FROM OLD.owner_id THEN
    UPDATE store_members SET role = 'Member' WHERE store_id = NEW.id AND user_id = OLD.owner_id AND role = 'Owner';
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS stores_owner_member_trg ON stores;
CREATE TRIGGER stores_owner_member_trg AFTER INSERT OR UPDATE OF owner_id ON stores
  FOR EACH ROW EXECUTE FUNCTION stores_owner_member();
`,
};
