/**
 * A store's deadline e-mails (issue 36 item 3, app/domain/deadlines.ts), to its owner and members
 * who get order e-mails: the half-time reminder ("Confirm order #X by Mon 2 Dec, 10:00") and the
 * notice that a missed deadline cancelled the store's part of an order. The buyer is told by the
 * item-cancelled e-mail, in their language, with the reason.
 */
import type { DeadlineStage } from "~/domain/deadlines";
import { orderNumber } from "~/domain/orders";
import { formatDate } from "~/i18n/dates";
import type { MailMessage } from "../mail.server";
import { emailLayout } from "./layout.server";
import { storeOrderUrl } from "./store-order-emails.server";

export interface DeadlineMailInput {
  to: string;
  firstName?: string | null;
  storeName: string;
  storeSlug: string;
  orderId: string;
  stage: DeadlineStage;
  dueAt: Date;
}

const verb = (stage: DeadlineStage) => (stage === "confirm" ? "Confirm" : "Ship");

export function deadlineReminderEmail(i: DeadlineMailInput): MailMessage {
  const number = orderNumber(i.orderId);
  const href = storeOrderUrl(i.storeSlug, i.orderId);
  const hello = i.firstName ? `Hello ${i.firstName},` : "Hello,";
  const due = formatDate(i.dueAt, "en");
  const intro = `${verb(i.stage)} order ${number} for ${i.storeName} by ${due}.`;
  const why =
    i.stage === "confirm"
      ? "An order not confirmed in time is cancelled, and the buyer gets their money back."
      : "An order not handed over for delivery in time is cancelled, and the buyer gets their money back.";
  return {
    to: i.to,
    subject: `${verb(i.stage)} order ${number} by ${due}`,
    text: `${hello}\n\n${intro}\n${why}\n\nOpen the order:\n${href}\n\nBuildMart NG\n`,
    html: emailLayout({ title: `${verb(i.stage)} order ${number}`, intro: [hello, intro, why], action: { label: "Open the order", href }, after: [], spellOutLink: true }),
  };
}

export function deadlineMissedEmail(i: DeadlineMailInput): MailMessage {
  const number = orderNumber(i.orderId);
  const href = storeOrderUrl(i.storeSlug, i.orderId);
  const hello = i.firstName ? `Hello ${i.firstName},` : "Hello,";
  const missed = i.stage === "confirm" ? "was not confirmed" : "was not shipped";
  const intro = `${i.storeName}'s part of order ${number} ${missed} by ${formatDate(i.dueAt, "en")}, so it was cancelled. Its stock is back, and the buyer was told and refunded if they had paid.`;
  return {
    to: i.to,
    subject: `Order ${number} cancelled: the deadline was missed`,
    text: `${hello}\n\n${intro}\n\nOpen the order:\n${href}\n\nBuildMart NG\n`,
    html: emailLayout({ title: `Order ${number} cancelled`, intro: [hello, intro], action: { label: "Open the order", href }, after: [], spellOutLink: true }),
  };
}
