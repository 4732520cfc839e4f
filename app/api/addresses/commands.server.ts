/**
 * Addresses: writes over a transaction. Rules: at most MAX_ADDRESSES per user; the first address
 * is the default; making one the default clears the others; deleting the default promotes the
 * oldest remaining one.
 */
import type { Queryable } from "~/db/client.server";
import { ADDRESS_LIMIT_BODY, MAX_ADDRESSES, type AddressBody } from "~/domain/addresses";
import { badRequest } from "../core/http";
import { countAddresses } from "./queries.server";

export type AddressValues = Omit<AddressBody, "is_default" | "user">;

/** Serialises address writes of one user (limit and single-default checks). */
export async function lockUserAddresses(tx: Queryable, userId: number) {
  await tx.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [userId]);
}

export async function makeDefaultAddress(tx: Queryable, userId: number, id: number) {
  await tx.query("UPDATE addresses SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2", [userId, id]);
  await tx.query("UPDATE addresses SET is_default = true, updated_at = now() WHERE id = $1", [id]);
}

/** Keeps exactly one default while the user has any address: the oldest when none is marked. */
export async function ensureDefaultAddress(tx: Queryable, userId: number) {
  await tx.query(
    `UPDATE addresses SET is_default = true WHERE id = (SELECT id FROM addresses WHERE user_id = $1 ORDER BY id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = $1 AND is_default)`,
    [userId],
  );
}

const values = (b: AddressValues) => [
  b.receiver_first_name,
  b.receiver_last_name,
  b.receiver_phone_one,
  b.receiver_phone_two,
  b.street_address,
  b.city,
  b.state,
  b.country,
  b.zip_code,
  b.lga,
  b.landmark,
];

/** Adds an address (400 ["Address limit exceeded."] at the limit). Run in a transaction. */
export async function createAddress(tx: Queryable, userId: number, body: AddressValues, makeDefault: boolean): Promise<number> {
  await lockUserAddresses(tx, userId);
  const n = await countAddresses(tx, userId);
  if (n >= MAX_ADDRESSES) throw badRequest(ADDRESS_LIMIT_BODY);
  const r = await tx.query<{ id: number }>(
    `INSERT INTO addresses (user_id, receiver_first_name, receiver_last_name, receiver_phone_one, receiver_phone_two,
       street_address, city, state, country, zip_code, lga, landmark, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, false) RETURNING id`,
    [userId, ...values(body)],
  );
  const id = r.rows[0].id;
  if (makeDefault || n === 0) await makeDefaultAddress(tx, userId, id);
  return id;
}

/** Replaces an address's fields; is_default true/false moves the default. Run in a transaction. */
export async function updateAddress(
  tx: Queryable,
  current: { id: number; user_id: number; is_default: boolean },
  body: AddressValues,
  isDefault: boolean | undefined,
) {
  await lockUserAddresses(tx, current.user_id);
  await tx.query(
    `UPDATE addresses SET receiver_first_name = $2, receiver_last_name = $3, receiver_phone_one = $4, receiver_phone_two = $5,
       street_address = $6, city = $7, state = $8, country = $9, zip_code = $10, lga = $11, landmark = $12, updated_at = now()
     WHERE id = $1`,
    [current.id, ...values(body)],
  );
  if (isDefault === true) await makeDefaultAddress(tx, current.user_id, current.id);
  else if (isDefault === false && current.is_default) {
    // Another address takes over; the only address stays the default.
    const other = await tx.query<{ id: number }>("SELECT id FROM addresses WHERE user_id = $1 AND id <> $2 ORDER BY id LIMIT 1", [
      current.user_id,
      current.id,
    ]);
    if (other.rows[0]) await makeDefaultAddress(tx, current.user_id, other.rows[0].id);
  }
}

export async function deleteAddress(tx: Queryable, address: { id: number; user_id: number }) {
  await lockUserAddresses(tx, address.user_id);
  await tx.query("DELETE FROM addresses WHERE id = $1", [address.id]);
  await ensureDefaultAddress(tx, address.user_id);
}
