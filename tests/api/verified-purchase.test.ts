/**
 * "Verified purchase": a review says whether its writer received the product,
 * i.e. has an Active line of it whose store's shipment was delivered; the same rule says who may
 * write one. Orders from before shipments (no shipment rows) count when the order is Delivered.
 */
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createReview } from "~/db/seed/factories";
import { engines, makeUser, useApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

describe.each(engines())("verified purchase on %s", (engine) => {
  const api = useApi(engine);

  /** A two-store order of `userId` (store A's product and store B's), each store's shipment at its own status. */
  async function order(c: Cast, userId: number, products: { a: number; b: number }, status: { a: string; b: string }, lineA: "Active" | "Cancelled" = "Active") {
    const o = await createOrder(api.db, {
      user_id: userId,
      items: [{ product_id: products.a, status: lineA }, { product_id: products.b }],
      delivery_status: "Confirmed",
    });
    await api.db.query(
      `UPDATE shipments SET status = CASE WHEN store_id = $2 THEN $3 ELSE $4 END,
              delivered_at = CASE WHEN (CASE WHEN store_id = $2 THEN $3 ELSE $4 END) = 'Delivered' THEN now() END
        WHERE order_id = $1`,
      [o.id, c.store.id, status.a, status.b],
    );
    return o.id;
  }

  const list = async (productId: number) => {
    const r = await api.call(`/reviews/products/${productId}/?page_size=50`);
    expect(r.status).toBe(200);
    return new Map<number, boolean>(r.body.results.map((x: { user_id: number; verified_purchase: boolean }) => [x.user_id, x.verified_purchase]));
  };

  async function products(c: Cast) {
    const cat = await firstCategory(api);
    const a = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Verified cement" });
    const b = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Verified tiles" });
    return { a: a.id, b: b.id };
  }

  it("a buyer whose store shipment was delivered may review and is a verified purchase; the product page list says so", async () => {
    const c = await vendorCast(api);
    const p = await products(c);
    await order(c, c.shopper.id, p, { a: "Delivered", b: "Placed" });
    const mine = await api.call(`/reviews/products/${p.a}/mine/`, { token: c.shopper.token });
    expect(mine.body).toMatchObject({ can_review: true, review: null });
    const w = await api.call(`/reviews/user/${c.shopper.id}/`, { token: c.shopper.token, json: { prod_id: p.a, rating: 5, review_text: "Good cement, set well and strong." } });
    expect(w.status).toBe(201);
    expect(w.body.verified_purchase).toBe(true);
    expect((await list(p.a)).get(c.shopper.id)).toBe(true);
    // store B's line of the same order is not delivered: no review of B's product
    expect((await api.call(`/reviews/products/${p.b}/mine/`, { token: c.shopper.token })).body.can_review).toBe(false);
    const refused = await api.call(`/reviews/user/${c.shopper.id}/`, { token: c.shopper.token, json: { prod_id: p.b, rating: 4, review_text: "Tiles look fine so far honestly." } });
    expect(refused.status).toBe(403);
  });

  it("not verified: the other store's shipment delivered but not this one's, a cancelled line, no order at all; an old order Delivered without shipments is", async () => {
    const c = await vendorCast(api);
    const p = await products(c);
    const notYet = await makeUser(api);
    const cancelled = await makeUser(api);
    const never = await makeUser(api);
    const old = await makeUser(api);
    await order(c, notYet.id, p, { a: "Shipped", b: "Delivered" });
    await order(c, cancelled.id, p, { a: "Delivered", b: "Delivered" }, "Cancelled");
    await createOrder(api.db, { user_id: old.id, items: [{ product_id: p.a }], delivery_status: "Delivered" }); // no shipment rows
    for (const u of [notYet, cancelled, never, old]) await createReview(api.db, { user_id: u.id, product_id: p.a, rating: 3, review_text: "Written before the rule, say." });
    const seen = await list(p.a);
    expect(seen.get(notYet.id)).toBe(false);
    expect(seen.get(cancelled.id)).toBe(false);
    expect(seen.get(never.id)).toBe(false);
    expect(seen.get(old.id)).toBe(true);
    for (const u of [notYet, cancelled, never]) expect((await api.call(`/reviews/products/${p.a}/mine/`, { token: u.token })).body.can_review).toBe(false);
    expect((await api.call(`/reviews/products/${p.a}/mine/`, { token: old.token })).body).toMatchObject({ can_review: true, review: { verified_purchase: true } });
  });
});

