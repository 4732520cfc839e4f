/**
 * When an order line was delivered (one shipment per store): the date its store's
 * shipment reached Delivered, or NULL while it has not. An order without shipment rows (placed
 * before shipments were written at placement) falls back to the order's own delivery status and
 * its `delivered` event. One rule for the return window (app/api/returns/), "can review" and
 * "Verified purchase" (app/api/reviews/).
 *
 * `oi` and `o` are the aliases of order_items and orders in the caller's statement.
 */
export function lineDeliveredAtSql(oi = "oi", o = "o"): string {
  const shipment = `shipments sh WHERE sh.order_id = ${oi}.order_id AND sh.store_id IS NOT DISTINCT FROM ${oi}.store_id`;
  return `(CASE WHEN EXISTS (SELECT 1 FROM ${shipment})
      THEN (SELECT CASE WHEN sh.status = 'Delivered' THEN COALESCE(sh.delivered_at, sh.updated_at) END FROM ${shipment} LIMIT 1)
    WHEN ${o}.order_delivery_status = 'Delivered'
      THEN (SELECT max(e.created_at) FROM order_events e WHERE e.order_id = ${o}.id AND e.kind = 'delivered' AND e.order_item_id IS NULL)
  END)`;
}

/** SQL: true when the line's store's shipment is Delivered (no shipment rows: the order is Delivered). */
export function lineDeliveredSql(oi = "oi", o = "o"): string {
  const shipment = `shipments sh WHERE sh.order_id = ${oi}.order_id AND sh.store_id IS NOT DISTINCT FROM ${oi}.store_id`;
  return `(CASE WHEN EXISTS (SELECT 1 FROM ${shipment})
      THEN EXISTS (SELECT 1 FROM ${shipment} AND sh.status = 'Delivered')
    ELSE lower(${o}.order_delivery_status) = 'delivered'
  END)`;
}
