/** Phone numbers and the SMS / WhatsApp stand-ins' outboxes, for the phone sign-in and message-channel tests. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { flushSmsQueue } from "~/integrations/sms.server";
import { flushWhatsAppQueue } from "~/integrations/whatsapp.server";
import type { TestApi } from "./harness";

/** A fresh Nigerian mobile number as a shopper types it: 0803… (and its E.164 form). */
export function newPhone(prefix = "0803"): { local: string; e164: string } {
  const rest = String(crypto.randomInt(0, 10_000_000)).padStart(7, "0");
  const local = `${prefix}${rest}`;
  return { local, e164: `+234${local.slice(1)}` };
}

interface OutboxMessage {
  to: string;
  text?: string;
  template?: string;
  params?: string[];
}

function read(dir: string, to: string): OutboxMessage[] {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : [];
  return files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as OutboxMessage).filter((m) => m.to === to);
}

/** The SMS written for `to` (E.164), after the queue is flushed. */
export async function smsTo(api: TestApi, to: string): Promise<OutboxMessage[]> {
  await flushSmsQueue(api.db, { all: true });
  return read(path.join(process.env.DATA_DIR!, "sms-outbox"), to);
}

export async function whatsappTo(api: TestApi, to: string): Promise<OutboxMessage[]> {
  await flushWhatsAppQueue(api.db, { all: true });
  return read(path.join(process.env.DATA_DIR!, "whatsapp-outbox"), to);
}

/** The code of the last SMS sent to `to`. */
export async function lastCode(api: TestApi, to: string): Promise<string> {
  const all = await smsTo(api, to);
  const code = /\b(\d{6})\b/.exec(all.at(-1)?.text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}
