/**
 * Orders: request and response schemas (zod) and the answer types inferred from them. No server
 * imports: the storefront imports these types (`import type { ApiOrder } from "~/api/orders/schemas"`).
 * The request/answer shapes are described in words at the top of ./routes.ts.
 */
import { DeliveryChoicesField } from "~/domain/slots";
import * as z from "zod";
import { UNITS } from "~/domain/units";
import { CANCEL_REASONS, CancelItemSchema, GuestCheckoutSchema, ORDER_EVENT_KINDS, paymentMethodField } from "~/domain/orders";
import { TEXT_MAX } from "~/domain/text";
import { INT_ID_MESSAGE, intIdField } from "../core/fields";
import { MAX_LINE_QUANTITY } from "~/domain/cart";

const uuidField = z.string().trim().toLowerCase().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Must be a valid UUID.");

// Whole units take whole numbers, divisible ones (m², tonne…) 2 places: checked by the product's rule (app/domain/units.ts).
const quantityBody = z
  .union([z.number(), z.string().trim().max(20, INT_ID_MESSAGE).regex(/^\d+(\.\d+)?$/, INT_ID_MESSAGE)], { error: INT_ID_MESSAGE })
  .transform(Number)
  .pipe(z.number().min(1, "Ensure this value is greater than or equal to 1.").max(MAX_LINE_QUANTITY, `Ensure this value is less than or equal to ${MAX_LINE_QUANTITY}.`));

/** Money a client may send; accepted and ignored (the server prices everything). */
const ignoredMoney = z.unknown().optional();

/** One line of a buy-now or orderitems/create body: {product_id, quantity, item_price (ignored)}. */
export const OrderLineBody = z.object({
  product_id: intIdField,
  /** One of the product's options (priced and stocked with it). */
  option_id: intIdField.optional().nullable(),
  quantity: quantityBody.optional().transform((v) => v ?? 1),
  item_price: ignoredMoney,
});

/**
 * POST /orders/. Aliases of the spec's placement helper are accepted: cartId (cart_id),
 * addressId (delivery_address_id), paymentMethod (order_payment_method). Client money and
 * statuses (item_price, delivery_charge, shippingCost, subtotal, order_payment_status,
 * order_delivery_status, user_id) are accepted and ignored.
 */
export const PlaceOrderBody = z.object({
  order_payment_method: paymentMethodField.optional(),
  paymentMethod: paymentMethodField.optional(),
  delivery_address_id: intIdField.optional().nullable(),
  addressId: intIdField.optional().nullable(),
  guest_delivery_address: GuestCheckoutSchema.optional().nullable(),
  cart_id: uuidField.optional().nullable(),
  cartId: uuidField.optional().nullable(),
  buy: intIdField.optional().nullable(),
  /** Buy now with one of the product's options (priced with it). */
  option_id: intIdField.optional().nullable(),
  quantity: quantityBody.optional().nullable(),
  orderItem: OrderLineBody.optional().nullable(),
  /** The spec's placement helper sends the cart's items: the order is made from that cart (cartId, or the member's). */
  cartItems: z.array(z.unknown()).max(500).optional().nullable(),
  shippingCost: ignoredMoney,
  subtotal: ignoredMoney,
  idempotency_key: z.string().trim().min(1).max(TEXT_MAX.line).optional().nullable(),
  delivery_charge: ignoredMoney,
  order_payment_status: ignoredMoney,
  order_delivery_status: ignoredMoney,
  user_id: ignoredMoney,
  /**
   * Additive (issue 35 item 5): per store's shipment, a delivery slot (`slot_id`, from
   * GET /stores/{storeId}/slots/) or `collect: true` (from the store's yard, no shipping).
   */
  delivery_choices: DeliveryChoicesField,
});
export type PlaceOrderInput = z.output<typeof PlaceOrderBody>;

/** POST /orders/{id}/orderitems/create/. */
export const CreateOrderItemBody = OrderLineBody;

/** POST /orders/{orderItemId}/orderitem/cancel. */
export const CancelOrderItemBody = CancelItemSchema;
export { CANCEL_REASONS };

/** GET /orders/{productId}/shippingfee/?state=&quantity= */
export const ShippingFeeQuery = z.object({
  state: z.string().max(TEXT_MAX.state).optional(),
  quantity: z.string().max(8).optional(),
  /** Additive: one of the product's options (the line is priced with it, as Buy Now charges it). */
  option_id: z.string().max(12).optional(),
});

/**
 * GET /orders/{productId}/shippingfee/?state=&quantity=: the product's shipment from its store's
 * state (`origin_state`; null: not known, priced from Lagos) to `state` (null: not given, the
 * "from" quote within the store's state). `zone` is the distance band: same_state, same_zone,
 * neighbouring_zone or far (app/domain/shipping.ts). The order-id form answers the order's charged
 * shipping with `origin_state` null (an order may ship from several stores).
 */
export const ShippingFeeSchema = z.object({
  shipping_cost: z.number(),
  state: z.string().nullable(),
  zone: z.enum(["same_state", "same_zone", "neighbouring_zone", "far"]),
  origin_state: z.string().nullable(),
  /**
   * Product form only (additive): when the shipment would arrive if ordered today
   * ("YYYY-MM-DD", Lagos dates; business days by `zone`, Sundays and public holidays skipped,
   * app/domain/delivery.ts).
   */
  earliest_delivery: z.string().optional(),
  latest_delivery: z.string().optional(),
  /** Product form only (additive): the line's items (unit price × quantity; the option's price with option_id), naira. */
  items_total: z.number().optional(),
  /** Product form only (additive): items + shipping_cost when `state` was given, else null (a "from" fee is never a total). */
  total: z.number().nullable().optional(),
});

