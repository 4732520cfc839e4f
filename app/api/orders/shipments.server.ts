/**
 * Shipments: each store's lines of an order travel as one shipment, with its own delivery status
 * (Placed → Confirmed → Shipped → Delivered, the date of each step), its own shipping fee (from the
 * store's state to the buyer's, app/domain/shipping.ts) and, for pay on delivery, the cash the
 * store records as received (docs/orders.md). The order's delivery status is derived from its
 * shipments (the least advanced one that still has active lines) and its shipping fee is their
 * sum; both are written here, in the caller's transaction, whenever a shipment or a line changes.
 *
 * Lock order, everywhere: the order row, then its shipments, then its lines (placement, lines
 * added, store status moves, cash, cancels, returns and payments all take the order first).
 */
import type { Queryable } from "~/db/client.server";
import { DELIVERY_EVENT, DELIVERY_STATUSES, type DeliveryStatus } from "~/domain/orders";
import { chargedShippingKobo, lowestShippingKobo, priceLines } from "~/domain/pricing";
import type { ShipmentSize } from "~/domain/shipping";

export interface ShipmentRow {
  id: number;
  order_id: string;
  store_id: number | null;
  store_name: string | null;
  store_slug: string | null;
  origin_state: string | null;
  status: DeliveryStatus;
  shipping_kobo: number;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  shipped_at: Date | string | null;
  delivered_at: Date | string | null;
  cash_received_at: Date | string | null;
  cash_received_kobo: number | null;
  /** Pay on delivery paid by bank transfer before or at the door (issue 33 item 4): nothing to collect. */
  transfer_paid_at: Date | string | null;
  transfer_paid_kobo: number | null;
  /** Active lines of this store in the order. */
  active_items: number;
  /** Sum of the active lines (price × quantity), kobo. */
  items_kobo: number;
  /** Pay on delivery, once Shipped: the salt its delivery code is derived from (never serialized; app/api/core/delivery-code.server.ts). */
  delivery_code_salt: string | null;
  /** Wrong delivery codes entered so far. */
  delivery_code_attempts: number;
  delivery_code_locked_at: Date | string | null;
  delivered_override_reason: string | null;
  /** Pay on delivery refused at the door (issue 36 item 6): its lines were cancelled then. */
  refused_at: Date | string | null;
  /** The delivery slot booked for it (issue 35 item 5): its day ("YYYY-MM-DD") and window, else null. */
  slot_id: number | null;
  slot_day: string | null;
  slot_window: string | null;
  /** Collected from the store's yard (no shipping): the yard's address and hours as at placement. */
  collect: boolean;
  collect_address: string | null;
  collect_hours: string | null;
}

const SHIPMENT_COLUMNS = `sh.id, sh.order_id::text AS order_id, sh.store_id, s.name AS store_name, s.slug AS store_slug, sh.origin_state, sh.status,
  sh.shipping_kobo, sh.created_at, sh.confirmed_at, sh.shipped_at, sh.delivered_at, sh.cash_received_at, sh.cash_received_kobo,
  sh.transfer_paid_at, sh.transfer_paid_kobo,
  sh.delivery_code_salt, sh.delivery_code_attempts, sh.delivery_code_locked_at, sh.delivered_override_reason, sh.refused_at,
  sh.slot_id, to_char(sh.slot_day, 'YYYY-MM-DD') AS slot_day, sh.slot_window, sh.collect, sh.collect_address, sh.collect_hours,
  (SELECT count(*)::int FROM order_items oi WHERE oi.order_id = sh.order_id AND oi.store_id IS NOT DISTINCT FROM sh.store_id AND oi.status = 'Active') AS active_items,
  (SELECT COALESCE(sum(oi.line_total_kobo), 0)::bigint FROM order_items oi
    WHERE oi.order_id = sh.order_id AND oi.store_id IS NOT DISTINCT FROM sh.store_id AND oi.status = 'Active') AS items_kobo`;

