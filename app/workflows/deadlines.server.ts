/**
 * A store's deadlines on its shipments (issue 36 item 3; the rule: app/domain/deadlines.ts), run by
 * the background jobs of every app server:
 * - at half-time the store is reminded once (its bell, and an e-mail to its people who get order
 *   e-mails);
 * - past the deadline, the store's lines of the order are cancelled once, with the reason "The store
 *   did not confirm (ship) in time": stock back, a paid line refunded at once through the payment it
 *   came by (cancelOrderItem queues it; the job sends queued refunds in the same tick), the buyer told
 *   (notice and e-mail in their language), the store told.
 * Several servers: a shipment is claimed with its order's row lock taken FOR UPDATE SKIP LOCKED (the
 * order first, as every order change does), and everything is decided again under the lock, so a
 * reminder goes once and a shipment is cancelled once.
 */
import { cancelOrderItem } from "./cancellation.server";
import { SHIPMENT_CLOCK_START_SQL } from "~/api/orders/queries.server";
import { recordEvent } from "~/api/notifications/commands.server";
import { storeNotices } from "~/api/notifications/events.server";
import type { Queryable, Db } from "~/db/client.server";
import { DEADLINE_CANCEL_REASONS, shipmentDeadline, type DeadlineSettings, type DeadlineStage } from "~/domain/deadlines";
import { orderNumber } from "~/domain/orders";
import type { NoticeText } from "~/domain/notices";
import { deadlineMissedEmail, deadlineReminderEmail } from "~/integrations/mail/deadline-emails.server";
import type { MailMessage } from "~/integrations/mail.server";

export interface DeadlinesRun {
  checked: number;
  reminded: number;
  cancelled: number;
  /** Lines cancelled, over all shipments. */
  lines: number;
}

interface OpenShipment {
  id: number;
  order_id: string;
  store_id: number;
  store_name: string;
  store_slug: string;
  status: string;
  started_at: Date | null;
  confirmed_at: Date | null;
  confirm_reminded_at: Date | null;
  ship_reminded_at: Date | null;
  deadline_missed: string | null;
}

/**
 * The open shipment with its clock: confirming runs from the order's announcement for pay on
 * delivery, from its first `paid` event otherwise (an unpaid card order is the unpaid-order job's).
 */
const OPEN_SHIPMENT = `
  SELECT sh.id, sh.order_id::text AS order_id, sh.store_id, s.name AS store_name, s.slug AS store_slug, sh.status,
         ${SHIPMENT_CLOCK_START_SQL} AS started_at,
         sh.confirmed_at, sh.confirm_reminded_at, sh.ship_reminded_at, sh.deadline_missed
    FROM shipments sh JOIN orders o ON o.id = sh.order_id JOIN stores s ON s.id = sh.store_id`;

/** Reminds and cancels what is due at `now` (default: the database's clock is not used, the caller's is). */
export async function enforceShipmentDeadlines(db: Db, settings: DeadlineSettings, opts: { now?: Date; limit?: number } = {}): Promise<DeadlinesRun> {
  const now = opts.now ?? new Date();
  const run: DeadlinesRun = { checked: 0, reminded: 0, cancelled: 0, lines: 0 };
  // Business hours are never fewer than clock hours, so nothing is due before half its hours have
  // passed on the clock: that bounds the scan; the exact instants are the domain rule's.
  const candidates = await db.query<{ id: number }>(
    `SELECT x.id FROM (${OPEN_SHIPMENT}
       WHERE sh.status IN ('Placed', 'Confirmed') AND sh.deadline_missed IS NULL AND o.announced_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = sh.order_id AND oi.store_id = sh.store_id AND oi.status = 'Active')) x
      WHERE (x.status = 'Placed' AND x.started_at <= $1::timestamptz - make_interval(secs => $2 * 1800))
         OR (x.status = 'Confirmed' AND x.confirmed_at <= $1::timestamptz - make_interval(secs => $3 * 1800))
      ORDER BY x.id LIMIT $4`,
    [now.toISOString(), settings.confirmHours, settings.shipHours, opts.limit ?? 100],
  );
  for (const { id } of candidates.rows) {
    run.checked++;
    const done = await db.tx((tx) => settleShipment(tx, id, settings, now));
    if (done === "reminded") run.reminded++;
    else if (typeof done === "number") {
      run.cancelled++;
      run.lines += done;
    }
  }
  return run;
}

