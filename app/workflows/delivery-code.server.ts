/**
 * The delivery code of a pay-on-delivery shipment (issue 33 item 5; docs/decisions/0025-delivery-code.md;
 * rules in app/domain/delivery-code.ts). Composes orders (the shipment's code columns), the
 * notifications' SMS / WhatsApp queues (the code to the buyer) and the admin audit log (unlock),
 * in the caller's transaction; the caller has locked the order row first (docs/orders.md, Locks).
 *
 * - `issueDeliveryCode`: when the shipment is Shipped, a salt is stored and the code (derived from
 *   it with the server's secret) is queued to the buyer. Called by `moveShipment`.
 * - `checkDeliveryCode`: the store's code, before `moveShipment(…, "Delivered", { code })`. A wrong
 *   code is COUNTED and the refusal RETURNED, not thrown, so the caller's transaction commits the
 *   count (a throw would roll it back and allow endless tries); the count is one atomic UPDATE
 *   guarded by `attempts < 5` (and a CHECK), so concurrent wrong tries never pass the limit.
 * - `unlockDeliveryCode`: an admin lets the store try again (attempts back to 0), audited.
 * - the admin override (Delivered without the code, with a reason) is `overrideDelivered` in
 *   ./order-delivery.server.ts, as it moves the shipment.
 */
import type { Queryable } from "~/db/client.server";
import { DELIVERY_CODE_MAX_TRIES, DELIVERY_CODE_MESSAGES, needsDeliveryCode } from "~/domain/delivery-code";
import { ApiError, notFound } from "~/api/core/http";
import { deliveryCodeFor, deliveryCodeMatches, newDeliveryCodeSalt } from "~/api/core/delivery-code.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import type { OrderRow } from "~/api/orders/serialize";
import type { ShipmentRow } from "~/api/orders/shipments.server";
import { audit } from "~/api/admin/audit.server";
import { queueDeliveryCode } from "~/api/notifications/channels.server";
import { buyerOrderLink } from "~/api/notifications/events.server";

/** True when this shipment of this order is delivered with a code (it has one: made when it was Shipped). */
export const codeGuards = (shipment: Pick<ShipmentRow, "delivery_code_salt">) => shipment.delivery_code_salt !== null;

/**
 * A pay-on-delivery shipment just moved to Shipped: its code is made and sent to the buyer (SMS,
 * WhatsApp as they chose; their order page shows it). Nothing for other orders.
 */
export async function issueDeliveryCode(q: Queryable, order: OrderRow, shipment: Pick<ShipmentRow, "id" | "store_id">): Promise<void> {
  if (!needsDeliveryCode({ paymentMethod: order.order_payment_method }) || shipment.store_id === null) return;
  const salt = newDeliveryCodeSalt();
  const r = await q.query<{ id: number }>(
    "UPDATE shipments SET delivery_code_salt = $2, delivery_code_attempts = 0, delivery_code_locked_at = NULL WHERE id = $1 AND delivery_code_salt IS NULL RETURNING id",
    [shipment.id, salt],
  );
  if (!r.rowCount) return;
  const link = order.user_id === null ? `/orders/${order.id}?t=${encodeURIComponent(guestTokenFor(order.id))}` : buyerOrderLink(order.id);
  await queueDeliveryCode(q, { userId: order.user_id, orderId: order.id, storeId: shipment.store_id, code: deliveryCodeFor(shipment.id, salt), link });
}

/** What the store's code check answers when it refuses: the API error to throw AFTER the transaction commits. */
export interface CodeRefusal {
  status: 400 | 409;
  body: Record<string, unknown>;
}

const refuse = (status: 400 | 409, message: string): CodeRefusal =>
  status === 400 ? { status, body: { delivery_code: [message] } } : { status, body: { detail: message } };

/** Throws the refusal (call it once the transaction that counted it has committed). */
export const refusalError = (r: CodeRefusal) => new ApiError(r.status, r.body);

/**
 * The store's code for a shipment it is about to mark Delivered (locked; status Shipped). Null:
 * no code needed or the right one; else the refusal (a wrong code counted, in `q`). Missing or
 * malformed codes are refused without counting (they cannot be right); a locked shipment is
 * refused whatever the code (409).
 */
