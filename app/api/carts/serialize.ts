/** Carts: rows to the API's JSON (types from ./schemas). */
import { koboToNaira } from "~/domain/money";
import { shipmentShippingKobo, subtotalKobo, type ShipmentSize } from "~/domain/shipping";
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
  };
}

/**
 * Subtotal and shipping (kobo) of cart lines, by the shared rule (app/domain/shipping.ts) to
 * `state` (canonical name; null: the base zone, i.e. the lowest fees).
 */
export function cartTotalsKobo(items: readonly CartItemRow[], state: string | null = null) {
  const lines = items.map((i) => ({ size: i.size, quantity: i.quantity, unitPriceKobo: i.selling_price_kobo }));
  const subtotal = subtotalKobo(lines);
  const shipping = shipmentShippingKobo(lines, null, state);
  return { subtotal, shipping, total: subtotal + shipping };
}

export function serializeCart(cart: CartRow, items: readonly CartItemRow[], origin: string, state: string | null = null): ApiCart {
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
  };
}
