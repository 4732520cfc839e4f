/** Stores: reads over a Queryable. Roles come from store_members (migration 0004). */
import type { Queryable } from "~/db/client.server";
import type { PublicStoreRow, StoreMemberRow, StoreRow } from "./serialize";
import { listedSql } from "../catalog/listed";

const STORE_COLUMNS = "s.id, s.owner_id, s.name, s.slug, s.logo_key, s.banner_key, s.state";

/** The stores user $1 owns (accepted Owner membership). */
const OWNED_BY_SQL = "FROM stores s JOIN store_members m ON m.store_id = s.id WHERE m.user_id = $1 AND m.role = 'Owner' AND m.accepted_at IS NOT NULL";

/** The stores a user owns, oldest first (so the last is the current store); [] for none. */
export async function storesOwnedBy(q: Queryable, userId: number): Promise<StoreRow[]> {
  const r = await q.query<StoreRow>(`SELECT ${STORE_COLUMNS} ${OWNED_BY_SQL} ORDER BY s.created_at, s.id`, [userId]);
  return r.rows;
}

/**
 * The stores user $1 owns as a JSON array of {id, name, slug}, oldest first (as storesOwnedBy): a
 * subquery for a read of several areas in one statement (the member header).
 */
export const OWNED_STORES_JSON_SQL = `(SELECT COALESCE(json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug) ORDER BY s.created_at, s.id), '[]'::json) ${OWNED_BY_SQL})`;

export async function findStore(q: Queryable, id: number): Promise<StoreRow | null> {
  const r = await q.query<StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores s WHERE s.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** A store's members, the owner first. */
export async function storeMembers(q: Queryable, storeId: number): Promise<StoreMemberRow[]> {
  const r = await q.query<StoreMemberRow>(
    `SELECT m.id, m.user_id, m.email::text AS email, m.role, m.accepted_at, u.first_name, u.last_name, u.phone
       FROM store_members m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.store_id = $1 ORDER BY m.role = 'Owner' DESC, m.id`,
    [storeId],
  );
  return r.rows;
}

/** A store by slug for its public page, with the number of products shoppers can see. */
const PUBLIC_STORE_SELECT = `SELECT ${STORE_COLUMNS}, s.description, s.website, s.facebook, s.instagram, s.x_link, s.created_at,
            (SELECT count(*)::int FROM products p WHERE p.store_id = s.id AND ${listedSql("p")}) AS products_count,
            s.verified_at IS NOT NULL AS verified, s.suspended_at IS NOT NULL AS suspended
       FROM stores s`;

/**
 * A store's id by slug, or null: for a route that needs only which store (its product listing),
 * without the public page's count of its products, which reads every one of them.
 */
export async function storeIdBySlug(q: Queryable, slug: string): Promise<number | null> {
  const r = await q.query<{ id: number }>("SELECT id FROM stores WHERE slug = $1", [slug]);
  return r.rows[0]?.id ?? null;
}

export async function findStoreBySlug(q: Queryable, slug: string): Promise<PublicStoreRow | null> {
  const r = await q.query<PublicStoreRow>(`${PUBLIC_STORE_SELECT} WHERE s.slug = $1`, [slug]);
  return r.rows[0] ?? null;
}

/** A store by id, with the fields of its public page. */
export async function findStoreById(q: Queryable, id: number): Promise<PublicStoreRow | null> {
  const r = await q.query<PublicStoreRow>(`${PUBLIC_STORE_SELECT} WHERE s.id = $1`, [id]);
  return r.rows[0] ?? null;
}
