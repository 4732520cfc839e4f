/**
 * Order updates by SMS and WhatsApp, fanned out in ONE place: `recordEvent` hands every
 * event's notices here, inside the same transaction, and the order updates among them are queued
 * for the shoppers (and store owners) who chose those channels with a verified phone
 * (users.notify_sms / notify_whatsapp, migration 0024; a STOP reply turns them off). E-mail stays
 * as it is (the callers' own mails). Queued messages go out with the SMS / WhatsApp workers
 * (app/jobs.server.ts), with retries.
 *
 *   buyer notice kind          → update       store notice kind → update
 *   order_placed               → placed       order_placed      → new_order (to the store's owner)
 *   order_paid                 → paid
 *   order_shipped              → shipped
 *   order_delivered            → delivered
 *   item_cancelled (no active line left) → cancelled
 *   refund, return_refunded    → refunded
 *
 * A shopper's messages are in their saved language (users.language), else the order's
 * (orders.language); the store owner's "New order" stays English like the seller pages.
 */
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { formatKobo } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import { newOrderSms, orderSms, orderTemplateParams, type OrderUpdate } from "~/integrations/sms-templates.server";
import { queueSms } from "~/integrations/sms.server";
import { queueWhatsApp, templateName } from "~/integrations/whatsapp.server";
import type { Notice } from "./commands.server";

const BUYER_UPDATES: Partial<Record<Notice["kind"], OrderUpdate>> = {
  order_placed: "placed",
  order_paid: "paid",
  order_shipped: "shipped",
  order_delivered: "delivered",
  item_cancelled: "cancelled",
  refund: "refunded",
  return_refunded: "refunded",
};

const ORDER_LINK = /\/orders\/([0-9a-f-]{36})(?:$|[/?#])/i;

interface Recipient {
  phone: string;
  first_name: string;
  sms: boolean;
  whatsapp: boolean;
  language: string | null;
}

async function recipient(q: Queryable, userId: number): Promise<Recipient | null> {
  const r = await q.query<Recipient>(
    `SELECT phone, first_name, notify_sms AS sms, notify_whatsapp AS whatsapp, language FROM users
      WHERE id = $1 AND is_active AND phone IS NOT NULL AND phone_verified_at IS NOT NULL AND (notify_sms OR notify_whatsapp)`,
    [userId],
  );
  return r.rows[0] ?? null;
}

async function orderFacts(q: Queryable, orderId: string) {
  const r = await q.query<{ total: string | number; active: boolean; language: string | null }>(
    `SELECT o.order_total_kobo + o.shipping_kobo AS total, o.language,
            EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status = 'Active') AS active
       FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  const row = r.rows[0];
  return row ? { totalKobo: Number(row.total), active: row.active, language: row.language } : null;
}

/** Queues the SMS / WhatsApp messages of `notices` on `q` (the caller's transaction). */
export async function fanOutChannels(q: Queryable, notices: readonly Notice[]): Promise<void> {
  const base = env().publicUrl;
  const done = new Set<string>();
  for (const n of notices) {
    const orderId = n.link ? ORDER_LINK.exec(n.link)?.[1] : undefined;
    if (!orderId) continue;
    if (n.userId != null && n.storeId == null) {
      const update = BUYER_UPDATES[n.kind];
      if (!update || done.has(`u${n.userId}:${update}`)) continue;
      const who = await recipient(q, n.userId);
      if (!who) continue;
      const facts = await orderFacts(q, orderId);
      if (!facts) continue;
      if (n.kind === "item_cancelled" && facts.active) continue; // one line cancelled: the order goes on
      done.add(`u${n.userId}:${update}`);
      const values = { name: who.first_name, order: orderNumber(orderId), amount: formatKobo(facts.totalKobo), url: `${base}${n.link}` };
      const lang = who.language ?? facts.language;
      if (who.sms) await queueSms(q, who.phone, orderSms(update, values, lang));
      if (who.whatsapp) await queueWhatsApp(q, who.phone, templateName(update), orderTemplateParams(values, lang), lang);
    } else if (n.storeId != null && n.kind === "order_placed") {
      const store = await q.query<{ owner_id: number; name: string }>("SELECT owner_id, name FROM stores WHERE id = $1", [n.storeId]);
      const s = store.rows[0];
      if (!s || done.has(`s${n.storeId}`)) continue;
      done.add(`s${n.storeId}`);
      const who = await recipient(q, s.owner_id);
      const facts = who ? await orderFacts(q, orderId) : null;
      if (!who || !facts) continue;
      const values = { store: s.name, order: orderNumber(orderId), amount: formatKobo(facts.totalKobo), url: `${base}${n.link}` };
      if (who.sms) await queueSms(q, who.phone, newOrderSms(values));
      if (who.whatsapp) await queueWhatsApp(q, who.phone, templateName("new_order"), [values.store, values.order, values.amount, values.url]);
    }
  }
}
