/**
 * Return e-mails ("Returns and refunds"): to the store when a shopper asks to return an
 * item, to the shopper when the store accepts or refuses it and when a pay-on-delivery return is
 * marked refunded (a card return's refund is announced by the payments area's refunded e-mail).
 * Queued with recordEvent in the same transaction as the change (app/workflows/returns.server.ts).
 * The shopper's e-mails are written in the shopper's saved language (`lang`, see
 * ./language.server.ts; the `email` messages); the store's in its owner's account language (Hausa ku).
 */
import { formatKobo } from "~/domain/money";
import { orderNumber } from "~/domain/orders";
import { isReturnReason } from "~/domain/return-rules";
import { textsFor } from "~/i18n/texts.server";
import type { MailMessage } from "../mail.server";
import { emailLayout, greetingFor, link, orderLink } from "./layout.server";

export interface ReturnEmailInput {
  to: string;
  orderId: string;
  productName: string;
  firstName?: string | null;
  /** A guest order's token: the order link is then the guest's signed link. */
  guestToken?: string;
  /** The reader's language (absent: English): the shopper's, or for the store's e-mail its owner's. */
  lang?: string | null;
}

function mail(to: string, subject: string, title: string, intro: string[], action: { label: string; href: string }, after: string[], lang?: string | null): MailMessage {
  const text = `${intro.join("\n\n")}\n\n${action.label}:\n${action.href}\n\n${after.length ? `${after.join("\n\n")}\n\n` : ""}BuildMart NG\n`;
  return { to, subject, text, html: emailLayout({ title, intro, action, after, spellOutLink: true, lang }) };
}

/** To the store: a shopper asks to return an item (the reason, one of RETURN_REASONS, in the reader's words). */
export function returnRequestedEmail(i: ReturnEmailInput & { storeName: string; storeSlug: string; reason: string; details: string }): MailMessage {
  const t = textsFor(i.lang, "email");
  const number = orderNumber(i.orderId);
  const reason = isReturnReason(i.reason) ? textsFor(i.lang, "orders")(`returnReason.${i.reason}`) : i.reason;
  return mail(
    i.to,
    t("store_return_subject", { product: i.productName, number }),
    t("store_return_title", { number }),
    [
      t("store_return_hello", { store: i.storeName }),
      t("store_return_intro", { product: i.productName, number }),
      t("store_return_reason", { reason }),
      t("store_return_details", { details: i.details }),
    ],
    { label: t("store_return_action"), href: link(`/stores/${i.storeSlug}/returns`) },
    [t("store_return_after")],
    i.lang,
  );
}

/** The shopper's e-mail pieces in their language: greeting, the order's button, `t`. */
function shopperTexts(i: ReturnEmailInput) {
  const t = textsFor(i.lang, "email");
  return { t, hello: greetingFor(i.lang, i.firstName), action: { label: t("view_order"), href: orderLink(i.orderId, i.guestToken) } };
}

/** To the shopper: the store accepted the return. */
export function returnAcceptedEmail(i: ReturnEmailInput & { card: boolean; amountKobo: number; message: string | null }): MailMessage {
  const { t, hello, action } = shopperTexts(i);
  const number = orderNumber(i.orderId);
  const amount = formatKobo(i.amountKobo);
  return mail(
    i.to,
    t("return_accepted_subject", { product: i.productName }),
    t("return_accepted_title", { number }),
    [
      hello,
      t("return_accepted_intro", { product: i.productName, number }),
      ...(i.message ? [t("return_seller_says", { message: i.message })] : []),
      t(i.card ? "return_accepted_card" : "return_accepted_pod", { amount }),
    ],
    action,
    [],
    i.lang,
  );
}

/** To the shopper: the store refused the return, with its message. */
export function returnRefusedEmail(i: ReturnEmailInput & { message: string }): MailMessage {
  const { t, hello, action } = shopperTexts(i);
  const number = orderNumber(i.orderId);
  return mail(
    i.to,
    t("return_refused_subject", { product: i.productName }),
    t("return_refused_title", { number }),
    [hello, t("return_refused_intro", { product: i.productName, number }), t("return_seller_says", { message: i.message })],
    action,
    [t("return_refused_after")],
    i.lang,
  );
}

/** To the shopper: the money for a returned pay-on-delivery item was paid back. */
export function returnRefundedEmail(i: ReturnEmailInput & { amountKobo: number }): MailMessage {
  const { t, hello, action } = shopperTexts(i);
  const number = orderNumber(i.orderId);
  return mail(
    i.to,
    t("return_refunded_subject", { product: i.productName }),
    t("return_refunded_title", { number }),
    [hello, t("return_refunded_intro", { amount: formatKobo(i.amountKobo), product: i.productName, number })],
    action,
    [],
    i.lang,
  );
}
