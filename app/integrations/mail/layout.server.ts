/**
 * The one look of every e-mail we send (account, order and payment mails): a plain HTML card
 * that mail clients render without CSS files or images, plus the helpers the templates share.
 */
import { env } from "~/config.server";
import { langOf, textsFor } from "~/i18n/texts.server";
import { formatKobo } from "~/domain/money";
import { isUnit } from "~/domain/units";

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** An absolute link to a storefront path (PUBLIC_URL). */
/**
 * A line's name with its unit price and trade unit (issue 34: the unit wherever a price is), in the
 * reader's language: "Dangote cement 50kg, ₦9,000 per bag". As is when the line has no unit price.
 */
export function nameWithUnit(line: { name: string; unit?: string | null; unitKobo?: number | null }, lang: string | null | undefined): string {
  if (line.unitKobo == null) return line.name;
  const per = textsFor(lang, "common")(`units.per_${line.unit && isUnit(line.unit) ? line.unit : "piece"}`);
  return `${line.name}, ${formatKobo(line.unitKobo)} ${per}`;
}

export const link = (pathname: string) => `${env().publicUrl}${pathname}`;

/** Where a shopper sees an order: the member's order page, or a guest's signed link. */
export function orderLink(orderId: string, guestToken?: string | null): string {
  return guestToken ? link(`/orders/${orderId}?t=${encodeURIComponent(guestToken)}`) : link(`/users/orders/${orderId}`);
}

export interface EmailLayout {
  title: string;
  intro: string[];
  /** Ready HTML (e.g. the order's items), placed after the intro. */
  table?: string;
  action: { label: string; href: string };
  after: string[];
  /** Show the action's address in full under the button (links people may need to copy). */
  spellOutLink?: boolean;
  /** The reader's language (app/i18n; absent: English). */
  lang?: string | null;
}

/** The greeting of a shopper's e-mail, in their language. */
export function greetingFor(lang: string | null | undefined, firstName: string | null | undefined): string {
  const t = textsFor(lang, "email");
  return firstName ? t("hello_name", { name: firstName }) : t("hello");
}

export function emailLayout(m: EmailLayout): string {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${esc(t)}</p>`;
  const spelled = m.spellOutLink
    ? `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4b5563">${esc(textsFor(m.lang, "email")("copy_link"))}<br><a href="${esc(m.action.href)}" style="color:#c2410c;word-break:break-all">${esc(m.action.href)}</a></p>\n`
    : "";
  return `<!doctype html>
<html lang="${langOf(m.lang)}"><head><meta charset="utf-8"><title>${esc(m.title)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
<p style="margin:0 0 20px;font-size:20px;font-weight:800;color:#c2410c">BuildMart NG</p>
<h1 style="margin:0 0 16px;font-size:20px;color:#1f2937">${esc(m.title)}</h1>
${m.intro.map(p).join("\n")}
${m.table ?? ""}
<p style="margin:24px 0"><a href="${esc(m.action.href)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:6px">${esc(m.action.label)}</a></p>
${spelled}${m.after.map(p).join("\n")}
</div></body></html>`;
}
