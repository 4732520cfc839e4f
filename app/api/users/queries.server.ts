/** Users: reads over a Queryable. */
import type { Queryable } from "~/db/client.server";
import type { ApiUser } from "./schemas";

export async function findPublicUser(q: Queryable, id: number): Promise<ApiUser | null> {
  const r = await q.query<ApiUser>("SELECT id, email::text AS email, first_name, last_name FROM users WHERE id = $1", [id]);
  return r.rows[0] ?? null;
}
