/**
 * The "New order" e-mail to a store's owner and members (vendors must not miss orders).
 * One message per member per store with lines in the order: only that store's active lines, with
 * their option labels and quantities, where the order goes (the delivery state), how it is paid,
 * and a link to the store's view of the order. Built by `newOrderStoreMails` in
 * app/api/notifications/events.server.ts, queued with recordEvent in the order's announcement.
 * A member turns it off for themselves on /stores/{slug}/notification.
 */
import { lgaAndState } from "~/domain/address-rules";
import { formatKobo } from "~/domain/money";
import { shipmentTotalKobo } from "~/domain/pricing";
import { orderNumber, type PaymentMethod } from "~/domain/orders";
import type { MailMessage } from "../mail.server";
import { emailLayout, esc, link, nameWithUnit } from "./layout.server";

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
}

export const storeOrderUrl = (slug: string, orderId: string) => link(`/stores/${encodeURIComponent(slug)}/orders/${orderId}`);

const cell = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937"';
const right = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937;text-align:right"';

const lineName = (l: StoreOrderLine) => nameWithUnit({ ...l, name: l.optionLabel ? `${l.name} (${l.optionLabel})` : l.name }, "en");

export function newOrderStoreEmail(i: NewOrderStoreInput): MailMessage {
  const number = orderNumber(i.orderId);
  const href = storeOrderUrl(i.storeSlug, i.orderId);
  const subtotal = i.itemsKobo;
  const hello = i.firstName ? `Hello ${i.firstName},` : "Hello,";
  const count = i.lines.reduce((t, l) => t + l.quantity, 0);
  const where = i.state ? lgaAndState({ lga: i.lga, state: i.state }) : "the buyer";
  const intro = `${i.storeName} has a new order, ${number}: ${count} ${count === 1 ? "item" : "items"} to deliver to ${where}.`;
  const pod = i.paymentMethod === "PayOnDelivery";
  const due = shipmentTotalKobo(subtotal, i.shippingKobo ?? 0);
  const payment = pod
    ? `Payment: pay on delivery. Collect ${formatKobo(due)} from the buyer when you deliver.`
    : "Payment: card (Paystack). Confirm the order once it shows as paid.";
  const after = "Open the order to confirm it and move it along. You can stop these e-mails on your store's Notifications page.";
  const totals: Array<[string, string]> = [["Items", formatKobo(subtotal)]];
  if (i.shippingKobo !== null) totals.push([i.state ? `Shipping to ${i.state}` : "Shipping", i.shippingKobo === 0 ? "Free" : formatKobo(i.shippingKobo)]);
  const rows = i.lines
    .map((l) => `<tr><td ${cell}>${esc(lineName(l))}</td><td ${right}>${l.quantity}</td><td ${right}>${esc(formatKobo(l.totalKobo))}</td></tr>`)
    .join("\n");
  const sums = totals.map(([k, v]) => `<tr><td ${cell} colspan="2"><strong>${esc(k)}</strong></td><td ${right}><strong>${esc(v)}</strong></td></tr>`).join("\n");
  const table = `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">
<tr><th ${cell} align="left">Item</th><th ${right}>Qty</th><th ${right}>Amount</th></tr>
${rows}
${sums}
</table>`;
  const textLines = i.lines.map((l) => `- ${lineName(l)} × ${l.quantity}: ${formatKobo(l.totalKobo)}`).join("\n");
  const textTotals = totals.map(([k, v]) => `${k}: ${v}`).join("\n");
  return {
    to: i.to,
    subject: `New order ${number} for ${i.storeName}`,
    text: `${hello}\n\n${intro}\n\n${textLines}\n\n${textTotals}\n\n${payment}\n\nOpen the order:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: emailLayout({ title: `New order ${number}`, intro: [hello, intro, payment], table, action: { label: "Open the order", href }, after: [after], spellOutLink: true }),
  };
}
