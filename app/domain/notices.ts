/**
 * A member's notification as a key and its values (issue 38 item 2c, migration 0037): the
 * workflows record which message a notice is (`title_key` under `account:notifications.kind`,
 * `body_key` under `account:notifications.body`) and its values (`params`: order number, store,
 * amount in kobo…); a page says it in the reader's language when it shows it (sayNotice with the
 * page's `t`). The English `title` and `body` are still stored, said by the same function in
 * English when the notice is made, for the API's clients (its `title`/`body` fields unchanged).
 * Store notices are keys too (`store_*`, `low_stock`, `out_of_stock`, `return_requested`, the
 * deadline notices `deadline_*` with their instant as `due_at`, said in the reader's date words by
 * the caller's `date`). A notice without a key (rows older than 0037 that matched no known shape,
 * deadline notices written before issue 38 finished) is shown as stored. Client-safe: no i18n
 * import (the domain floor); the caller passes its `t` and its date formatter.
 */
import { formatKobo } from "./money";
import { formatQuantity } from "./units";

/** The titles a notice may have (keys of `account:notifications.kind`). */
export const NOTICE_TITLE_KEYS = [
  "order_placed",
  "order_paid",
  "order_paid_cash",
  "item_cancelled",
  "order_cancelled",
  "order_confirmed",
  "order_shipped",
  "order_delivered",
  "delivery_paid",
  "refund",
  "return_refused",
  "return_accepted",
  "return_refunded",
  "member_invited",
  "claim_answered",
  "claim_escalated",
  "claim_resolved",
  "pay_on_delivery_off",
  "quote_offered",
  "quote_declined",
  // a store's notices (its /stores/{slug}/notification list)
  "store_new_order",
  "store_order_paid",
  "store_delivery_paid",
  "low_stock",
  "out_of_stock",
  "return_requested",
  "store_claim_opened",
  "store_claim_escalated",
  "store_dispute_remind",
  "store_claim_ruled",
  "store_claim_updated",
  "store_quote_requested",
  "store_quote_countered",
  "store_quote_declined",
  "store_quote_accepted",
  "deadline_confirm",
  "deadline_ship",
  "deadline_missed",
] as const;
export type NoticeTitleKey = (typeof NOTICE_TITLE_KEYS)[number];

/** The bodies (keys of `account:notifications.body`). */
export const NOTICE_BODY_KEYS = [
  "pay_on_delivery",
  "complete_card",
  "preparing",
  "on_the_way",
  "enjoy",
  "paid_by_card",
  "paid_by_transfer",
  "paid_by_ussd",
  "paid_at_door",
  "cash_recorded",
  "card_never_came",
  "refund_for",
  "refund_on_way",
  "money_back",
  "item_cancelled",
  "item_cancelled_refund",
  "member_invited",
  "pay_on_delivery_off",
  // a store's notices
  "store_pod",
  "store_card_pending",
  "store_paid_card",
  "store_paid_transfer",
  "store_paid_ussd",
  "store_transfer_paid",
  "low_stock",
  "return_requested",
  "deadline_reminder",
  "deadline_not_confirmed",
  "deadline_not_shipped",
] as const;
export type NoticeBodyKey = (typeof NOTICE_BODY_KEYS)[number];

/** What a refund was for, when it is not a product (keys of `account:notifications.refund_what`). */
export const REFUND_WHAT_KEYS = ["duplicate", "shipping", "overpayment", "item"] as const;
export type RefundWhatKey = (typeof REFUND_WHAT_KEYS)[number];

/**
 * A notice's values as stored: `number` (order number), `store`, `product`, `item` (a line's
 * product and option), `inviter`, `email`, `reason` (a cancel reason as stored), `hours`,
 * `quantity`, `amount_kobo` (said as ₦), `what_key` (what a refund was for, said in the reader's
 * language; else `product`), `left` (stock left), `return_reason` (a return's reason as stored,
 * said in the reader's words), `details` (the shopper's own words), `due_at` (an instant, ISO: a
 * store's deadline, said as `due` in the reader's date words).
 */
export type NoticeParams = Record<string, string | number>;

export interface NoticeText {
  title: NoticeTitleKey;
  body?: NoticeBodyKey | null;
  params?: NoticeParams;
}

/** A stored notice: its English text and, when it has them, its keys and values. */
export interface StoredNotice {
  title: string;
  body: string;
  title_key?: string | null;
  body_key?: string | null;
  params?: NoticeParams | null;
}

type T = (key: string, values?: Record<string, unknown>) => string;
/** An instant (ISO) in the reader's date words (~/i18n/dates' formatDate with the reader's `t`). */
type SayDate = (iso: string) => string;

const isTitleKey = (k: unknown): k is NoticeTitleKey => typeof k === "string" && (NOTICE_TITLE_KEYS as readonly string[]).includes(k);
const isBodyKey = (k: unknown): k is NoticeBodyKey => typeof k === "string" && (NOTICE_BODY_KEYS as readonly string[]).includes(k);
const isWhatKey = (k: unknown): k is RefundWhatKey => typeof k === "string" && (REFUND_WHAT_KEYS as readonly string[]).includes(k);

/**
 * The values a message is said with, from the stored ones: amounts as naira, quantities grouped,
 * a cancel reason and what a refund was for in the reader's words, a deadline by `date`. `t` is
 * bound to `account`.
 */
export function noticeValues(params: NoticeParams, t: T, date: SayDate = (iso) => iso): Record<string, string | number> {
  const v: Record<string, string | number> = { ...params };
  if (typeof params.due_at === "string") v.due = date(params.due_at);
  if (typeof params.amount_kobo === "number") v.amount = formatKobo(params.amount_kobo);
  if (typeof params.quantity === "number") v.quantity = formatQuantity(params.quantity);
  if (typeof params.reason === "string") v.reason = t(`orders:cancelReason.${params.reason}`, { defaultValue: params.reason });
  if (typeof params.return_reason === "string") v.return_reason = t(`orders:returnReason.${params.return_reason}`, { defaultValue: params.return_reason });
  if (isWhatKey(params.what_key)) v.what = t(`notifications.refund_what.${params.what_key}`);
  else if (typeof params.product === "string" && v.what === undefined) v.what = params.product;
  return v;
}

/** A notice in `t`'s language: its keys said with its values, or its stored text where it has none. */
export function sayNotice(n: StoredNotice, t: T, date?: SayDate): { title: string; body: string } {
  const values = noticeValues(n.params ?? {}, t, date);
  return {
    title: isTitleKey(n.title_key) ? t(`notifications.kind.${n.title_key}`, values) : n.title,
    body: isBodyKey(n.body_key) ? t(`notifications.body.${n.body_key}`, values) : n.body,
  };
}

/**
 * The columns of a notice made from `text`, its English said by `en` (a `t` of English `account`)
 * and `date` (English date words); `body`: the body as written (a seller's own words) when `text`
 * has no body key.
 */
export function noticeColumns(
  text: NoticeText,
  en: T,
  body = "",
  date?: SayDate,
): { title: string; body: string; title_key: string; body_key: string | null; params: NoticeParams } {
  const params = text.params ?? {};
  const said = sayNotice({ title: "", body, title_key: text.title, body_key: text.body ?? null, params }, en, date);
  return { ...said, title_key: text.title, body_key: text.body ?? null, params };
}
