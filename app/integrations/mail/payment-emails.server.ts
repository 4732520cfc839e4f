/**
 * The payment e-mails (paid, refunded): plain text and HTML, links from PUBLIC_URL. They are
 * written into mail_queue inside the transaction that changes the payment (so a replayed event
 * can never send a second one, and a rolled-back change sends none); `flushMailQueue()` sends them
 * after the commit.
 */
import { formatKobo } from "~/domain/money";
import type { MailMessage } from "../mail.server";
import { emailLayout, esc, orderLink as orderLinkFor } from "./layout.server";


export interface MailOrder {
  id: string;
  /** Guest orders: the token of the signed order link; null for a member's order. */
  guestToken: string | null;
  firstName: string;
}

export interface MailLine {
  name: string;
  quantity: number;
  /** Integer kobo, for the line (price × quantity). */
  totalKobo: number;
}

/** Short order number as the storefront shows it: the first segment of the id, in capitals. */
export const orderNumber = (id: string) => `#${id.split("-")[0].toUpperCase()}`;

/** Where the shopper sees the order: the account page, or the guest's signed link. */
export const orderLink = (o: MailOrder): string => orderLinkFor(o.id, o.guestToken);

const layout = (title: string, intro: string[], table: string, action: { label: string; href: string }, after: string[]) =>
  emailLayout({ title, intro, table, action, after });

function linesTable(lines: MailLine[], rows: Array<[string, string]>): string {
  const td = "padding:6px 0;font-size:14px;color:#1f2937;border-bottom:1px solid #f3f4f6";
  const body = lines
    .map((l) => `<tr><td style="${td}">${esc(l.name)} × ${l.quantity}</td><td style="${td};text-align:right">${esc(formatKobo(l.totalKobo))}</td></tr>`)
    .join("\n");
  const foot = rows
    .map(([k, v]) => `<tr><td style="padding:6px 0;font-size:14px;font-weight:600">${esc(k)}</td><td style="padding:6px 0;font-size:14px;font-weight:600;text-align:right">${esc(v)}</td></tr>`)
    .join("\n");
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 8px">${body}\n${foot}</table>`;
}

const greeting = (firstName: string) => (firstName ? `Hello ${firstName},` : "Hello,");

export function paidEmail(
  to: string,
  o: MailOrder,
  p: { amountKobo: number; shippingKobo: number; reference: string; lines: MailLine[]; /** Paid above the amount due, being refunded. */ refundKobo?: number },
): MailMessage {
  const num = orderNumber(o.id);
  const title = `Payment received for order ${num}`;
  const refund = p.refundKobo && p.refundKobo > 0 ? p.refundKobo : 0;
  const intro =
    `We have received your card payment of ${formatKobo(p.amountKobo)} for order ${num}. Your order is being prepared for shipment; we will e-mail you when it ships.` +
    (refund
      ? ` Items were cancelled after you started this payment, so ${formatKobo(refund)} of it is more than the order now costs: we are refunding ${formatKobo(refund)} to your card.`
      : "");
  const href = orderLink(o);
  const after = `Payment reference: ${p.reference}. Keep this e-mail for your records.`;
  const text = [
    greeting(o.firstName),
    "",
    intro,
    "",
    ...p.lines.map((l) => `- ${l.name} x ${l.quantity}: ${formatKobo(l.totalKobo)}`),
    `Shipping: ${formatKobo(p.shippingKobo)}`,
    `Total paid: ${formatKobo(p.amountKobo)}`,
    ...(refund ? [`To be refunded: ${formatKobo(refund)}`] : []),
    "",
    `View your order: ${href}`,
    "",
    after,
    "",
    "BuildMart NG",
    "",
  ].join("\n");
  return {
    to,
    subject: `Payment received for your BuildMart NG order ${num}`,
    text,
    html: layout(
      title,
      [greeting(o.firstName), intro],
      linesTable(p.lines, [
        ["Shipping", formatKobo(p.shippingKobo)],
        ["Total paid", formatKobo(p.amountKobo)],
        ...(refund ? ([["To be refunded", formatKobo(refund)]] as Array<[string, string]>) : []),
      ]),
      { label: "View your order", href },
      [after],
    ),
  };
}

export function refundedEmail(to: string, o: MailOrder, r: { amountKobo: number; what: string; fully: boolean }): MailMessage {
  const num = orderNumber(o.id);
  const title = `Refund of ${formatKobo(r.amountKobo)} for order ${num}`;
  const intro = `We have refunded ${formatKobo(r.amountKobo)} for ${r.what} of order ${num} to the card you paid with.${r.fully ? " Every paid item of this order has now been refunded." : ""}`;
  const after = "Banks usually show a card refund within 5 to 10 working days. If it does not appear by then, reply to this e-mail with your order number.";
  const href = orderLink(o);
  return {
    to,
    subject: `Your refund for BuildMart NG order ${num}`,
    text: `${greeting(o.firstName)}\n\n${intro}\n\nView your order: ${href}\n\n${after}\n\nBuildMart NG\n`,
    html: layout(title, [greeting(o.firstName), intro], "", { label: "View your order", href }, [after]),
  };
}

export { queueMail } from "./queue.server";
