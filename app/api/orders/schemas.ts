/** Orders: response schemas and inferred answer types. No server imports. */
import * as z from "zod";

export const OrderItemSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  item_price: z.number(),
  status: z.string(),
  cancel_reason: z.string().nullable(),
  image: z.string().nullable(),
});

export const OrderSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  order_total_price: z.number(),
  shipping_cost: z.number(),
  delivery_charge: z.number(),
  order_delivery_status: z.string(),
  order_payment_status: z.string(),
  order_payment_method: z.string(),
  delivery_address_id: z.number().nullable(),
  delivery_address: z.record(z.string(), z.unknown()),
  user_id: z.number().nullable(),
  order_items: z.array(OrderItemSchema),
});

export const OrderPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(OrderSchema),
});

export type ApiOrderItem = z.infer<typeof OrderItemSchema>;
export type ApiOrder = z.infer<typeof OrderSchema>;
export type ApiOrderPage = z.infer<typeof OrderPageSchema>;
