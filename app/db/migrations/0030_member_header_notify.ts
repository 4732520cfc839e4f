/**
 * The storefront header of a signed-in member (GET /users/{id}/header/: the stores they own, the
 * bell's unread counts, their cart's quantity, their wishlist's ids, their default address's
 * state) is kept per user in each process between changes (app/api/users/header-cache.server.ts).
 * Every change to what that statement reads notifies `member_header_changed` with each user whose
 * header it touches, and every server forgets those users:
 * - carts (an owner taken on at sign-in, a cart deleted), cart lines (added, changed, removed,
 *   also when their product or cart is deleted), wishlist lines, addresses, store memberships:
 *   the row's user, before and after;
 * - notifications: their user, and every member of their store;
 * - stores renamed, re-slugged or deleted: every member (a deleted store's memberships go with it
 *   and notify on their own).
 * Notifications of one transaction with the same user collapse into one. Cart lines and carts
 * also notify `cart_changed` with the cart's id: a guest cart's quantity (the header badge of a
 * visitor with a cart) is kept the same way (app/api/carts/quantity-cache.server.ts).
 */
export const m0030_member_header_notify = {
  id: "0030_member_header_notify",
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION notify_member_header(uid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF uid IS NOT NULL THEN
    PERFORM pg_notify('member_header_changed', uid::text);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION notify_member_header_of_store(sid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  u integer;
BEGIN
  IF sid IS NULL THEN
    RETURN;
  END IF;
  FOR u IN SELECT DISTINCT m.user_id FROM store_members m WHERE m.store_id = sid AND m.user_id IS NOT NULL LOOP
    PERFORM pg_notify('member_header_changed', u::text);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION member_header_cart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM notify_member_header(OLD.user_id);
    PERFORM pg_notify('cart_changed', OLD.id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notify_member_header(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

-- Rows that name their user: wishlist lines, addresses, store memberships.
CREATE OR REPLACE FUNCTION member_header_user_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM notify_member_header(OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notify_member_header(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION member_header_cart_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM notify_member_header((SELECT c.user_id FROM carts c WHERE c.id = OLD.cart_id));
    PERFORM pg_notify('cart_changed', OLD.cart_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notify_member_header((SELECT c.user_id FROM carts c WHERE c.id = NEW.cart_id));
    PERFORM pg_notify('cart_changed', NEW.cart_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION member_header_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM notify_member_header(OLD.user_id);
    PERFORM notify_member_header_of_store(OLD.store_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notify_member_header(NEW.user_id);
    PERFORM notify_member_header_of_store(NEW.store_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION member_header_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_member_header_of_store(OLD.id);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS member_header_carts ON carts;
CREATE TRIGGER member_header_carts AFTER INSERT OR DELETE OR UPDATE OF user_id ON carts
  FOR EACH ROW EXECUTE FUNCTION member_header_cart();
DROP TRIGGER IF EXISTS member_header_cart_items ON cart_items;
CREATE TRIGGER member_header_cart_items AFTER INSERT OR DELETE OR UPDATE OF cart_id, quantity, product_id ON cart_items
  FOR EACH ROW EXECUTE FUNCTION member_header_cart_line();
DROP TRIGGER IF EXISTS member_header_wishlist_items ON wishlist_items;
CREATE TRIGGER member_header_wishlist_items AFTER INSERT OR DELETE OR UPDATE ON wishlist_items
  FOR EACH ROW EXECUTE FUNCTION member_header_user_row();
DROP TRIGGER IF EXISTS member_header_addresses ON addresses;
CREATE TRIGGER member_header_addresses AFTER INSERT OR DELETE OR UPDATE ON addresses
  FOR EACH ROW EXECUTE FUNCTION member_header_user_row();
DROP TRIGGER IF EXISTS member_header_store_members ON store_members;
CREATE TRIGGER member_header_store_members AFTER INSERT OR DELETE OR UPDATE ON store_members
  FOR EACH ROW EXECUTE FUNCTION member_header_user_row();
DROP TRIGGER IF EXISTS member_header_notifications ON notifications;
CREATE TRIGGER member_header_notifications AFTER INSERT OR DELETE OR UPDATE OF read_at, user_id, store_id ON notifications
  FOR EACH ROW EXECUTE FUNCTION member_header_notification();
DROP TRIGGER IF EXISTS member_header_stores ON stores;
CREATE TRIGGER member_header_stores AFTER DELETE OR UPDATE OF name, slug, created_at ON stores
  FOR EACH ROW EXECUTE FUNCTION member_header_store();
`,
};
