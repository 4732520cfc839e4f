/** Addresses: reads over a Queryable (checkout reads the delivery address with these). */
import type { Queryable } from "~/db/client.server";
import { ADDRESS_COLUMNS, type AddressRow } from "./serialize";

/** A user's addresses, default first. */
export async function listAddresses(q: Queryable, userId: number): Promise<AddressRow[]> {
  const r = await q.query<AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, id`, [userId]);
  return r.rows;
}

/** The state of user $1's default address (null without one): a subquery for the member header's one statement (the delivery promise). */
export const DEFAULT_ADDRESS_STATE_SQL = "(SELECT a.state FROM addresses a WHERE a.user_id = $1 AND a.is_default ORDER BY a.id LIMIT 1)";

export async function findAddress(q: Queryable, id: number): Promise<AddressRow | null> {
  const r = await q.query<AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function countAddresses(q: Queryable, userId: number): Promise<number> {
  const r = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM addresses WHERE user_id = $1", [userId]);
  return r.rows[0].n;
}
