/**
 * A store's record over 90 days (issue 36 item 4; app/domain/scorecard.ts,
 * GET /stores/{slug}/scorecard/): what counts as an order (fulfillable, not cancelled whole by its
 * buyer), delivered, shipped on time against the deadlines, cancelled for a missed deadline (by the
 * deadline job itself), returns accepted of the lines delivered, the window's reviews; and "New
 * seller" under 5 orders. Public, for any store; 404 for none.
 */
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createReview } from "~/db/seed/factories";
import { enforceShipmentDeadlines } from "~/workflows/deadlines.server";
import { engines, makeUser, useApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

const DAY = 86_400_000;

describe.each(engines())("a store's scorecard on %s", (engine) => {
  const api = useApi(engine);

  it("counts orders, on-time dispatch, missed deadlines and accepted returns, with the counts behind each rate", async () => {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Cement 50kg", selling_price_kobo: 950_000, stock_quantity: 500 });
    const pod = (over: Partial<Parameters<typeof createOrder>[1]>) =>
      createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: p.id, quantity: 2 }], payment_method: "PayOnDelivery", created_at: new Date(Date.now() - 10 * DAY), ...over });
    // Four delivered, confirmed and shipped within hours: on time.
    const delivered = [];
    for (let i = 0; i < 4; i++) delivered.push(await pod({ delivery_status: "Delivered", payment_status: "Complete", stepHours: 2 }));
    // One shipped, but confirmed 100 hours after the order: late.
    await pod({ delivery_status: "Shipped", stepHours: 100, created_at: new Date(Date.now() - 20 * DAY) });
    // One never confirmed: the deadline job cancels it.
    const missed = await pod({ created_at: new Date(Date.now() - 6 * DAY) });
    // Not the store's doing, not counted: cancelled whole by its buyer; a card order never paid.
    await pod({ items: [{ product_id: p.id, status: "Cancelled" }] });
    await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: p.id }], payment_method: "CardPayment", created_at: new Date(Date.now() - 3 * DAY) });
    // Older than the window: not counted.
    await pod({ delivery_status: "Delivered", payment_status: "Complete", created_at: new Date(Date.now() - 120 * DAY) });

    const run = await enforceShipmentDeadlines(api.db, { confirmHours: 24, shipHours: 48 });
    expect(run.cancelled).toBeGreaterThanOrEqual(1);
    expect((await api.db.query<{ deadline_missed: string }>("SELECT deadline_missed FROM shipments WHERE order_id = $1", [missed.id])).rows[0].deadline_missed).toBe("confirm");

    // One of the four delivered lines came back (accepted); a refused return does not count.
    const lines = await api.db.query<{ id: string; order_id: string }>("SELECT id::text AS id, order_id::text AS order_id FROM order_items WHERE order_id = ANY($1::uuid[]) ORDER BY order_id", [delivered.slice(0, 2).map((o) => o.id)]);
    await api.db.query("INSERT INTO returns (order_item_id, order_id, store_id, user_id, reason, status) VALUES ($1, $2, $3, $4, 'Damaged', 'accepted')", [lines.rows[0].id, lines.rows[0].order_id, c.store.id, c.shopper.id]);
    await api.db.query("INSERT INTO returns (order_item_id, order_id, store_id, user_id, reason, status) VALUES ($1, $2, $3, $4, 'Damaged', 'refused')", [lines.rows[1].id, lines.rows[1].order_id, c.store.id, c.shopper.id]);
    const reviewer = await makeUser(api);
    await createReview(api.db, { product_id: p.id, user_id: reviewer.id, rating: 4 });
    await createReview(api.db, { product_id: p.id, user_id: c.shopper.id, rating: 5 });

    const slug = (await api.db.query<{ slug: string }>("SELECT slug FROM stores WHERE id = $1", [c.store.id])).rows[0].slug;
    const card = await api.call(`/stores/${slug}/scorecard/`);
    expect(card.status).toBe(200);
    expect(card.body).toEqual({
      window_days: 90,
      new_seller: false,
      orders: 6,
      delivered: 4,
      on_time: { n: 4, of: 5, percent: 80 },
      cancelled: { n: 1, of: 6, percent: 17 },
      returned: { n: 1, of: 4, percent: 25 },
      rating_average: 4.5,
      rating_count: 2,
    });
  });

  it("a store with fewer than 5 orders is a new seller; an unknown store is 404", async () => {
    const c = await vendorCast(api);
    const slug = (await api.db.query<{ slug: string }>("SELECT slug FROM stores WHERE id = $1", [c.store.id])).rows[0].slug;
    const card = await api.call(`/stores/${slug}/scorecard/`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ new_seller: true, orders: 0, on_time: { n: 0, of: 0, percent: null }, rating_average: null, rating_count: 0 });
    expect((await api.call("/stores/no-such-store-here/scorecard/")).status).toBe(404);
  });
});
