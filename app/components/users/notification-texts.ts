/**
 * The member's notifications in the reader's language. The list's own words come from
 * `account:notifications.*`. A notification itself is stored as English text (title and body,
 * written by the workflows when the event happens) with its kind, and the API has no structured
 * data beside them; so a notice in a known shape (the workflows' templates below) is said again in
 * the reader's language with the values read out of it (order number, store, amount). Anything
 * else (a cancellation reason, a product name) stays as stored; English readers see the stored
 * text unchanged.
 */
import { useTranslation } from "~/i18n/react";
import type { NotificationsTexts } from "~/components/notifications-list";
import type { ApiNotification } from "~/storefront/api-types";

type Say = (key: string, values?: Record<string, string | number>) => string;

/** English shapes of the buyer's notice titles (app/workflows/*) and their `notifications.kind` keys. */
const TITLES: Array<[RegExp, string, string[]]> = [
  [/^Order (\S+) placed$/, "order_placed", ["number"]],
  [/^Payment received for order (\S+)$/, "order_paid", ["number"]],
  [/^Order (\S+): payment received$/, "order_paid", ["number"]],
  [/^Item cancelled on order (\S+)$/, "item_cancelled", ["number"]],
  [/^Order (\S+) cancelled$/, "order_cancelled", ["number"]],
  [/^Order (\S+): (.+) confirmed$/, "order_confirmed", ["number", "store"]],
  [/^Order (\S+): (.+) shipped$/, "order_shipped", ["number", "store"]],
  [/^Order (\S+): (.+) delivered$/, "order_delivered", ["number", "store"]],
  [/^Order (\S+): (.+)'s delivery is paid$/, "delivery_paid", ["number", "store"]],
  [/^Refund of (.+) sent$/, "refund", ["amount"]],
  [/^Your return of (.+) was refused$/, "return_refused", ["product"]],
  [/^Your return of (.+) was accepted$/, "return_accepted", ["product"]],
  [/^Your return of (.+) was refunded$/, "return_refunded", ["product"]],
];

/** English shapes of their bodies and their `notifications.body` keys. */
const BODIES: Array<[RegExp, string, string[]]> = [
  [/^You pay on delivery\.$/, "pay_on_delivery", []],
  [/^Complete the card payment to have it confirmed\.$/, "complete_card", []],
  [/^(.+) is preparing its items for shipment\.$/, "preparing", ["store"]],
  [/^(.+)'s items are on their way to you\.$/, "on_the_way", ["store"]],
  [/^Enjoy it, and tell others what you think with a review\.$/, "enjoy", []],
  [/^(₦\S+) paid by card\.$/, "paid_by_card", ["amount"]],
  [/^(₦\S+) paid by bank transfer\.$/, "paid_by_transfer", ["amount"]],
  [/^(₦\S+) paid by USSD\.$/, "paid_by_ussd", ["amount"]],
  [/^(₦\S+) paid by bank transfer\. Pay nothing at the door: give the rider your delivery code\.$/, "paid_at_door", ["amount"]],
  [/^(.+) recorded your cash payment of (₦\S+)\.$/, "cash_recorded", ["store", "amount"]],
  [/^The card payment never came within (\d+) hours, so the order was cancelled\.$/, "card_never_came", ["hours"]],
  [/^For (.+) on order (\S+)\.$/, "refund_for", ["what", "number"]],
  [/^The refund is on its way to your card\.$/, "refund_on_way", []],
  [/^The money will be paid back to you\.$/, "money_back", []],
];

/** The refund workflow's English names of what was refunded (else it names the product). */
const REFUND_WHAT: Record<string, string> = {
  "a duplicate payment": "duplicate",
  "the shipping fee": "shipping",
  "the amount paid above the order's total": "overpayment",
  "an item": "item",
};

function sayAgain(text: string, shapes: Array<[RegExp, string, string[]]>, prefix: string, t: Say): string {
  for (const [re, key, names] of shapes) {
    const m = re.exec(text);
    if (!m) continue;
    const values: Record<string, string> = Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
    if (values.what && REFUND_WHAT[values.what]) values.what = t(`notifications.refund_what.${REFUND_WHAT[values.what]}`);
    return t(`${prefix}.${key}`, values);
  }
  return text;
}

/** A notice in the reader's language where its shape is known (exported for the tests). */
export function noticeIn(n: Pick<ApiNotification, "title" | "body">, t: Say): { title: string; body: string } {
  return { title: sayAgain(n.title, TITLES, "notifications.kind", t), body: n.body ? sayAgain(n.body, BODIES, "notifications.body", t) : "" };
}

export function useNotificationTexts(): NotificationsTexts {
  const { t, i18n } = useTranslation("account");
  const say: Say = (key, values) => t(key, values);
  return {
    list: t("notifications.list"),
    noneUnread: t("notifications.none_unread"),
    unread: (count) => t("notifications.unread", { count }),
    inAll: (count) => t("notifications.in_all", { count }),
    markAll: t("notifications.mark_all"),
    nothingHere: t("notifications.nothing_here"),
    backNewest: t("notifications.back_newest"),
    unreadTag: t("notifications.unread_tag"),
    markOne: t("notifications.mark_read"),
    pages: t("notifications.pages"),
    previous: t("notifications.previous"),
    page: (page) => t("notifications.page", { page }),
    next: t("notifications.next"),
    dates: say,
    notice: !i18n.language || i18n.language === "en" ? undefined : (n) => noticeIn(n, say),
  };
}
