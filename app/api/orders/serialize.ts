/** Orders: rows to the API's JSON (types from ./schemas). */
import { isSlotWindow, SLOT_HOURS } from "~/domain/slot-rules";
import { isUnit } from "~/domain/units";
import { koboToNaira } from "~/domain/money";
import { orderTotalKobo, shipmentTotalKobo } from "~/domain/pricing";
import { DELIVERY_EVENT, DELIVERY_STATUSES, isCancellable, shownPaymentStatus, type OrderEventKind } from "~/domain/orders";
import { optionalImageUrl } from "../core/media";
import type { ApiOrder, ApiOrderItem, ApiShipment } from "./schemas";
import { shipmentPaidIn, type ShipmentRow } from "./shipments.server";

/** Money facts of an order beyond its row: what was paid and what went back (queries.server.ts moneyFactsFor). */
export interface OrderMoneyRow {
  paid_kobo: number;
  refunded_kobo: number;
}

export interface OrderRow {
  id: string;
  user_id: number | null;
  customer_email: string | null;
  created_at: Date | string;
  order_total_kobo: number;
  shipping_kobo: number;
  order_delivery_status: string;
  order_payment_status: string;
  order_payment_method: string;
  delivery_address_id: number | null;
  delivery_address: Record<string, unknown>;
  delivery_state: string | null;
  source_cart_id: string | null;
  guest_token: string | null;
  /** Until when a link from before links had an end opens this guest order (migration 0036). */
  guest_link_legacy_until?: Date | string | null;
}

export interface OrderItemRow {
  id: string;
  order_id: string;
  product_id: number | null;
  product_name: string;
  quantity: number;
  item_price_kobo: number;
  /** The line's total, priced once by app/domain/pricing.ts. */
  line_total_kobo: number;
  status: string;
  cancel_reason: string | null;
  cancelled_at: Date | string | null;
  image_key: string | null;
  option_id?: number | null;
  option_label?: string | null;
  store_id?: number | null;
  /** The unit it was bought in (issue 34; "piece" for older lines). */
  unit?: string;
}

export interface OrderEventRow {
  order_id: string;
  order_item_id: string | null;
  kind: OrderEventKind;
  created_at: Date | string;
}

export const ORDER_COLUMNS = `id, user_id, customer_email, created_at, order_total_kobo, shipping_kobo, order_delivery_status, order_payment_status,
  order_payment_method, delivery_address_id, delivery_address, delivery_state, source_cart_id::text AS source_cart_id, guest_token, guest_link_legacy_until`;

const isoOrNull = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

export function serializeOrderItem(i: OrderItemRow, deliveryStatus: string, origin: string): ApiOrderItem {
  return {
    id: i.id,
    order_id: i.order_id,
    product_id: i.product_id,
    product_name: i.product_name,
    quantity: i.quantity,
    item_price: koboToNaira(i.item_price_kobo),
    line_total: koboToNaira(i.line_total_kobo),
    status: i.status,
    cancel_reason: i.cancel_reason,
    cancelled_at: isoOrNull(i.cancelled_at),
    cancellable: i.status === "Active" && isCancellable(deliveryStatus),
    image: optionalImageUrl(origin, i.image_key),
    option_id: i.option_id ?? null,
    option_label: i.option_label ?? null,
    store: i.store_id ?? null,
    shipment_status: deliveryStatus,
    unit: i.unit && isUnit(i.unit) ? i.unit : "piece",
  };
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

export function serializeShipment(sh: ShipmentRow, itemIds: string[]): ApiShipment {
  return {
    id: sh.id,
    store: sh.store_id,
    store_name: sh.store_name ?? "Seller no longer on BuildMart",
    store_slug: sh.store_slug,
    origin_state: sh.origin_state,
    status: sh.status,
    steps: { Placed: iso(sh.created_at), Confirmed: iso(sh.confirmed_at), Shipped: iso(sh.shipped_at), Delivered: iso(sh.delivered_at) },
    items: itemIds,
    active_items: sh.active_items,
    items_total: koboToNaira(sh.items_kobo),
    shipping_cost: koboToNaira(sh.shipping_kobo),
    total: koboToNaira(shipmentTotalKobo(Number(sh.items_kobo), Number(sh.shipping_kobo))),
    cash_received: sh.cash_received_at !== null,
    cash_received_at: iso(sh.cash_received_at),
    paid_by_transfer: sh.transfer_paid_at !== null,
    transfer_paid_at: iso(sh.transfer_paid_at),
    delivery_slot:
      sh.slot_day && isSlotWindow(sh.slot_window)
        ? { id: sh.slot_id ?? null, day: sh.slot_day, window: sh.slot_window, starts: SLOT_HOURS[sh.slot_window][0], ends: SLOT_HOURS[sh.slot_window][1] }
        : null,
    collection: sh.collect ? { address: sh.collect_address ?? "", hours: sh.collect_hours ?? "" } : null,
  };
}

export function serializeOrder(
  o: OrderRow,
  items: readonly OrderItemRow[],
  events: readonly OrderEventRow[],
  origin: string,
  shipments: readonly ShipmentRow[] = [],
  money: OrderMoneyRow = { paid_kobo: 0, refunded_kobo: 0 },
): ApiOrder {
  const history = events.map((e) => ({ kind: e.kind, at: new Date(e.created_at).toISOString(), order_item_id: e.order_item_id }));
  const stepAt = (kind: OrderEventKind) => history.find((e) => e.kind === kind && e.order_item_id === null)?.at ?? null;
  const reached = DELIVERY_STATUSES.indexOf(o.order_delivery_status as (typeof DELIVERY_STATUSES)[number]);
  const steps = Object.fromEntries(
    DELIVERY_STATUSES.map((s, i) => [s, i <= reached ? (stepAt(DELIVERY_EVENT[s]) ?? (i === 0 ? new Date(o.created_at).toISOString() : null)) : null]),
  ) as ApiOrder["steps"];
  const shipmentOf = (i: OrderItemRow) => shipments.find((sh) => sh.store_id === (i.store_id ?? null));
  const active = shipments.filter((sh) => sh.active_items > 0);
  return {
    id: o.id,
    created_at: new Date(o.created_at).toISOString(),
    order_total_price: koboToNaira(o.order_total_kobo),
    shipping_cost: koboToNaira(o.shipping_kobo),
    delivery_charge: koboToNaira(o.shipping_kobo),
    total: koboToNaira(orderTotalKobo(o.order_total_kobo, o.shipping_kobo)),
    order_delivery_status: o.order_delivery_status,
    order_payment_status: shownPaymentStatus({
      stored: o.order_payment_status,
      method: o.order_payment_method,
      activeShipments: active.length,
      cashShipments: active.filter(shipmentPaidIn).length,
      paidKobo: money.paid_kobo,
      refundedKobo: money.refunded_kobo,
    }),
    order_payment_method: o.order_payment_method,
    delivery_address_id: o.delivery_address_id,
    delivery_address: o.delivery_address,
    delivery_state: o.delivery_state,
    customer_email: o.customer_email,
    user_id: o.user_id,
    is_guest: o.user_id === null,
    order_items: items.map((i) => serializeOrderItem(i, shipmentOf(i)?.status ?? o.order_delivery_status, origin)),
    shipments: shipments.map((sh) => serializeShipment(sh, items.filter((i) => (i.store_id ?? null) === sh.store_id).map((i) => i.id))),
    status_history: history,
    steps,
  };
}
