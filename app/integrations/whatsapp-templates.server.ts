/**
 * The WhatsApp message templates, one per update and shop language, as they are submitted to Meta
 * for approval: `app/i18n/messages/<lang>/sms.json` → `whatsapp.<key>`, the body with numbered
 * parameters `{{1}}`…`{{4}}` (Meta's syntax, filled by the Cloud API, not by i18next). Written in
 * the full spelling (WhatsApp is not GSM-7), never starting or ending with a parameter (Meta
 * refuses those). tests/unit/whatsapp-templates.test.ts checks every language against the
 * parameters the code sends.
 *
 * Names and language codes at Meta: English under WHATSAPP_TEMPLATE_LANG and Hausa under `ha`,
 * with the same name (`order_paid`); Meta has no language code for Nigerian Pidgin, Yorùbá or
 * Igbo, so theirs are approved as templates of their own name (`order_paid_yo`) under the default
 * code. `templateFor` makes that choice; `templateOf` reads it back (the stand-in does, to know
 * which body a message has).
 */
import { env } from "~/config.server";
import type { Lang } from "~/i18n/languages";
import { resources } from "~/i18n/resources";

export const WHATSAPP_TEMPLATE_KEYS = [
  "placed",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "shipped_store",
  "delivered_store",
  "delivered_cash",
  "delivery_code",
  "new_order",
] as const;
export type WhatsAppTemplateKey = (typeof WHATSAPP_TEMPLATE_KEYS)[number];

const isKey = (k: string): k is WhatsAppTemplateKey => (WHATSAPP_TEMPLATE_KEYS as readonly string[]).includes(k);

/** Shop languages approved under their own language code at Meta. */
const META_CODES: Partial<Record<Lang, string>> = { ha: "ha" };
/** Shop languages Meta has no code for: their templates carry the language in their name. */
const NAMED: readonly Lang[] = ["pcm", "yo", "ig"];

/** The template language code for a reader of `lang`: null means the default (WHATSAPP_TEMPLATE_LANG). */
export const templateLang = (lang: string | null | undefined): string | null => (lang ? META_CODES[lang as Lang] ?? null : null);

/** The template's name and language code at Meta for a reader of `lang` (`name`: prefix + key). */
export function templateFor(name: string, lang: string | null | undefined): { name: string; code: string | null } {
  if (lang && (NAMED as readonly string[]).includes(lang)) return { name: `${name}_${lang}`, code: null };
  return { name, code: templateLang(lang) };
}

/** Which update and shop language a template (name and code at Meta) is; null when there is no such template. */
export function templateOf(name: string, code: string | null | undefined): { key: WhatsAppTemplateKey; lang: Lang } | null {
  const prefix = env().WHATSAPP_TEMPLATE_PREFIX;
  if (!name.startsWith(prefix)) return null;
  const rest = name.slice(prefix.length);
  for (const lang of NAMED) if (rest.endsWith(`_${lang}`) && isKey(rest.slice(0, -lang.length - 1))) return { key: rest.slice(0, -lang.length - 1) as WhatsAppTemplateKey, lang };
  if (!isKey(rest)) return null;
  const c = code || env().WHATSAPP_TEMPLATE_LANG;
  const lang = (Object.entries(META_CODES).find(([, v]) => v === c)?.[0] as Lang | undefined) ?? (/^en(_|$)/.test(c) ? "en" : null);
  return lang ? { key: rest, lang } : null;
}

/** A template's body in a shop language, with its `{{n}}` parameters. */
export function templateBody(key: WhatsAppTemplateKey, lang: Lang): string {
  return (resources[lang].sms.whatsapp as Record<WhatsAppTemplateKey, string>)[key];
}

/** How many parameters a body takes (its highest `{{n}}`). */
export const parameterCount = (body: string): number => Math.max(0, ...[...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));

/** The body with its parameters filled in, as the reader sees the message. */
export const renderTemplate = (body: string, params: readonly string[]): string => body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
