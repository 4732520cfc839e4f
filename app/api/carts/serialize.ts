/** Carts: rows to the API's JSON (types from ./schemas). */
import { koboToNaira } from "~/domain/money";
import { deliveryWindowFor } from "~/domain/delivery";
import { lineTotalKobo, lowestShippingKobo, orderTotalKobo, priceLines, unitPriceKobo, type PriceLine } from "~/domain/pricing";
import { isUnit, ladderUnitKobo, nextTier, roundQuantity, type PriceTier } from "~/domain/units";
import { tiersAnswer } from "../catalog/serialize";
import type { ShipmentSize } from "~/domain/shipping";
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
  /** Issue 34: the product's unit, pack, minimum, step, and the ladder the line is priced by (the option's when one is chosen). */
  unit: string;
  pack_description: string | null;
  min_quantity: number;
  quantity_step: number;
  price_tiers: PriceTier[];
}

/** A line's unit price by the one money rule: the ladder's rung its quantity reaches (kobo). */
export const lineUnitKobo = (it: Pick<CartItemRow, "selling_price_kobo" | "price_tiers" | "quantity">) =>
  unitPriceKobo(it.selling_price_kobo, null, { tiers: it.price_tiers, quantity: it.quantity });

export function serializeItem(it: CartItemRow, origin: string): ApiCartItem {
  const unitKobo = lineUnitKobo(it);
  const next = nextTier(it.price_tiers, it.quantity);
  return {
    id: it.id,
    prod_id: it.product_id,
    quantity: it.quantity,
    name: it.name,
    price: koboToNaira(unitKobo),
    original_price: koboToNaira(it.price_kobo),
    line_total: koboToNaira(lineTotalKobo(unitKobo, it.quantity)),
    image: imageUrl(origin, it.image_key),
    size: it.size,
    category_id: it.category_id,
    available: it.published && it.stock_quantity > 0,
    stock_quantity: it.stock_quantity,
    option_id: it.option_id ?? null,
    option_label: it.option_label ?? null,
    store: it.store_id ?? null,
    store_name: it.store_name ?? null,
    unit: (isUnit(it.unit) ? it.unit : "piece"),
    pack_description: it.pack_description ?? null,
    min_quantity: Number(it.min_quantity ?? 1),
    quantity_step: Number(it.quantity_step ?? 1),
    single_price: koboToNaira(it.selling_price_kobo),
    price_tiers: tiersAnswer(it.price_tiers),
    next_tier: next
      ? { min_quantity: Number(next.min_quantity), price: koboToNaira(ladderUnitKobo(it.selling_price_kobo, it.price_tiers, next.min_quantity)), more: roundQuantity(next.min_quantity - it.quantity) }
      : null,
  };
}

/** One store's lines of a cart: the shipment they would make, and its money (kobo). */
export interface CartShipment {
  storeId: number | null;
  storeName: string;
  storeState: string | null;
  itemsKobo: number;
  /** Its fee to the quoted state; without one, the lowest fee (within the store's state, a "from" quote). */
  shippingKobo: number;
  /** Items + shipping to the quoted state; null without a state. */
  totalKobo: number | null;
  itemIds: number[];
}

/**
 * A cart's money by the one rule (app/domain/pricing.ts): each line's total, one shipment per store
 * with its items and its fee to `state` (canonical name), items + shipping per shipment and for the
 * whole. Without a state the fees are the lowest each shipment could cost (older clients show them
 * as `shipping_cost`), and no shipment has a total. `shipments` are in the order their stores first
 * appear in the cart.
 */
export function cartTotalsKobo(items: readonly CartItemRow[], state: string | null = null) {
  const lines: PriceLine[] = items.map((i) => ({
    storeId: i.store_id ?? null,
    originState: i.store_state ?? null,
    size: i.size,
    quantity: i.quantity,
    unitKobo: lineUnitKobo(i),
  }));
  const priced = priceLines(lines, state, state ? undefined : lowestShippingKobo(lines).byStore);
  const shipments: CartShipment[] = priced.shipments.map((sh) => {
    const first = items[sh.lines[0]];
    return {
      storeId: sh.storeId,
      storeName: first.store_name ?? "BuildMart NG",
      storeState: first.store_state ?? null,
      itemsKobo: sh.itemsKobo,
      shippingKobo: sh.shippingKobo ?? 0,
      totalKobo: state ? sh.totalKobo : null,
      itemIds: sh.lines.map((n) => items[n].id),
    };
  });
  const shipping = priced.shippingKobo ?? 0;
  return { subtotal: priced.itemsKobo, shipping, total: priced.totalKobo ?? orderTotalKobo(priced.itemsKobo, shipping), quoted: !!state, shipments };
}

export function serializeCart(cart: CartRow, items: readonly CartItemRow[], origin: string, state: string | null = null, now: Date = new Date()): ApiCart {
  const t = cartTotalsKobo(items, state);
  return {
    id: cart.id,
    user_id: cart.user_id,
    total_quantity: roundQuantity(items.reduce((n, i) => n + i.quantity, 0)),
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
      items_total: koboToNaira(s.itemsKobo),
      total: s.totalKobo === null ? null : koboToNaira(s.totalKobo),
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
