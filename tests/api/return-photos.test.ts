/**
 * Return photos go to the return's parties only (issue 37: anyone with the link could see them):
 * the order's buyer, the store's members, admins. /media does not serve them.
 */
import { describe, expect, it } from "vitest";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { createOrder, createProduct } from "~/db/seed/factories";
import { loader as media } from "~/routes/_resources+/media.$";
import { engines, makeUser, useApi } from "./harness";
import { file, firstCategory, form, image, vendorCast } from "./vendor-helpers";

describe.each(engines())("return photos on %s", (engine) => {
  const api = useApi(engine);

  const get = (url: string, token?: string) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("the buyer, the store's members and admins see the photo; others get 404 (signed out 401); /media has none", async () => {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Store A cement" });
    const order = await createOrder(api.db, {
      user_id: c.shopper.id,
      customer_email: c.shopper.email,
      items: [{ product_id: p.id, quantity: 1 }],
      payment_method: "PayOnDelivery",
      payment_status: "Complete",
      delivery_status: "Delivered",
    });
    await api.db.query("UPDATE shipments SET delivered_at = now() - interval '1 day' WHERE order_id = $1", [order.id]);
    const item = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1", [order.id])).rows[0];
    const bytes = await image("jpeg", 11);
    const asked = await api.call(`/orders/${order.id}/items/${item.id}/return/`, {
      token: c.shopper.token,
      form: form({ reason: "Damaged or defective", details: "The bag was torn and wet.", photo: file(bytes, "bag.jpg", "image/jpeg") }),
    });
    expect(asked.status).toBe(201);
    const id = asked.body.id as number;
    const buyerUrl = `${api.base}/orders/${order.id}/returns/${id}/photo/`;
    const storeUrl = `${api.base}/stores/${c.store.id}/returns/${id}/photo/`;
    // Each party's answer names its own address of the photo, never a public one.
    expect(asked.body.photo).toBe(buyerUrl);
    expect((await api.call(`/orders/${order.id}/returns/`, { token: c.shopper.token })).body.results[0].photo).toBe(buyerUrl);
    expect((await api.call(`/stores/${c.store.id}/returns/`, { token: c.member.token })).body.results[0].photo).toBe(storeUrl);
    expect((await api.call(`/admin/returns/`, { token: c.admin.token })).body.results.find((r: { id: number }) => r.id === id).photo).toBe(storeUrl);

    // The parties: the photo, never kept by a shared cache.
    for (const [url, token] of [
      [buyerUrl, c.shopper.token],
      [buyerUrl, c.admin.token],
      [storeUrl, c.member.token],
      [storeUrl, c.owner.token],
      [storeUrl, c.admin.token],
    ] as const) {
      const r = await get(url, token);
      expect(r.status, url).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/jpeg");
      expect(r.headers.get("cache-control")).toBe("private, no-store");
      const got = Buffer.from(await r.arrayBuffer());
      expect([got[0], got[1], got[2]]).toEqual([0xff, 0xd8, 0xff]); // a JPEG (the upload, as stored)
    }
    const small = await get(`${storeUrl}?w=160`, c.member.token);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");

    // Everyone else.
    const stranger = await makeUser(api, {});
    for (const [url, token, status] of [
      [buyerUrl, undefined, 401],
      [storeUrl, undefined, 401],
      [buyerUrl, stranger.token, 404],
      [storeUrl, stranger.token, 404],
      [buyerUrl, c.member.token, 404],
      [buyerUrl, c.otherOwner.token, 404],
      [storeUrl, c.otherOwner.token, 404],
      [storeUrl, c.shopper.token, 404],
      [`${api.base}/stores/${c.otherStore.id}/returns/${id}/photo/`, c.otherOwner.token, 404],
    ] as const) {
      const r = await get(url, token);
      expect(r.status, `${url} ${token === undefined ? "anonymous" : token.slice(-6)}`).toBe(status);
      expect(r.headers.get("content-type")).not.toMatch(/^image\//);
    }

    // The stored file is not served by /media, at any width.
    const key = (await api.db.query<{ photo_key: string }>("SELECT photo_key FROM returns WHERE id = $1", [id])).rows[0].photo_key;
    expect(key).toMatch(/^returns\//);
    for (const q of ["", "?w=160"]) {
      const answer = await media({ params: { "*": key }, request: new Request(`${api.origin}/media/${key}${q}`), context: {} as never }).catch((e: unknown) => e);
      expect((answer as Response).status).toBe(404);
    }
  });

  it("a guest order's photo: with the order's link token only", async () => {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Store A tiles" });
    const order = await createOrder(api.db, {
      user_id: null,
      customer_email: "guest-photo@example.com",
      items: [{ product_id: p.id, quantity: 1 }],
      payment_method: "PayOnDelivery",
      payment_status: "Complete",
      delivery_status: "Delivered",
    });
    await api.db.query("UPDATE shipments SET delivered_at = now() - interval '1 day' WHERE order_id = $1", [order.id]);
    const item = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1", [order.id])).rows[0];
    const token = guestTokenFor(order.id);
    const q = `?token=${encodeURIComponent(token)}`;
    const asked = await api.call(`/orders/${order.id}/items/${item.id}/return/${q}`, {
      form: form({ reason: "Wrong item", details: "Not the colour I ordered.", photo: file(await image("png", 5), "tile.png", "image/png") }),
    });
    expect(asked.status).toBe(201);
    const url = `${api.base}/orders/${order.id}/returns/${asked.body.id}/photo/`;
    expect(asked.body.photo).toBe(`${url}${q}`);
    expect((await get(`${url}${q}`)).status).toBe(200);
    expect((await get(`${url}?token=wrong`)).status).toBe(404);
    expect((await get(url)).status).toBe(401);
    expect((await get(url, c.member.token)).status).toBe(404);
  });
});
