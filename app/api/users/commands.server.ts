/**
 * Account deletion (docs/privacy.md). The user row stays, anonymised, so the orders
 * vendors keep for their records still have an owner; everything else personal goes.
 */
import type { Queryable } from "~/db/client.server";
import { endSessions } from "../tokens.server";

/** Why an account cannot be deleted now (a sentence for the person), or null. */
export async function deletionBlocker(q: Queryable, userId: number): Promise<string | null> {
  const owned = await q.query<{ name: string }>("SELECT name FROM stores WHERE owner_id = $1 ORDER BY id LIMIT 1", [userId]);
  if (owned.rows[0])
    return `You own the store “${owned.rows[0].name}”. A store cannot be left without an owner: write to help@buildmart.ng to hand it over or close it, then delete your account.`;
  const open = await q.query(
    `SELECT 1 FROM orders o
      WHERE o.user_id = $1 AND o.order_delivery_status <> 'Delivered'
        AND (o.order_payment_status = 'Complete' OR (o.order_payment_method = 'PayOnDelivery' AND o.order_payment_status = 'Pending'))
        AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status = 'Active')
      LIMIT 1`,
    [userId],
  );
  if (open.rows.length)
    return "You have an order that is still on its way. You can delete your account once it has been delivered or cancelled.";
  return null;
}

/** What replaces the personal fields of an order's delivery address. */
const ANONYMOUS_ADDRESS = {
  receiver_first_name: "Former",
  receiver_last_name: "customer",
  receiver_phone_one: "",
  receiver_phone_two: null,
  street_address: "(removed at the customer's request)",
  zip_code: null,
  landmark: null,
  email: null,
};

/** Anonymises user `userId` in the caller's transaction (check `deletionBlocker` first). */
export async function deleteAccount(tx: Queryable, userId: number): Promise<void> {
  const gone = `deleted-${userId}@deleted.invalid`;
  const u = await tx.query<{ email: string }>("SELECT email::text AS email FROM users WHERE id = $1 FOR UPDATE", [userId]);
  const email = u.rows[0]?.email;
  if (!email) return;
  await endSessions(tx, userId);
  await tx.query("DELETE FROM refresh_tokens WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM email_verifications WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM password_resets WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM addresses WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM wishlist_items WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM carts WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM notifications WHERE user_id = $1", [userId]);
  await tx.query("DELETE FROM newsletter_subscriptions WHERE user_id = $1 OR email = $2", [userId, email]);
  await tx.query("DELETE FROM store_members WHERE user_id = $1 OR email = $2", [userId, email]);
  // Orders stay for the vendors' records (and the law's), without who received them.
  await tx.query(
    `UPDATE orders SET customer_email = NULL, guest_token = NULL, delivery_address = delivery_address || $2::jsonb, updated_at = now()
      WHERE user_id = $1`,
    [userId, JSON.stringify(ANONYMOUS_ADDRESS)],
  );
  await tx.query("UPDATE payment_transactions SET customer_email = $2 WHERE user_id = $1", [userId, gone]);
  // Refusals at the door (decision 0039) no longer say who refused: the count goes with the account.
  await tx.query("UPDATE door_refusals SET user_id = NULL, email = NULL, phone = NULL WHERE user_id = $1 OR email = lower($2)", [userId, email]);
  // Reviews stay (the product's rating stays true); the name shown becomes "Former customer".
  await tx.query(
    `UPDATE users SET email = $2, password_hash = NULL, first_name = 'Former', last_name = 'customer', phone = NULL, google_sub = NULL,
            newsletter = false, is_active = false, email_verified_at = NULL, role = 'shopper', deleted_at = now(), updated_at = now()
      WHERE id = $1`,
    [userId, gone],
  );
}
