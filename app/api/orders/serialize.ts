/** Orders: rows to the API's JSON. */
import { koboToNaira } from "~/domain/money";
import { optionalImageUrl } from "../core/media";
import type { ApiOrder } from "./schemas";

export interface OrderRow {
  id: string;
  user_id: number | null;
  created_at: Date | string;
  order_total_kobo: number;
  shipping_kobo: number;
  order_delivery_status: string;
  order_payment_status: string;
  order_payment_method: string;
  delivery_address_id: number | null;
  delivery_address: Record<string, unknown>;
}

export interface OrderItemRow {
  id: string;
  order_id: string;
  product_id: number | null;
  product_name: string;
  quantity: number;
  item_price_kobo: number;
  status: string;
  cancel_reason: string | null;
  image_key: string | null;
}

export const ORDER_COLUMNS = `id, user_id, created_at, order_total_kobo, shipping_kobo, order_delivery_status, order_payment_status,
  order_payment_method, delivery_address_id, delivery_address`;

export function serializeOrder(o: OrderRow, items: readonly OrderItemRow[], origin: string): ApiOrder {
  return {
    id: o.id,
    created_at: new Date(o.created_at).toISOString(),
    order_total_price: koboToNaira(o.order_total_kobo),
    shipping_cost: koboToNaira(o.shipping_kobo),
    delivery_charge: koboToNaira(o.shipping_kobo),
    order_delivery_status: o.order_delivery_status,
    order_payment_status: o.order_payment_status,
    order_payment_method: o.order_payment_method,
    delivery_address_id: o.delivery_address_id,
    delivery_address: o.delivery_address,
    user_id: o.user_id,
    order_items: items.map((i) => ({
      id: i.id,
      order_id: i.order_id,
      product_id: i.product_id,
      product_name: i.product_name,
      quantity: i.quantity,
      item_price: koboToNaira(i.item_price_kobo),
      status: i.status,
      cancel_reason: i.cancel_reason,
      image: optionalImageUrl(origin, i.image_key),
    })),
  };
}
