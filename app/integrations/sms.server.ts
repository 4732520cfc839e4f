/**
 * Outgoing SMS behind one interface, `sendSms(to, text)`, with two providers:
 * - Termii (https://api.ng.termii.com/api/sms/send) when TERMII_API_KEY is set (sender id from
 *   TERMII_SENDER_ID; TERMII_BASE_URL for another region or a test double);
 * - otherwise a local stand-in that writes one JSON file per message to $DATA_DIR/sms-outbox/
 *   (developers read them; tests read them). The server says at start which one it uses.
 * Every message goes through sms_queue (migration 0024), like mail: `queueSms(q, …)` inside the
 * transaction of the change it reports, `sendSms` to try at once; `flushSmsQueue()` sends what is
 * due, with back-off, from the background job (app/jobs.server.ts) and after each queueing.
 */
import path from "node:path";
import { env } from "~/config.server";
import { getDb, type Queryable } from "~/db/client.server";
import { log } from "~/ops/logger.server";
import { errorText, onWake, queueFlusher, SEND_WINDOW_SECONDS, wakeSenders, writeOutboxFile, type MessageTopic } from "./messaging/outbox.server";

export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

export class TermiiProvider implements SmsProvider {
  readonly name = "termii";
  constructor(
    private apiKey: string,
    private senderId: string,
    private baseUrl = "https://api.ng.termii.com",
  ) {}
  async send(to: string, text: string) {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, "")}/api/sms/send`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      // Termii takes the number in international form without the plus: 2348031234567.
      body: JSON.stringify({ api_key: this.apiKey, to: to.replace(/^\+/, ""), from: this.senderId, sms: text, type: "plain", channel: "generic" }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`Termii answered ${res.status}: ${(await res.text().catch(() => "")).slice(0, 300)}`);
  }
}

export class SmsOutbox implements SmsProvider {
  readonly name = "outbox";
  constructor(public readonly dir: string) {}
  async send(to: string, text: string) {
    await writeOutboxFile(this.dir, { to, text });
  }
}

export function smsOutboxDir(): string {
  return path.join(path.resolve(env().DATA_DIR), "sms-outbox");
}

let override: SmsProvider | null = null;
let cached: { key: string; provider: SmsProvider } | null = null;

/** The configured provider: Termii with TERMII_API_KEY, else the outbox stand-in. */
export function smsProvider(): SmsProvider {
  if (override) return override;
  const e = env();
  const key = e.TERMII_API_KEY ? `termii:${e.TERMII_SENDER_ID}:${e.TERMII_BASE_URL ?? ""}` : `outbox:${smsOutboxDir()}`;
  if (cached?.key !== key) {
    cached = {
      key,
      provider: e.TERMII_API_KEY ? new TermiiProvider(e.TERMII_API_KEY, e.TERMII_SENDER_ID, e.TERMII_BASE_URL) : new SmsOutbox(smsOutboxDir()),
    };
  }
  return cached.provider;
}

/** Tests swap the provider (e.g. one that fails). Pass null to go back to the configured one. */
export function setSmsProvider(p: SmsProvider | null) {
  override = p;
}

/**
 * Puts an SMS in sms_queue on `q`, typically inside the transaction of the change it reports. With
 * a topic (an order update) it waits the send window, may be overtaken by a later state of the
 * same topic, and the sender is woken when the window has passed; without one it is due now.
 */
export async function queueSms(q: Queryable, to: string, text: string, about?: MessageTopic): Promise<void> {
  await q.query(
    `INSERT INTO sms_queue (to_phone, body, topic, rank, next_attempt_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [to, text, about?.topic ?? null, about?.rank ?? 0, about ? SEND_WINDOW_SECONDS : 0],
  );
  if (about) wakeSenders();
}

/**
 * Sends one SMS now (one-time codes: the shopper is waiting); if that fails, it waits in sms_queue
 * for the job. Resolves "sent" or "queued".
 */
export async function sendSms(to: string, text: string, db?: Queryable): Promise<"sent" | "queued"> {
  try {
    await smsProvider().send(to, text);
    return "sent";
  } catch (e) {
    log().warn({ error: errorText(e) }, "sending an SMS failed; queued for retry");
    const q = db ?? (await getDb());
    await q.query(
      `INSERT INTO sms_queue (to_phone, body, attempts, last_error, next_attempt_at) VALUES ($1, $2, 1, $3, now() + interval '1 minute')`,
      [to, text, errorText(e)],
    );
    return "queued";
  }
}

/** Sends queued SMS that are due (all with `{ all: true }`); a row is claimed first so two servers never send it twice. */
export const flushSmsQueue = queueFlusher<{ id: number; to_phone: string; attempts: number; body: string }>("sms_queue", "body", (m) => smsProvider().send(m.to_phone, m.body));
onWake(() => flushSmsQueue());

/** Logged once at start (npm start): which SMS provider is in use. */
export function logSmsProvider() {
  const p = smsProvider();
  if (p.name === "outbox") log().warn(`TERMII_API_KEY is not set: SMS use the local stand-in, written to ${smsOutboxDir()}`);
  else log().info({ provider: p.name }, "SMS are sent through Termii");
}
