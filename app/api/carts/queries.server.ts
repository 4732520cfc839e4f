/**
 * Carts: reads. Plain functions over a Queryable (the pool or a transaction), so checkout can
 * compose them with stock and shipping in one transaction.
 */
import { hotQuery, type Queryable } from "~/db/client.server";
import { CHOOSE_OPTION_MESSAGE, QUANTITY_MESSAGE, lineLimit, optionOutOfStockMessage, stockMessage } from "~/domain/cart";
import { isDivisible, quantityProblem, type PriceTier, type QuantityRule } from "~/domain/units";
import { badRequest } from "../core/http";
import { firstImageKeySql } from "../core/media";
import { serializeCart, type CartItemRow, type CartRow } from "./serialize";
import { listedSql } from "../catalog/listed";

export async function findCart(q: Queryable, id: string): Promise<CartRow | null> {
  const r = await q.query<CartRow>("SELECT id::text AS id, user_id FROM carts WHERE id = $1", [id]);
  return r.rows[0] ?? null;
}

export async function findUserCart(q: Queryable, userId: number): Promise<CartRow | null> {
  const r = await q.query<CartRow>("SELECT id::text AS id, user_id FROM carts WHERE user_id = $1", [userId]);
  return r.rows[0] ?? null;
}

/**
 * A cart's lines with each product's name, prices, size, stock and first image, oldest first.
 * A line with an option is priced with it: the option's price is the unit price (selling and
 * original), and `option_label` reads "Variant: value"; its `stock_quantity` is the option's when the
 * option has stock of its own. Each line says its product's store (id, name and the state it ships
 * from: `store_state`, null when unknown) for shipping per store.
 */
export async function loadCartItems(q: Queryable, cartId: string): Promise<CartItemRow[]> {
  const r = await q.query<CartItemRow>(
    `SELECT ci.id, ci.product_id, ci.quantity, p.name,
            COALESCE(po.price_kobo, p.selling_price_kobo) AS selling_price_kobo, COALESCE(po.price_kobo, p.price_kobo) AS price_kobo,
            p.size, ${listedSql("p")} AS published, COALESCE(po.stock_quantity, p.stock_quantity) AS stock_quantity, p.category_id, ${firstImageKeySql("p.id")} AS image_key,
            ci.option_id, CASE WHEN po.id IS NULL THEN NULL ELSE v.name::text || ': ' || po.value END AS option_label,
            p.store_id, s.name AS store_name, s.state AS store_state,
            p.unit, p.pack_description, p.min_quantity, p.quantity_step, CASE WHEN po.id IS NULL THEN p.price_tiers ELSE po.price_tiers END AS price_tiers
       FROM cart_items ci JOIN products p ON p.id = ci.product_id
       LEFT JOIN stores s ON s.id = p.store_id
       LEFT JOIN product_options po ON po.id = ci.option_id AND po.product_id = ci.product_id
       LEFT JOIN variants v ON v.id = po.variant_id
      WHERE ci.cart_id = $1
      ORDER BY ci.created_at, ci.id`,
    [cartId],
  );
  return r.rows;
}

/** The cart as the API answers it; `state` (canonical name) quotes shipping to that state. */
export async function loadCart(q: Queryable, cart: CartRow, origin: string, state: string | null = null) {
  return serializeCart(cart, await loadCartItems(q, cart.id), origin, state);
}

export interface AvailableProduct extends QuantityRule {
  id: number;
  published: boolean;
  stock_quantity: number;
  name: string;
}

/** A product that may go in a cart (published, in stock), or a 400 on `field`. */
export async function availableProduct(q: Queryable, productId: number, field = "prod_id"): Promise<AvailableProduct> {
  const r = await q.query<AvailableProduct>(`SELECT p.id, ${listedSql("p")} AS published, p.stock_quantity, p.name, p.unit, p.min_quantity, p.quantity_step FROM products p WHERE p.id = $1`, [productId]);
  const p = r.rows[0];
  if (!p || !p.published) throw badRequest({ [field]: ["This product is not available."] });
  if (p.stock_quantity <= 0) throw badRequest({ [field]: ["This product is out of stock."] });
  return p;
}

export interface ChosenOption {
  id: number;
  label: string;
  price_kobo: number;
  /** The option's own stock, or null: it shares the product's. */
  stock_quantity?: number | null;
  /** The option's own volume price ladder (kobo); empty: one price. */
  price_tiers?: PriceTier[];
}

/**
 * An option of `productId` ("Colour: Red", its unit price and own stock), or a 400 on `field` when
 * it is not one of the product's.
 */
