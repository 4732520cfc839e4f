import { beforeAll, describe, expect, it } from "vitest";
import { engines, makeUser, useApi } from "./harness";

describe.each(engines())("wishlist on %s", (engine) => {
  const api = useApi(engine);
  let productIds: number[] = [];

  beforeAll(async () => {
    const r = await api.call("/products/?page_size=5");
    productIds = r.body.results.map((p: { id: number }) => p.id);
  });

  it("adds (201), is idempotent (200, same entry), lists paged results with product details", async () => {
    const u = await makeUser(api);
    const empty = await api.call(`/carts/wishlist/user/${u.id}/`, { token: u.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });

    const a = await api.call("/carts/carts/wishlist/", { json: { user_id: u.id, product_id: productIds[0] }, token: u.token });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ id: expect.any(Number), product_id: productIds[0], user_id: u.id });
    const again = await api.call("/carts/carts/wishlist/", { json: { user_id: u.id, product_id: productIds[0] }, token: u.token });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(a.body.id);
    await api.call("/carts/carts/wishlist/", { json: { user_id: u.id, product_id: productIds[1] }, token: u.token });

    const list = await api.call(`/carts/wishlist/user/${u.id}/`, { token: u.token });
    expect(list.body.count).toBe(2);
    expect(list.body.results).toHaveLength(2);
    for (const e of list.body.results) {
      expect(e).toMatchObject({ id: expect.any(Number), product_id: expect.any(Number), user_id: u.id });
      expect(e.product).toMatchObject({ name: expect.any(String), selling_price: expect.any(Number) });
      expect(e.product.image).toMatch(/^http/);
    }
    const paged = await api.call(`/carts/wishlist/user/${u.id}/?page_size=1`, { token: u.token });
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toMatch(/page=2/);
  });

  it("deletes an entry (204), then 404", async () => {
    const u = await makeUser(api);
    const e = (await api.call("/carts/carts/wishlist/", { json: { user_id: u.id, product_id: productIds[2] }, token: u.token })).body;
    const del = await api.fetch(`/carts/carts/wishlist/${e.id}/`, { method: "DELETE", token: u.token });
    expect(del.status).toBe(204);
    expect((await api.fetch(`/carts/carts/wishlist/${e.id}/`, { method: "DELETE", token: u.token })).status).toBe(404);
    expect((await api.call(`/carts/wishlist/user/${u.id}/`, { token: u.token })).body.count).toBe(0);
  });

  it("belongs to its owner only", async () => {
    const owner = await makeUser(api);
    const other = await makeUser(api);
    const e = (await api.call("/carts/carts/wishlist/", { json: { user_id: owner.id, product_id: productIds[0] }, token: owner.token })).body;

    const read = await api.call(`/carts/wishlist/user/${owner.id}/`, { token: other.token });
    expect(read.status).toBe(403);
    expect(read.body.results).toBeUndefined();
    expect((await api.call(`/carts/wishlist/user/${owner.id}/`)).status).toBe(401);
    const write = await api.call("/carts/carts/wishlist/", { json: { user_id: owner.id, product_id: productIds[1] }, token: other.token });
    expect(write.status).toBe(403);
    expect((await api.call("/carts/carts/wishlist/", { json: { user_id: owner.id, product_id: productIds[1] } })).status).toBe(401);
    const del = await api.call(`/carts/carts/wishlist/${e.id}/`, { method: "DELETE", token: other.token });
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ detail: "Not found." });
    expect((await api.call(`/carts/wishlist/user/${owner.id}/`, { token: owner.token })).body.count).toBe(1);
  });

  it("refuses unknown and unpublished products with a 400", async () => {
    const u = await makeUser(api);
    const unknown = await api.call("/carts/carts/wishlist/", { json: { user_id: u.id, product_id: 99999999 }, token: u.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.product_id).toBeDefined();
    const missing = await api.call("/carts/carts/wishlist/", { json: { user_id: u.id }, token: u.token });
    expect(missing.status).toBe(400);
    await api.db.query("UPDATE products SET published = false WHERE id = $1", [productIds[4]]);
    try {
      const hidden = await api.call("/carts/carts/wishlist/", { json: { user_id: u.id, product_id: productIds[4] }, token: u.token });
      expect(hidden.status).toBe(400);
    } finally {
      await api.db.query("UPDATE products SET published = true WHERE id = $1", [productIds[4]]);
    }
  });
});
