/**
 * Order e-mails (HTML and text): order placed, item cancelled, unpaid card order cancelled. They go through the mail queue:
 * `queueMail(tx, message)` inserts the message in the same transaction as the change it reports
 * (so a crash never loses one and a rolled-back order never sends one); after the commit the
 * caller may `flushMailQueue()` at once, and the mail job sends anything left within a minute.
 * Links: members go to /users/orders/{id}; guests to /orders/{id}?t=<token> (the signed guest link).
 */
import { formatKobo } from "~/domain/money";
import { orderNumber, type PaymentMethod } from "~/domain/orders";
import { textsFor } from "~/i18n/texts.server";
import { formatDay } from "~/i18n/dates";
import type { MailMessage } from "../mail.server";
import { emailLayout, esc, greetingFor, nameWithUnit, orderLink } from "./layout.server";


export { queueMail } from "./queue.server";

export { orderLink };

export interface EmailOrderLine {
  name: string;
  quantity: number;
  /** The unit it is sold per and its price per unit (the ladder's rung), shown beside the name. */
  unit?: string | null;
  unitKobo?: number | null;
  /** The line's total (app/domain/pricing.ts lineTotalKobo, stored with the line). */
  totalKobo: number;
}

type Lang = string | null | undefined;

const layout = (title: string, intro: string[], table: string, action: { label: string; href: string }, after: string[], lang: Lang) =>
  emailLayout({ title, intro, table, action, after, spellOutLink: true, lang });

const cell = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937"';
const right = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937;text-align:right"';

