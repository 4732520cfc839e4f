/**
 * Return e-mails ("Returns and refunds"): to the store when a shopper asks to return an
 * item, to the shopper when the store accepts or refuses it and when a pay-on-delivery return is
 * marked refunded (a card return's refund is announced by the payments area's refunded e-mail).
 * Queued with recordEvent in the same transaction as the change (app/workflows/returns.server.ts).
 */
import { formatKobo } from "~/domain/money";
import { orderNumber } from "~/domain/orders";
import type { MailMessage } from "../mail.server";
import { emailLayout, link, orderLink } from "./layout.server";

export interface ReturnEmailInput {
  to: string;
  orderId: string;
  productName: string;
  firstName?: string | null;
  /** A guest order's token: the order link is then the guest's signed link. */
  guestToken?: string;
}

function mail(to: string, subject: string, title: string, intro: string[], action: { label: string; href: string }, after: string[]): MailMessage {
  const text = `${intro.join("\n\n")}\n\n${action.label}:\n${action.href}\n\n${after.length ? `${after.join("\n\n")}\n\n` : ""}BuildMart NG\n`;
  return { to, subject, text, html: emailLayout({ title, intro, action, after, spellOutLink: true }) };
}

const hello = (firstName?: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");

/** To the store: a shopper asks to return an item. */
export function returnRequestedEmail(i: ReturnEmailInput & { storeName: string; storeSlug: string; reason: string; details: string }): MailMessage {
  const number = orderNumber(i.orderId);
  return mail(
    i.to,
    `Return requested: ${i.productName} (order ${number})`,
    `Return requested for order ${number}`,
    [`Hello ${i.storeName},`, `A shopper asks to return ${i.productName} from order ${number}.`, `Reason: ${i.reason}.`, `Details: ${i.details}`],
    { label: "Review the return", href: link(`/stores/${i.storeSlug}/returns`) },
    ["Accept or refuse it from your store's Returns page. A refusal needs a message for the shopper."],
  );
}

/** To the shopper: the store accepted the return. */
export function returnAcceptedEmail(i: ReturnEmailInput & { card: boolean; amountKobo: number; message: string | null }): MailMessage {
  const number = orderNumber(i.orderId);
  const money = formatKobo(i.amountKobo);
  const next = i.card
    ? `${money} is being refunded to the card you paid with. We will tell you when Paystack has processed it.`
    : `You paid on delivery: ${money} will be paid back to you by BuildMart NG, and we will tell you when it has been.`;
  return mail(
    i.to,
    `Your return of ${i.productName} was accepted`,
    `Return accepted (order ${number})`,
    [hello(i.firstName), `The seller accepted your return of ${i.productName} from order ${number}.`, ...(i.message ? [`The seller says: ${i.message}`] : []), next],
    { label: "See your order", href: orderLink(i.orderId, i.guestToken) },
    [],
  );
}

/** To the shopper: the store refused the return, with its message. */
export function returnRefusedEmail(i: ReturnEmailInput & { message: string }): MailMessage {
  const number = orderNumber(i.orderId);
  return mail(
    i.to,
    `Your return of ${i.productName} was refused`,
    `Return refused (order ${number})`,
    [hello(i.firstName), `The seller refused your return of ${i.productName} from order ${number}.`, `The seller says: ${i.message}`],
    { label: "See your order", href: orderLink(i.orderId, i.guestToken) },
    ["If you think this is wrong, reply to this e-mail and we will look into it."],
  );
}

/** To the shopper: the money for a returned pay-on-delivery item was paid back. */
export function returnRefundedEmail(i: ReturnEmailInput & { amountKobo: number }): MailMessage {
  const number = orderNumber(i.orderId);
  return mail(
    i.to,
    `Your return of ${i.productName} was refunded`,
    `Return refunded (order ${number})`,
    [hello(i.firstName), `We have paid back ${formatKobo(i.amountKobo)} for ${i.productName} from order ${number}.`],
    { label: "See your order", href: orderLink(i.orderId, i.guestToken) },
    [],
  );
}
