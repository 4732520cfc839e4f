/**
 * A shipment's delivery choice at placement (issue 35 item 5, decision 0037): a booked delivery
 * slot, or collection from the store's yard; and the rule that bulk goods are never paid at the
 * door. Composes orders' shipments and the slots area's reads in the caller's transaction; the
 * quote's offer (issue 35 items 2 and 4) can book the same way with `applyDeliveryChoices`.
 *
 * Never overbooked: a slot is locked (FOR UPDATE, in slot id order so two checkouts never wait in a
 * circle) before its bookings are counted and the shipment takes it; a second checkout for the
 * last truck waits for the first to commit, then counts it and is refused (400, code slot_full).
 */
import type { Queryable } from "~/db/client.server";
import { badRequest } from "~/api/core/http";
import { lagosDate } from "~/domain/delivery";
import { payOnDeliveryAllowed, SLOT_MESSAGES, slotBookable, slotNeeded, type SlotErrorCode } from "~/domain/slot-rules";
import type { DeliveryChoice } from "~/domain/slots";
import { findCollection, findSlot, storesWithSlots } from "~/api/slots/queries.server";

/** The stores of an order's active lines, and whether each has a bulk line. */
async function orderStoresBulk(tx: Queryable, orderId: string): Promise<Map<number, boolean>> {
  const r = await tx.query<{ store_id: number; bulk: boolean }>(
    `SELECT oi.store_id, bool_or(COALESCE(p.bulk, false)) AS bulk FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id
      WHERE oi.order_id = $1 AND oi.status = 'Active' AND oi.store_id IS NOT NULL GROUP BY oi.store_id`,
    [orderId],
  );
  return new Map(r.rows.map((x) => [x.store_id, x.bulk]));
}

const refuse = (field: string, code: SlotErrorCode, message: string, storeId?: number) =>
  badRequest({ [field]: [message], code, ...(storeId !== undefined ? { store_id: storeId } : {}) });

/** 400 (order_payment_method, code bulk_no_pod) when an order paid at the door has a bulk line. */
export async function refuseBulkAtDoor(tx: Queryable, orderId: string, paymentMethod: string): Promise<void> {
  if (paymentMethod !== "PayOnDelivery") return;
  const bulk = [...(await orderStoresBulk(tx, orderId)).values()].some(Boolean);
  if (!payOnDeliveryAllowed(bulk)) throw refuse("order_payment_method", "bulk_no_pod", SLOT_MESSAGES.bulkNoPod);
}

/**
 * Applies the buyer's choices to a freshly placed order's shipments (after ensureShipments, before
 * recomputeOrderTotals, which then prices a collected shipment at no shipping): for each choice,
 * collection from the yard (the store must offer it; its address and hours are copied) or a slot
 * (the store's, after today, on a business day, with a truck free under its lock). A store's
 * shipment with a bulk line needs a slot when the store publishes slots, unless collected. Refusals
 * are 400 on `delivery_choices` with a `code` (slot_full, slot_required, slot_unknown,
 * collect_not_offered) and the `store_id`; the caller's transaction rolls everything back.
 */
export async function applyDeliveryChoices(tx: Queryable, orderId: string, choices: readonly DeliveryChoice[], now: Date = new Date()): Promise<void> {
  const today = lagosDate(now);
  const stores = await orderStoresBulk(tx, orderId);
  const byStore = new Map<number, DeliveryChoice>();
  for (const c of choices) if (stores.has(c.store_id)) byStore.set(c.store_id, c); // a store not in the order: ignored
  // Slots locked in id order.
  const ordered = [...byStore.values()].sort((a, b) => (a.slot_id ?? 0) - (b.slot_id ?? 0));
  for (const c of ordered) {
    if (c.collect) {
      const yard = await findCollection(tx, c.store_id);
      if (!yard.enabled) throw refuse("delivery_choices", "collect_not_offered", SLOT_MESSAGES.collectNotOffered, c.store_id);
      await tx.query("UPDATE shipments SET collect = true, collect_address = $3, collect_hours = $4, slot_id = NULL, slot_day = NULL, slot_window = NULL WHERE order_id = $1 AND store_id = $2", [
        orderId,
        c.store_id,
        yard.address,
        yard.hours,
      ]);
      continue;
    }
    if (!c.slot_id) continue;
    const slot = await findSlot(tx, c.store_id, c.slot_id, true);
    if (!slot || slot.day <= today) throw refuse("delivery_choices", "slot_unknown", SLOT_MESSAGES.unknown, c.store_id);
    if (!slotBookable(slot, today)) throw refuse("delivery_choices", "slot_full", SLOT_MESSAGES.full, c.store_id);
    await tx.query("UPDATE shipments SET slot_id = $3, slot_day = $4::date, slot_window = $5, collect = false WHERE order_id = $1 AND store_id = $2", [
      orderId,
      c.store_id,
      slot.id,
      slot.day,
      slot.window,
    ]);
  }
  const bulkStores = [...stores].filter(([, bulk]) => bulk).map(([id]) => id);
  const offering = await storesWithSlots(tx, bulkStores, today);
  for (const storeId of bulkStores.sort((a, b) => a - b)) {
    const c = byStore.get(storeId);
    if (slotNeeded({ hasBulk: true, storeOffersSlots: offering.has(storeId), collect: c?.collect ?? false }) && !c?.slot_id)
      throw refuse("delivery_choices", "slot_required", SLOT_MESSAGES.required, storeId);
  }
}
