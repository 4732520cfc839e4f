/** Stores: reads over a Queryable. Roles come from store_members (migration 0004). */
import type { Queryable } from "~/db/client.server";
import type { PublicStoreRow, StoreMemberRow, StoreRow } from "./serialize";
import { listedSql } from "../catalog/listed";
import { SHIPMENT_CLOCK_START_SQL } from "../orders/queries.server";
import type { DeadlineSettings } from "~/domain/deadlines";
import { SCORECARD_WINDOW_DAYS, scorecardOf, type Scorecard } from "~/domain/scorecard";

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

/**
 * A store's record over the last SCORECARD_WINDOW_DAYS (app/domain/scorecard.ts): its shipments of
 * the window with their clock and steps, the lines it delivered and the returns it accepted.
 */
export async function storeScorecard(q: Queryable, storeId: number, settings: DeadlineSettings): Promise<Scorecard> {
  const shipments = await q.query<{ started_at: Date | null; confirmed_at: Date | null; shipped_at: Date | null; delivered_at: Date | null; deadline_missed: string | null; all_cancelled: boolean }>(
    `SELECT ${SHIPMENT_CLOCK_START_SQL} AS started_at,
            sh.confirmed_at, sh.shipped_at, sh.delivered_at, sh.deadline_missed,
            NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = sh.order_id AND oi.store_id = sh.store_id AND oi.status = 'Active') AS all_cancelled
       FROM shipments sh JOIN orders o ON o.id = sh.order_id
      WHERE sh.store_id = $1 AND sh.created_at >= now() - make_interval(days => $2)`,
    [storeId, SCORECARD_WINDOW_DAYS],
  );
  const lines = await q.query<{ delivered: number; returned: number }>(
    `SELECT count(*)::int AS delivered,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM returns r WHERE r.order_item_id = oi.id AND r.status IN ('accepted', 'refunded')))::int AS returned
       FROM order_items oi JOIN shipments sh ON sh.order_id = oi.order_id AND sh.store_id = oi.store_id
      WHERE oi.store_id = $1 AND oi.status = 'Active' AND sh.delivered_at IS NOT NULL AND sh.created_at >= now() - make_interval(days => $2)`,
    [storeId, SCORECARD_WINDOW_DAYS],
  );
  return scorecardOf(
    shipments.rows.map((s) => ({ startedAt: s.started_at, confirmedAt: s.confirmed_at, shippedAt: s.shipped_at, deliveredAt: s.delivered_at, missed: s.deadline_missed, allCancelled: s.all_cancelled })),
    lines.rows[0],
    settings,
  );
}
