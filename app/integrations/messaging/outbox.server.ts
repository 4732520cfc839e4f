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
      const due = await q.query<Row>(
        `SELECT id, to_phone, attempts, ${columns} FROM ${table} WHERE sent_at IS NULL ${opts.all ? "" : "AND next_attempt_at <= now()"} ORDER BY id LIMIT $1`,
        [opts.limit ?? 50],
      );
      for (const m of due.rows) {
        const claim = await q.query(
          `UPDATE ${table} SET next_attempt_at = now() + interval '10 minutes' WHERE id = $1 AND sent_at IS NULL AND attempts = $2 RETURNING id`,
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
