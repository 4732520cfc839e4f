/**
 * Stock: the one place that takes and gives back units (checkout, lines added to an order,
 * cancellations, unpaid orders, returns). An option may be a stock unit of its own
 * (product_options.stock_quantity, migration 0021); the product's stock_quantity is then the sum
 * of its options' and moves with them.
 *
 * Options of one product have stock all or none: once one option has its own stock, the others
 * get theirs too (0 until the vendor sets it; `syncProductStock`), and the product's stock is
 * their sum. A product whose options have stock is bought by option only.
 *
 * Lock order, everywhere: the product row, then its option rows. Taking stock locks the product
 * row with its conditional UPDATE before it touches the option, and the vendor's option writes
 * lock the product row first (`lockProduct`), so two checkouts of one product in two options, or a
 * checkout and a restock, never wait on each other in a circle.
 */
import type { Queryable } from "~/db/client.server";
import { ApiError } from "../core/http";
import { listedSql } from "../catalog/listed";

export interface StockLine {
  productId: number;
  /** The option bought, or null for the product itself. */
  optionId: number | null;
  quantity: number;
  /** The line's name for the 409 message. */
  name: string;
}

interface OptionStock {
  stock_quantity: number | null;
  label: string;
}

/** An option's stock and label; `lock` only with the product row already locked (lock order). */
async function optionStock(q: Queryable, productId: number, optionId: number, lock: boolean): Promise<OptionStock | null> {
  const r = await q.query<OptionStock>(
    `SELECT po.stock_quantity, v.name::text || ': ' || po.value AS label
       FROM product_options po JOIN variants v ON v.id = po.variant_id
      WHERE po.id = $1 AND po.product_id = $2${lock ? " FOR UPDATE OF po" : ""}`,
    [optionId, productId],
  );
  return r.rows[0] ?? null;
}

const shortStock = (name: string, left: number, productId: number, optionId: number | null) =>
  new ApiError(409, {
    detail: left > 0 ? `Not enough stock for ${name}: only ${left} left.` : `${name} is out of stock.`,
    product_id: productId,
    ...(optionId !== null ? { option_id: optionId } : {}),
    available: left,
  });

/** True when the product's options have stock of their own (it is then bought by option only). */
export async function stockedByOption(q: Queryable, productId: number): Promise<boolean> {
  const r = await q.query("SELECT 1 FROM product_options WHERE product_id = $1 AND stock_quantity IS NOT NULL LIMIT 1", [productId]);
  return r.rows.length > 0;
}

/**
 * Takes `quantity` units of a product (and of its option, when the option has stock of its own)
 * from stock, or throws 409 naming the line ("Paint (Colour: Red)" for an option with stock).
 * The conditional UPDATEs (stock_quantity >= qty) are what prevent overselling: concurrent
 * checkouts wait on the product row and re-check the condition. Returns the product's store and
 * the product's stock left (`option_left`: the option's, when it has stock of its own).
 */
export async function takeStock(q: Queryable, line: StockLine): Promise<{ store_id: number; left: number; option_left?: number }> {
  const { productId, optionId, quantity, name } = line;
  // The product row first (see the lock order above).
  const r = await q.query<{ store_id: number; left: number }>(
    `UPDATE products p SET stock_quantity = p.stock_quantity - $2 WHERE p.id = $1 AND ${listedSql("p")} AND p.stock_quantity >= $2 RETURNING p.store_id, p.stock_quantity AS left`,
    [productId, quantity],
  );
  const taken = r.rows[0];
  if (!taken) {
    const now = await q.query<{ stock_quantity: number; published: boolean }>(`SELECT p.stock_quantity, ${listedSql("p")} AS published FROM products p WHERE p.id = $1`, [productId]);
    let left = now.rows[0]?.published ? now.rows[0].stock_quantity : 0;
    const option = optionId !== null ? await optionStock(q, productId, optionId, false) : null;
    if (option && option.stock_quantity !== null) left = Math.min(left, option.stock_quantity);
    throw shortStock(option && option.stock_quantity !== null ? `${name} (${option.label})` : name, left, productId, option ? optionId : null);
  }
  const giveBack = () => q.query("UPDATE products SET stock_quantity = stock_quantity + $2 WHERE id = $1", [productId, quantity]);
  if (optionId === null) {
    if (await stockedByOption(q, productId)) {
      await giveBack();
      throw new ApiError(409, { detail: `Choose an option of ${name}.`, product_id: productId, available: 0 });
    }
    return taken;
  }
  const option = await optionStock(q, productId, optionId, true);
  if (!option || option.stock_quantity === null) return taken; // shares the product's stock
  const o = await q.query<{ left: number }>(
    "UPDATE product_options SET stock_quantity = stock_quantity - $2 WHERE id = $1 AND stock_quantity >= $2 RETURNING stock_quantity AS left",
    [optionId, quantity],
  );
  if (!o.rows[0]) {
    await giveBack(); // the caller may go on in this transaction: leave the product as it was
    throw shortStock(`${name} (${option.label})`, option.stock_quantity, productId, optionId);
  }
  return { ...taken, option_left: o.rows[0].left };
}

/** Gives stock back (a cancelled or returned item): the product's, and its option's when the option has stock. */
export async function returnStock(q: Queryable, productId: number | null, quantity: number, optionId: number | null = null) {
  if (productId === null) return;
  await q.query("UPDATE products SET stock_quantity = stock_quantity + $2 WHERE id = $1", [productId, quantity]);
  if (optionId !== null)
    await q.query("UPDATE product_options SET stock_quantity = stock_quantity + $3 WHERE id = $1 AND product_id = $2 AND stock_quantity IS NOT NULL", [
      optionId,
      productId,
      quantity,
    ]);
  // A line bought before the product's options had stock: the units go back to no option, so the
  // product stays the sum of its options.
  await syncProductStock(q, productId);
}

/** Locks a product row (the first lock of any stock write; see the lock order above). False when it is gone. */
export async function lockProduct(q: Queryable, productId: number): Promise<boolean> {
  const r = await q.query("SELECT 1 FROM products WHERE id = $1 FOR UPDATE", [productId]);
  return r.rows.length > 0;
}

/**
 * Keeps the rule of a product whose options have stock: every option has stock (an option without
 * gets 0) and the product's stock_quantity is their sum. Call it with the product row locked,
 * after an option's stock changed (a product whose options have none is left alone).
 */
export async function syncProductStock(q: Queryable, productId: number): Promise<void> {
  if (!(await stockedByOption(q, productId))) return;
  await q.query("UPDATE product_options SET stock_quantity = 0 WHERE product_id = $1 AND stock_quantity IS NULL", [productId]);
  await q.query(
    `UPDATE products p SET stock_quantity = s.total
       FROM (SELECT COALESCE(sum(stock_quantity), 0) AS total FROM product_options WHERE product_id = $1) s
      WHERE p.id = $1 AND p.stock_quantity IS DISTINCT FROM s.total`,
    [productId],
  );
}
