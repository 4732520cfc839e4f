/** Carts: rows to the API's JSON (types from ./schemas). */
import { koboToNaira } from "~/domain/money";
import { deliveryWindowFor } from "~/domain/delivery";
import { shippingByStore, subtotalKobo, type ShipmentSize } from "~/domain/shipping";
import { imageUrl } from "../core/media";
import type { ApiCart, ApiCartItem } from "./schemas";

export interface CartRow {
  id: string;
  user_id: number | null;
}

export interface CartItemRow {
  id: number;
  product_id: number;
  quantity: number;
  name: string;
  selling_price_kobo: number;
  price_kobo: number;
  size: ShipmentSize;
  published: boolean;
  stock_quantity: number;
  image_key: string | null;
  category_id: number;
  /** The option chosen (its price is already selling_price_kobo / price_kobo), or null. */
  option_id: number | null;
  option_label: string | null;
  /** The product's store, its name and the state it ships from (null: unknown, priced from Lagos). */
  store_id: number | null;
  store_name: string | null;
  store_state: string | null;
}

export function serializeItem(it: CartItemRow, origin: string): ApiCartItem {
  return {
    id: it.id,
    prod_id: it.product_id,
    quantity: it.quantity,
    name: it.name,
    price: koboToNaira(it.selling_price_kobo),
    original_price: koboToNaira(it.price_kobo),
    line_total: koboToNaira(it.selling_price_kobo * it.quantity),
    image: imageUrl(origin, it.image_key),
    size: it.size,
    category_id: it.category_id,
    available: it.published && it.stock_quantity > 0,
    stock_quantity: it.stock_quantity,
    option_id: it.option_id ?? null,
    option_label: it.option_label ?? null,
    store: it.store_id ?? null,
    store_name: it.store_name ?? null,
  };
}

/** One store's lines of a cart: the shipment they would make, and its fee (kobo). */
export interface CartShipment {
  storeId: number | null;
  storeName: string;
  storeState: string | null;
  shippingKobo: number;
  itemIds: number[];
}

/**
 * Subtotal and shipping (kobo) of cart lines, by the shared rule (app/domain/shipping.ts): one
 * shipment per store, each from the store's state to `state` (canonical name; null: each store
 * within its own state, the lowest fee, a "from" quote). `shipping` is the sum of the shipments'
 * fees; `shipments` are in the order their stores first appear in the cart.
 */
export function cartTotalsKobo(items: readonly CartItemRow[], state: string | null = null) {
  const lines = items.map((i) => ({
    size: i.size,
    quantity: i.quantity,
    unitPriceKobo: i.selling_price_kobo,
    storeId: i.store_id ?? null,
    originState: i.store_state ?? null,
  }));
  const subtotal = subtotalKobo(lines);
  const { total: shipping, byStore } = shippingByStore(lines, state);
  const shipments = new Map<number | null, CartShipment>();
  for (const i of items) {
    const key = i.store_id ?? null;
    let s = shipments.get(key);
    if (!s) {
      s = { storeId: key, storeName: i.store_name ?? "BuildMart NG", storeState: i.store_state ?? null, shippingKobo: byStore.get(key) ?? 0, itemIds: [] };
      shipments.set(key, s);
    }
    s.itemIds.push(i.id);
  }
  return { subtotal, shipping, total: subtotal + shipping, shipments: [...shipments.values()] };
}

export function serializeCart(cart: CartRow, items: readonly CartItemRow[], origin: string, state: string | null = null, now: Date = new Date()): ApiCart {
  const t = cartTotalsKobo(items, state);
  return {
    id: cart.id,
    user_id: cart.user_id,
    total_quantity: items.reduce((n, i) => n + i.quantity, 0),
    shipping_cost: koboToNaira(t.shipping),
    subtotal: koboToNaira(t.subtotal),
    total: koboToNaira(t.total),
    shipping_state: state,
    cart_items: items.map((i) => serializeItem(i, origin)),
    shipments: t.shipments.map((s) => ({
      store: s.storeId,
      store_name: s.storeName,
      store_state: s.storeState,
      shipping_cost: koboToNaira(s.shippingKobo),
      items: s.itemIds,
      ...deliveryDates(s.storeState, state, now),
    })),
  };
}

/** The delivery window of a shipment sent today (app/domain/delivery.ts), as the API answers it. */
export function deliveryDates(origin: string | null, destination: string | null, now: Date = new Date()) {
  const w = deliveryWindowFor(origin, destination, now);
  return { earliest_delivery: w.earliest, latest_delivery: w.latest };
}
