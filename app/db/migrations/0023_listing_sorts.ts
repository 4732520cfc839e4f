/**
 * Listing sorts (app/api/catalog/queries.server.ts, orderJoin):
 * - "Most popular" adds up the units of the last 30 days' active order lines: an index on the
 *   lines' time (active lines only) lets it read just those instead of every line ever ordered.
 * - "Best rated" averages each product's approved (not hidden) reviews: a partial index holding
 *   product and rating lets that aggregate read the index alone.
 */
export const m0023_listing_sorts = {
  id: "0023_listing_sorts",
  sql: /* sql */ `
CREATE INDEX IF NOT EXISTS order_items_active_created_idx ON order_items(created_at) WHERE status = 'Active';
CREATE INDEX IF NOT EXISTS reviews_shown_rating_idx ON reviews(product_id, rating) WHERE hidden_at IS NULL;
`,
};
