import type { ApiNotification, NotificationKind } from "./schemas";

export interface NotificationRow {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
  title_key?: string | null;
  body_key?: string | null;
  params?: Record<string, string | number> | string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function serializeNotification(r: NotificationRow): ApiNotification {
  const params = typeof r.params === "string" ? (JSON.parse(r.params) as Record<string, string | number>) : (r.params ?? {});
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    read: r.read_at != null,
    created_at: iso(r.created_at),
    title_key: r.title_key ?? null,
    body_key: r.body_key ?? null,
    params,
  };
}
