/**
 * Order delivery: a store moves its shipment one step on (Confirmed, Shipped, Delivered) or records
 * the cash of a pay-on-delivery shipment. Each step composes orders (the order's derived status and
 * events), payouts (the store's ledger credit of delivered, paid items) and notifications (the
 * buyer's notice and e-mail) in the caller's transaction; the route has locked the order.
 */
import type { Queryable } from "~/db/client.server";
import { canMoveDelivery, DELIVERY_TRANSITIONS, orderNumber, payAtDoorPath, payAtDoorRefusal, type DeliveryStatus } from "~/domain/orders";
import { shipmentTotalKobo } from "~/domain/pricing";
import type { MailMessage } from "~/integrations/mail.server";
import { orderDeliveredEmail, orderShippedEmail } from "~/integrations/mail/delivery-emails.server";
import { ApiError, notFound } from "~/api/core/http";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { recordOrderEvent } from "~/api/orders/commands.server";
import { ORDER_COLUMNS, type OrderRow } from "~/api/orders/serialize";
import { allPaidIn, findShipment, refreshOrderDelivery, shipmentsFor } from "~/api/orders/shipments.server";
import { recordEvent } from "~/api/notifications/commands.server";
import { buyerNotice } from "~/api/notifications/events.server";
import { bookDeliveredShipments } from "~/api/payouts/commands.server";
import { orderLanguage } from "~/integrations/mail/language.server";
import { deliveryCodeMatches } from "~/api/core/delivery-code.server";
import { DELIVERY_CODE_MESSAGES } from "~/domain/delivery-code";
import { SHIPMENT_MESSAGES } from "~/domain/order-rules";
import { audit } from "~/api/admin/audit.server";
import { codeGuards, issueDeliveryCode, lockShipmentById } from "./delivery-code.server";
import { buyerOfOrder, payOnDeliveryStandingOf, recordDoorRefusal } from "~/api/orders/door-refusals.server";
import { DOOR_REFUSAL_LIMIT, DOOR_REFUSAL_MESSAGES, DOOR_REFUSAL_REASON, DOOR_REFUSAL_WINDOW_DAYS } from "~/domain/door-refusals";
import { cancelOrderItem } from "./cancellation.server";

/**
 * How a Delivered step proves the buyer got the goods, for a shipment with a delivery code
 * (./delivery-code.server.ts): the store's code (checked, and a wrong one counted, by
 * `checkDeliveryCode` first), or an admin's override with a reason. Other steps and shipments
 * without a code need none.
 */
export type DeliveryProof = { code?: string } | { override: { by: number; reason: string } };

const conflict = (detail: string) => new ApiError(409, { detail });

/** A pay-on-delivery shipment the buyer paid by transfer before the door (issue 33 item 4). */
export const PAID_BY_TRANSFER = SHIPMENT_MESSAGES.cashTransfer;

const STEP_COLUMN = { Confirmed: "confirmed_at", Shipped: "shipped_at", Delivered: "delivered_at" } as const;

/**
 * Moves one store's shipment one step on, in the caller's transaction (the order locked first):
 * the step's date, the order's derived status and events, the ledger credit of a delivered paid
 * shipment, the buyer's notice and the shipped/delivered e-mail of THIS store's lines.
 */
