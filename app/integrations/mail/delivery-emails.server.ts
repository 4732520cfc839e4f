/**
 * Delivery e-mails: the order was shipped / delivered (sent when a store member moves the order on,
 * app/api/orders/store-routes.ts). Queued in the same transaction as the change (queueMail).
 */
import { env } from "~/config.server";
import { orderNumber } from "~/domain/orders";
import type { MailMessage } from "../mail.server";
import { emailLayout, orderLink } from "./layout.server";

export interface DeliveryEmailInput {
  to: string;
  orderId: string;
  guestToken?: string;
  firstName?: string | null;
  /** The names of this shipment's items (one store's active lines). */
  items: readonly string[];
  /** The store whose shipment moved (an order from several stores ships once per store). */
  store?: string | null;
}

function deliveryEmail(i: DeliveryEmailInput, kind: "shipped" | "delivered"): MailMessage {
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const hello = i.firstName ? `Hello ${i.firstName},` : "Hello,";
  const list = i.items.length ? ` (${i.items.join(", ")})` : "";
  const from = i.store ? ` from ${i.store}` : "";
  const intro =
    kind === "shipped"
      ? `Good news: the items of your order ${number}${from}${list} have been shipped and are on their way to you.`
      : `The items of your order ${number}${from}${list} have been delivered. Thank you for shopping with BuildMart NG.`;
  const after =
    kind === "shipped"
      ? "You can follow each step of the delivery, with its date, on the order's tracking page."
      : i.guestToken
        ? `Something not right? You can ask for a return from the order page (the link above) within ${env().RETURN_WINDOW_DAYS} days.`
        : `Happy with what you bought? Rate each product from the order page (Rate this product). Something not right? You can ask for a return there within ${env().RETURN_WINDOW_DAYS} days.`;
  const title = kind === "shipped" ? `Order ${number} has shipped${from}` : `Order ${number} was delivered${from}`;
  return {
    to: i.to,
    subject: kind === "shipped" ? `Your BuildMart NG order ${number} has shipped${from}` : `Your BuildMart NG order ${number} was delivered${from}`,
    text: `${hello}\n\n${intro}\n\nTrack your order:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: emailLayout({ title, intro: [hello, intro], action: { label: "Track your order", href }, after: [after], spellOutLink: true }),
  };
}

export const orderShippedEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "shipped");
export const orderDeliveredEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "delivered");
