/**
 * The "New order" e-mail to a store's owner and members (vendors must not miss orders).
 * One message per member per store with lines in the order: only that store's active lines, with
 * their option labels and quantities, where the order goes (the delivery state), how it is paid,
 * and a link to the store's view of the order. Built by `newOrderStoreMails` in
 * app/api/notifications/events.server.ts, queued with recordEvent in the order's announcement.
 * A member turns it off for themselves on /stores/{slug}/notification. Written in each recipient's
 * account language (`lang`; the `email` messages `store_order_*`), Hausa with the polite ku.
 */
import { lgaAndState } from "~/domain/address-rules";
import { formatKobo } from "~/domain/money";
import { shipmentTotalKobo } from "~/domain/pricing";
import { orderNumber, type PaymentMethod } from "~/domain/orders";
import type { MailMessage } from "../mail.server";
import { textsFor } from "~/i18n/texts.server";
import { emailLayout, esc, greetingFor, link, nameWithUnit } from "./layout.server";

export interface StoreOrderLine {
  name: string;
  /** The option bought, e.g. "Colour: Red", or null. */
  optionLabel: string | null;
  quantity: number;
  /** The line's total (stored with the line by app/domain/pricing.ts). */
  totalKobo: number;
  /** The unit it is sold per and its price per unit, shown beside the name. */
  unit?: string | null;
  unitKobo?: number | null;
}

export interface NewOrderStoreInput {
  to: string;
  firstName?: string | null;
  storeName: string;
  storeSlug: string;
  orderId: string;
  paymentMethod: PaymentMethod | string;
  /** The buyer's state (where the shipment goes), or null when unknown. */
  state: string | null;
  /** The buyer's local government area, when the address names one. */
  lga?: string | null;
  /** The store's active lines of the order only. */
  lines: readonly StoreOrderLine[];
  /** The shipment's items (its active lines' totals), kobo. */
  itemsKobo: number;
  /** The store's shipping fee for this order (its shipment), kobo; null when not known. */
  shippingKobo: number | null;
  /** The recipient's account language (absent: English). */
  lang?: string | null;
}

export const storeOrderUrl = (slug: string, orderId: string) => link(`/stores/${encodeURIComponent(slug)}/orders/${orderId}`);

const cell = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937"';
const right = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937;text-align:right"';

const lineName = (l: StoreOrderLine, lang: string | null | undefined) => nameWithUnit({ ...l, name: l.optionLabel ? `${l.name} (${l.optionLabel})` : l.name }, lang);

export function newOrderStoreEmail(i: NewOrderStoreInput): MailMessage {
  const number = orderNumber(i.orderId);
  const href = storeOrderUrl(i.storeSlug, i.orderId);
  const subtotal = i.itemsKobo;
  const t = textsFor(i.lang, "email");
  const hello = greetingFor(i.lang, i.firstName);
  const count = i.lines.reduce((n, l) => n + l.quantity, 0);
  const where = i.state ? lgaAndState({ lga: i.lga, state: i.state }) : t("store_order_the_buyer");
  const intro = t("store_order_intro", { store: i.storeName, number, count, where });
  const pod = i.paymentMethod === "PayOnDelivery";
  const due = shipmentTotalKobo(subtotal, i.shippingKobo ?? 0);
  const payment = pod ? t("store_order_pod", { amount: formatKobo(due) }) : t("store_order_card");
  const after = t("store_order_after");
  const totals: Array<[string, string]> = [[t("store_order_items"), formatKobo(subtotal)]];
  if (i.shippingKobo !== null) totals.push([i.state ? t("shipping_to", { state: i.state }) : t("shipping"), i.shippingKobo === 0 ? t("free") : formatKobo(i.shippingKobo)]);
  const rows = i.lines
    .map((l) => `<tr><td ${cell}>${esc(lineName(l, i.lang))}</td><td ${right}>${l.quantity}</td><td ${right}>${esc(formatKobo(l.totalKobo))}</td></tr>`)
    .join("\n");
  const sums = totals.map(([k, v]) => `<tr><td ${cell} colspan="2"><strong>${esc(k)}</strong></td><td ${right}><strong>${esc(v)}</strong></td></tr>`).join("\n");
  const table = `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">
<tr><th ${cell} align="left">${esc(t("table_item"))}</th><th ${right}>${esc(t("table_qty"))}</th><th ${right}>${esc(t("table_amount"))}</th></tr>
${rows}
${sums}
</table>`;
  const textLines = i.lines.map((l) => `- ${lineName(l, i.lang)} × ${l.quantity}: ${formatKobo(l.totalKobo)}`).join("\n");
  const textTotals = totals.map(([k, v]) => `${k}: ${v}`).join("\n");
  return {
    to: i.to,
    subject: t("store_order_subject", { number, store: i.storeName }),
    text: `${hello}\n\n${intro}\n\n${textLines}\n\n${textTotals}\n\n${payment}\n\n${t("store_order_open")}:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: emailLayout({
      title: t("store_order_title", { number }),
      intro: [hello, intro, payment],
      table,
      action: { label: t("store_order_open"), href },
      after: [after],
      spellOutLink: true,
      lang: i.lang,
    }),
  };
}
