/**
 * Buyers who refuse at the door (issue 36 item 6, decision 0039): the refusals a store records and
 * the buyer's standing for pay on delivery, by the one rule (app/domain/door-refusals.ts). A buyer
 * is known by their account, their e-mail (lower case) and their delivery phone (+234…): a refusal
 * made as a guest counts when they order signed in with the same e-mail or phone, and the reverse.
 */
import type { Queryable } from "~/db/client.server";
import { payOnDeliveryStanding, DOOR_REFUSAL_LIMIT, DOOR_REFUSAL_WINDOW_DAYS, type PayOnDeliveryStanding } from "~/domain/door-refusals";
import { normalizeNigerianPhone } from "~/domain/validation";

export interface Buyer {
  userId: number | null;
  email: string | null;
  phone: string | null;
}

/** Who a buyer is, from an account id, an e-mail and a phone as typed (normalised here). */
export function buyerOf(userId: number | null, email: string | null | undefined, phone: unknown): Buyer {
  return {
    userId,
    email: email ? email.trim().toLowerCase() : null,
    phone: typeof phone === "string" ? normalizeNigerianPhone(phone) : null,
  };
}

/** The buyer of an order: its account, its e-mail and its delivery phone. */
export function buyerOfOrder(order: { user_id: number | null; customer_email: string | null; delivery_address: Record<string, unknown> | null }): Buyer {
  return buyerOf(order.user_id, order.customer_email, order.delivery_address?.receiver_phone_one);
}

/** Records a shipment's refusal against its buyer (once: the shipment is the key). */
export async function recordDoorRefusal(q: Queryable, shipment: { id: number; order_id: string; store_id: number | null }, buyer: Buyer): Promise<void> {
  await q.query(
    `INSERT INTO door_refusals (shipment_id, order_id, store_id, user_id, email, phone) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (shipment_id) DO NOTHING`,
    [shipment.id, shipment.order_id, shipment.store_id, buyer.userId, buyer.email, buyer.phone],
  );
}

/**
 * May this buyer pay on delivery? Their refusals of the last 90 days (by account, e-mail or
 * phone); only when they reach the limit is their last online payment looked up (a paid card,
 * transfer or USSD order, or a pay-on-delivery shipment paid by transfer before the door).
 */
export async function payOnDeliveryStandingOf(q: Queryable, buyer: Buyer, now: Date = new Date()): Promise<PayOnDeliveryStanding> {
  if (buyer.userId === null && buyer.email === null && buyer.phone === null) return payOnDeliveryStanding([], null, now);
  const r = await q.query<{ refused_at: Date | string }>(
    `SELECT refused_at FROM door_refusals
      WHERE refused_at > $4::timestamptz - make_interval(days => $5)
        AND (user_id = $1 OR email = $2 OR phone = $3)`,
    [buyer.userId, buyer.email, buyer.phone, now.toISOString(), DOOR_REFUSAL_WINDOW_DAYS],
  );
  const refusedAt = r.rows.map((x) => x.refused_at);
  if (refusedAt.length < DOOR_REFUSAL_LIMIT) return payOnDeliveryStanding(refusedAt, null, now);
  const paid = await q.query<{ at: Date | string | null }>(
    `SELECT GREATEST(
       (SELECT max(e.created_at) FROM order_events e JOIN orders o ON o.id = e.order_id
         WHERE e.kind = 'paid' AND e.order_item_id IS NULL AND o.order_payment_method = 'CardPayment'
           AND (o.user_id = $1 OR lower(o.customer_email) = $2)),
       (SELECT max(sh.transfer_paid_at) FROM shipments sh JOIN orders o ON o.id = sh.order_id
         WHERE o.user_id = $1 OR lower(o.customer_email) = $2)
     ) AS at`,
    [buyer.userId, buyer.email],
  );
  return payOnDeliveryStanding(refusedAt, paid.rows[0]?.at ?? null, now);
}
