/**
 * Stock: the one place that takes and gives back units (checkout, lines added to an order,
 * cancellations, unpaid orders, returns). An option may be a stock unit of its own
 * (product_options.stock_quantity, migration 0021); the product's stock_quantity is then the sum
 * of its options' and moves with them.
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

/**
 * Takes `quantity` units of a product from stock, or throws 409 naming it. The conditional
 * UPDATE (stock_quantity >= qty) is what prevents overselling: concurrent checkouts wait on the
 * row and re-check the condition. Returns the product's store and the stock left.
 */
export async function takeStock(q: Queryable, line: StockLine): Promise<{ store_id: number; left: number }> {
  const { productId, quantity, name } = line;
  const r = await q.query<{ store_id: number; left: number }>(
    `UPDATE products p SET stock_quantity = p.stock_quantity - $2 WHERE p.id = $1 AND ${listedSql("p")} AND p.stock_quantity >= $2 RETURNING p.store_id, p.stock_quantity AS left`,
    [productId, quantity],
  );
  if (r.rows[0]) return r.rows[0];
  const now = await q.query<{ stock_quantity: number; published: boolean }>(`SELECT p.stock_quantity, ${listedSql("p")} AS published FROM products p WHERE p.id = $1`, [productId]);
  const left = now.rows[0]?.published ? now.rows[0].stock_quantity : 0;
  throw new ApiError(409, {
    detail: left > 0 ? `Not enough stock for ${name}: only ${left} left.` : `${name} is out of stock.`,
    product_id: productId,
    available: left,
  });
}

/** Gives stock back (a cancelled or returned item). */
export async function returnStock(q: Queryable, productId: number | null, quantity: number, _optionId: number | null = null) {
  if (productId !== null) await q.query("UPDATE products SET stock_quantity = stock_quantity + $2 WHERE id = $1", [productId, quantity]);
}
