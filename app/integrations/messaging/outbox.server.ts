/** Shared by the SMS and WhatsApp stand-ins: one JSON file per message in a directory, written then renamed (readers never see half a file). */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getDb, type Queryable } from "~/db/client.server";

let seq = 0;
export async function writeOutboxFile(dir: string, message: Record<string, unknown>): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${Date.now()}-${String(seq++ % 1e6).padStart(6, "0")}-${crypto.randomBytes(4).toString("hex")}.json`;
  const tmp = path.join(dir, `.${name}.tmp`);
  await fs.promises.writeFile(tmp, JSON.stringify({ ...message, at: new Date().toISOString() }, null, 2));
  await fs.promises.rename(tmp, path.join(dir, name));
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/** Back-off after `attempts` failures: 2, 4, 8 … minutes, at most a day (as mail). */
export const backoffMinutes = (attempts: number) => Math.min(24 * 60, 2 ** Math.min(attempts + 1, 11));

export type FlushResult = { sent: number; failed: number };

/**
 * Order updates wait this long before they leave (the send window): several changes of one
 * topic inside it (a store marking Delivered and Cash received a moment apart) become one message
 * with the latest state, and a state already overtaken is never sent (no "on its way" after
 * "delivered"). Then the process that queued them wakes its sender (`wakeSenders`), so a change
 * leaves within seconds, not at the next minute's job.
 */
export const SEND_WINDOW_SECONDS = 5;

/** Where a queued message says what it is about, for the send window (migration 0031). */
export interface MessageTopic {
  /** e.g. "order:<id>" or "order:<id>:store:<storeId>"; messages of one phone and topic replace each other. */
  topic: string;
  /** How far the state it reports has gone: a higher rank overtakes a lower (or equal, earlier) one. */
  rank: number;
}

/**
 * Marks queued messages overtaken before they left: unsent ones of the same phone and topic as a
 * later state (a higher rank, or the same rank queued later), whether that one is still waiting or
 * already sent. They are never sent.
 */
export async function supersedeOvertaken(q: Queryable, table: "sms_queue" | "whatsapp_queue"): Promise<number> {
  const r = await q.query(
    `UPDATE ${table} a SET superseded_at = now()
      WHERE a.sent_at IS NULL AND a.superseded_at IS NULL AND a.topic IS NOT NULL
        AND EXISTS (SELECT 1 FROM ${table} b WHERE b.to_phone = a.to_phone AND b.topic = a.topic AND b.id <> a.id AND b.superseded_at IS NULL
                       AND (b.rank > a.rank OR (b.rank = a.rank AND b.id > a.id)))`,
  );
  return r.rowCount;
}

type Waker = () => Promise<unknown>;
const wakers = new Set<Waker>();
/** Flushes to come, by the second they run at (one per second at most, however many messages). */
const wakeTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** A queue's flush, run when a queued message's window has passed (registered by each queue). */
export function onWake(w: Waker) {
  wakers.add(w);
}

/**
 * After queueing an order update: flush the queues once its send window has passed (and once more
 * two seconds later, for a transaction that committed late). Each message gets its own wake-up (a
 * message queued while an earlier one's wake-up is pending is not left to the minute's job);
 * wake-ups falling in the same second are one. Off in tests (they flush themselves) unless
 * MESSAGE_WAKE=1; `MESSAGE_WAKE=0` leaves it all to the minute's job.
 */
export function wakeSenders(afterSeconds = SEND_WINDOW_SECONDS) {
  const on = process.env.MESSAGE_WAKE ? process.env.MESSAGE_WAKE === "1" : process.env.NODE_ENV !== "test";
  if (!on) return;
  const second = Math.ceil((Date.now() + afterSeconds * 1000 + 250) / 1000);
  for (const at of [second, second + 2]) {
    if (wakeTimers.has(at)) continue;
    const timer = setTimeout(
      () => {
        wakeTimers.delete(at);
        void Promise.all([...wakers].map((w) => w().catch(() => undefined)));
      },
      Math.max(0, at * 1000 - Date.now()),
    );
    timer.unref?.();
    wakeTimers.set(at, timer);
  }
}

/**
 * The flush of a message queue table (sms_queue, whatsapp_queue: id, to_phone, attempts, sent_at,
 * last_error, next_attempt_at, plus the message's own `columns`): sends what is due (all with
 * `{ all: true }`), claiming each row first so two servers never send it twice, and backs off on
 * failure. One flush at a time per queue in a process; a second call waits for it, then runs.
 */
export function queueFlusher<Row extends { id: number; to_phone: string; attempts: number }>(
  table: "sms_queue" | "whatsapp_queue",
  columns: string,
  send: (row: Row) => Promise<void>,
) {
  let flushing: Promise<FlushResult> | null = null;
  const flush = (db?: Queryable, opts: { all?: boolean; limit?: number } = {}): Promise<FlushResult> => {
    if (flushing) return flushing.catch(() => ({ sent: 0, failed: 0 })).then(() => flush(db, opts));
    flushing = (async () => {
      const q = db ?? (await getDb());
      let sent = 0;
      let failed = 0;
      await supersedeOvertaken(q, table);
      const due = await q.query<Row>(
        `SELECT id, to_phone, attempts, ${columns} FROM ${table} WHERE sent_at IS NULL AND superseded_at IS NULL ${opts.all ? "" : "AND next_attempt_at <= now()"} ORDER BY id LIMIT $1`,
        [opts.limit ?? 50],
      );
      for (const m of due.rows) {
        const claim = await q.query(
          `UPDATE ${table} SET next_attempt_at = now() + interval '10 minutes' WHERE id = $1 AND sent_at IS NULL AND superseded_at IS NULL AND attempts = $2 RETURNING id`,
          [m.id, m.attempts],
        );
        if (claim.rowCount === 0) continue;
        try {
          await send(m);
          await q.query(`UPDATE ${table} SET sent_at = now(), last_error = NULL WHERE id = $1`, [m.id]);
          sent++;
        } catch (e) {
          await q.query(
            `UPDATE ${table} SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(mins => $3) WHERE id = $1`,
            [m.id, errorText(e), backoffMinutes(m.attempts)],
          );
          failed++;
        }
      }
      return { sent, failed };
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  };
  return flush;
}
