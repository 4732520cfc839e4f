/**
 * Carts: writes. Plain functions over a Queryable; those that must be atomic take a transaction
 * (`db.tx(q => addItem(q, ...))`), so checkout can compose them.
 */
import type { Queryable } from "~/db/client.server";
import { MAX_LINE_QUANTITY } from "~/domain/cart";
import { checkQuantityRule, checkStock, type AvailableProduct, type ChosenOption } from "./queries.server";
import type { CartRow } from "./serialize";

export async function createGuestCart(q: Queryable): Promise<CartRow> {
  const r = await q.query<CartRow>("INSERT INTO carts (user_id) VALUES (NULL) RETURNING id::text AS id, user_id");
  return r.rows[0];
}

/** The member's cart, created when they have none. */
export async function ensureUserCart(q: Queryable, userId: number): Promise<CartRow> {
  const r = await q.query<CartRow>(
    `INSERT INTO carts (user_id) VALUES ($1)
     ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
     RETURNING id::text AS id, user_id`,
    [userId],
  );
  return r.rows[0];
}

export async function touchCart(q: Queryable, cartId: string) {
  await q.query("UPDATE carts SET updated_at = now() WHERE id = $1", [cartId]);
}

export async function deleteCart(q: Queryable, cartId: string) {
  await q.query("DELETE FROM carts WHERE id = $1", [cartId]);
}

/**
 * Adds `quantity` of a product (already checked by availableProduct), with an option of it or
 * none (checked by productOption), to a cart; a line is (product, option): the same product and
 * option already there has its quantity raised. Run inside a transaction (the line is locked).
 * Returns the line id.
 */
export async function addItem(tx: Queryable, cartId: string, product: AvailableProduct, quantity: number, option: ChosenOption | null = null): Promise<number> {
  const existing = await tx.query<{ quantity: number }>(
    "SELECT quantity FROM cart_items WHERE cart_id = $1 AND product_id = $2 AND option_id IS NOT DISTINCT FROM $3::int FOR UPDATE",
    [cartId, product.id, option?.id ?? null],
  );
  const own = option?.stock_quantity ?? null; // an option with stock of its own is counted on its own
  const after = Math.round(((existing.rows[0]?.quantity ?? 0) + quantity) * 100) / 100;
  checkQuantityRule(product, after);
  checkStock(own ?? product.stock_quantity, after, "quantity", own === null ? null : option!.label);
  const r = await tx.query<{ id: number }>(
    `INSERT INTO cart_items (cart_id, product_id, quantity, option_id, option_label) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (cart_id, product_id, option_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity
     RETURNING id`,
    [cartId, product.id, quantity, option?.id ?? null, option?.label ?? null],
  );
  await touchCart(tx, cartId);
  return r.rows[0].id;
}

export async function setItemQuantity(q: Queryable, cartId: string, itemId: number, quantity: number) {
  await q.query("UPDATE cart_items SET quantity = $1 WHERE id = $2 AND cart_id = $3", [quantity, itemId, cartId]);
  await touchCart(q, cartId);
}

/** Removes a line; false when it is not in that cart. */
export async function removeItem(q: Queryable, cartId: string, itemId: number): Promise<boolean> {
  const r = await q.query<{ id: number }>("DELETE FROM cart_items WHERE id = $1 AND cart_id = $2 RETURNING id", [itemId, cartId]);
  if (!r.rows[0]) return false;
  await touchCart(q, cartId);
  return true;
}

/**
 * Moves the guest cart's lines into the member's cart (created when needed) and deletes the
 * guest cart. Quantities add up; a line never exceeds the stock or the per-line maximum, and stays
 * on the product's minimum and steps (the largest allowed quantity not above the sum). Run in
 * a transaction. Returns the member's cart.
 */
export async function mergeIntoUserCart(tx: Queryable, guest: CartRow, userId: number): Promise<CartRow> {
  const target = await ensureUserCart(tx, userId);
  await tx.query(
    `INSERT INTO cart_items (cart_id, product_id, quantity, option_id, option_label)
     SELECT $1, ci.product_id, ci.quantity, ci.option_id, ci.option_label FROM cart_items ci WHERE ci.cart_id = $2
     ON CONFLICT (cart_id, product_id, option_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity`,
    [target.id, guest.id],
  );
  // Within the stock and the per-line maximum, then on the product's own steps (issue 34: blocks
  // by 50 from 50; a sum of two allowed quantities, or the stock, can fall between them): the
  // largest allowed quantity not above that, and never below the minimum (checkout then says why
  // if the stock cannot cover it).
  await tx.query(
    `UPDATE cart_items ci
        SET quantity = GREATEST(p.min_quantity, p.min_quantity + floor((LEAST(ci.quantity, p.stock_quantity, ${MAX_LINE_QUANTITY}) - p.min_quantity) / p.quantity_step) * p.quantity_step)
       FROM products p
      WHERE p.id = ci.product_id AND ci.cart_id = $1
        AND (ci.quantity > LEAST(p.stock_quantity, ${MAX_LINE_QUANTITY}) OR ci.quantity < p.min_quantity OR mod(ci.quantity - p.min_quantity, p.quantity_step) <> 0)`,
    [target.id],
  );
  await deleteCart(tx, guest.id);
  return target;
}
