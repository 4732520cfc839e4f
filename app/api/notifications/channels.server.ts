/**
 * Order updates by SMS and WhatsApp, fanned out in ONE place: `recordEvent` hands every
 * event's notices here, inside the same transaction, and the order updates among them are queued
 * for the shoppers (and store owners) who chose those channels with a verified phone
 * (users.notify_sms / notify_whatsapp, migration 0024; a STOP reply turns them off). E-mail stays
 * as it is (the callers' own mails). Queued messages go out with the SMS / WhatsApp workers
 * (app/jobs.server.ts), with retries.
 *
 *   buyer notice kind                        → update
 *   order_placed                             → placed (the order's total)
 *   order_paid (card)                        → paid (the order's total)
 *   order_shipped      (a store's shipment)  → shipped_store   } the store named, that shipment's
 *   order_delivered    (a store's shipment)  → delivered_store } amount (its items + its shipping:
 *   order_paid         (a store's cash)      → delivered_cash  } app/domain/pricing.ts)
 *   item_cancelled (no active line left)     → cancelled
 *   refund, return_refunded                  → refunded
 *   store notice order_placed                → new_order (to the store's owner)
 *
 * Updates carry a topic (the order, or the order's shipment of one store) and a rank (how far the
 * state has gone): within the send window a later state replaces an earlier one of the same topic,
 * and a state already overtaken when it is due is never sent (app/integrations/messaging/outbox.server.ts).
 * So a store that marks Delivered and then Cash received sends ONE message, "delivered, we got ₦X
 * cash", and "on its way" never follows "delivered".
 *
 * A shopper's messages are in their saved language (users.language), else the order's
 * (orders.language); the store owner's "New order" stays English like the seller pages.
 */
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { formatKobo } from "~/domain/money";
import { orderNumber, payAtDoorPath, payAtDoorRefusal } from "~/domain/order-rules";
import { orderTotalKobo, shipmentTotalKobo } from "~/domain/pricing";
import type { MessageTopic } from "~/integrations/messaging/outbox.server";
import {
  deliveryCodeSms,
  deliveryCodeTemplateParams,
  newOrderSms,
  orderSms,
  orderTemplateParams,
  shipmentSms,
  shipmentTemplateParams,
  type OrderUpdate,
  type ShipmentUpdate,
} from "~/integrations/sms-templates.server";
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

/** A store's shipment's updates. */
const SHIPMENT_UPDATES: Partial<Record<Notice["kind"], ShipmentUpdate>> = {
  order_shipped: "shipped_store",
  order_delivered: "delivered_store",
  order_paid: "delivered_cash",
};

