/**
 * Delivery slots and yard collection: reads (issue 35 item 5, decision 0037). A slot's bookings are
 * the shipments that hold it and still have active lines of its store (a cancelled order frees it).
 */
import type { Queryable } from "~/db/client.server";
import { isSlotWindow, SLOT_WINDOWS, type SlotWindow } from "~/domain/slot-rules";

export interface SlotRow {
  id: number;
  store_id: number;
  /** "YYYY-MM-DD", a Lagos date. */
  day: string;
  window: SlotWindow;
  cap: number;
  booked: number;
}

export interface CollectionRow {
  store_id: number;
  enabled: boolean;
  address: string;
  hours: string;
}

/** Shipments holding slot `alias`.id that still carry active lines (the slot's bookings). */
export const BOOKED_SQL = (alias: string) => `(SELECT count(*)::int FROM shipments sh WHERE sh.slot_id = ${alias}.id
    AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = sh.order_id AND oi.store_id = sh.store_id AND oi.status = 'Active'))`;

const WINDOW_ORDER = `array_position(ARRAY[${SLOT_WINDOWS.map((w) => `'${w}'`).join(", ")}]::text[], ds.slot_window)`;

const SLOT_COLUMNS = `ds.id, ds.store_id, to_char(ds.day, 'YYYY-MM-DD') AS day, ds.slot_window AS "window", ds.cap, ${BOOKED_SQL("ds")} AS booked`;

const row = (r: SlotRow): SlotRow => ({ ...r, window: isSlotWindow(r.window) ? r.window : "day", cap: Number(r.cap), booked: Number(r.booked) });

/** A store's slots after `today` (Lagos date), soonest first. */
export async function upcomingSlots(q: Queryable, storeId: number, today: string): Promise<SlotRow[]> {
  const r = await q.query<SlotRow>(
    `SELECT ${SLOT_COLUMNS} FROM delivery_slots ds WHERE ds.store_id = $1 AND ds.day > $2::date ORDER BY ds.day, ${WINDOW_ORDER} LIMIT 400`,
    [storeId, today],
  );
  return r.rows.map(row);
}

/** One slot of a store, locked when asked (a booking counts and takes it under this lock). */
export async function findSlot(q: Queryable, storeId: number, slotId: number, lock = false): Promise<SlotRow | null> {
  if (lock) await q.query("SELECT id FROM delivery_slots WHERE id = $1 AND store_id = $2 FOR UPDATE", [slotId, storeId]);
  const r = await q.query<SlotRow>(`SELECT ${SLOT_COLUMNS} FROM delivery_slots ds WHERE ds.id = $1 AND ds.store_id = $2`, [slotId, storeId]);
  return r.rows[0] ? row(r.rows[0]) : null;
}

/** The stores (of these) that have a slot after `today`: they offer delivery on a booked day. */
export async function storesWithSlots(q: Queryable, storeIds: number[], today: string): Promise<Set<number>> {
  if (!storeIds.length) return new Set();
  const r = await q.query<{ store_id: number }>("SELECT DISTINCT store_id FROM delivery_slots WHERE store_id = ANY($1::int[]) AND day > $2::date", [storeIds, today]);
  return new Set(r.rows.map((x) => x.store_id));
}

/** A store's "Collect from our yard" settings (off when never set). */
export async function findCollection(q: Queryable, storeId: number): Promise<CollectionRow> {
  const r = await q.query<CollectionRow>("SELECT store_id, enabled, address, hours FROM store_collection WHERE store_id = $1", [storeId]);
  return r.rows[0] ?? { store_id: storeId, enabled: false, address: "", hours: "" };
}

/** Whether the store exists (and is not removed). */
export async function storeExists(q: Queryable, storeId: number): Promise<{ id: number; name: string } | null> {
  const r = await q.query<{ id: number; name: string }>("SELECT id, name FROM stores WHERE id = $1", [storeId]);
  return r.rows[0] ?? null;
}

/** For checkout: the stores of these products, each with its name and whether any of the products is bulk. */
export async function productStores(q: Queryable, productIds: number[]): Promise<{ store_id: number; store_name: string; bulk: boolean }[]> {
  if (!productIds.length) return [];
  const r = await q.query<{ store_id: number; store_name: string; bulk: boolean }>(
    `SELECT p.store_id, s.name AS store_name, bool_or(p.bulk) AS bulk FROM products p JOIN stores s ON s.id = p.store_id
      WHERE p.id = ANY($1::int[]) AND p.deleted_at IS NULL GROUP BY p.store_id, s.name ORDER BY p.store_id`,
    [productIds],
  );
  return r.rows;
}
