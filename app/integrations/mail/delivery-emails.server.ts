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
  /** The names of the order's items that are on their way (active lines). */
  items: readonly string[];
}

function deliveryEmail(i: DeliveryEmailInput, kind: "shipped" | "delivered"): MailMessage {
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const hello = i.firstName ? `Hello ${i.firstName},` : "Hello,";
  const list = i.items.length ? ` (${i.items.join(", ")})` : "";
  const intro =
    kind === "shipped"
      ? `Good news: your order ${number}${list} has been shipped and is on its way to you.`
      : `Your order ${number}${list} has been delivered. Thank you for shopping with BuildMart NG.`;
  const after =
    kind === "shipped"
      ? "You can follow each step of the delivery, with its date, on the order's tracking page."
      : i.guestToken
        ? `Something not right? You can ask for a return from the order page (the link above) within ${env().RETURN_WINDOW_DAYS} days.`
        : `Happy with what you bought? You can rate and review the products from the order page. Something not right? You can ask for a return there within ${env().RETURN_WINDOW_DAYS} days.`;
  const title = kind === "shipped" ? `Order ${number} has shipped` : `Order ${number} was delivered`;
  return {
    to: i.to,
    subject: kind === "shipped" ? `Your BuildMart NG order ${number} has shipped` : `Your BuildMart NG order ${number} was delivered`,
    text: `${hello}\n\n${intro}\n\nTrack your order:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: emailLayout({ title, intro: [hello, intro], action: { label: "Track your order", href }, after: [after], spellOutLink: true }),
  };
}

export const orderShippedEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "shipped");
export const orderDeliveredEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "delivered");
