import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/seed/factories";
import { engines, makeUser, useApi } from "./harness";

interface Product {
  id: number;
  selling_price: number;
  size: "small" | "medium" | "large";
}

describe.each(engines())("carts on %s", (engine) => {
  const api = useApi(engine);
  let products: Product[] = [];

  beforeAll(async () => {
    // The cheapest products sold one at a time (the demo's blocks sell from 50, by 50: issue 34).
    const r = await api.call("/products/?page_size=40&ordering=selling_price");
    products = (r.body.results as (Product & { min_quantity: number; quantity_step: number })[]).filter((p) => p.min_quantity === 1 && p.quantity_step === 1).slice(0, 10);
    expect(products.length).toBeGreaterThanOrEqual(6);
  });

  const newGuestCart = async () => {
    const r = await api.call("/carts/", { method: "POST", json: { user_id: null } });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };

  it("creates a guest cart (201) with the cart shape and an unguessable uuid", async () => {
    const r = await api.call("/carts/", { method: "POST", json: { user_id: null } });
    expect(r.status).toBe(201);
    expect(r.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(r.body).toMatchObject({ total_quantity: 0, shipping_cost: 0, cart_items: [], shipments: [], user_id: null });
    const again = await api.call(`/carts/${r.body.id}/`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(r.body.id);
  });

  it("answers 404 with DRF's body for a malformed or unknown cart id", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const r = await api.call(`/carts/${id}/`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ detail: "Not found." });
    }
  });

  it("adds items with product details, raises the quantity of a product already there, and computes totals", async () => {
    const cartId = await newGuestCart();
    const [a, b] = products;
    const add1 = await api.call(`/carts/${cartId}/items/`, { json: { prod_id: a.id, quantity: 1 } });
    expect(add1.status).toBe(201);
    expect(add1.body).toMatchObject({ prod_id: a.id, quantity: 1, name: expect.any(String), price: a.selling_price });
    expect(add1.body.image).toMatch(/^http.*\/media\//);
    const add2 = await api.call(`/carts/${cartId}/items/`, { json: { prod_id: a.id, quantity: 2 } });
    expect(add2.status).toBe(201);
    expect(add2.body.id).toBe(add1.body.id);
    expect(add2.body.quantity).toBe(3);
    // quantity defaults to 1
    const add3 = await api.call(`/carts/${cartId}/items/`, { json: { prod_id: String(b.id) } });
    expect(add3.body.quantity).toBe(1);

    const cart = await api.call(`/carts/${cartId}/`);
    expect(cart.status).toBe(200);
    expect(cart.body.cart_items).toHaveLength(2);
    expect(cart.body.total_quantity).toBe(4);
    for (const item of cart.body.cart_items) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(["id", "prod_id", "quantity", "name", "price", "image", "line_total"]));
    }
    const subtotal = a.selling_price * 3 + b.selling_price;
    expect(cart.body.subtotal).toBeCloseTo(subtotal, 2);
    // shipping is the sum of the stores' shipments, and every line is in exactly one of them
    const shipments = cart.body.shipments as { shipping_cost: number; items: number[] }[];
    expect(cart.body.shipping_cost).toBeCloseTo(shipments.reduce((n, s) => n + s.shipping_cost, 0), 2);
    expect(shipments.flatMap((s) => s.items).sort()).toEqual(cart.body.cart_items.map((i: { id: number }) => i.id).sort());
    expect(cart.body.total).toBeCloseTo(subtotal + cart.body.shipping_cost, 2);
  });

  it("sets a quantity with PATCH (below 1 becomes 1; not a number is a 400), deletes a line with 204", async () => {
    const cartId = await newGuestCart();
    const item = (await api.call(`/carts/${cartId}/items/`, { json: { prod_id: products[0].id, quantity: 2 } })).body;
    const five = await api.call(`/carts/${cartId}/items/${item.id}/`, { method: "PATCH", json: { quantity: 5 } });
    expect(five.status).toBe(200);
    expect(five.body.quantity).toBe(5);
    for (const q of [0, -4]) {
      const low = await api.call(`/carts/${cartId}/items/${item.id}/`, { method: "PATCH", json: { quantity: q } });
      expect(low.status).toBe(200);
      expect(low.body.quantity).toBe(1);
    }
    const bad = await api.call(`/carts/${cartId}/items/${item.id}/`, { method: "PATCH", json: { quantity: "lots" } });
    expect(bad.status).toBe(400);
    expect(bad.body.quantity).toBeDefined();
    const del = await api.fetch(`/carts/${cartId}/items/${item.id}/`, { method: "DELETE" });
    expect(del.status).toBe(204);
    const again = await api.fetch(`/carts/${cartId}/items/${item.id}/`, { method: "DELETE" });
    expect(again.status).toBe(404);
    const cart = await api.call(`/carts/${cartId}/`);
    expect(cart.body.cart_items).toEqual([]);
    expect(cart.body.shipping_cost).toBe(0);
  });

  it("refuses unpublished, out-of-stock and unknown products with a clear 400", async () => {
    const cartId = await newGuestCart();
    const [, , , hidden, empty] = products;
    await api.db.query("UPDATE products SET published = false WHERE id = $1", [hidden.id]);
    await api.db.query("UPDATE products SET stock_quantity = 0 WHERE id = $1", [empty.id]);
    try {
      const r1 = await api.call(`/carts/${cartId}/items/`, { json: { prod_id: hidden.id, quantity: 1 } });
      expect(r1.status).toBe(400);
      expect(r1.body).toEqual({ prod_id: ["This product is not available."] });
      const r2 = await api.call(`/carts/${cartId}/items/`, { json: { prod_id: empty.id, quantity: 1 } });
      expect(r2.status).toBe(400);
      expect(r2.body).toEqual({ prod_id: ["This product is out of stock."] });
      const r3 = await api.call(`/carts/${cartId}/items/`, { json: { prod_id: 99999999 } });
      expect(r3.status).toBe(400);
      const r4 = await api.call(`/carts/${cartId}/items/`, { json: { quantity: 1 } });
      expect(r4.status).toBe(400);
      expect(r4.body.prod_id).toBeDefined();
    } finally {
      await api.db.query("UPDATE products SET published = true, stock_quantity = 100 WHERE id = ANY($1::int[])", [[hidden.id, empty.id]]);
    }
  });

  it("deletes a cart with 204", async () => {
    const cartId = await newGuestCart();
    await api.call(`/carts/${cartId}/items/`, { json: { prod_id: products[0].id } });
    const r = await api.fetch(`/carts/${cartId}/`, { method: "DELETE" });
    expect(r.status).toBe(204);
    expect((await api.call(`/carts/${cartId}/`)).status).toBe(404);
  });

  it("gives a member exactly 404 'Not found.' before they have a cart, then their cart; POST /carts/ is 201 and idempotent", async () => {
    const u = await makeUser(api);
    const none = await api.call(`/carts/user/${u.id}/`, { token: u.token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ detail: "Not found." });
    const created = await api.call("/carts/", { json: { user_id: u.id }, token: u.token });
    expect(created.status).toBe(201);
    expect(created.body.user_id).toBe(u.id);
    const again = await api.call("/carts/", { json: { user_id: u.id }, token: u.token });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(created.body.id);
    const mine = await api.call(`/carts/user/${u.id}/`, { token: u.token });
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(created.body.id);
  });

  it("keeps a member's cart to its owner: others get 403/404 and never the data; no token is a 401", async () => {
    const owner = await makeUser(api);
    const other = await makeUser(api);
    const cart = (await api.call("/carts/", { json: { user_id: owner.id }, token: owner.token })).body;
    const item = (await api.call(`/carts/${cart.id}/items/`, { json: { prod_id: products[0].id }, token: owner.token })).body;

    expect((await api.call("/carts/", { json: { user_id: owner.id } })).status).toBe(401);
    expect((await api.call("/carts/", { json: { user_id: owner.id }, token: other.token })).status).toBe(403);
    const byUser = await api.call(`/carts/user/${owner.id}/`, { token: other.token });
    expect(byUser.status).toBe(403);
    expect(byUser.body.cart_items).toBeUndefined();
    expect((await api.call(`/carts/user/${owner.id}/`)).status).toBe(401);

    const read = await api.call(`/carts/${cart.id}/`, { token: other.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ detail: "Not found." });
    expect((await api.call(`/carts/${cart.id}/`)).status).toBe(401);
    expect((await api.call(`/carts/${cart.id}/items/`, { json: { prod_id: products[1].id }, token: other.token })).status).toBe(404);
    expect(
      (await api.call(`/carts/${cart.id}/items/${item.id}/`, { method: "PATCH", json: { quantity: 9 }, token: other.token })).status,
    ).toBe(404);
    expect((await api.fetch(`/carts/${cart.id}/items/${item.id}/`, { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await api.fetch(`/carts/${cart.id}/`, { method: "DELETE", token: other.token })).status).toBe(404);

    // an item id of another cart cannot be reached through one's own cart
    const otherCart = (await api.call("/carts/", { json: { user_id: other.id }, token: other.token })).body;
    expect(
      (await api.call(`/carts/${otherCart.id}/items/${item.id}/`, { method: "PATCH", json: { quantity: 9 }, token: other.token })).status,
    ).toBe(404);

    const still = await api.call(`/carts/${cart.id}/`, { token: owner.token });
    expect(still.body.cart_items).toEqual([expect.objectContaining({ id: item.id, quantity: 1 })]);
  });

  it("merges a guest cart into the member's cart: quantities add up and the guest cart is removed", async () => {
    const u = await makeUser(api);
    const [a, b, c] = products;
    const member = (await api.call("/carts/", { json: { user_id: u.id }, token: u.token })).body;
    await api.call(`/carts/${member.id}/items/`, { json: { prod_id: a.id, quantity: 2 }, token: u.token });
    await api.call(`/carts/${member.id}/items/`, { json: { prod_id: c.id, quantity: 1 }, token: u.token });
    const guestId = await newGuestCart();
    await api.call(`/carts/${guestId}/items/`, { json: { prod_id: a.id, quantity: 3 } });
    await api.call(`/carts/${guestId}/items/`, { json: { prod_id: b.id, quantity: 4 } });

    // no trailing slash, as clients call it
    const r = await api.call(`/carts/${guestId}/merge/${u.id}`, { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(member.id);
    const qty = Object.fromEntries(r.body.cart_items.map((i: { prod_id: number; quantity: number }) => [i.prod_id, i.quantity]));
    expect(qty).toEqual({ [a.id]: 5, [b.id]: 4, [c.id]: 1 });
    expect(r.body.total_quantity).toBe(10);
    expect((await api.call(`/carts/${guestId}/`)).status).toBe(404);
    // a second merge of the same (gone) guest cart is a 404
    expect((await api.call(`/carts/${guestId}/merge/${u.id}`, { token: u.token })).status).toBe(404);
  });

  it("a merge keeps a line on the product's minimum and steps: blocks from 50 by 25, 75 + 75 within a stock of 140 → 125", async () => {
    const u = await makeUser(api);
    const owner = await makeUser(api);
    const store = await createStore(api.db, { owner_id: owner.id, name: "Block Yard Test", state: "Lagos" });
    const category = (await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1")).rows[0].id;
    const blocks = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: category, price_kobo: 60_000, stock_quantity: 140 });
    await api.db.query("UPDATE products SET min_quantity = 50, quantity_step = 25 WHERE id = $1", [blocks.id]);
    const member = (await api.call("/carts/", { json: { user_id: u.id }, token: u.token })).body;
    expect((await api.call(`/carts/${member.id}/items/`, { json: { prod_id: blocks.id, quantity: 75 }, token: u.token })).status).toBe(201);
    const guestId = await newGuestCart();
    expect((await api.call(`/carts/${guestId}/items/`, { json: { prod_id: blocks.id, quantity: 75 } })).status).toBe(201);
    const r = await api.call(`/carts/${guestId}/merge/${u.id}`, { token: u.token });
    expect(r.status).toBe(200);
    // 150 is over the stock (140); 140 is off the steps (50, 75, 100, 125): 125.
    expect(r.body.cart_items.find((i: { prod_id: number }) => i.prod_id === blocks.id).quantity).toBe(125);
  });

  it("creates the member's cart on merge when there is none, and accepts POST and the trailing slash", async () => {
    const u = await makeUser(api);
    const guestId = await newGuestCart();
    await api.call(`/carts/${guestId}/items/`, { json: { prod_id: products[0].id, quantity: 2 } });
    const r = await api.call(`/carts/${guestId}/merge/${u.id}/`, { method: "POST", token: u.token });
    expect(r.status).toBe(200);
    expect(r.body.user_id).toBe(u.id);
    expect(r.body.total_quantity).toBe(2);
    const mine = await api.call(`/carts/user/${u.id}/`, { token: u.token });
    expect(mine.body.id).toBe(r.body.id);
  });

  it("only lets the user themself merge, and never another member's cart", async () => {
    const u = await makeUser(api);
    const other = await makeUser(api);
    const guestId = await newGuestCart();
    await api.call(`/carts/${guestId}/items/`, { json: { prod_id: products[0].id } });
    expect((await api.call(`/carts/${guestId}/merge/${u.id}`)).status).toBe(401);
    expect((await api.call(`/carts/${guestId}/merge/${u.id}`, { token: other.token })).status).toBe(403);
    const otherCart = (await api.call("/carts/", { json: { user_id: other.id }, token: other.token })).body;
    await api.call(`/carts/${otherCart.id}/items/`, { json: { prod_id: products[1].id }, token: other.token });
    const steal = await api.call(`/carts/${otherCart.id}/merge/${u.id}`, { token: u.token });
    expect(steal.status).toBe(404);
    expect((await api.call(`/carts/${otherCart.id}/`, { token: other.token })).body.total_quantity).toBe(1);
    // the guest cart is untouched by the refused attempts
    expect((await api.call(`/carts/${guestId}/`)).body.total_quantity).toBe(1);
  });

  describe("shipping per store", () => {
    let abuja: { id: number; slug: string };
    let lagos: { id: number; slug: string };
    let unknown: { id: number; slug: string };
    let sheet: number; // Abuja store, large, ₦6,200
    let tap: number; // Abuja store, small, ₦1,000
    let pump: number; // Lagos store, medium, ₦10,000
    let drill: number; // store with no state on record, small, ₦2,000
    beforeAll(async () => {
      const owner = await makeUser(api);
      const category = (await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1")).rows[0].id;
      abuja = await createStore(api.db, { owner_id: owner.id, name: "Abuja Roofing Test", state: "Federal Capital Territory" });
      lagos = await createStore(api.db, { owner_id: owner.id, name: "Lagos Pumps Test", state: "Lagos" });
      unknown = await createStore(api.db, { owner_id: owner.id, name: "Somewhere Tools Test", state: null });
      const product = async (store_id: number, size: "small" | "medium" | "large", price_kobo: number) =>
        (await createProduct(api.db, { store_id, user_id: owner.id, category_id: category, size, price_kobo, stock_quantity: 500 })).id;
      sheet = await product(abuja.id, "large", 620_000);
      tap = await product(abuja.id, "small", 100_000);
      pump = await product(lagos.id, "medium", 1_000_000);
      drill = await product(unknown.id, "small", 200_000);
    });

    const add = async (cartId: string, prod_id: number, quantity = 1) => (await api.call(`/carts/${cartId}/items/`, { json: { prod_id, quantity } })).body.id as number;

    it("gives a two-store cart two shipments, each priced from its store's state to the buyer's, and sums them", async () => {
      const cartId = await newGuestCart();
      const s1 = await add(cartId, sheet);
      const p1 = await add(cartId, pump);
      const t1 = await add(cartId, tap);
      // an Abuja buyer: the Abuja store ships within the state (₦5,000 + ₦1,000), the Lagos one to a neighbouring zone (₦5,500)
      const toAbuja = (await api.call(`/carts/${cartId}/?state=Abuja`)).body;
      expect(toAbuja.shipping_state).toBe("Federal Capital Territory");
      expect(toAbuja.shipments).toEqual([
        { store: abuja.id, store_name: "Abuja Roofing Test", store_state: "Federal Capital Territory", shipping_cost: 6_000, items_total: 7_200, total: 13_200, items: [s1, t1], earliest_delivery: expect.any(String), latest_delivery: expect.any(String) },
        { store: lagos.id, store_name: "Lagos Pumps Test", store_state: "Lagos", shipping_cost: 5_500, items_total: 10_000, total: 15_500, items: [p1], earliest_delivery: expect.any(String), latest_delivery: expect.any(String) },
      ]);
      // one rule: the cart's total is the sum of its shipments' totals
      expect(toAbuja.shipments.reduce((t: number, s: { total: number }) => t + s.total, 0)).toBe(toAbuja.total);
      expect(toAbuja.shipping_cost).toBe(11_500);
      expect(toAbuja.subtotal).toBe(6_200 + 10_000 + 1_000);
      expect(toAbuja.total).toBe(17_200 + 11_500);
      // every line says its store
      expect(toAbuja.cart_items.map((i: { store: number; store_name: string }) => [i.store, i.store_name])).toEqual([
        [abuja.id, "Abuja Roofing Test"],
        [lagos.id, "Lagos Pumps Test"],
        [abuja.id, "Abuja Roofing Test"],
      ]);
      // a Kano buyer: Abuja is a neighbouring zone (₦12,000 + ₦2,500), Lagos is far (₦7,500)
      const toKano = (await api.call(`/carts/${cartId}/?state=Kano`)).body;
      expect(toKano.shipments.map((s: { shipping_cost: number }) => s.shipping_cost)).toEqual([14_500, 7_500]);
      expect(toKano.shipping_cost).toBe(22_000);
      // a Lagos buyer: Abuja → Lagos is a neighbouring zone, Lagos ships within the state
      const toLagos = (await api.call(`/carts/${cartId}/?state=lagos%20state`)).body;
      expect(toLagos.shipments.map((s: { shipping_cost: number }) => s.shipping_cost)).toEqual([14_500, 2_500]);
      // no state yet: each store within its own state, the "from" quote
      const from = (await api.call(`/carts/${cartId}/`)).body;
      expect(from.shipping_state).toBeNull();
      expect(from.shipments.map((s: { shipping_cost: number }) => s.shipping_cost)).toEqual([6_000, 2_500]);
      expect(from.shipping_cost).toBe(8_500);
      // a "from" fee is never part of a shipment's total
      expect(from.shipments.map((s: { total: number | null; items_total: number }) => [s.items_total, s.total])).toEqual([
        [7_200, null],
        [10_000, null],
      ]);
      // the member's GET by user quotes the same way
      const me = await makeUser(api);
      const mine = (await api.call("/carts/", { json: { user_id: me.id }, token: me.token })).body.id as string;
      await api.call(`/carts/${mine}/items/`, { json: { prod_id: pump }, token: me.token });
      const byUser = await api.call(`/carts/user/${me.id}/?state=Kano`, { token: me.token });
      expect(byUser.body.shipments).toMatchObject([{ store: lagos.id, shipping_cost: 7_500 }]);
      expect(byUser.body.shipping_cost).toBe(7_500);
    });

    it("caps each shipment at ₦25,000 and ships a store's ₦500,000 of items free, store by store", async () => {
      const cartId = await newGuestCart();
      const s1 = await add(cartId, sheet, 10);
      const p1 = await add(cartId, pump, 49);
      let cart = (await api.call(`/carts/${cartId}/?state=Kano`)).body;
      // 10 large sheets, Abuja → Kano: 10 × ₦12,000, capped; 49 pumps, Lagos → Kano: capped too
      expect(cart.shipments.map((s: { shipping_cost: number }) => s.shipping_cost)).toEqual([25_000, 25_000]);
      expect(cart.shipping_cost).toBe(50_000);
      // the 50th pump makes the Lagos store's shipment ₦500,000: it ships free; the Abuja one still pays
      await api.call(`/carts/${cartId}/items/${p1}/`, { method: "PATCH", json: { quantity: 50 } });
      cart = (await api.call(`/carts/${cartId}/?state=Kano`)).body;
      expect(cart.shipments).toMatchObject([
        { store: abuja.id, shipping_cost: 25_000, items: [s1] },
        { store: lagos.id, shipping_cost: 0, items: [p1] },
      ]);
      expect(cart.shipping_cost).toBe(25_000);
      expect(cart.total).toBe(62_000 + 500_000 + 25_000);
    });

    it("prices a store with no state on record from Lagos", async () => {
      const cartId = await newGuestCart();
      await add(cartId, drill);
      const cart = (await api.call(`/carts/${cartId}/?state=Kano`)).body;
      expect(cart.shipments).toMatchObject([{ store: unknown.id, store_state: null, shipping_cost: 3_500 }]);
      expect((await api.call(`/carts/${cartId}/?state=Ogun`)).body.shipping_cost).toBe(1_500);
    });
  });
});