export async function moveShipment(q: Queryable, order: OrderRow, storeId: number, target: DeliveryStatus, proof: DeliveryProof = {}): Promise<boolean> {
  const shipment = await findShipment(q, order.id, storeId, true);
  if (!shipment) throw notFound();
  const current = shipment.status;
  if (current === target) return false;
  if (!canMoveDelivery(current, target)) {
    const next = DELIVERY_TRANSITIONS[current][0];
    throw conflict(next ? SHIPMENT_MESSAGES.step(current, next) : SHIPMENT_MESSAGES.last(current));
  }
  if (shipment.active_items === 0) throw conflict(SHIPMENT_MESSAGES.cancelled);
  if (current === "Placed" && order.order_payment_method === "CardPayment" && order.order_payment_status !== "Complete")
    throw conflict(SHIPMENT_MESSAGES.awaitingCard);
  if (target === "Placed") return false;
  // A pay-on-delivery shipment with its code: Delivered only with the buyer's code or an admin's
  // override (the store's route counted a wrong code before calling; this is the last gate).
  if (target === "Delivered" && codeGuards(shipment) && !("override" in proof)) {
    if (shipment.delivery_code_locked_at !== null) throw conflict(DELIVERY_CODE_MESSAGES.locked);
    if (!proof.code || !deliveryCodeMatches(shipment.id, shipment.delivery_code_salt!, proof.code))
      throw new ApiError(400, { delivery_code: [proof.code ? DELIVERY_CODE_MESSAGES.mismatch : DELIVERY_CODE_MESSAGES.required] });
  }
  await q.query(`UPDATE shipments SET status = $3, ${STEP_COLUMN[target]} = now(), updated_at = now() WHERE order_id = $1 AND store_id = $2`, [
    order.id,
    storeId,
    target,
  ]);
  await refreshOrderDelivery(q, order.id);
  if (target === "Shipped") await issueDeliveryCode(q, order, shipment);
  if (target === "Delivered") await bookDeliveredShipments(q, order.id);
  const store = shipment.store_name ?? "The seller";
  const mails: MailMessage[] = [];
  if ((target === "Shipped" || target === "Delivered") && order.customer_email) {
    const first = order.user_id
      ? (await q.query<{ first_name: string }>("SELECT first_name FROM users WHERE id = $1", [order.user_id])).rows[0]?.first_name
      : (order.delivery_address?.receiver_first_name as string | undefined);
    const mine = await q.query<{ product_name: string }>(
      "SELECT product_name || COALESCE(' (' || option_label || ')', '') AS product_name FROM order_items WHERE order_id = $1 AND store_id = $2 AND status = 'Active' ORDER BY created_at, id",
      [order.id, storeId],
    );
    const mail = {
      to: order.customer_email,
      orderId: order.id,
      guestToken: order.user_id === null ? guestTokenFor(order.id) : undefined,
      firstName: first ?? null,
      items: mine.rows.map((r) => r.product_name),
      store,
      lang: await orderLanguage(q, order.id),
      // On its way and to be paid at the door: the e-mail also offers to pay it by transfer now.
      payAtDoor:
        target === "Shipped" &&
        payAtDoorRefusal({
          method: order.order_payment_method,
          paymentStatus: order.order_payment_status,
          activeItems: shipment.active_items,
          cashReceived: shipment.cash_received_at !== null,
          paidByTransfer: shipment.transfer_paid_at !== null,
        }) === null
          ? { amountKobo: shipmentTotalKobo(Number(shipment.items_kobo), Number(shipment.shipping_kobo)), path: payAtDoorPath(order.id, shipment.id, order.user_id === null ? guestTokenFor(order.id) : null) }
          : null,
    };
    mails.push(target === "Shipped" ? orderShippedEmail(mail) : orderDeliveredEmail(mail));
  }
  const number = orderNumber(order.id);
  const said = {
    Confirmed: { kind: "order_confirmed", body: "preparing" },
    Shipped: { kind: "order_shipped", body: "on_the_way" },
    Delivered: { kind: "order_delivered", body: "enjoy" },
  } as const;
  const step = said[target];
  await recordEvent(q, { notices: [buyerNotice(order.user_id, order.id, step.kind, { title: step.kind, body: step.body, params: { number, store } }, storeId)], mails });
  return true;
}

/**
 * Pay on delivery: the store records that it received the cash for its shipment (a Shipped one is
 * marked Delivered in the same step). The order's payment becomes Complete once every store with
 * active lines has its money in (cash recorded, or paid by transfer before the door); the store's
 * ledger is credited. A shipment paid by transfer has no cash to record (409). False when it was recorded
 * already (nothing changes).
 */
export async function recordCashReceived(q: Queryable, order: OrderRow, storeId: number, userId: number, proof: DeliveryProof = {}): Promise<boolean> {
  if (order.order_payment_method !== "PayOnDelivery") throw conflict(SHIPMENT_MESSAGES.cashCard);
  let shipment = await findShipment(q, order.id, storeId, true);
  if (!shipment) throw notFound();
  if (shipment.cash_received_at !== null) return false;
  if (shipment.transfer_paid_at !== null) throw conflict(PAID_BY_TRANSFER);
  if (shipment.active_items === 0) throw conflict(SHIPMENT_MESSAGES.cancelled);
  if (shipment.status === "Shipped") {
    await moveShipment(q, order, storeId, "Delivered", proof);
    shipment = (await findShipment(q, order.id, storeId))!;
  }
  if (shipment.status !== "Delivered") throw conflict(SHIPMENT_MESSAGES.cashShipFirst);
  await q.query(
    "UPDATE shipments SET cash_received_at = now(), cash_received_kobo = $3, cash_received_by = $4, updated_at = now() WHERE order_id = $1 AND store_id = $2",
    [order.id, storeId, shipmentTotalKobo(shipment.items_kobo, shipment.shipping_kobo), userId],
  );
  await settlePayOnDelivery(q, order.id);
  const number = orderNumber(order.id);
  await recordEvent(q, {
    notices: [
      buyerNotice(
        order.user_id,
        order.id,
        "order_paid",
        { title: "order_paid_cash", body: "cash_recorded", params: { number, store: shipment.store_name ?? "The seller", amount_kobo: shipmentTotalKobo(shipment.items_kobo, shipment.shipping_kobo) } },
        storeId,
      ),
    ],
  });
  return true;
}

