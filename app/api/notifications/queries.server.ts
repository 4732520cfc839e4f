import type { Queryable } from "~/db/client.server";
import { ownerWhere, type NotificationOwner } from "./commands.server";
import type { NotificationRow } from "./serialize";

/** One page of the owner's notifications, newest first, with the total and unread counts. */
export async function listNotifications(q: Queryable, owner: NotificationOwner, limit: number, offset: number) {
  const w = ownerWhere(owner);
  const rows = await q.query<NotificationRow>(
    `SELECT id, kind, title, body, link, read_at, created_at, title_key, body_key, params FROM notifications WHERE ${w.sql}
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [w.param, limit, offset],
  );
  const counts = await q.query<{ count: number; unread: number }>(
    `SELECT count(*)::int AS count, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM notifications WHERE ${w.sql}`,
    [w.param],
  );
  return { rows: rows.rows, count: counts.rows[0]?.count ?? 0, unread: counts.rows[0]?.unread ?? 0 };
}

export async function unreadCount(q: Queryable, owner: NotificationOwner): Promise<number> {
  const w = ownerWhere(owner);
  const r = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE ${w.sql} AND read_at IS NULL`, [w.param]);
  return r.rows[0]?.n ?? 0;
}

/**
 * The header bell's count: the member's own unread notifications plus the unread
 * notifications of every store they are an accepted member of (owner included), and those stores
 * with unread notifications ({id, name, slug, unread}, oldest store first) so the member's page can
 * point to each store's list. Reading a store's list (and marking it read) stays on
 * /stores/{slug}/notification: a store's notification is read for every member at once.
 *
 * As rows: the user's ($1) own unread count first (`own`), then their stores with unread
 * notifications (accepted membership); bellOf reads them, BELL_JSON_SQL is them as a subquery.
 */
const BELL_ROWS_SQL = `
  SELECT true AS own, NULL::int AS id, NULL::text AS name, NULL::text AS slug, count(*)::int AS unread, NULL::timestamptz AS created_at
    FROM notifications WHERE ${ownerWhere({ userId: 0 }).sql /* the rule of "their own"; its $1 is the user */} AND read_at IS NULL
  UNION ALL
  SELECT false, s.id, s.name::text, s.slug::text, x.n, s.created_at
    FROM (SELECT n.store_id, count(*)::int AS n FROM notifications n
           WHERE n.read_at IS NULL
             AND n.store_id IN (SELECT m.store_id FROM store_members m WHERE m.user_id = $1 AND m.accepted_at IS NOT NULL)
           GROUP BY n.store_id) x
    JOIN stores s ON s.id = x.store_id`;
const BELL_ORDER = "own DESC, created_at, id";

export interface BellRow {
  own: boolean;
  id: number | null;
  name: string | null;
  slug: string | null;
  unread: number;
}

/** headerUnread's answer from its rows (BELL_ROWS_SQL, or BELL_JSON_SQL's array). */
export function bellOf(rows: readonly BellRow[]): { unread: number; stores: Array<{ id: number; name: string; slug: string; unread: number }> } {
  const own = rows.find((x) => x.own)?.unread ?? 0;
  const stores = rows.filter((x) => !x.own).map((x) => ({ id: x.id!, name: x.name!, slug: x.slug!, unread: x.unread }));
  return { unread: own + stores.reduce((t, s) => t + s.unread, 0), stores };
}

/** The bell of user $1 (headerUnread's rows) as a JSON array: a subquery for the member header's one statement. */
export const BELL_JSON_SQL = `(SELECT json_agg(json_build_object('own', t.own, 'id', t.id, 'name', t.name, 'slug', t.slug, 'unread', t.unread) ORDER BY ${BELL_ORDER
  .split(", ")
  .map((c) => `t.${c}`)
  .join(", ")}) FROM (${BELL_ROWS_SQL}) t)`;
