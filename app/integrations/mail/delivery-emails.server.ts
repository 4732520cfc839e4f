/**
 * Delivery e-mails: the order was shipped / delivered (sent when a store member moves the order on,
 * app/api/orders/store-routes.ts). Queued in the same transaction as the change (queueMail).
 */
import { env } from "~/config.server";
import { orderNumber } from "~/domain/orders";
import { textsFor } from "~/i18n/texts.server";
import type { MailMessage } from "../mail.server";
import { emailLayout, greetingFor, orderLink } from "./layout.server";

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
  return {
    to: i.to,
    subject: t(kind === "shipped" ? "shipped_subject" : "delivered_subject", { number, from }),
    text: `${hello}\n\n${intro}\n\n${t("track_order_text")}\n${href}\n\n${after}\n\n${t("sign_off")}\n`,
    html: emailLayout({ title, intro: [hello, intro], action: { label: t("track_order"), href }, after: [after], spellOutLink: true, lang: i.lang }),
  };
}

export const orderShippedEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "shipped");
export const orderDeliveredEmail = (i: DeliveryEmailInput) => deliveryEmail(i, "delivered");