/** Under the order's and the shipment's locks: remind, cancel (the number of lines), or nothing. */
async function settleShipment(tx: Queryable, shipmentId: number, settings: DeadlineSettings, now: Date): Promise<"reminded" | number | null> {
  const ref = await tx.query<{ order_id: string }>("SELECT order_id::text AS order_id FROM shipments WHERE id = $1", [shipmentId]);
  if (!ref.rows[0]) return null;
  // Another server (or a store's own click, or a payment) holds the order: it is theirs this tick.
  const locked = await tx.query("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE SKIP LOCKED", [ref.rows[0].order_id]);
  if (!locked.rows.length) return null;
  const r = await tx.query<OpenShipment>(`${OPEN_SHIPMENT} WHERE sh.id = $1 FOR UPDATE OF sh`, [shipmentId]);
  const sh = r.rows[0];
  if (!sh || sh.deadline_missed) return null;
  const deadline = shipmentDeadline({ status: sh.status, startedAt: sh.started_at, confirmedAt: sh.confirmed_at }, settings);
  if (!deadline) return null;
  if (now >= deadline.dueAt) {
    const items = await tx.query<{ id: string }>(
      "SELECT id::text AS id FROM order_items WHERE order_id = $1 AND store_id = $2 AND status = 'Active' ORDER BY product_id, id",
      [sh.order_id, sh.store_id],
    );
    for (const it of items.rows) await cancelOrderItem(tx, it.id, DEADLINE_CANCEL_REASONS[deadline.stage], () => {});
    await tx.query("UPDATE shipments SET deadline_missed = $2, deadline_missed_at = $3, updated_at = now() WHERE id = $1", [sh.id, deadline.stage, now.toISOString()]);
    await tellStore(tx, sh, deadline.stage, deadline.dueAt, "missed");
    return items.rows.length;
  }
  const reminded = deadline.stage === "confirm" ? sh.confirm_reminded_at : sh.ship_reminded_at;
  if (now >= deadline.remindAt && !reminded) {
    await tx.query(`UPDATE shipments SET ${deadline.stage === "confirm" ? "confirm_reminded_at" : "ship_reminded_at"} = $2 WHERE id = $1`, [sh.id, now.toISOString()]);
    await tellStore(tx, sh, deadline.stage, deadline.dueAt, "reminder");
    return "reminded";
  }
  return null;
}

async function tellStore(tx: Queryable, sh: OpenShipment, stage: DeadlineStage, dueAt: Date, what: "reminder" | "missed"): Promise<void> {
  const people = await tx.query<{ email: string; first_name: string | null }>(
    `SELECT u.email::text AS email, NULLIF(u.first_name, '') AS first_name
       FROM store_members m JOIN users u ON u.id = m.user_id
      WHERE m.store_id = $1 AND m.accepted_at IS NOT NULL AND m.order_emails AND u.deleted_at IS NULL AND NULLIF(u.email::text, '') IS NOT NULL
      ORDER BY (m.role = 'Owner') DESC, m.id`,
    [sh.store_id],
  );
  const mail = what === "reminder" ? deadlineReminderEmail : deadlineMissedEmail;
  const mails: MailMessage[] = people.rows.map((p) =>
    mail({ to: p.email, firstName: p.first_name, storeName: sh.store_name, storeSlug: sh.store_slug, orderId: sh.order_id, stage, dueAt }),
  );
  // The store's bell: a key and its values, said in each reader's language when shown (the deadline as an instant).
  const params = { number: orderNumber(sh.order_id), due_at: dueAt.toISOString() };
  const text: NoticeText =
    what === "reminder"
      ? { title: stage === "confirm" ? "deadline_confirm" : "deadline_ship", body: "deadline_reminder", params }
      : { title: "deadline_missed", body: stage === "confirm" ? "deadline_not_confirmed" : "deadline_not_shipped", params };
  await recordEvent(tx, { notices: storeNotices([{ id: sh.store_id, slug: sh.store_slug }], sh.order_id, what === "reminder" ? "deadline_reminder" : "item_cancelled", text), mails });
}
