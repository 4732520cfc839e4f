import type { ApiNotification, NotificationKind } from "./schemas";

export interface NotificationRow {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function serializeNotification(r: NotificationRow): ApiNotification {
  return { id: r.id, kind: r.kind as NotificationKind, title: r.title, body: r.body, link: r.link, read: r.read_at != null, created_at: iso(r.created_at) };
}