export const OrderItemSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  item_price: z.number(),
  /** item_price × quantity, naira. */
  line_total: z.number(),
  /** Active or Cancelled. */
  status: z.string(),
  cancel_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** True while the owner may still cancel this item (Active, order Placed or Confirmed). */
  cancellable: z.boolean(),
  image: z.string().nullable(),
  /** The product option bought (item_price is its price), or null; its label as bought, e.g. "Colour: Red". */
  option_id: z.number().nullable(),
  option_label: z.string().nullable(),
  /** The line's store (null for a product whose store is gone) and the delivery status of that store's shipment. */
  store: z.number().nullable(),
  shipment_status: z.string(),
  /** Issue 34: the unit it was bought in ("bag", "m2"…; "piece" for older lines). */
  unit: z.enum(UNITS),
});

export const OrderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.string(),
  order_item_id: z.string().nullable(),
});

const StepsSchema = z.object({ Placed: z.string().nullable(), Confirmed: z.string().nullable(), Shipped: z.string().nullable(), Delivered: z.string().nullable() });

/** One store's part of an order: its lines travel together, with their own status, steps and shipping. */
export const ShipmentSchema = z.object({
  id: z.number(),
  /** The store's id (null when the store is gone). */
  store: z.number().nullable(),
  store_name: z.string(),
  store_slug: z.string().nullable(),
  /** The state it ships from. */
  origin_state: z.string().nullable(),
  /** Placed, Confirmed, Shipped or Delivered. */
  status: z.string(),
  /** The date of each step reached (ISO), null when not reached. */
  steps: StepsSchema,
  /** Ids of this store's lines of the order (order_items). */
  items: z.array(z.string()),
  /** How many of those lines are still active (not cancelled). */
  active_items: z.number(),
  /** Sum of the active lines (naira). */
  items_total: z.number(),
  /** This shipment's fee, from the store's state to the delivery state (naira). */
  shipping_cost: z.number(),
  /**
   * Additive: items_total + shipping_cost, what this shipment costs (naira): the store's amount to
   * collect on delivery, the figure its messages carry. The order's `total` is the sum of these.
   */
  total: z.number(),
  /** Pay on delivery: the store recorded the cash as received. */
  cash_received: z.boolean(),
  cash_received_at: z.string().nullable(),
  /**
   * Additive. Pay on delivery: the buyer paid this shipment's total by bank transfer before or at
   * the door (POST /payments/paystack/transfer/ with `shipment`): nothing to collect in cash.
   */
  paid_by_transfer: z.boolean(),
  transfer_paid_at: z.string().nullable(),
  /**
   * Additive (issue 35 item 5): the delivery slot booked for this shipment: its day ("YYYY-MM-DD",
   * Lagos), window (morning | afternoon | day) and hours; null when none was booked.
   */
  delivery_slot: z.object({ id: z.number().nullable(), day: z.string(), window: z.string(), starts: z.string(), ends: z.string() }).nullable(),
  /** Additive (issue 35 item 5): collected from the store's yard (no shipping): its address and hours; null when delivered. */
  collection: z.object({ address: z.string(), hours: z.string() }).nullable(),
  /**
   * Additive, the BUYER's answer only (GET /orders/{id}/ by its buyer or with a guest's token): the
   * 4-digit code to give the rider of a pay-on-delivery shipment on its way (absent otherwise). A
   * store's or an admin's answer never has it (docs/decisions/0025-delivery-code.md).
   */
  delivery_code: z.string().nullable().optional(),
});

export const OrderSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** Sum of the items (naira), shipping NOT included (spec section 9: total shown = order_total_price + shipping_cost). */
  order_total_price: z.number(),
  shipping_cost: z.number(),
  /** Same as shipping_cost (the spec's name in the placement body). */
  delivery_charge: z.number(),
  /** What the shopper pays: order_total_price + shipping_cost (naira). Card payments charge this × 100 kobo. */
  total: z.number(),
  order_delivery_status: z.string(),
  /** Pending, Partly paid (pay on delivery, some stores' cash recorded), Complete, Partly refunded, Refunded, Failed or Cancelled. */
  order_payment_status: z.string(),
  order_payment_method: z.string(),
  delivery_address_id: z.number().nullable(),
  delivery_address: z.record(z.string(), z.unknown()),
  /** The canonical destination state (shipping zone), or null for old orders. */
  delivery_state: z.string().nullable(),
  customer_email: z.string().nullable(),
  user_id: z.number().nullable(),
  /** True for an order placed without an account (viewed with ?token=). */
  is_guest: z.boolean(),
  order_items: z.array(OrderItemSchema),
  /** One shipment per store with lines in the order (a store member reading the order sees only its own). */
  shipments: z.array(ShipmentSchema),
  /** Each change with its date, oldest first: placed, paid, confirmed, shipped, delivered, cancelled, refunded. */
  status_history: z.array(OrderEventSchema),
  /** The date of each delivery step reached (ISO), for the tracking page; null when not reached. */
  steps: StepsSchema,
});

/** The placement answer: the order, plus `guest_token` for a guest order (keep it: it opens the order). */
export const PlacedOrderSchema = OrderSchema.extend({ guest_token: z.string().optional() });

export const OrderPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(OrderSchema),
});

export type ApiOrderItem = z.infer<typeof OrderItemSchema>;
export type ApiShipment = z.infer<typeof ShipmentSchema>;
export type ApiOrderEvent = z.infer<typeof OrderEventSchema>;
export type ApiOrder = z.infer<typeof OrderSchema>;
export type ApiPlacedOrder = z.infer<typeof PlacedOrderSchema>;
export type ApiOrderPage = z.infer<typeof OrderPageSchema>;
export type ApiShippingFee = z.infer<typeof ShippingFeeSchema>;
