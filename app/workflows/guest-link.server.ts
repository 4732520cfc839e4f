/**
 * A fresh link to a guest's order (issue 37 item 9; docs/decisions/0029-guest-order-links.md):
 * the shopper gives the order number and the e-mail address or phone number of the order; when
 * they match a guest order, a new signed link is queued to the order's e-mail (mail queue) and to
 * its phone (SMS queue). The caller answers the same whether or not anything matched.
 */
import type { Queryable } from "~/db/client.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { orderNumber, orderNumberKey } from "~/domain/order-rules";
import { normalizeNigerianPhone } from "~/domain/validation";
import { guestLinkEmail, orderLink, queueMail } from "~/integrations/mail/order-emails.server";
import { orderLanguage } from "~/integrations/mail/language.server";
import { queueSms } from "~/integrations/sms.server";
import { textsFor } from "~/i18n/texts.server";

interface GuestOrderContact {
  id: string;
  customer_email: string | null;
  first_name: string | null;
  phone_one: string | null;
  phone_two: string | null;
}

/** The guest orders (at most a few) whose number is `orderInput` and whose e-mail or phone is `contact`. */
export async function matchingGuestOrders(q: Queryable, orderInput: string, contact: { email: string } | { phone: string }): Promise<GuestOrderContact[]> {
  const key = orderNumberKey(orderInput);
  if (!key) return [];
  const r = await q.query<GuestOrderContact>(
    `SELECT id::text AS id, customer_email::text AS customer_email, delivery_address->>'receiver_first_name' AS first_name,
            delivery_address->>'receiver_phone_one' AS phone_one, delivery_address->>'receiver_phone_two' AS phone_two
       FROM orders
      WHERE user_id IS NULL AND ${"id" in key ? "id = $1::uuid" : "left(id::text, 8) = $1"}
      LIMIT 5`,
    ["id" in key ? key.id : key.prefix],
  );
  return r.rows.filter((o) =>
    "email" in contact
      ? !!o.customer_email && o.customer_email.toLowerCase() === contact.email
      : [o.phone_one, o.phone_two].some((p) => !!p && normalizeNigerianPhone(p) === contact.phone),
  );
}

/** Queues a fresh link to each matching order's e-mail and phone; the number of orders it went to. */
export async function sendFreshGuestLinks(q: Queryable, orderInput: string, contact: { email: string } | { phone: string }): Promise<number> {
  const orders = await matchingGuestOrders(q, orderInput, contact);
  for (const o of orders) {
    const token = guestTokenFor(o.id);
    const lang = await orderLanguage(q, o.id);
    if (o.customer_email) {
      await queueMail(q, guestLinkEmail({ to: o.customer_email, firstName: o.first_name ?? "", orderId: o.id, guestToken: token, lang }));
    }
    const phone = o.phone_one ? normalizeNigerianPhone(o.phone_one) : null;
    if (phone) await queueSms(q, phone, textsFor(lang, "sms")("guest_link", { order: orderNumber(o.id), url: orderLink(o.id, token) }));
  }
  return orders.length;
}
