/**
 * The one way to record that something happened ("Notifications"): the
 * notification rows for the people concerned and the e-mails to send are written with the
 * caller's Queryable, i.e. inside the transaction of the change that caused them, so a crash
 * can never leave a notification without its change, or an e-mail without its notification.
 * Queued mail is sent by the mail worker (`flushMailQueue`, app/jobs.server.ts).
 *
 *   await db.tx(async (tx) => {
 *     ...the change...
 *     await recordEvent(tx, {
 *       notices: [{ userId: buyerId, kind: "order_shipped", text: { title: "order_shipped", body: "on_the_way", params: { number, store } }, link: `/users/orders/${id}` }],
 *       mails: [orderShippedEmail(...)],
 *     });
 *   });
 */
import type { Queryable } from "~/db/client.server";
import type { MailMessage } from "~/integrations/mail.server";
import { queueMail } from "~/integrations/mail/queue.server";
import { fanOutChannels } from "./channels.server";
import type { NotificationKind } from "./schemas";
import { noticeColumns, type NoticeText } from "~/domain/notices";
import { textsFor } from "~/i18n/texts.server";
import { formatDate } from "~/i18n/dates";

export interface Notice {
  kind: NotificationKind;
  /** A member's own notification (their /users/notification list). */
  userId?: number | null;
  /** A store's notification (every member sees it on /stores/{slug}/notification). */
  storeId?: number | null;
  /**
   * A member's notice as a message key and its values (~/domain/notices, migration 0037): said in
   * the reader's language when shown; its English `title`/`body` are written from it for the API.
   */
  text?: NoticeText;
  /** The English text of a notice without `text` (store notices, shown as stored). */
  title?: string;
  body?: string;
  /** A same-origin storefront path the notification opens. */
  link?: string | null;
  /**
   * The store whose shipment of the order the notice is about (shipped, delivered, its cash
   * received): its SMS/WhatsApp name that store and carry that shipment's amount.
   */
  shipmentStoreId?: number | null;
}

export interface RecordedEvent {
  notices?: Notice[];
  mails?: MailMessage[];
}

const TITLE_MAX = 200;
const BODY_MAX = 2000;

/** Writes the event's notifications and queues its e-mails on `q` (the caller's transaction). */
export async function recordEvent(q: Queryable, event: RecordedEvent): Promise<void> {
  for (const n of event.notices ?? []) {
    if (n.userId == null && n.storeId == null) continue; // a guest has no notification list
    const c = n.text ? noticeColumns(n.text, textsFor("en", "account"), n.body, (iso) => formatDate(iso, "en")) : { title: n.title ?? "", body: n.body ?? "", title_key: null, body_key: null, params: {} };
    await q.query(
      `INSERT INTO notifications (user_id, store_id, kind, title, body, link, title_key, body_key, params) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [n.userId ?? null, n.storeId ?? null, n.kind, c.title.slice(0, TITLE_MAX), c.body.slice(0, BODY_MAX), n.link ?? null, c.title_key, c.body_key, JSON.stringify(c.params)],
    );
  }
  for (const m of event.mails ?? []) await queueMail(q, m);
  await fanOutChannels(q, event.notices ?? []); // SMS and WhatsApp order updates
}

export type NotificationOwner = { userId: number } | { storeId: number };

function ownerWhere(o: NotificationOwner): { sql: string; param: number } {
  return "userId" in o ? { sql: "user_id = $1 AND store_id IS NULL", param: o.userId } : { sql: "store_id = $1", param: o.storeId };
}

/** Marks the owner's notifications read (all of them, or just `ids`); answers how many changed. */
export async function markRead(q: Queryable, owner: NotificationOwner, ids?: number[]): Promise<number> {
  const w = ownerWhere(owner);
  const r = ids
    ? await q.query(`UPDATE notifications SET read_at = now() WHERE ${w.sql} AND read_at IS NULL AND id = ANY($2::int[])`, [w.param, ids])
    : await q.query(`UPDATE notifications SET read_at = now() WHERE ${w.sql} AND read_at IS NULL`, [w.param]);
  return r.rowCount ?? 0;
}

export { ownerWhere };
