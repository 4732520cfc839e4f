/**
 * The payment e-mails (paid, refunded): plain text and HTML, links from PUBLIC_URL. They are
 * written into mail_queue inside the transaction that changes the payment (so a replayed event
 * can never send a second one, and a rolled-back change sends none); `flushMailQueue()` sends them
 * after the commit.
 */
import { formatKobo } from "~/domain/money";
import type { MailMessage } from "../mail.server";
import { textsFor } from "~/i18n/texts.server";
import { emailLayout, esc, greetingFor, nameWithUnit, orderLink as orderLinkFor } from "./layout.server";


export interface MailOrder {
  id: string;
  /** Guest orders: the token of the signed order link; null for a member's order. */
  guestToken: string | null;
  firstName: string;
  /** The shopper's language (absent: English). */
  lang?: string | null;
}

export interface MailLine {
  name: string;
  quantity: number;
  /** The unit it is sold per and its price per unit, shown beside the name. */
  unit?: string | null;
  unitKobo?: number | null;
  /** Integer kobo, for the line (price × quantity). */
  totalKobo: number;
}

/** Short order number as the storefront shows it: the first segment of the id, in capitals. */
export const orderNumber = (id: string) => `#${id.split("-")[0].toUpperCase()}`;

/** Where the shopper sees the order: the account page, or the guest's signed link. */
export const orderLink = (o: MailOrder): string => orderLinkFor(o.id, o.guestToken);

const layout = (title: string, intro: string[], table: string, action: { label: string; href: string }, after: string[], lang?: string | null) =>
  emailLayout({ title, intro, table, action, after, lang });

function linesTable(lines: MailLine[], rows: Array<[string, string]>, lang: string | null | undefined): string {
  const td = "padding:6px 0;font-size:14px;color:#1f2937;border-bottom:1px solid #f3f4f6";
  const body = lines
    .map((l) => `<tr><td style="${td}">${esc(nameWithUnit(l, lang))} × ${l.quantity}</td><td style="${td};text-align:right">${esc(formatKobo(l.totalKobo))}</td></tr>`)
    .join("\n");
  const foot = rows
    .map(([k, v]) => `<tr><td style="padding:6px 0;font-size:14px;font-weight:600">${esc(k)}</td><td style="padding:6px 0;font-size:14px;font-weight:600;text-align:right">${esc(v)}</td></tr>`)
    .join("\n");
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 8px">${body}\n${foot}</table>`;
}

export function paidEmail(
  to: string,
  o: MailOrder,
  p: { amountKobo: number; shippingKobo: number; reference: string; lines: MailLine[]; /** Paid above the amount due, being refunded. */ refundKobo?: number },
): MailMessage {
  const t = textsFor(o.lang, "email");
  const num = orderNumber(o.id);
  const title = t("paid_title", { number: num });
  const refund = p.refundKobo && p.refundKobo > 0 ? p.refundKobo : 0;
  const intro = t("paid_intro", { amount: formatKobo(p.amountKobo), number: num }) + (refund ? t("paid_overpaid", { refund: formatKobo(refund) }) : "");
  const href = orderLink(o);
  const after = t("paid_after", { reference: p.reference });
  const hello = greetingFor(o.lang, o.firstName);
  const text = [
    hello,
    "",
    intro,
    "",
    ...p.lines.map((l) => `- ${nameWithUnit(l, o.lang)} x ${l.quantity}: ${formatKobo(l.totalKobo)}`),
    `${t("shipping")}: ${formatKobo(p.shippingKobo)}`,
    `${t("total_paid")}: ${formatKobo(p.amountKobo)}`,
    ...(refund ? [`${t("to_refund")}: ${formatKobo(refund)}`] : []),
    "",
    `${t("view_order_text")} ${href}`,
    "",
    after,
    "",
    t("sign_off"),
    "",
  ].join("\n");
  return {
    to,
    subject: t("paid_subject", { number: num }),
    text,
    html: layout(
      title,
      [hello, intro],
      linesTable(p.lines, [
        [t("shipping"), formatKobo(p.shippingKobo)],
        [t("total_paid"), formatKobo(p.amountKobo)],
        ...(refund ? ([[t("to_refund"), formatKobo(refund)]] as Array<[string, string]>) : []),
      ], o.lang),
      { label: t("view_order"), href },
      [after],
      o.lang,
    ),
  };
}

/** What a refund was for when it is not one product: said in the reader's language. */
export type RefundWhat = "duplicate" | "shipping" | "overpayment" | "item";

export function refundedEmail(to: string, o: MailOrder, r: { amountKobo: number; /** A product's name, or one of RefundWhat. */ what: string | { kind: RefundWhat }; fully: boolean }): MailMessage {
  const t = textsFor(o.lang, "email");
  const num = orderNumber(o.id);
  const amount = formatKobo(r.amountKobo);
  const what = typeof r.what === "string" ? r.what : t(`what_${r.what.kind}`);
  const title = t("refunded_title", { amount, number: num });
  const intro = t("refunded_intro", { amount, what, number: num }) + (r.fully ? t("refunded_fully") : "");
  const after = t("refunded_after");
  const href = orderLink(o);
  const hello = greetingFor(o.lang, o.firstName);
  return {
    to,
    subject: t("refunded_subject", { number: num }),
    text: `${hello}\n\n${intro}\n\n${t("view_order_text")} ${href}\n\n${after}\n\n${t("sign_off")}\n`,
    html: layout(title, [hello, intro], "", { label: t("view_order"), href }, [after], o.lang),
  };
}

export { queueMail } from "./queue.server";
