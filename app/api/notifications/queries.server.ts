import type { Queryable } from "~/db/client.server";
import { ownerWhere, type NotificationOwner } from "./commands.server";
import type { NotificationRow } from "./serialize";

/** One page of the owner's notifications, newest first, with the total and unread counts. */
export async function listNotifications(q: Queryable, owner: NotificationOwner, limit: number, offset: number) {
  const w = ownerWhere(owner);
  const rows = await q.query<NotificationRow>(
    `SELECT id, kind, title, body, link, read_at, created_at FROM notifications WHERE ${w.sql}
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