/**
 * Pay on delivery, after a shipment's money came in (the store's cash, or the buyer's transfer
 * before the door: ./pay-at-door.server.ts), in the caller's transaction under the order's lock:
 * once every shipment with active lines has its money in, the order is paid (its `paid` event,
 * once); the ledger books the delivered, paid shipments.
 */
export async function settlePayOnDelivery(q: Queryable, orderId: string): Promise<void> {
  const all = (await shipmentsFor(q, [orderId])).get(orderId) ?? [];
  if (allPaidIn(all)) {
    const paid = await q.query("UPDATE orders SET order_payment_status = 'Complete', updated_at = now() WHERE id = $1 AND order_payment_status = 'Pending'", [orderId]);
    if (paid.rowCount) await recordOrderEvent(q, orderId, "paid");
  }
  await bookDeliveredShipments(q, orderId);
}

/**
 * An admin marks a Shipped shipment Delivered without the buyer's code (the buyer confirmed it by
 * phone, the code was lost…): the reason is kept on the shipment and in the audit log, with the
 * admin. Same effects as the store's step (ledger, e-mail, notices). False when it was Delivered
 * already (nothing changes).
 */
export async function overrideDelivered(q: Queryable, shipmentId: number, actorId: number, reason: string): Promise<boolean> {
  const before = await lockShipmentById(q, shipmentId);
  if (before.status === "Delivered") return false;
  if (before.status !== "Shipped" || before.store_id === null) throw conflict(DELIVERY_CODE_MESSAGES.notShipped);
  const order = (await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [before.order_id])).rows[0];
  if (!order) throw notFound();
  await moveShipment(q, order, before.store_id, "Delivered", { override: { by: actorId, reason } });
  await q.query("UPDATE shipments SET delivered_override_by = $2, delivered_override_reason = $3 WHERE id = $1", [shipmentId, actorId, reason]);
  await audit(q, {
    actorId,
    action: "shipment.deliver_without_code",
    targetType: "shipment",
    targetId: shipmentId,
    before: { order_id: before.order_id, store_id: before.store_id, status: before.status, delivery_code_attempts: before.delivery_code_attempts, locked: before.delivery_code_locked_at !== null },
    after: { order_id: before.order_id, store_id: before.store_id, status: "Delivered" },
    reason,
  });
  return true;
}

/**
 * Pay on delivery refused at the door (issue 36 item 6, decision 0039): the store's Shipped
 * shipment, its money not in, is marked refused; its lines are cancelled with the reason "Refused
 * at the door" (their stock back; nothing was paid, so nothing is refunded or booked) and the
 * refusal is counted against the buyer (account, e-mail, phone). The refusal that turns pay on
 * delivery off tells a member why (their notice; a guest is told at checkout). False when it was
 * marked already (nothing changes). The caller holds the order's lock.
 */
export async function refuseAtDoor(q: Queryable, order: OrderRow, storeId: number, userId: number): Promise<boolean> {
  if (order.order_payment_method !== "PayOnDelivery") throw conflict(DOOR_REFUSAL_MESSAGES.notPayOnDelivery);
  const shipment = await findShipment(q, order.id, storeId, true);
  if (!shipment) throw notFound();
  if (shipment.refused_at !== null) return false;
  if (shipment.cash_received_at !== null || shipment.transfer_paid_at !== null) throw conflict(DOOR_REFUSAL_MESSAGES.paid);
  if (shipment.status !== "Shipped") throw conflict(DOOR_REFUSAL_MESSAGES.notShipped);
  if (shipment.active_items === 0) throw conflict("Every item of this order from your store was cancelled.");
  const buyer = buyerOfOrder(order);
  const before = await payOnDeliveryStandingOf(q, buyer);
  const items = await q.query<{ id: string }>(
    "SELECT id::text AS id FROM order_items WHERE order_id = $1 AND store_id = $2 AND status = 'Active' ORDER BY product_id, id",
    [order.id, storeId],
  );
  for (const it of items.rows) await cancelOrderItem(q, it.id, DOOR_REFUSAL_REASON, () => {});
  await q.query("UPDATE shipments SET refused_at = now(), refused_by = $2, updated_at = now() WHERE id = $1", [shipment.id, userId]);
  await recordDoorRefusal(q, shipment, buyer);
  const after = await payOnDeliveryStandingOf(q, buyer);
  if (before.allowed && !after.allowed && order.user_id !== null) {
    await recordEvent(q, {
      notices: [
        buyerNotice(order.user_id, order.id, "pay_on_delivery_off", {
          title: "pay_on_delivery_off",
          body: "pay_on_delivery_off",
          params: { count: DOOR_REFUSAL_LIMIT, days: DOOR_REFUSAL_WINDOW_DAYS },
        }),
      ],
    });
  }
  return true;
}
