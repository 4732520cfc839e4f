/** Newsletter: reads over a Queryable. */
import type { Queryable } from "~/db/client.server";
import type { ApiNewsletterSend, ApiNewsletterSummary } from "./schemas";

/** Subscribed = confirmed through the e-mail and not unsubscribed since. */
export const SUBSCRIBED = "confirmed_at IS NOT NULL AND unsubscribed_at IS NULL";

export interface SubscriberRow {
  id: number;
  email: string;
  confirmed_at: string;
  consent_source: string | null;
}

export async function confirmedSubscribers(q: Queryable): Promise<SubscriberRow[]> {
  const r = await q.query<SubscriberRow>(
    `SELECT id, email::text AS email, to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS confirmed_at, consent_source
       FROM newsletter_subscriptions WHERE ${SUBSCRIBED} ORDER BY confirmed_at, id`,
  );
  return r.rows;
}

export const SEND_COLUMNS = `id, subject, recipients, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

export async function newsletterSummary(q: Queryable): Promise<ApiNewsletterSummary> {
  const c = await q.query<{ confirmed: number; pending: number; unsubscribed: number }>(
    `SELECT count(*) FILTER (WHERE ${SUBSCRIBED})::int AS confirmed,
            count(*) FILTER (WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL)::int AS pending,
            count(*) FILTER (WHERE unsubscribed_at IS NOT NULL)::int AS unsubscribed
       FROM newsletter_subscriptions`,
  );
  const sends = await q.query<ApiNewsletterSend>(`SELECT ${SEND_COLUMNS} FROM newsletter_sends ORDER BY created_at DESC, id DESC LIMIT 10`);
  return { ...c.rows[0], sends: sends.rows };
}

/** A cell that a spreadsheet will not run as a formula, quoted as RFC 4180 says. */
export function csvCell(value: string | null): string {
  let v = value ?? "";
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function subscribersCsv(rows: SubscriberRow[]): string {
  const lines = [["email", "confirmed_at", "source"], ...rows.map((r) => [r.email, r.confirmed_at, r.consent_source ?? ""])];
  return lines.map((l) => l.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
