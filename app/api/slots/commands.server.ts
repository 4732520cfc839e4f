/**
 * Delivery slots and yard collection: a store's writes (issue 35 item 5, decision 0037). Booking a
 * slot for a shipment is the checkout's (app/workflows/delivery-slots.server.ts).
 */
import type { Queryable } from "~/db/client.server";
import { slotsToPublish, type SlotLayout } from "~/domain/slot-rules";
import type { CollectionBody } from "~/domain/slots";
import { findSlot } from "./queries.server";

/**
 * Publishes slots for the business days of the next `days` days after `today` (Lagos date): each
 * (day, window) of the layout with `cap` trucks. A slot already there takes the new cap, but never
 * below its bookings. Returns how many slots were written.
 */
export async function publishSlots(q: Queryable, storeId: number, input: { today: string; days: number; layout: SlotLayout; cap: number }): Promise<number> {
  const want = slotsToPublish(input.today, input.days, input.layout);
  if (!want.length) return 0;
  const r = await q.query(
    `INSERT INTO delivery_slots (store_id, day, slot_window, cap)
     SELECT $1, d::date, w, $4 FROM unnest($2::text[], $3::text[]) AS x(d, w)
     ON CONFLICT (store_id, day, slot_window) DO UPDATE SET cap = GREATEST(EXCLUDED.cap,
       (SELECT count(*)::int FROM shipments sh WHERE sh.slot_id = delivery_slots.id
          AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = sh.order_id AND oi.store_id = sh.store_id AND oi.status = 'Active')))`,
    [storeId, want.map((s) => s.day), want.map((s) => s.window), input.cap],
  );
  return r.rowCount;
}

/**
 * Closes a slot: removed when nobody booked it, else kept for its bookings with no truck free
 * (cap = bookings). Under the slot's lock, as bookings are. Returns what happened, or null (not the store's).
 */
export async function closeSlot(q: Queryable, storeId: number, slotId: number): Promise<"removed" | "closed" | null> {
  const slot = await findSlot(q, storeId, slotId, true);
  if (!slot) return null;
  if (slot.booked === 0) {
    await q.query("DELETE FROM delivery_slots WHERE id = $1", [slotId]);
    return "removed";
  }
  await q.query("UPDATE delivery_slots SET cap = $2 WHERE id = $1", [slotId, slot.booked]);
  return "closed";
}

/** Writes a store's "Collect from our yard" settings. */
export async function saveCollection(q: Queryable, storeId: number, body: CollectionBody): Promise<void> {
  await q.query(
    `INSERT INTO store_collection (store_id, enabled, address, hours, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (store_id) DO UPDATE SET enabled = EXCLUDED.enabled, address = EXCLUDED.address, hours = EXCLUDED.hours, updated_at = now()`,
    [storeId, body.enabled, body.address, body.hours],
  );
}
