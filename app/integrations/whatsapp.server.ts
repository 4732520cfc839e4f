/**
 * Outgoing WhatsApp template messages behind one interface, `sendTemplate(to, template, params)`:
 * - the WhatsApp Business Cloud API (POST https://graph.facebook.com/v21.0/{WHATSAPP_PHONE_NUMBER_ID}/messages,
 *   bearer WHATSAPP_TOKEN, type "template") when both are set;
 * - otherwise a local stand-in writing one JSON file per message to $DATA_DIR/whatsapp-outbox/.
 * Queued in whatsapp_queue (migration 0024) with retries, as SMS and mail. Template names are
 * WHATSAPP_TEMPLATE_PREFIX + the update's key; their body parameters are `params`, in order.
 *
 * Languages: every update has a template in each shop language (./whatsapp-templates.server.ts,
 * their bodies in the `sms` messages). Meta's language codes cover English and Hausa (`ha`), not
 * Yorùbá, Igbo or Nigerian Pidgin: those are approved as templates named with the language
 * (`order_paid_yo`) under the default code (WHATSAPP_TEMPLATE_LANG). The stand-in knows every
 * template: it refuses an unknown one or a wrong number of parameters as Meta does, and writes
 * the message's text as the reader sees it.
 */
import path from "node:path";
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { log } from "~/ops/logger.server";
import { onWake, queueFlusher, SEND_WINDOW_SECONDS, wakeSenders, writeOutboxFile, type MessageTopic } from "./messaging/outbox.server";
import { parameterCount, renderTemplate, templateBody, templateFor, templateOf } from "./whatsapp-templates.server";

export { templateLang } from "./whatsapp-templates.server";

export interface WhatsAppProvider {
  readonly name: string;
  /** `lang`: the template's language code at Meta; absent means WHATSAPP_TEMPLATE_LANG. */
  sendTemplate(to: string, template: string, params: string[], lang?: string | null): Promise<void>;
}

export class CloudApiProvider implements WhatsAppProvider {
  readonly name = "cloud-api";
  constructor(
    private token: string,
    private phoneNumberId: string,
    private lang: string,
    private baseUrl = "https://graph.facebook.com/v21.0",
  ) {}
  async sendTemplate(to: string, template: string, params: string[], lang?: string | null) {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, "")}/${encodeURIComponent(this.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.token}` },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        to: to.replace(/^\+/, ""),
        type: "template",
        template: {
          name: template,
          language: { code: lang || this.lang },
          components: params.length ? [{ type: "body", parameters: params.map((text) => ({ type: "text", text })) }] : [],
        },
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`WhatsApp answered ${res.status}: ${(await res.text().catch(() => "")).slice(0, 300)}`);
  }
}

export class WhatsAppOutbox implements WhatsAppProvider {
  readonly name = "outbox";
  constructor(public readonly dir: string) {}
  /** As the Cloud API: an unknown template (name and language) or a wrong parameter count is refused. */
  async sendTemplate(to: string, template: string, params: string[], lang?: string | null) {
    const code = lang || env().WHATSAPP_TEMPLATE_LANG;
    const known = templateOf(template, code);
    if (!known) throw new Error(`WhatsApp answered 404: (#132001) Template name does not exist in the translation: ${template} (${code})`);
    const body = templateBody(known.key, known.lang);
    if (parameterCount(body) !== params.length)
      throw new Error(`WhatsApp answered 400: (#132000) Number of parameters does not match the expected number of params: ${template} takes ${parameterCount(body)}, got ${params.length}`);
    await writeOutboxFile(this.dir, { to, template, params, lang: code, text: renderTemplate(body, params) });
  }
}

export function whatsappOutboxDir(): string {
  return path.join(path.resolve(env().DATA_DIR), "whatsapp-outbox");
}

let override: WhatsAppProvider | null = null;
let cached: { key: string; provider: WhatsAppProvider } | null = null;

export function whatsappProvider(): WhatsAppProvider {
  if (override) return override;
  const e = env();
  const real = !!(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID);
  const key = real ? `cloud:${e.WHATSAPP_PHONE_NUMBER_ID}:${e.WHATSAPP_BASE_URL ?? ""}` : `outbox:${whatsappOutboxDir()}`;
  if (cached?.key !== key) {
    cached = {
      key,
      provider: real
        ? new CloudApiProvider(e.WHATSAPP_TOKEN!, e.WHATSAPP_PHONE_NUMBER_ID!, e.WHATSAPP_TEMPLATE_LANG, e.WHATSAPP_BASE_URL)
        : new WhatsAppOutbox(whatsappOutboxDir()),
    };
  }
  return cached.provider;
}

export function setWhatsAppProvider(p: WhatsAppProvider | null) {
  override = p;
}

/** The approved template's name for an update key ("paid" → "order_paid"). */
export const templateName = (key: string) => `${env().WHATSAPP_TEMPLATE_PREFIX}${key}`;

/**
 * Queues a template message on `q`, inside the transaction of the change it reports; with a topic
 * it waits the send window and may be overtaken, as queueSms. `lang` is the reader's shop
 * language: the template's name and code at Meta follow from it (templateFor).
 */
export async function queueWhatsApp(q: Queryable, to: string, template: string, params: string[], lang?: string | null, about?: MessageTopic): Promise<void> {
  const chosen = templateFor(template, lang);
  await q.query(
    `INSERT INTO whatsapp_queue (to_phone, template, params, lang, topic, rank, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [to, chosen.name, JSON.stringify(params), chosen.code, about?.topic ?? null, about?.rank ?? 0, about ? SEND_WINDOW_SECONDS : 0],
  );
  if (about) wakeSenders();
}

/** Sends queued WhatsApp messages that are due; claimed row by row, back-off on failure. */
export const flushWhatsAppQueue = queueFlusher<{ id: number; to_phone: string; attempts: number; template: string; params: string[] | string; lang: string | null }>(
  "whatsapp_queue",
  "template, params, lang",
  (m) => whatsappProvider().sendTemplate(m.to_phone, m.template, typeof m.params === "string" ? (JSON.parse(m.params) as string[]) : m.params, m.lang),
);
onWake(() => flushWhatsAppQueue());

export function logWhatsAppProvider() {
  const p = whatsappProvider();
  if (p.name === "outbox") log().warn(`WHATSAPP_TOKEN / WHATSAPP_PHONE_NUMBER_ID are not set: WhatsApp messages use the local stand-in, written to ${whatsappOutboxDir()}`);
  else log().info({ provider: p.name }, "WhatsApp messages are sent through the Business Cloud API");
}
