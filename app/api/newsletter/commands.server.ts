/** Newsletter: writes over a Queryable. */
import crypto from "node:crypto";
import type { Queryable } from "~/db/client.server";

/** Subscribes an address (idempotent; re-subscribes after an unsubscribe). */
export async function subscribe(q: Queryable, email: string, userId: number | null) {
  await q.query(
    `INSERT INTO newsletter_subscriptions (email, user_id, token) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO UPDATE SET unsubscribed_at = NULL, user_id = COALESCE(newsletter_subscriptions.user_id, EXCLUDED.user_id)`,
    [email.toLowerCase(), userId, crypto.randomBytes(24).toString("hex")],
  );
}
