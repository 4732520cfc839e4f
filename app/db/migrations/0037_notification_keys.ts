/**
 * Notifications as a key and its values (issue 38 item 2c, ~/domain/notices): a member's notice
 * records which message it is (`title_key`, `body_key`: keys of `account:notifications.kind` and
 * `.body`) and its values (`params`: order number, store, product, amount in kobo…), and a page says
 * it in the reader's language; `title`/`body` keep the English for the API's clients.
 *
 * Existing member notices are backfilled where their English has one of the workflows' shapes
 * (the ones app/components/users/notification-texts.ts read back with regular expressions until
 * now); any other row keeps NULL keys and is shown as stored. Store notices (seller pages, English)
 * are left as they are.
 */
const member = `user_id IS NOT NULL AND store_id IS NULL`;
/** "₦1,500.50" (a capture) as kobo. */
const kobo = (capture: string) => `round(replace(replace(${capture}, '₦', ''), ',', '')::numeric * 100)::bigint`;

/** A title shape: its key, its pattern, the names of its captures. */
const TITLES: Array<[string, string, string[]]> = [
  ["order_placed", String.raw`^Order (\S+) placed$`, ["number"]],
  ["order_paid", String.raw`^Payment received for order (\S+)$`, ["number"]],
  ["order_paid_cash", String.raw`^Order (\S+): payment received$`, ["number"]],
  ["item_cancelled", String.raw`^Item cancelled on order (\S+)$`, ["number"]],
  ["order_cancelled", String.raw`^Order (\S+) cancelled$`, ["number"]],
  ["order_confirmed", String.raw`^Order (\S+): (.+) confirmed$`, ["number", "store"]],
  ["order_shipped", String.raw`^Order (\S+): (.+) shipped$`, ["number", "store"]],
  ["order_delivered", String.raw`^Order (\S+): (.+) delivered$`, ["number", "store"]],
  ["delivery_paid", String.raw`^Order (\S+): (.+)'s delivery is paid$`, ["number", "store"]],
  ["refund", String.raw`^Refund of (₦\S+) sent$`, ["amount"]],
  ["return_refused", String.raw`^Your return of (.+) was refused$`, ["product"]],
  ["return_accepted", String.raw`^Your return of (.+) was accepted$`, ["product"]],
  ["return_refunded", String.raw`^Your return of (.+) was refunded$`, ["product"]],
  ["member_invited", String.raw`^You are invited to join (.+)$`, ["store"]],
];

const BODIES: Array<[string, string, string[]]> = [
  ["pay_on_delivery", String.raw`^You pay on delivery\.$`, []],
  ["complete_card", String.raw`^Complete the card payment to have it confirmed\.$`, []],
  ["preparing", String.raw`^(.+) is preparing its items for shipment\.$`, ["store"]],
  ["on_the_way", String.raw`^(.+)'s items are on their way to you\.$`, ["store"]],
  ["enjoy", String.raw`^Enjoy it, and tell others what you think with a review\.$`, []],
  ["paid_by_card", String.raw`^(₦\S+) paid by card\.$`, ["amount"]],
  ["paid_by_transfer", String.raw`^(₦\S+) paid by bank transfer\.$`, ["amount"]],
  ["paid_by_ussd", String.raw`^(₦\S+) paid by USSD\.$`, ["amount"]],
  ["paid_at_door", String.raw`^(₦\S+) paid by bank transfer\. Pay nothing at the door: give the rider your delivery code\.$`, ["amount"]],
  ["cash_recorded", String.raw`^(.+) recorded your cash payment of (₦\S+)\.$`, ["store", "amount"]],
  ["card_never_came", String.raw`^The card payment never came within (\d+) hours, so the order was cancelled\.$`, ["hours"]],
  ["refund_for", String.raw`^For (.+) on order (\S+)\.$`, ["what", "number"]],
  ["refund_on_way", String.raw`^The refund is on its way to your card\.$`, []],
  ["money_back", String.raw`^The money will be paid back to you\.$`, []],
  ["item_cancelled_refund", String.raw`^(.+) × (\d+(?:\.\d+)?): (.+)\. A refund is on its way\.$`, ["item", "quantity", "reason"]],
  ["item_cancelled", String.raw`^(.+) × (\d+(?:\.\d+)?): (.+)\.$`, ["item", "quantity", "reason"]],
  ["member_invited", String.raw`^(.+) invited you to help run (.+)\. Open the invitation e-mail sent to (\S+) to accept\.$`, ["inviter", "store", "email"]],
];

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The jsonb of a shape's captures from `col` (amounts as kobo, quantities and hours as numbers). */
function paramsOf(col: string, re: string, names: string[]): string {
  if (!names.length) return `'{}'::jsonb`;
  const pairs = names.map((n, i) => {
    const m = `(regexp_match(${col}, ${quote(re)}))[${i + 1}]`;
    if (n === "amount") return `'amount_kobo', ${kobo(m)}`;
    if (n === "quantity" || n === "hours") return `'${n}', ${m}::numeric`;
    return `'${n}', ${m}`;
  });
  return `jsonb_build_object(${pairs.join(", ")})`;
}

const titleUpdates = TITLES.map(
  ([key, re, names]) =>
    `UPDATE notifications SET title_key = '${key}', params = params || ${paramsOf("title", re, names)} WHERE ${member} AND title_key IS NULL AND title ~ ${quote(re)};`,
);
// The first matching shape wins (item_cancelled_refund before item_cancelled): body_key IS NULL.
const bodyUpdates = BODIES.map(
  ([key, re, names]) =>
    `UPDATE notifications SET body_key = '${key}', params = params || ${paramsOf("body", re, names)} WHERE ${member} AND title_key IS NOT NULL AND body_key IS NULL AND body ~ ${quote(re)};`,
);

/** The backfill of rows without keys (exported for tests/api/notification-keys.test.ts). */
export const NOTIFICATION_BACKFILL_SQL = /* sql */ `
${titleUpdates.join("\n")}
${bodyUpdates.join("\n")}
-- What a refund was for: the refund workflow's English names, else a product's name.
UPDATE notifications SET params = (params - 'what') || jsonb_build_object('what_key', CASE params->>'what'
    WHEN 'a duplicate payment' THEN 'duplicate' WHEN 'the shipping fee' THEN 'shipping'
    WHEN 'the amount paid above the order''s total' THEN 'overpayment' ELSE 'item' END)
  WHERE body_key = 'refund_for' AND params->>'what' IN ('a duplicate payment', 'the shipping fee', 'the amount paid above the order''s total', 'an item');
UPDATE notifications SET params = (params - 'what') || jsonb_build_object('product', params->>'what')
  WHERE body_key = 'refund_for' AND params ? 'what';
`;

export const m0037_notification_keys = {
  id: "0037_notification_keys",
  sql: /* sql */ `
ALTER TABLE notifications ADD COLUMN title_key text;
ALTER TABLE notifications ADD COLUMN body_key text;
ALTER TABLE notifications ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;
${NOTIFICATION_BACKFILL_SQL}`,
};