/** How far each update's state has gone in its topic (a higher rank overtakes a lower one). */
const RANK: Record<OrderUpdate | ShipmentUpdate, number> = {
  placed: 1,
  paid: 2,
  shipped: 3,
  delivered: 4,
  cancelled: 5,
  refunded: 0,
  shipped_store: 3,
  delivered_store: 4,
  delivered_cash: 5,
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
  const r = await q.query<{ items: number; shipping: number; active: boolean; language: string | null }>(
    `SELECT o.order_total_kobo AS items, o.shipping_kobo AS shipping, o.language,
            EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status = 'Active') AS active
       FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  const row = r.rows[0];
  return row ? { totalKobo: orderTotalKobo(Number(row.items), Number(row.shipping)), active: row.active, language: row.language } : null;
}

/** One store's shipment of an order: its name and what it costs (its active lines + its shipping). */
async function shipmentFacts(q: Queryable, orderId: string, storeId: number) {
  const r = await q.query<{ id: number; store: string | null; items: number; active: number; shipping: number; method: string; status: string; cash: boolean; transfer: boolean }>(
    `SELECT sh.id, s.name AS store, sh.shipping_kobo AS shipping, o.order_payment_method AS method, o.order_payment_status AS status,
            sh.cash_received_at IS NOT NULL AS cash, sh.transfer_paid_at IS NOT NULL AS transfer, a.items, a.active
       FROM shipments sh JOIN orders o ON o.id = sh.order_id LEFT JOIN stores s ON s.id = sh.store_id,
            LATERAL (SELECT COALESCE(sum(oi.line_total_kobo), 0)::bigint AS items, count(*)::int AS active FROM order_items oi
                      WHERE oi.order_id = sh.order_id AND oi.store_id = sh.store_id AND oi.status = 'Active') a
      WHERE sh.order_id = $1 AND sh.store_id = $2`,
    [orderId, storeId],
  );
  const row = r.rows[0];
  if (!row) return null;
  // Still to pay at the door, by the domain's rule (the shipped message then links to paying it by transfer).
  const unpaidPod =
    payAtDoorRefusal({
      method: row.method,
      paymentStatus: row.status,
      activeItems: row.active,
      cashReceived: row.cash,
      paidByTransfer: row.transfer,
    }) === null;
  return { id: row.id, store: row.store ?? "BuildMart seller", totalKobo: shipmentTotalKobo(Number(row.items), Number(row.shipping)), unpaidPod };
}

/**
 * A pay-on-delivery shipment's delivery code to its buyer (a member with a verified phone, by the
 * channels they chose: SMS, WhatsApp), in the caller's transaction. Its own topic (never replaced
 * by the shipment's other updates); a guest reads it on the order page their e-mails link to.
 * Answers the channels it was queued on.
 */
export async function queueDeliveryCode(q: Queryable, m: { userId: number | null; orderId: string; storeId: number; code: string; link: string }): Promise<string[]> {
  if (m.userId == null) return [];
  const who = await recipient(q, m.userId);
  const facts = who ? await orderFacts(q, m.orderId) : null;
  const shipment = who ? await shipmentFacts(q, m.orderId, m.storeId) : null;
  if (!who || !facts || !shipment) return [];
  const lang = who.language ?? facts.language;
  const about: MessageTopic = { topic: `order:${m.orderId}:store:${m.storeId}:code`, rank: 1 };
  const sent: string[] = [];
  if (who.sms) {
    await queueSms(q, who.phone, deliveryCodeSms({ store: shipment.store, code: m.code }, lang), about);
    sent.push("sms");
  }
  if (who.whatsapp) {
    const params = deliveryCodeTemplateParams({ name: who.first_name, store: shipment.store, code: m.code, url: `${env().publicUrl}${m.link}` }, lang);
    await queueWhatsApp(q, who.phone, templateName("delivery_code"), params, lang, about);
    sent.push("whatsapp");
  }
  return sent;
}

/** Queues the SMS / WhatsApp messages of `notices` on `q` (the caller's transaction). */
export async function fanOutChannels(q: Queryable, notices: readonly Notice[]): Promise<void> {
  const base = env().publicUrl;
  const done = new Set<string>();
  for (const n of notices) {
    const orderId = n.link ? ORDER_LINK.exec(n.link)?.[1] : undefined;
    if (!orderId) continue;
    if (n.userId != null && n.storeId == null) {
      const shipmentUpdate = n.shipmentStoreId != null ? SHIPMENT_UPDATES[n.kind] : undefined;
      if (shipmentUpdate && n.shipmentStoreId != null) {
        const key = `u${n.userId}:${shipmentUpdate}:${n.shipmentStoreId}`;
        if (done.has(key)) continue;
        const who = await recipient(q, n.userId);
        const facts = who ? await orderFacts(q, orderId) : null;
        const shipment = who ? await shipmentFacts(q, orderId, n.shipmentStoreId) : null;
        if (!who || !facts || !shipment) continue;
        done.add(key);
        // On its way, to be paid at the door: the link opens the page that pays it by transfer now.
        const payAtDoor = shipmentUpdate === "shipped_store" && shipment.unpaidPod;
        const values = { name: who.first_name, store: shipment.store, amount: formatKobo(shipment.totalKobo), url: `${base}${payAtDoor ? payAtDoorPath(orderId, shipment.id) : n.link}` };
        const lang = who.language ?? facts.language;
        const about: MessageTopic = { topic: `order:${orderId}:store:${n.shipmentStoreId}`, rank: RANK[shipmentUpdate] };
        if (who.sms) await queueSms(q, who.phone, shipmentSms(payAtDoor ? "shipped_pod" : shipmentUpdate, values, lang), about);
        if (who.whatsapp) await queueWhatsApp(q, who.phone, templateName(shipmentUpdate), shipmentTemplateParams(values, lang), lang, about);
        continue;
      }
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
      // Refunds are each their own news (one item, then another): never replaced.
      const about: MessageTopic | undefined = update === "refunded" ? undefined : { topic: `order:${orderId}`, rank: RANK[update] };
      if (who.sms) await queueSms(q, who.phone, orderSms(update, values, lang), about);
      if (who.whatsapp) await queueWhatsApp(q, who.phone, templateName(update), orderTemplateParams(values, lang), lang, about);
    } else if (n.storeId != null && n.kind === "order_placed") {
      const store = await q.query<{ owner_id: number; name: string }>("SELECT owner_id, name FROM stores WHERE id = $1", [n.storeId]);
      const s = store.rows[0];
      if (!s || done.has(`s${n.storeId}`)) continue;
      done.add(`s${n.storeId}`);
      const who = await recipient(q, s.owner_id);
      // The store's own shipment: its amount, not the whole order's.
      const amount = who ? ((await shipmentFacts(q, orderId, n.storeId)) ?? (await orderFacts(q, orderId))) : null;
      if (!who || !amount) continue;
      const values = { store: s.name, order: orderNumber(orderId), amount: formatKobo(amount.totalKobo), url: `${base}${n.link}` };
      // In the owner's account language (the store's pages and e-mails speak it too).
      if (who.sms) await queueSms(q, who.phone, newOrderSms(values, who.language));
      if (who.whatsapp) await queueWhatsApp(q, who.phone, templateName("new_order"), [values.store, values.order, values.amount, values.url], who.language);
    }
  }
}