export async function checkDeliveryCode(q: Queryable, shipment: ShipmentRow, code: string | undefined): Promise<CodeRefusal | null> {
  if (!codeGuards(shipment) || shipment.status !== "Shipped") return null;
  if (shipment.delivery_code_locked_at !== null) return refuse(409, DELIVERY_CODE_MESSAGES.locked);
  if (!code) return refuse(400, DELIVERY_CODE_MESSAGES.required);
  if (!/^\d{4}$/.test(code)) return refuse(400, DELIVERY_CODE_MESSAGES.format);
  if (deliveryCodeMatches(shipment.id, shipment.delivery_code_salt!, code)) return null;
  const counted = await q.query<{ attempts: number }>(
    `UPDATE shipments SET delivery_code_attempts = delivery_code_attempts + 1,
            delivery_code_locked_at = CASE WHEN delivery_code_attempts + 1 >= $2 THEN now() ELSE delivery_code_locked_at END, updated_at = now()
      WHERE id = $1 AND delivery_code_attempts < $2 AND delivery_code_locked_at IS NULL RETURNING delivery_code_attempts AS attempts`,
    [shipment.id, DELIVERY_CODE_MAX_TRIES],
  );
  if (!counted.rowCount) return refuse(409, DELIVERY_CODE_MESSAGES.locked);
  return refuse(400, DELIVERY_CODE_MESSAGES.wrong(DELIVERY_CODE_MAX_TRIES - counted.rows[0].attempts));
}

/** The buyer's code for a shipment still on its way (null otherwise). Only the buyer's answers carry it. */
export function shopperDeliveryCode(shipment: Pick<ShipmentRow, "id" | "status" | "delivery_code_salt">): string | null {
  return shipment.delivery_code_salt !== null && shipment.status === "Shipped" ? deliveryCodeFor(shipment.id, shipment.delivery_code_salt) : null;
}

interface ShipmentState {
  id: number;
  order_id: string;
  store_id: number | null;
  status: string;
  delivery_code_salt: string | null;
  delivery_code_attempts: number;
  delivery_code_locked_at: Date | string | null;
}

/** One shipment by id, locked (its order first: the lock order of docs/orders.md). */
export async function lockShipmentById(q: Queryable, shipmentId: number): Promise<ShipmentState> {
  const head = await q.query<{ order_id: string }>("SELECT order_id::text AS order_id FROM shipments WHERE id = $1", [shipmentId]);
  if (!head.rows[0]) throw notFound();
  await q.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [head.rows[0].order_id]);
  const r = await q.query<ShipmentState>(
    `SELECT id, order_id::text AS order_id, store_id, status, delivery_code_salt, delivery_code_attempts, delivery_code_locked_at
       FROM shipments WHERE id = $1 FOR UPDATE`,
    [shipmentId],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

const codeState = (s: Pick<ShipmentState, "status" | "delivery_code_attempts" | "delivery_code_locked_at">) => ({
  status: s.status,
  delivery_code_attempts: s.delivery_code_attempts,
  locked: s.delivery_code_locked_at !== null,
});

/** An admin lets the store try the code again (after 5 wrong ones): attempts back to 0, audited. */
export async function unlockDeliveryCode(q: Queryable, shipmentId: number, actorId: number, reason: string | null): Promise<boolean> {
  const before = await lockShipmentById(q, shipmentId);
  // Nothing to unlock (no wrong code, or no code at all): a no-op.
  if (before.delivery_code_attempts === 0 && before.delivery_code_locked_at === null) return false;
  await q.query("UPDATE shipments SET delivery_code_attempts = 0, delivery_code_locked_at = NULL, updated_at = now() WHERE id = $1", [shipmentId]);
  await audit(q, {
    actorId,
    action: "shipment.unlock_delivery_code",
    targetType: "shipment",
    targetId: shipmentId,
    before: codeState(before),
    after: { status: before.status, delivery_code_attempts: 0, locked: false },
    reason,
  });
  return true;
}
