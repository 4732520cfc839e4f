/**
 * Carts: request and response schemas (zod) and the answer types inferred from them. No server
 * imports: the storefront imports these types (`import type { ApiCart } from "~/api/carts/schemas"`).
 */
import * as z from "zod";
import { UNITS } from "~/domain/units";
import { quantityField } from "~/domain/cart-schema";
import { INT_ID_MESSAGE, intIdField } from "../core/fields";

/** POST /carts/: {user_id: null} for a guest, {user_id} for a member. */
export const CreateCartBody = z.object({
  user_id: z
    .union([intIdField, z.null(), z.literal("")])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
});

/** POST /carts/{cartId}/items/: {prod_id, quantity (default 1), option_id (optional: one of the product's options)}. */
export const AddItemBody = z.object({
  prod_id: intIdField,
  option_id: z
    .union([intIdField, z.null(), z.literal("")])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
  quantity: z
    .union([z.number(), z.string().trim().max(20, INT_ID_MESSAGE).regex(/^\d+(\.\d+)?$/, INT_ID_MESSAGE)], { error: INT_ID_MESSAGE })
    .transform(Number)
    .optional()
    .nullable()
    .transform((v) => v ?? 1)
    // A whole unit's fraction is refused here as before; a divisible unit (m², tonne…) takes 2 places (the handler checks the unit).
    .pipe(z.number().min(1, "Ensure this value is greater than or equal to 1.").max(1_000_000, "Ensure this value is less than or equal to 1000000.")),
});

/** PATCH/PUT /carts/{cartId}/items/{itemId}/: quantities below 1 become 1 (spec section 5). */
export const QuantityBody = z.object({ quantity: quantityField });

export const CartItemSchema = z.object({
  id: z.number(),
  prod_id: z.number(),
  quantity: z.number(),
  // extra fields (not in the original contract) so a page needs no call per line
  name: z.string(),
  price: z.number(),
  original_price: z.number(),
  line_total: z.number(),
  image: z.string(),
  size: z.enum(["small", "medium", "large"]),
  category_id: z.number(),
  available: z.boolean(),
  stock_quantity: z.number(),
  /** The product option on this line (priced with it: `price` is the option's), or null. */
  option_id: z.number().nullable(),
  /** "Variant: value", e.g. "Colour: Red", or null. */
  option_label: z.string().nullable(),
  /** The product's store (id and name); its lines ship together (the cart's `shipments`). */
  store: z.number().nullable(),
  store_name: z.string().nullable(),
  /** Issue 34: the unit (per bag…), its pack, the minimum and step, and the ladder it is priced by. */
  unit: z.enum(UNITS),
  pack_description: z.string().nullable(),
  min_quantity: z.number(),
  quantity_step: z.number(),
  /** The unit price without the ladder (naira): `price` is the ladder's for this quantity. */
  single_price: z.number(),
  price_tiers: z.array(z.object({ min_quantity: z.number(), price: z.number() })),
  /** The next step of the ladder: buy `more` to pay `price` each (naira); null: none above. */
  next_tier: z.object({ min_quantity: z.number(), price: z.number(), more: z.number() }).nullable(),
});

/**
 * One store's lines of the cart: the shipment they would make. `shipping_cost` (naira) is priced
 * from `store_state` (null: unknown, priced from Lagos) to the quoted state (`shipping_state`;
 * none: within the store's state, a "from" quote). `items` are the cart item ids.
 */
export const CartShipmentSchema = z.object({
  store: z.number().nullable(),
  store_name: z.string(),
  store_state: z.string().nullable(),
  shipping_cost: z.number(),
  /** Additive: the shipment's items (its lines' totals), naira. */
  items_total: z.number(),
  /**
   * Additive: what the shipment costs, items + shipping_cost, when a state was quoted
   * (`shipping_state`); null otherwise (a "from" fee is never added to a total).
   */
  total: z.number().nullable(),
  items: z.array(z.number()),
  /**
   * When the shipment would arrive if ordered today ("YYYY-MM-DD", Lagos dates): the lead time of its
   * distance band in business days, Sundays and public holidays skipped (app/domain/delivery.ts).
   * Additive; clients may ignore it.
   */
  earliest_delivery: z.string().optional(),
  latest_delivery: z.string().optional(),
});

export const CartSchema = z.object({
  id: z.string(),
  user_id: z.number().nullable(),
  total_quantity: z.number(),
  /** Naira: the sum of the shipments' shipping_cost. */
  shipping_cost: z.number(),
  subtotal: z.number(),
  /** subtotal + shipping_cost (older clients add them); with a quoted state it is the sum of the shipments' totals. */
  total: z.number(),
  /** The state shipping_cost was quoted for (?state=), or null: each store within its own state (the lowest fees, a "from" quote). */
  shipping_state: z.string().nullable(),
  cart_items: z.array(CartItemSchema),
  /** One per store with lines in the cart, in the order the stores first appear. */
  shipments: z.array(CartShipmentSchema),
});

/** GET /carts/{cartId}/?state=Lagos and GET /carts/user/{userId}/?state=…: shipping quoted for that state. */
export const CartQuoteQuery = z.object({ state: z.string().max(64).optional() });

/** POST /carts/{cartId}/items/ and PATCH answer the line plus its cart id. */
export const CartLineSchema = CartItemSchema.extend({ cart: z.string() });

export type ApiCartItem = z.infer<typeof CartItemSchema>;
export type ApiCart = z.infer<typeof CartSchema>;
export type ApiCartShipment = z.infer<typeof CartShipmentSchema>;
export type ApiCartLine = z.infer<typeof CartLineSchema>;

/** GET /carts/{cartId}/quantity/: the cart's `total_quantity` alone (the header's badge). */
export const CartQuantitySchema = z.object({ total_quantity: z.number() });
