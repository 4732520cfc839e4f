/**
 * Order e-mails (HTML and text): order placed, item cancelled, unpaid card order cancelled. They go through the mail queue:
 * `queueMail(tx, message)` inserts the message in the same transaction as the change it reports
 * (so a crash never loses one and a rolled-back order never sends one); after the commit the
 * caller may `flushMailQueue()` at once, and the mail job sends anything left within a minute.
 * Links: members go to /users/orders/{id}; guests to /orders/{id}?t=<token> (the signed guest link).
 */
import { formatKobo } from "~/domain/money";
import { orderNumber, type PaymentMethod } from "~/domain/orders";
import type { MailMessage } from "../mail.server";
import { emailLayout, esc, orderLink } from "./layout.server";


export { queueMail } from "./queue.server";

export { orderLink };

export interface EmailOrderLine {
  name: string;
  quantity: number;
  unitKobo: number;
}

const layout = (title: string, intro: string[], table: string, action: { label: string; href: string }, after: string[]) =>
  emailLayout({ title, intro, table, action, after, spellOutLink: true });

const cell = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937"';
const right = 'style="padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:14px;color:#1f2937;text-align:right"';

function itemsTable(lines: readonly EmailOrderLine[], totals: Array<[string, string]>): string {
  const rows = lines
    .map((l) => `<tr><td ${cell}>${esc(l.name)}</td><td ${right}>${l.quantity}</td><td ${right}>${esc(formatKobo(l.unitKobo * l.quantity))}</td></tr>`)
    .join("\n");
  const sums = totals.map(([k, v]) => `<tr><td ${cell} colspan="2"><strong>${esc(k)}</strong></td><td ${right}><strong>${esc(v)}</strong></td></tr>`).join("\n");
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">
<tr><th ${cell} align="left">Item</th><th ${right}>Qty</th><th ${right}>Amount</th></tr>
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
  /** Each store's shipment and its fee (one line each when the order comes from several stores). */
  shipments?: readonly { store: string; shippingKobo: number }[];
  /** The destination state (canonical name). */
  state: string | null;
}

export function orderPlacedEmail(i: OrderPlacedInput): MailMessage {
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const total = i.subtotalKobo + i.shippingKobo;
  const shippingLabel = i.state ? `Shipping to ${i.state}` : "Shipping";
  const shippingValue = i.shippingKobo === 0 ? "Free" : formatKobo(i.shippingKobo);
  const hello = i.firstName ? `Hello ${i.firstName},` : "Hello,";
  const intro =
    i.paymentMethod === "PayOnDelivery"
      ? `Thank you for your order ${number}. It is placed and being prepared for shipment. You pay ${formatKobo(total)} on delivery.`
      : `Thank you for your order ${number}. It is placed and waiting for your card payment of ${formatKobo(total)}; we prepare it for shipment as soon as the payment is confirmed, and e-mail you then.`;
  const after = i.guestToken
    ? "Keep this e-mail: the link above is how you view and track this order (you checked out as a guest)."
    : "You can follow the order from your account (Orders).";
  const perStore: Array<[string, string]> =
    i.shipments && i.shipments.length > 1
      ? i.shipments.map((s) => [`${shippingLabel} from ${s.store}`, s.shippingKobo === 0 ? "Free" : formatKobo(s.shippingKobo)])
      : [[shippingLabel, shippingValue]];
  const totals: Array<[string, string]> = [["Subtotal", formatKobo(i.subtotalKobo)], ...perStore, ["Total", formatKobo(total)]];
  const textLines = i.lines.map((l) => `- ${l.name} × ${l.quantity}: ${formatKobo(l.unitKobo * l.quantity)}`).join("\n");
  const shippingText = perStore.map(([k, v]) => `${k}: ${v}`).join("\n");
  return {
    to: i.to,
    subject: `Your BuildMart NG order ${number} is placed`,
    text: `${hello}\n\n${intro}\n\n${textLines}\n\nSubtotal: ${formatKobo(i.subtotalKobo)}\n${shippingText}\nTotal: ${formatKobo(total)}\n\nView your order:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: layout(`Order ${number} is placed`, [hello, intro], itemsTable(i.lines, totals), { label: "View your order", href }, [after]),
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
}

export function itemCancelledEmail(i: ItemCancelledInput): MailMessage {
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const intro = `${i.productName} × ${i.quantity} has been cancelled from your order ${number} (reason: ${i.reason}).`;
  const money = i.refund
    ? `We are refunding ${formatKobo(i.amountKobo)} to your card. Refunds usually reach you within 5 to 10 working days; we e-mail you when it is processed.`
    : "Nothing was charged for this item, so there is nothing to refund.";
  const shipping = i.shippingRefundKobo && i.shippingRefundKobo > 0
    ? ` Nothing is left to ship on this order, so we are also refunding the shipping fee of ${formatKobo(i.shippingRefundKobo)} to your card.`
    : "";
  return {
    to: i.to,
    subject: `An item of your BuildMart NG order ${number} was cancelled`,
    text: `Hello,\n\n${intro}\n\n${money}${shipping}\n\nView your order:\n${href}\n\nBuildMart NG\n`,
    html: layout(`Item cancelled from order ${number}`, ["Hello,", intro, money + shipping], "", { label: "View your order", href }, []),
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
}

/** A card order never paid, cancelled by the job after UNPAID_ORDER_TTL_HOURS (app/jobs.server.ts). */
export function unpaidOrderCancelledEmail(i: UnpaidOrderCancelledInput): MailMessage {
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const hello = i.firstName ? `Hello ${i.firstName},` : "Hello,";
  const intro = `We did not receive the card payment of ${formatKobo(i.totalKobo)} for your order ${number} within ${i.hours} hours, so we have cancelled it and released its items for other shoppers.`;
  const after = "Nothing was charged. If you still want these items, please place a new order.";
  const textLines = i.lines.map((l) => `- ${l.name} × ${l.quantity}: ${formatKobo(l.unitKobo * l.quantity)}`).join("\n");
  return {
    to: i.to,
    subject: `Your BuildMart NG order ${number} was cancelled: no payment received`,
    text: `${hello}\n\n${intro}\n\n${textLines}\n\n${after}\n\nView the order:\n${href}\n\nBuildMart NG\n`,
    html: layout(`Order ${number} cancelled: no payment received`, [hello, intro], itemsTable(i.lines, [["Total", formatKobo(i.totalKobo)]]), { label: "View the order", href }, [after]),
  };
}
