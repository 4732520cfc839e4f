/**
 * Outgoing e-mail behind one interface with two transports:
 * - SMTP (nodemailer) when SMTP_URL is set, e.g. smtp://user:pass@smtp.example.com:587;
 * - otherwise an outbox that writes each message as an RFC 822 .eml file under $DATA_DIR/outbox/
 *   (developers open them; tests read them).
 * A message that cannot be sent goes into the mail_queue table; `flushMailQueue()` resends due
 * messages with back-off. It runs after each successful send, and every few minutes in a
 * running server once the process has sent its first mail. No mail is lost.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/config.server";
import { getDb, type Queryable } from "~/db/client.server";
import { log } from "~/ops/logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra header lines (e.g. List-Unsubscribe), sent by both transports and kept by the queue. */
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  readonly name: string;
  send(message: MailMessage & { from: string }): Promise<void>;
}

/** Builds the raw RFC 822 message (headers, text and HTML alternatives) without sending it. */
export async function buildRawMessage(message: MailMessage & { from: string }): Promise<Buffer> {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await builder.sendMail({ ...message, html: message.html ?? undefined, headers: message.headers ?? undefined });
  return info.message as Buffer;
}

export class SmtpTransport implements MailTransport {
  readonly name = "smtp";
  private transporter: Transporter;
  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }
  async send(message: MailMessage & { from: string }) {
    await this.transporter.sendMail({ ...message, html: message.html ?? undefined, headers: message.headers ?? undefined });
  }
}

let seq = 0;
export class OutboxTransport implements MailTransport {
  readonly name = "outbox";
  constructor(public readonly dir: string) {}
  async send(message: MailMessage & { from: string }) {
    const raw = await buildRawMessage(message);
    await fs.promises.mkdir(this.dir, { recursive: true });
    // Names sort in sending order; write then rename so readers never see half a file.
    const name = `${Date.now()}-${String(seq++ % 1e6).padStart(6, "0")}-${crypto.randomBytes(4).toString("hex")}.eml`;
    const tmp = path.join(this.dir, `.${name}.tmp`);
    await fs.promises.writeFile(tmp, raw);
    await fs.promises.rename(tmp, path.join(this.dir, name));
  }
}

export function outboxDir(): string {
  return path.join(path.resolve(env().DATA_DIR), "outbox");
}

let override: MailTransport | null = null;
let cached: { key: string; transport: MailTransport } | null = null;

/** The configured transport (SMTP with SMTP_URL, else the outbox). */
export function mailTransport(): MailTransport {
  if (override) return override;
  const key = env().SMTP_URL ?? `outbox:${outboxDir()}`;
  if (cached?.key !== key) {
    cached = { key, transport: env().SMTP_URL ? new SmtpTransport(env().SMTP_URL!) : new OutboxTransport(outboxDir()) };
  }
  return cached.transport;
}

/** Tests swap the transport (e.g. one that fails). Pass null to go back to the configured one. */
export function setMailTransport(t: MailTransport | null) {
  override = t;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/**
 * Sends one message now; if that fails, stores it in mail_queue for `flushMailQueue()`.
 * Resolves "sent" or "queued"; rejects only if even the queue cannot take it.
 */
export async function sendMail(message: MailMessage, db?: Queryable): Promise<"sent" | "queued" | "skipped"> {
  // An account made with a phone number has no e-mail address (migration 0024): nothing to send.
  if (!message.to) return "skipped";
  const from = env().MAIL_FROM;
  try {
    await mailTransport().send({ ...message, from });
  } catch (e) {
    log().warn({ subject: message.subject, error: errorText(e) }, "sending mail failed; queued for retry");
    const q = db ?? (await getDb());
    await q.query(
      `INSERT INTO mail_queue (to_address, subject, text_body, html_body, headers, attempts, last_error, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, 1, $6, now() + interval '1 minute')`,
      [message.to, message.subject, message.text, message.html ?? null, message.headers ? JSON.stringify(message.headers) : null, errorText(e)],
    );
    return "queued";
  }
  // The transport works again: resend what is waiting, without holding up this request.
  void flushMailQueue(db).catch((err) => log().error({ err }, "flushing the mail queue failed"));
  return "sent";
}

type FlushResult = { sent: number; failed: number };
let flushing: Promise<FlushResult> | null = null;
let flushAgain: Promise<FlushResult> | null = null;

/**
 * Resends queued messages that are due (all of them with `{ all: true }`). One run at a time per
 * process. A call during a run (whose rows were already chosen, e.g. an e-mail committed after it
 * started) gets one more run right after it, so a message queued now never waits for the job.
 */
export function flushMailQueue(db?: Queryable, opts: { all?: boolean; limit?: number } = {}): Promise<FlushResult> {
  if (flushing)
    return (flushAgain ??= flushing
      .catch(() => undefined)
      .then(() => {
        flushAgain = null;
        return flushMailQueue(db, opts);
      }));
  flushing = (async () => {
    const q = db ?? (await getDb());
    let sent = 0;
    let failed = 0;
    const due = await q.query<{
      id: number;
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      headers: Record<string, string> | string | null;
      attempts: number;
      due_at: string;
    }>(
      `SELECT id, to_address, subject, text_body, html_body, headers, attempts, next_attempt_at::text AS due_at FROM mail_queue
        WHERE sent_at IS NULL ${opts.all ? "" : "AND next_attempt_at <= now()"}
        ORDER BY id LIMIT $1`,
      [opts.limit ?? 50],
    );
    for (const m of due.rows) {
      // Claim the row so a second server does not send it as well: only if nobody claimed it since
      // we read it (a claim moves next_attempt_at; without comparing it, two flushes that read the
      // row before either claimed it both sent it).
      const claim = await q.query(
        `UPDATE mail_queue SET next_attempt_at = now() + interval '10 minutes'
          WHERE id = $1 AND sent_at IS NULL AND attempts = $2 AND next_attempt_at = $3::timestamptz RETURNING id`,
        [m.id, m.attempts, m.due_at],
      );
      if (claim.rowCount === 0) continue;
      try {
        const headers = typeof m.headers === "string" ? (JSON.parse(m.headers) as Record<string, string>) : m.headers;
        await mailTransport().send({ from: env().MAIL_FROM, to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body, headers });
        await q.query("UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE id = $1", [m.id]);
        sent++;
      } catch (e) {
        // Back off: 2, 4, 8 … minutes, at most a day.
        const minutes = Math.min(24 * 60, 2 ** Math.min(m.attempts + 1, 11));
        await q.query(
          `UPDATE mail_queue SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(mins => $3) WHERE id = $1`,
          [m.id, errorText(e), minutes],
        );
        failed++;
      }
    }
    return { sent, failed };
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

// Queued mail is retried by app/jobs.server.ts every minute in a server process.