function itemsTable(lines: readonly EmailOrderLine[], totals: Array<[string, string]>, lang: Lang): string {
  const t = textsFor(lang, "email");
  const rows = lines
    .map((l) => `<tr><td ${cell}>${esc(nameWithUnit(l, lang))}</td><td ${right}>${l.quantity}</td><td ${right}>${esc(formatKobo(l.totalKobo))}</td></tr>`)
    .join("\n");
  const sums = totals.map(([k, v]) => `<tr><td ${cell} colspan="2"><strong>${esc(k)}</strong></td><td ${right}><strong>${esc(v)}</strong></td></tr>`).join("\n");
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">
<tr><th ${cell} align="left">${esc(t("table_item"))}</th><th ${right}>${esc(t("table_qty"))}</th><th ${right}>${esc(t("table_amount"))}</th></tr>
${rows}
${sums}
</table>`;
}

export interface OrderPlacedInput {
  to: string;
  firstName: string;
  orderId: string;
  guestToken?: string;
  paymentMethod: PaymentMethod;
  lines: readonly EmailOrderLine[];
  subtotalKobo: number;
  shippingKobo: number;
  /** What the order costs (app/domain/pricing.ts orderTotalKobo). */
  totalKobo: number;
  /** Each store's shipment: its fee and what it costs, items + shipping (one line each when the order comes from several stores). */
  shipments?: readonly { store: string; shippingKobo: number; totalKobo: number }[];
  /** The destination state (canonical name). */
  state: string | null;
  /** The shopper's language (absent: English). */
  lang?: Lang;
  /** Issue 35 item 5: per store, the delivery slot booked ({day "YYYY-MM-DD", starts, ends}) or the yard to collect from. */
  arrangements?: readonly { store: string; slot?: { day: string; starts: string; ends: string } | null; collect?: { address: string; hours: string } | null }[];
}

/** The sentences of the slots booked and the yards to collect from (issue 35 item 5). */
function arrangementLines(i: OrderPlacedInput, t: ReturnType<typeof textsFor>): string[] {
  return (i.arrangements ?? []).flatMap((a) =>
    a.collect
      ? [t("collect_from_yard", { store: a.store, address: a.collect.address, hours: a.collect.hours })]
      : a.slot
        ? [t("delivery_slot_booked", { store: a.store, day: formatDay(a.slot.day, (k: string) => t(k)), starts: a.slot.starts, ends: a.slot.ends })]
        : [],
  );
}

export function orderPlacedEmail(i: OrderPlacedInput): MailMessage {
  const t = textsFor(i.lang, "email");
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const total = i.totalKobo;
  const free = t("free");
  const shippingLabel = i.state ? t("shipping_to", { state: i.state }) : t("shipping");
  const shippingValue = i.shippingKobo === 0 ? free : formatKobo(i.shippingKobo);
  const hello = greetingFor(i.lang, i.firstName);
  const intro = t(i.paymentMethod === "PayOnDelivery" ? "placed_intro_pod" : "placed_intro_card", { number, total: formatKobo(total) });
  const after = t(i.guestToken ? "placed_after_guest" : "placed_after_member");
  const perStore: Array<[string, string]> =
    i.shipments && i.shipments.length > 1
      ? i.shipments.flatMap((s): Array<[string, string]> => [
          [t("shipping_from", { label: shippingLabel, store: s.store }), s.shippingKobo === 0 ? free : formatKobo(s.shippingKobo)],
          [t("shipment_total", { store: s.store }), formatKobo(s.totalKobo)],
        ])
      : [[shippingLabel, shippingValue]];
  const totals: Array<[string, string]> = [[t("subtotal"), formatKobo(i.subtotalKobo)], ...perStore, [t("total"), formatKobo(total)]];
  const textLines = i.lines.map((l) => `- ${nameWithUnit(l, i.lang)} × ${l.quantity}: ${formatKobo(l.totalKobo)}`).join("\n");
  const shippingText = perStore.map(([k, v]) => `${k}: ${v}`).join("\n");
  const arranged = arrangementLines(i, t);
  const arrangedText = arranged.length ? `\n\n${arranged.join("\n")}` : "";
  return {
    to: i.to,
    subject: t("placed_subject", { number }),
    text: `${hello}\n\n${intro}\n\n${textLines}\n\n${t("subtotal")}: ${formatKobo(i.subtotalKobo)}\n${shippingText}\n${t("total")}: ${formatKobo(total)}${arrangedText}\n\n${t("view_order_text")}\n${href}\n\n${after}\n\n${t("sign_off")}\n`,
    html: layout(t("placed_title", { number }), [hello, intro], itemsTable(i.lines, totals, i.lang), { label: t("view_order"), href }, [...arranged, after], i.lang),
  };
}

export interface ItemCancelledInput {
  to: string;
  orderId: string;
  guestToken?: string;
  productName: string;
  quantity: number;
  amountKobo: number;
  reason: string;
  /** A card refund was queued for the item. */
  refund: boolean;
  /** The last item of a card-paid order went: the shipping fee refunded too (kobo; 0 or absent: not). */
  shippingRefundKobo?: number;
  /** The shopper's language (absent: English). */
  lang?: Lang;
}

export function itemCancelledEmail(i: ItemCancelledInput): MailMessage {
  const t = textsFor(i.lang, "email");
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const hello = greetingFor(i.lang, null);
  // The reason is stored in English (one of CANCEL_REASONS); the shopper reads it in their language.
  const reason = textsFor(i.lang, "orders")(`cancelReason.${i.reason}`, { defaultValue: i.reason });
  const intro = t("item_cancelled_intro", { product: i.productName, quantity: i.quantity, number, reason });
  const money = i.refund ? t("item_cancelled_refund", { amount: formatKobo(i.amountKobo) }) : t("item_cancelled_no_refund");
  const shipping = i.shippingRefundKobo && i.shippingRefundKobo > 0 ? t("item_cancelled_shipping", { amount: formatKobo(i.shippingRefundKobo) }) : "";
  return {
    to: i.to,
    subject: t("item_cancelled_subject", { number }),
    text: `${hello}\n\n${intro}\n\n${money}${shipping}\n\n${t("view_order_text")}\n${href}\n\n${t("sign_off")}\n`,
    html: layout(t("item_cancelled_title", { number }), [hello, intro, money + shipping], "", { label: t("view_order"), href }, [], i.lang),
  };
}

export interface UnpaidOrderCancelledInput {
  to: string;
  firstName: string;
  orderId: string;
  guestToken?: string;
  /** How long the order waited for its card payment. */
  hours: number;
  lines: readonly EmailOrderLine[];
  /** What was due (items + shipping). */
  totalKobo: number;
  /** The shopper's language (absent: English). */
  lang?: Lang;
}

/** A card order never paid, cancelled by the job after UNPAID_ORDER_TTL_HOURS (app/jobs.server.ts). */
export function unpaidOrderCancelledEmail(i: UnpaidOrderCancelledInput): MailMessage {
  const t = textsFor(i.lang, "email");
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const hello = greetingFor(i.lang, i.firstName);
  const intro = t("unpaid_intro", { total: formatKobo(i.totalKobo), number, hours: i.hours });
  const after = t("unpaid_after");
  const textLines = i.lines.map((l) => `- ${nameWithUnit(l, i.lang)} × ${l.quantity}: ${formatKobo(l.totalKobo)}`).join("\n");
  return {
    to: i.to,
    subject: t("unpaid_subject", { number }),
    text: `${hello}\n\n${intro}\n\n${textLines}\n\n${after}\n\n${t("view_the_order_text")}\n${href}\n\n${t("sign_off")}\n`,
    html: layout(t("unpaid_title", { number }), [hello, intro], itemsTable(i.lines, [[t("total"), formatKobo(i.totalKobo)]], i.lang), { label: t("view_the_order"), href }, [after], i.lang),
  };
}

export interface GuestLinkEmailInput {
  to: string;
  firstName: string;
  orderId: string;
  guestToken: string;
  lang?: Lang;
}

/** A fresh link to a guest's order, asked for on its expired page (POST /orders/guest-link/). */
export function guestLinkEmail(i: GuestLinkEmailInput): MailMessage {
  const t = textsFor(i.lang, "email");
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const hello = greetingFor(i.lang, i.firstName);
  const intro = t("guest_link_intro", { number });
  const after = t("guest_link_after");
  return {
    to: i.to,
    subject: t("guest_link_subject", { number }),
    text: `${hello}\n\n${intro}\n\n${t("view_the_order_text")}\n${href}\n\n${after}\n\n${t("sign_off")}\n`,
    html: emailLayout({ title: t("guest_link_subject", { number }), intro: [hello, intro], action: { label: t("view_the_order"), href }, after: [after], spellOutLink: true, lang: i.lang }),
  };
}