export async function productOption(q: Queryable, productId: number, optionId: number, field = "option_id"): Promise<ChosenOption> {
  const r = await q.query<ChosenOption>(
    `SELECT po.id, v.name::text || ': ' || po.value AS label, po.price_kobo, po.stock_quantity, po.price_tiers
       FROM product_options po JOIN variants v ON v.id = po.variant_id WHERE po.id = $1 AND po.product_id = $2`,
    [optionId, productId],
  );
  const o = r.rows[0];
  if (!o) throw badRequest({ [field]: ["This option is not one of the product's options."] });
  return o;
}

/** A 400 on `field` when the option has stock of its own and none is left (adding to a cart). */
export function checkOptionInStock(o: ChosenOption, field = "option_id") {
  if (o.stock_quantity === 0) throw badRequest({ [field]: [optionOutOfStockMessage(o.label)] });
}

/** A 400 on `field` when a product whose options have stock is added without one. */
export async function requireOptionIfStocked(q: Queryable, productId: number, field = "option_id") {
  const r = await q.query("SELECT 1 FROM product_options WHERE product_id = $1 AND stock_quantity IS NOT NULL LIMIT 1", [productId]);
  if (r.rows[0]) throw badRequest({ [field]: [CHOOSE_OPTION_MESSAGE] });
}

/**
 * A line's quantity by its product's rule (app/domain/units.ts): a whole unit's fraction is "A
 * valid integer is required." (as before), under the minimum or off the step a 400 with its message.
 */
export function checkQuantityRule(rule: QuantityRule, quantity: number, field = "quantity") {
  if (!isDivisible(rule.unit) && !Number.isInteger(quantity)) throw badRequest({ [field]: [QUANTITY_MESSAGE] });
  const problem = quantityProblem(quantity, rule);
  if (problem) throw badRequest({ [field]: [problem] });
}

/** A 400 when `quantity` exceeds the stock or the per-line maximum; `option` names the option whose stock it is. */
export function checkStock(stock: number, quantity: number, field = "quantity", option: string | null = null) {
  if (quantity > lineLimit(stock)) throw badRequest({ [field]: [stockMessage(stock, option)] });
}

/**
 * The stock of a cart line (its option's when the option has stock of its own, else the product's)
 * and the option it is counted on, or null when the line is not in that cart.
 */
export async function cartLineStock(q: Queryable, cartId: string, itemId: number): Promise<{ stock: number; option: string | null; rule: QuantityRule } | null> {
  const r = await q.query<{ stock_quantity: number; option: string | null } & QuantityRule>(
    `SELECT COALESCE(po.stock_quantity, p.stock_quantity) AS stock_quantity, p.unit, p.min_quantity, p.quantity_step,
            CASE WHEN po.stock_quantity IS NULL THEN NULL ELSE v.name::text || ': ' || po.value END AS option
       FROM cart_items ci JOIN products p ON p.id = ci.product_id
       LEFT JOIN product_options po ON po.id = ci.option_id AND po.product_id = ci.product_id
       LEFT JOIN variants v ON v.id = po.variant_id
      WHERE ci.id = $1 AND ci.cart_id = $2`,
    [itemId, cartId],
  );
  const row = r.rows[0];
  return row ? { stock: row.stock_quantity, option: row.option, rule: { unit: row.unit, min_quantity: row.min_quantity, quantity_step: row.quantity_step } } : null;
}

/** The lines loadCartItems answers, summed: what a cart's `total_quantity` says. */
const QUANTITY_SQL = "SELECT COALESCE(SUM(ci.quantity), 0)::int FROM cart_items ci JOIN products p ON p.id = ci.product_id WHERE ci.cart_id = c.id";

/**
 * The number of items in a cart (its `total_quantity`) without loading its lines, with the cart's
 * owner (null: a guest cart) for the access check; null when there is no such cart. One statement:
 * the header's badge asks on every page.
 */
export async function cartQuantity(q: Queryable, cartId: string): Promise<{ user_id: number | null; quantity: number } | null> {
  const r = await hotQuery<{ user_id: number | null; quantity: number }>(q, `SELECT c.user_id, (${QUANTITY_SQL}) AS quantity FROM carts c WHERE c.id = $1`, [cartId], ["uuid"]);
  return r.rows[0] ?? null;
}

/** The number of items in user $1's cart (0 without one), as cartQuantity: a subquery for the member header's one statement. */
export const USER_CART_QUANTITY_SQL = `COALESCE((SELECT (${QUANTITY_SQL}) FROM carts c WHERE c.user_id = $1), 0)`;
