/**
 * Delivery e-mails: the order was shipped / delivered (sent when a store member moves the order on,
 * app/api/orders/store-routes.ts). Queued in the same transaction as the change (queueMail).
 */
import { env } from "~/config.server";
import { orderNumber } from "~/domain/orders";
import { textsFor } from "~/i18n/texts.server";
import type { MailMessage } from "../mail.server";
import { formatKobo } from "~/domain/money";
import { emailLayout, esc, greetingFor, link, orderLink } from "./layout.server";

export interface DeliveryEmailInput {
  to: string;
  orderId: string;
  guestToken?: string;
  firstName?: string | null;
  /** The names of this shipment's items (one store's active lines). */
  items: readonly string[];
  /** The store whose shipment moved (an order from several stores ships once per store). */
  store?: string | null;
  /** The shopper's language (absent: English). */
  lang?: string | null;
  /**
   * Shipped, pay on delivery and not paid yet: the shipment's amount and the page that pays it by
   * bank transfer now (issue 33 item 4: pay at the door by transfer).
   */
  payAtDoor?: { amountKobo: number; path: string } | null;
}

function deliveryEmail(i: DeliveryEmailInput, kind: "shipped" | "delivered"): MailMessage {
  const t = textsFor(i.lang, "email");
  const number = orderNumber(i.orderId);
  const href = orderLink(i.orderId, i.guestToken);
  const hello = greetingFor(i.lang, i.firstName);
  const list = i.items.length ? ` (${i.items.join(", ")})` : "";
  const from = i.store ? t("from_store", { store: i.store }) : "";
  const intro = t(kind === "shipped" ? "shipped_intro" : "delivered_intro", { number, from, list });
  const days = env().RETURN_WINDOW_DAYS;
  const after = kind === "shipped" ? t("shipped_after") : t(i.guestToken ? "delivered_after_guest" : "delivered_after_member", { days });
  const title = t(kind === "shipped" ? "shipped_title" : "delivered_title", { number, from });
  const pay = kind === "shipped" && i.payAtDoor ? { text: t("pay_at_door", { amount: formatKobo(i.payAtDoor.amountKobo) }), href: link(i.payAtDoor.path) } : null;
  const payHtml = pay
    ? `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${esc(pay.text)}<br><a href="${esc(pay.href)}" style="color:#c2410c;word-break:break-all">${esc(pay.href)}</a></p>`
    : undefined;
  return {
    to: i.to,
    subject: t(kind === "shipped" ? "shipped_subject" : "delivered_subject", { number, from }),
    text: `${hello}\n\n${intro}\n\n${pay ? `${pay.text}\n${pay.href}\n\n` : ""}${t("track_order_text")}\n${href}\n\n${after}\n\n${t("sign_off")}\n`,
    html: emailLayout({ title, intro: [hello, intro], table: payHtml, action: { label: t("track_order"), href }, after: [after], spellOutLink: true, lang: i.lang }),
  };
}

export const orderShippedEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "shipped");
export const orderDeliveredEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "delivered");
