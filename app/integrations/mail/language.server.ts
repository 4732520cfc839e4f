/**
 * The language a shopper's e-mail is written in: the account's saved language (users.language,
 * migration 0026), else the language the order was placed in (guests), else English.
 */
import type { Queryable } from "~/db/client.server";

export async function orderLanguage(q: Queryable, orderId: string): Promise<string | null> {
  const r = await q.query<{ lang: string | null }>(
    "SELECT COALESCE(u.language, o.language) AS lang FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1",
    [orderId],
  );
  return r.rows[0]?.lang ?? null;
}

export async function userLanguage(q: Queryable, userId: number): Promise<string | null> {
  const r = await q.query<{ lang: string | null }>("SELECT language AS lang FROM users WHERE id = $1", [userId]);
  return r.rows[0]?.lang ?? null;
}
