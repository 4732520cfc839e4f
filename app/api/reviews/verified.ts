/**
 * "Verified purchase": the reviewer received the product, i.e. has an Active order line
 * of it whose store's shipment was delivered (lineDeliveredSql). The same rule says who may
 * write a review (hasReceived).
 */
import { lineDeliveredSql } from "../orders/line-delivered.server";

/** SQL: true when user `userExpr` received product `productExpr`. */
export const receivedSql = (userExpr: string, productExpr: string) =>
  `EXISTS (SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
            WHERE o.user_id = ${userExpr} AND oi.product_id = ${productExpr} AND oi.status = 'Active'
              AND ${lineDeliveredSql("oi", "o")})`;