/** The shipments of many orders (store order: by store id), in one query. */
export async function shipmentsFor(q: Queryable, orderIds: string[]): Promise<Map<string, ShipmentRow[]>> {
  const map = new Map<string, ShipmentRow[]>();
  if (!orderIds.length) return map;
  const r = await q.query<ShipmentRow>(
    `SELECT ${SHIPMENT_COLUMNS} FROM shipments sh LEFT JOIN stores s ON s.id = sh.store_id
      WHERE sh.order_id = ANY($1::uuid[]) ORDER BY sh.store_id NULLS LAST`,
    [orderIds],
  );
  for (const row of r.rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return map;
}

/** One store's shipment of an order (locked when asked: take the order's lock first). */
export async function findShipment(q: Queryable, orderId: string, storeId: number, lock = false): Promise<ShipmentRow | null> {
  if (lock) await q.query("SELECT id FROM shipments WHERE order_id = $1 AND store_id = $2 FOR UPDATE", [orderId, storeId]);
  const r = await q.query<ShipmentRow>(
    `SELECT ${SHIPMENT_COLUMNS} FROM shipments sh LEFT JOIN stores s ON s.id = sh.store_id WHERE sh.order_id = $1 AND sh.store_id = $2`,
    [orderId, storeId],
  );
  return r.rows[0] ?? null;
}

/** Makes sure each store with lines in the order has its shipment (shipping from the store's state). */
export async function ensureShipments(q: Queryable, orderId: string): Promise<void> {
  await q.query(
    `INSERT INTO shipments (order_id, store_id, origin_state)
     SELECT DISTINCT oi.order_id, oi.store_id, s.state FROM order_items oi LEFT JOIN stores s ON s.id = oi.store_id
      WHERE oi.order_id = $1
     ON CONFLICT (order_id, store_id) DO NOTHING`,
    [orderId],
  );
}

/**
 * Recomputes an order's money from its active lines by the one rule (app/domain/pricing.ts): each
 * shipment's fee (from its store's state to the order's destination state; a card-paid order keeps
 * the fees it was charged, a fee agreed in a quote's offer is kept, and a shipment whose lines were all cancelled costs nothing) and the
 * order's items and shipping (the sums of its shipments). Call it whenever a line is added or
 * cancelled, paid or not, so the order's total is always the sum of its shipments.
 */
export async function recomputeOrderTotals(q: Queryable, orderId: string, destination: string | null) {
  const o = await q.query<{ paid: boolean }>(
    "SELECT (order_payment_method = 'CardPayment' AND order_payment_status IN ('Complete', 'Refunded')) AS paid FROM orders WHERE id = $1",
    [orderId],
  );
  const paid = o.rows[0]?.paid ?? false;
  const r = await q.query<{ store_id: number | null; quantity: number; item_price_kobo: number; line_total_kobo: number; size: ShipmentSize | null; origin_state: string | null }>(
    `SELECT oi.store_id, oi.quantity, oi.item_price_kobo, oi.line_total_kobo, p.size, sh.origin_state
       FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id
       LEFT JOIN shipments sh ON sh.order_id = oi.order_id AND sh.store_id IS NOT DISTINCT FROM oi.store_id
      WHERE oi.order_id = $1 AND oi.status = 'Active'
      ORDER BY oi.created_at, oi.id`,
    [orderId],
  );
  const lines = r.rows.map((l) => ({
    storeId: l.store_id,
    originState: l.origin_state,
    size: l.size ?? "medium",
    quantity: l.quantity,
    unitKobo: Number(l.item_price_kobo),
    totalKobo: Number(l.line_total_kobo),
  }));
  // A paid order's shipments keep the fees they were charged (while they have active lines).
  let fixed: Map<number | null, number> | undefined;
  if (paid) {
    const charged = await q.query<{ store_id: number | null; shipping_kobo: number }>("SELECT store_id, shipping_kobo FROM shipments WHERE order_id = $1", [orderId]);
    fixed = new Map(charged.rows.map((c) => [c.store_id, chargedShippingKobo(Number(c.shipping_kobo), lines.filter((l) => l.storeId === c.store_id).length)]));
  }
  // No destination on record (never from the storefront): each shipment within its store's state.
  if (!destination) fixed = new Map([...lowestShippingKobo(lines).byStore, ...(fixed ?? [])]);
  // A fee agreed in an accepted quote's offer (issue 35, decision 0036) replaces the rule's, while the shipment has active lines.
  const agreed = await q.query<{ store_id: number | null; agreed_shipping_kobo: string | number }>(
    "SELECT store_id, agreed_shipping_kobo FROM shipments WHERE order_id = $1 AND agreed_shipping_kobo IS NOT NULL",
    [orderId],
  );
  if (agreed.rows.length && !paid)
    fixed = new Map([...(fixed ?? []), ...agreed.rows.map((a): [number | null, number] => [a.store_id, chargedShippingKobo(Number(a.agreed_shipping_kobo), lines.filter((l) => l.storeId === a.store_id).length)])]);
  // Shipments the buyer collects from the store's yard: no shipping (the rule's `collect`).
  const collected = await q.query<{ store_id: number | null }>("SELECT store_id FROM shipments WHERE order_id = $1 AND collect", [orderId]);
  const priced = priceLines(lines, destination, fixed, new Set(collected.rows.map((c) => c.store_id)));
  const fees = new Map(priced.shipments.map((s) => [s.storeId, s.shippingKobo ?? 0]));
  // Every shipment's fee, 0 for one whose lines were all cancelled; the order's is their sum.
  await q.query(
    `UPDATE shipments sh SET shipping_kobo = f.fee, updated_at = now()
       FROM (SELECT s.id, COALESCE((x.fees ->> COALESCE(s.store_id::text, 'none'))::bigint, 0) AS fee
               FROM shipments s, (SELECT $2::jsonb AS fees) x WHERE s.order_id = $1) f
      WHERE sh.id = f.id AND sh.shipping_kobo <> f.fee`,
    [orderId, JSON.stringify(Object.fromEntries([...fees].map(([store, fee]) => [store ?? "none", fee])))],
  );
  await q.query("UPDATE orders SET order_total_kobo = $2, shipping_kobo = $3, updated_at = now() WHERE id = $1", [orderId, priced.itemsKobo, priced.shippingKobo ?? 0]);
}

/** The least advanced status among shipments that still have active lines (null: none has). */
export function derivedDeliveryStatus(shipments: readonly Pick<ShipmentRow, "status" | "active_items">[]): DeliveryStatus | null {
  const active = shipments.filter((s) => s.active_items > 0);
  if (!active.length) return null;
  return DELIVERY_STATUSES[Math.min(...active.map((s) => DELIVERY_STATUSES.indexOf(s.status)))];
}

/**
 * Writes the order's derived delivery status after a shipment or a line changed, and records the
 * order-level event of every step the whole order has now reached (the order's tracking dates).
 * An order whose every line was cancelled keeps the status it had. Returns the status.
 */
export async function refreshOrderDelivery(q: Queryable, orderId: string): Promise<DeliveryStatus | null> {
  const ships = (await shipmentsFor(q, [orderId])).get(orderId) ?? [];
  const derived = derivedDeliveryStatus(ships);
  if (!derived) return null;
  const cur = await q.query<{ order_delivery_status: DeliveryStatus }>("SELECT order_delivery_status FROM orders WHERE id = $1", [orderId]);
  const was = cur.rows[0]?.order_delivery_status ?? "Placed";
  if (DELIVERY_STATUSES.indexOf(derived) > DELIVERY_STATUSES.indexOf(was)) {
    await q.query("UPDATE orders SET order_delivery_status = $2, updated_at = now() WHERE id = $1", [orderId, derived]);
    for (const s of DELIVERY_STATUSES.slice(DELIVERY_STATUSES.indexOf(was) + 1, DELIVERY_STATUSES.indexOf(derived) + 1))
      await q.query(
        `INSERT INTO order_events (order_id, kind) VALUES ($1, $2) ON CONFLICT (order_id, kind) WHERE order_item_id IS NULL DO NOTHING`,
        [orderId, DELIVERY_EVENT[s]],
      );
  }
  return derived;
}

/** Pay on delivery: the shipment's money is in (the store's cash recorded, or paid by transfer before the door). */
export const shipmentPaidIn = (s: Pick<ShipmentRow, "cash_received_at" | "transfer_paid_at">) => s.cash_received_at !== null || s.transfer_paid_at !== null;

/** Pay on delivery: true when every shipment with active lines has its money in (`shipmentPaidIn`). */
export function allPaidIn(shipments: readonly Pick<ShipmentRow, "active_items" | "cash_received_at" | "transfer_paid_at">[]): boolean {
  const active = shipments.filter((s) => s.active_items > 0);
  return active.length > 0 && active.every(shipmentPaidIn);
}
