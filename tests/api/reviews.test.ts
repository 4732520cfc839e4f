import { describe, expect, it } from "vitest";
import { engines, makeUser, useApi, type TestApi } from "./harness";

interface Review {
  id: number;
  user_id: number;
  product_id: number;
  rating: number;
  review_text: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

/** An order of the user with one item of the product, at the given delivery status. */
async function order(api: TestApi, userId: number, productId: number, status = "Delivered", itemStatus = "Active") {
  const o = await api.db.query<{ id: string }>(
    `INSERT INTO orders (user_id, delivery_address, order_total_kobo, order_delivery_status, order_payment_status)
     VALUES ($1, '{}'::jsonb, 100000, $2, 'Complete') RETURNING id`,
    [userId, status],
  );
  await api.db.query(
    `INSERT INTO order_items (order_id, product_id, product_name, quantity, item_price_kobo, line_total_kobo, status)
     VALUES ($1, $2, 'x', 1, 100000, 100000, $3)`,
    [o.rows[0].id, productId, itemStatus],
  );
  return o.rows[0].id;
}

describe.each(engines())("reviews API on %s", (engine) => {
  const api = useApi(engine);

  async function reviewedProduct(): Promise<number> {
    const r = await api.db.query<{ product_id: number }>(
      "SELECT product_id FROM reviews GROUP BY product_id HAVING count(*) >= 3 ORDER BY product_id LIMIT 1",
    );
    return r.rows[0].product_id;
  }
  async function unreviewedProduct(): Promise<number> {
    const r = await api.db.query<{ id: number }>(
      "SELECT id FROM products p WHERE published AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id) ORDER BY id LIMIT 1 OFFSET 3",
    );
    return r.rows[0].id;
  }

  it("lists a product's reviews newest first with the reviewers' real names, paginated", async () => {
    const pid = await reviewedProduct();
    const r = await api.call(`/reviews/products/${pid}/?page_size=2`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["count", "next", "previous", "results"]);
    expect(r.body.count).toBeGreaterThanOrEqual(3);
    expect(r.body.results).toHaveLength(2);
    expect(r.body.next).toMatch(/page=2/);
    const all: Review[] = [...r.body.results];
    let next = r.body.next;
    while (next) {
      const p = await api.call(next);
      all.push(...p.body.results);
      next = p.body.next;
    }
    expect(all).toHaveLength(r.body.count);
    const times = all.map((x) => Date.parse(x.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const users = await api.db.query<{ id: number; first_name: string; last_name: string }>(
      "SELECT id, first_name, last_name FROM users WHERE id = ANY($1::int[])",
      [all.map((x) => x.user_id)],
    );
    for (const rev of all) {
      const u = users.rows.find((x) => x.id === rev.user_id)!;
      expect(rev.first_name).toBe(u.first_name);
      expect(rev.last_name).toBe(u.last_name);
      expect(rev.first_name).not.toBe("");
      expect(rev.rating).toBeGreaterThanOrEqual(1);
      expect(rev.rating).toBeLessThanOrEqual(5);
      expect(typeof rev.review_text).toBe("string");
    }
  });

  it("404s for a missing product, DRF style", async () => {
    for (const path of ["/reviews/products/99999999/", "/reviews/products/99999999/summary/", "/reviews/products/abc/"]) {
      const r = await api.call(path);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ detail: "Not found." });
    }
  });

  it("summarises the real reviews: average and count per star", async () => {
    const pid = await reviewedProduct();
    const s = await api.call(`/reviews/products/${pid}/summary/`);
    expect(s.status).toBe(200);
    const rows = await api.db.query<{ rating: number }>("SELECT rating FROM reviews WHERE product_id = $1", [pid]);
    expect(s.body.count).toBe(rows.rows.length);
    for (const star of [1, 2, 3, 4, 5]) expect(s.body.counts[String(star)]).toBe(rows.rows.filter((x) => x.rating === star).length);
    const avg = rows.rows.reduce((a, x) => a + x.rating, 0) / rows.rows.length;
    expect(s.body.average).toBeCloseTo(Math.round(avg * 10) / 10, 5);
    const none = await api.call(`/reviews/products/${await unreviewedProduct()}/summary/`);
    expect(none.body).toMatchObject({ count: 0, average: 0, counts: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } });
  });

  it("needs a signed-in user writing as themself", async () => {
    const pid = await unreviewedProduct();
    const anon = await api.call("/reviews/user/1/", { json: { prod_id: pid, rating: 5, review_text: "Great" } });
    expect(anon.status).toBe(401);
    const bad = await api.call("/reviews/user/1/", { json: { prod_id: pid, rating: 5, review_text: "Great" }, token: "expired.bad.token" });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("token_not_valid");
    const me = await makeUser(api);
    const other = await makeUser(api);
    await order(api, me.id, pid);
    const asOther = await api.call(`/reviews/user/${other.id}/`, { json: { prod_id: pid, rating: 5, review_text: "Great" }, token: me.token });
    expect(asOther.status).toBe(403);
  });

  it("allows a review only after delivery of that product, not cancelled", async () => {
    const pid = await unreviewedProduct();
    const me = await makeUser(api, { first_name: "Ngozi", last_name: "Okafor" });
    const post = () => api.call(`/reviews/user/${me.id}/`, { json: { prod_id: pid, rating: 4, review_text: "Solid product" }, token: me.token });
    expect((await post()).status).toBe(403);
    await order(api, me.id, pid, "Shipped");
    const shipped = await post();
    expect(shipped.status).toBe(403);
    expect(shipped.body.detail).toMatch(/delivered/);
    await order(api, me.id, pid, "Delivered", "Cancelled");
    expect((await post()).status).toBe(403);
    // someone else's delivered order does not count
    const friend = await makeUser(api);
    await order(api, friend.id, pid, "Delivered");
    expect((await post()).status).toBe(403);
    const mine = await api.call(`/reviews/products/${pid}/mine/`, { token: me.token });
    expect(mine.body).toEqual({ can_review: false, review: null });

    await order(api, me.id, pid, "Delivered");
    expect((await api.call(`/reviews/products/${pid}/mine/`, { token: me.token })).body.can_review).toBe(true);
    const created = await post();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ user_id: me.id, product_id: pid, rating: 4, review_text: "Solid product", first_name: "Ngozi", last_name: "Okafor" });
    const list = await api.call(`/reviews/products/${pid}/`);
    expect(list.body.results[0]).toMatchObject({ first_name: "Ngozi", last_name: "Okafor", rating: 4 });
  });

  it("keeps one review per user and product: posting again replaces it", async () => {
    const pid = await unreviewedProduct();
    const me = await makeUser(api);
    await order(api, me.id, pid);
    const path = `/reviews/user/${me.id}/`;
    expect((await api.call(path, { json: { prod_id: pid, rating: 2, review_text: "Meh" }, token: me.token })).status).toBe(201);
    const again = await api.call(path, { json: { prod_id: String(pid), rating: "5", review_text: "Better after a week" }, token: me.token });
    expect(again.status).toBe(200);
    const rows = await api.db.query<{ rating: number; review_text: string }>("SELECT rating, review_text FROM reviews WHERE product_id = $1 AND user_id = $2", [
      pid,
      me.id,
    ]);
    expect(rows.rows).toEqual([{ rating: 5, review_text: "Better after a week" }]);
    const summary = await api.call(`/reviews/products/${pid}/summary/`);
    expect(summary.body.counts["5"]).toBeGreaterThanOrEqual(1);
    expect((await api.call(`/reviews/products/${pid}/mine/`, { token: me.token })).body.review.rating).toBe(5);
  });

  it("validates the payload in DRF style", async () => {
    const pid = await unreviewedProduct();
    const me = await makeUser(api);
    await order(api, me.id, pid);
    const path = `/reviews/user/${me.id}/`;
    for (const rating of [0, 6, 3.5, "x"]) {
      const r = await api.call(path, { json: { prod_id: pid, rating, review_text: "ok" }, token: me.token });
      expect(r.status).toBe(400);
      expect(r.body.rating[0]).toMatch(/1 to 5/);
    }
    const blank = await api.call(path, { json: { prod_id: pid, rating: 3, review_text: "   " }, token: me.token });
    expect(blank.status).toBe(400);
    expect(blank.body.review_text).toBeDefined();
    const missing = await api.call(path, { json: { prod_id: 99999999, rating: 3, review_text: "ok" }, token: me.token });
    expect(missing.status).toBe(400);
    expect(missing.body.prod_id[0]).toMatch(/does not exist/);
  });
});
