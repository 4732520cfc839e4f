/**
 * POST /orders/ (checkout) on both engines: totals from the catalogue, member/guest/buy-now,
 * empty cart, addresses, idempotency keys, stock and concurrency, shipping by state.
 */
import { describe, expect, it } from "vitest";
import { FEE_KOBO, SHIPPING_CAP_KOBO, type Distance } from "~/domain/shipping";
import { createAddress, createCart, createProduct, createStore } from "~/db/seed/factories";
import { engines, makeUser, useApi } from "./harness";
import { GUEST_ADDRESS, countOrders, makeProduct, makeShopper, mailsTo, stockOf } from "./orders-helpers";

describe.each(engines())("checkout: POST /orders/ on %s", (engine) => {
  const api = useApi(engine);

  it("places a member's order from their cart with server prices, ignoring client money and statuses", async () => {
    const a = await makeProduct(api, { price_kobo: 1_234_500, size: "small", stock: 20 });
    const b = await makeProduct(api, { price_kobo: 250_000, size: "large", stock: 20 });
    const me = await makeShopper(api, { state: "Kano", items: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 1 }] });
    const r = await api.call("/orders/", {
      token: me.token,
      json: {
        delivery_address_id: me.addressId,
        order_payment_method: "PayOnDelivery",
        // all ignored:
        delivery_charge: 0,
        item_price: 1,
        order_payment_status: "Complete",
        order_delivery_status: "Delivered",
        user_id: 1,
        orderItems: [{ product_id: a.id, item_price: 1, quantity: 2 }],
        cart_id: me.cartId,
      },
    });
    expect(r.status).toBe(201);
    const o = r.body;
    expect(o.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const subtotal = 1_234_500 * 2 + 250_000;
    // Two stores (each test product has its own, in Lagos): two shipments, each from Lagos to Kano.
    const shipping = FEE_KOBO.far.small * 2 + FEE_KOBO.far.large;
    expect(o).toMatchObject({
      order_total_price: subtotal / 100,
      shipping_cost: shipping / 100,
      delivery_charge: shipping / 100,
      total: (subtotal + shipping) / 100,
      order_delivery_status: "Placed",
      order_payment_status: "Pending",
      order_payment_method: "PayOnDelivery",
      delivery_address_id: me.addressId,
      delivery_state: "Kano",
      user_id: me.id,
      is_guest: false,
    });
    expect(o.guest_token).toBeUndefined();
    expect(o.order_items).toHaveLength(2);
    expect(o.order_items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: a.id, quantity: 2, item_price: 12_345, status: "Active", cancellable: true }),
        expect.objectContaining({ product_id: b.id, quantity: 1, item_price: 2_500 }),
      ]),
    );
    expect(o.status_history).toEqual([expect.objectContaining({ kind: "placed", order_item_id: null })]);
    expect(o.steps.Placed).toBe(o.status_history[0].at);
    expect(o.steps.Confirmed).toBeNull();
    // stock taken, cart emptied (pay on delivery)
    expect(await stockOf(api, a.id)).toBe(18);
    expect(await stockOf(api, b.id)).toBe(19);
    const cart = await api.call(`/carts/user/${me.id}/`, { token: me.token });
    expect(cart.body.cart_items).toEqual([]);
    // the same order from GET, and in the member's list
    const one = await api.call(`/orders/${o.id}/`, { token: me.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ...o });
    const list = await api.call(`/orders/user/${me.id}`, { token: me.token });
    expect(list.body.results.map((x: { id: string }) => x.id)).toEqual([o.id]);
  });

  it("keeps the cart of a card order until the payment is verified", async () => {
    const p = await makeProduct(api, { stock: 5 });
    const me = await makeShopper(api, { items: [{ product_id: p.id, quantity: 1 }] });
    const r = await api.call("/orders/", { token: me.token, json: { cartItems: [], addressId: me.addressId, paymentMethod: "CardPayment" } });
    expect(r.status).toBe(201);
    expect(r.body.order_payment_method).toBe("CardPayment");
    expect(r.body.order_payment_status).toBe("Pending");
    const cart = await api.call(`/carts/user/${me.id}/`, { token: me.token });
    expect(cart.body.cart_items.map((i: { prod_id: number }) => i.prod_id)).toEqual([p.id]);
    const src = await api.db.query<{ source_cart_id: string }>("SELECT source_cart_id::text AS source_cart_id FROM orders WHERE id = $1", [r.body.id]);
    expect(src.rows[0].source_cart_id).toBe(me.cartId);
    // what payments-api calls after a verified payment
    const { emptySourceCart } = await import("~/api/orders/commands.server");
    expect(await api.db.tx((q) => emptySourceCart(q, r.body.id))).toBe(1);
    expect((await api.call(`/carts/user/${me.id}/`, { token: me.token })).body.cart_items).toEqual([]);
  });

  it("a member's order without a method is pay on delivery; an unknown method is refused", async () => {
    const p = await makeProduct(api);
    const me = await makeShopper(api, { items: [{ product_id: p.id }] });
    const bad = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId, order_payment_method: "Cash" } });
    expect(bad.status).toBe(400);
    expect(bad.body.order_payment_method).toBeDefined();
    const ok = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId } });
    expect(ok.status).toBe(201);
    expect(ok.body.order_payment_method).toBe("PayOnDelivery");
  });

  it("answers an empty cart, a missing address and someone else's address with a 400 and writes nothing", async () => {
    const me = await makeShopper(api);
    const before = await countOrders(api);
    const noCart = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId, order_payment_method: "PayOnDelivery" } });
    expect(noCart.status).toBe(400);
    expect(noCart.body.detail).toMatch(/cart is empty/i);
    await createCart(api.db, { user_id: me.id });
    const empty = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId, order_payment_method: "PayOnDelivery" } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toMatch(/cart is empty/i);

    const p = await makeProduct(api);
    await api.db.query("INSERT INTO cart_items (cart_id, product_id, quantity) SELECT id, $2, 1 FROM carts WHERE user_id = $1", [me.id, p.id]);
    const noAddress = await api.call("/orders/", { token: me.token, json: { order_payment_method: "PayOnDelivery" } });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.delivery_address_id).toEqual(["Please set your delivery address!"]);
    const other = await makeUser(api);
    const theirs = await createAddress(api.db, other.id);
    const notMine = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: theirs.id, order_payment_method: "PayOnDelivery" } });
    expect(notMine.status).toBe(400);
    expect(notMine.body.delivery_address_id[0]).toMatch(/not found/i);
    expect(JSON.stringify(notMine.body)).not.toContain(other.email);
    expect(await countOrders(api)).toBe(before);
    expect(await stockOf(api, p.id)).toBe(100);
  });

  it("refuses someone else's cart_id with 404", async () => {
    const p = await makeProduct(api);
    const owner = await makeShopper(api, { items: [{ product_id: p.id }] });
    const thief = await makeShopper(api);
    const r = await api.call("/orders/", { token: thief.token, json: { delivery_address_id: thief.addressId, cart_id: owner.cartId } });
    expect(r.status).toBe(404);
    const anon = await api.call("/orders/", { json: { guest_delivery_address: GUEST_ADDRESS, cart_id: owner.cartId } });
    expect(anon.status).toBe(404);
    expect(await stockOf(api, p.id)).toBe(100);
  });

  it("places a guest order from cart_id (or cartId) and opens it only with its token", async () => {
    const p = await makeProduct(api, { price_kobo: 500_000, size: "small", stock: 9 });
    const cart = await createCart(api.db, { user_id: null, items: [{ product_id: p.id, quantity: 3 }] });
    const bad = await api.call("/orders/", {
      json: { guest_delivery_address: { ...GUEST_ADDRESS, zip_code: "", street_address: "short", email: "nope" }, order_payment_method: "PayOnDelivery", cart_id: cart.id },
    });
    expect(bad.status).toBe(400);
    // The postal code is optional: a blank one is no error.
    expect(bad.body["guest_delivery_address.zip_code"]).toBeUndefined();
    expect(bad.body["guest_delivery_address.email"]).toEqual(["Enter a valid email address"]);
    expect(bad.body["guest_delivery_address.street_address"]).toBeDefined();
    // A guest asking for "my cart" without naming one is refused; with no source at all the order starts empty.
    const noCart = await api.call("/orders/", { json: { guest_delivery_address: GUEST_ADDRESS, order_payment_method: "PayOnDelivery", cartItems: [] } });
    expect(noCart.status).toBe(400);
    expect(noCart.body.cart_id).toBeDefined();
    const empty = await api.call("/orders/", { json: { guest_delivery_address: GUEST_ADDRESS, order_payment_method: "PayOnDelivery" } });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ order_items: [], is_guest: true, guest_token: expect.any(String) });

    const r = await api.call("/orders/", { json: { guest_delivery_address: GUEST_ADDRESS, order_payment_method: "PayOnDelivery", cartId: cart.id } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ user_id: null, is_guest: true, delivery_state: "Enugu", customer_email: GUEST_ADDRESS.email });
    expect(r.body.delivery_address).toMatchObject({ receiver_first_name: "Chidi", receiver_phone_one: "+2348031234567", country: "NGA", zip_code: "400001" });
    expect(r.body.shipping_cost).toBe((FEE_KOBO.far.small * 3) / 100);
    expect(typeof r.body.guest_token).toBe("string");
    expect(r.body.guest_token.length).toBeGreaterThan(30);
    const id = r.body.id;
    const token = r.body.guest_token;

    const seen = await api.call(`/orders/${id}/?token=${encodeURIComponent(token)}`);
    expect(seen.status).toBe(200);
    expect(seen.body.id).toBe(id);
    expect(seen.body.guest_token).toBeUndefined();
    const wrong = await api.call(`/orders/${id}/?token=${encodeURIComponent(token.slice(0, -2) + "xx")}`);
    expect(wrong.status).toBe(404);
    // another order's token does not open this one
    const cart2 = await createCart(api.db, { user_id: null, items: [{ product_id: p.id, quantity: 1 }] });
    const r2 = await api.call("/orders/", { json: { guest_delivery_address: GUEST_ADDRESS, order_payment_method: "PayOnDelivery", cart_id: cart2.id } });
    expect((await api.call(`/orders/${id}/?token=${encodeURIComponent(r2.body.guest_token)}`)).status).toBe(404);
    // no token: a signed-in stranger gets 404, an anonymous caller 401 (log in or bring the token)
    const stranger = await makeUser(api);
    expect((await api.call(`/orders/${id}/`, { token: stranger.token })).status).toBe(404);
    expect((await api.call(`/orders/${id}/`)).status).toBe(401);
    // a member's order never opens with a token
    const q = await makeProduct(api);
    const member = await makeShopper(api, { items: [{ product_id: q.id }] });
    const mine = await api.call("/orders/", { token: member.token, json: { cartItems: [], delivery_address_id: member.addressId, order_payment_method: "PayOnDelivery" } });
    expect((await api.call(`/orders/${mine.body.id}/?token=${encodeURIComponent(token)}`)).status).toBe(404);
    // the guest cart was emptied (pay on delivery), and 3 + 1 units left the stock
    expect((await api.call(`/carts/${cart.id}/`)).body.cart_items).toEqual([]);
    expect(await stockOf(api, p.id)).toBe(5);
  });

  it("buys one product now (buy + quantity, or one orderItem) without touching the cart", async () => {
    const p = await makeProduct(api, { price_kobo: 700_000, size: "large", stock: 10 });
    const inCart = await makeProduct(api);
    const me = await makeShopper(api, { state: "Rivers", items: [{ product_id: inCart.id, quantity: 2 }] });
    const r = await api.call("/orders/", {
      token: me.token,
      json: { delivery_address_id: me.addressId, order_payment_method: "CardPayment", buy: p.id, quantity: 2, item_price: 1 },
    });
    expect(r.status).toBe(201);
    expect(r.body.order_items).toEqual([expect.objectContaining({ product_id: p.id, quantity: 2, item_price: 7_000 })]);
    expect(r.body.shipping_cost).toBe((FEE_KOBO.neighbouring_zone.large * 2) / 100);
    const r2 = await api.call("/orders/", {
      json: { guest_delivery_address: GUEST_ADDRESS, order_payment_method: "PayOnDelivery", orderItem: { product_id: p.id, quantity: 1, item_price: 0.5 } },
    });
    expect(r2.status).toBe(201);
    expect(r2.body.order_items).toEqual([expect.objectContaining({ product_id: p.id, quantity: 1, item_price: 7_000 })]);
    expect(await stockOf(api, p.id)).toBe(7);
    expect((await api.call(`/carts/user/${me.id}/`, { token: me.token })).body.cart_items).toHaveLength(1);
    const hidden = await makeProduct(api, { published: false });
    const no = await api.call("/orders/", { token: me.token, json: { delivery_address_id: me.addressId, buy: hidden.id } });
    expect(no.status).toBe(400);
    expect(no.body.buy).toEqual(["This product is not available."]);
  });

  it("answers 409 naming the product when the stock is short, and writes nothing", async () => {
    const plenty = await makeProduct(api, { stock: 50 });
    const scarce = await makeProduct(api, { stock: 2, name: "Dangote Cement 50kg (scarce)" });
    const me = await makeShopper(api, { items: [{ product_id: plenty.id, quantity: 5 }, { product_id: scarce.id, quantity: 3 }] });
    const before = await countOrders(api);
    const r = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId, order_payment_method: "PayOnDelivery" } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ detail: "Not enough stock for Dangote Cement 50kg (scarce): only 2 left.", product_id: scarce.id, available: 2 });
    expect(await countOrders(api)).toBe(before);
    expect(await stockOf(api, plenty.id)).toBe(50);
    expect(await stockOf(api, scarce.id)).toBe(2);
    expect((await api.call(`/carts/user/${me.id}/`, { token: me.token })).body.cart_items).toHaveLength(2);
  });

  it("returns the same order for a retried placement with the same Idempotency-Key (header or body), and 422 for a different body", async () => {
    const p = await makeProduct(api, { stock: 10 });
    const me = await makeShopper(api, { items: [{ product_id: p.id, quantity: 2 }] });
    const body = { delivery_address_id: me.addressId, order_payment_method: "CardPayment", cartItems: [] };
    const headers = { "Idempotency-Key": `key-${me.id}-a` };
    const first = await api.call("/orders/", { token: me.token, json: body, headers });
    expect(first.status).toBe(201);
    const again = await api.call("/orders/", { token: me.token, json: body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    // several retries at once still give one order
    const burst = await Promise.all(Array.from({ length: 5 }, () => api.call("/orders/", { token: me.token, json: body, headers })));
    expect(burst.map((b) => b.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((b) => b.body.id))).toEqual(new Set([first.body.id]));
    expect(await countOrders(api, "user_id = $1", [me.id])).toBe(1);
    expect(await stockOf(api, p.id)).toBe(8);
    const changed = await api.call("/orders/", { token: me.token, json: { ...body, order_payment_method: "PayOnDelivery" }, headers });
    expect(changed.status).toBe(422);
    expect(changed.body.detail).toMatch(/Idempotency-Key/);
    // the checkout form's hidden token works the same way
    const form = { ...body, idempotency_key: `form-${me.id}` };
    const f1 = await api.call("/orders/", { token: me.token, json: form });
    const f2 = await api.call("/orders/", { token: me.token, json: form });
    expect(f1.status).toBe(201);
    expect(f2.status).toBe(201);
    expect(f2.body.id).toBe(f1.body.id);
    expect(f1.body.id).not.toBe(first.body.id);
    expect(await countOrders(api, "user_id = $1", [me.id])).toBe(2);
    // keys are per caller: another member's same key is a new order
    const other = await makeShopper(api, { items: [{ product_id: p.id, quantity: 1 }] });
    const o2 = await api.call("/orders/", { token: other.token, json: { cartItems: [], delivery_address_id: other.addressId }, headers });
    expect(o2.status).toBe(201);
    expect(o2.body.id).not.toBe(first.body.id);
    // a guest replay carries its token again
    const gcart = await createCart(api.db, { user_id: null, items: [{ product_id: p.id }] });
    const g = { guest_delivery_address: GUEST_ADDRESS, order_payment_method: "PayOnDelivery", cart_id: gcart.id };
    const g1 = await api.call("/orders/", { json: g, headers: { "Idempotency-Key": `guest-${gcart.id}` } });
    const g2 = await api.call("/orders/", { json: g, headers: { "Idempotency-Key": `guest-${gcart.id}` } });
    expect(g2.body).toEqual(g1.body);
    expect(g2.body.guest_token).toBe(g1.body.guest_token);
  });

  it("never oversells: 50 parallel checkouts for the last 10 units give exactly 10 orders and stock 0", async () => {
    const p = await makeProduct(api, { stock: 10, name: "Last ten bags" });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => makeShopper(api, { items: [{ product_id: p.id, quantity: 1 }] })));
    const results = await Promise.all(
      shoppers.map((s) =>
        api.call("/orders/", { token: s.token, json: { cartItems: [], delivery_address_id: s.addressId, order_payment_method: "PayOnDelivery" } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.detail).toBe("Last ten bags is out of stock.");
    expect(await stockOf(api, p.id)).toBe(0);
    const sold = await api.db.query<{ n: number }>("SELECT coalesce(sum(quantity), 0)::int AS n FROM order_items WHERE product_id = $1", [p.id]);
    expect(sold.rows[0].n).toBe(10);
  }, 120_000);

  it("charges shipping by distance from the store's state, the same in the cart quote, the product's shipping fee and the order", async () => {
    const p = await makeProduct(api, { price_kobo: 300_000, size: "medium", stock: 1000 }); // its store ships from Lagos (the factory's default)
    const bands: [string, Distance][] = [
      ["Lagos", "same_state"],
      ["Oyo", "same_zone"],
      ["Rivers", "neighbouring_zone"],
      ["Federal Capital Territory", "neighbouring_zone"],
      ["Borno", "far"],
    ];
    for (const [state, zone] of bands) {
      const me = await makeShopper(api, { state, items: [{ product_id: p.id, quantity: 2 }] });
      const expected = FEE_KOBO[zone].medium * 2;
      const quote = await api.call(`/carts/${me.cartId}/?state=${encodeURIComponent(state)}`, { token: me.token });
      expect(quote.body.shipping_cost).toBe(expected / 100);
      expect(quote.body.shipping_state).toBe(state);
      expect(quote.body.total).toBeCloseTo(6_000 + expected / 100, 2);
      const fee = await api.call(`/orders/${p.id}/shippingfee/?state=${encodeURIComponent(state)}&quantity=2`);
      expect(fee.status).toBe(200);
      expect(fee.body).toEqual({
        shipping_cost: expected / 100,
        state,
        zone,
        origin_state: "Lagos",
        earliest_delivery: expect.any(String),
        latest_delivery: expect.any(String),
        items_total: 6_000,
        total: 6_000 + expected / 100,
      });
      const o = await api.call("/orders/", { token: me.token, json: { cart_id: me.cartId, delivery_address_id: me.addressId, order_payment_method: "PayOnDelivery" } });
      expect(o.body.shipping_cost).toBe(expected / 100);
      expect(o.body.shipments).toMatchObject([{ store: p.store_id, shipping_cost: expected / 100 }]);
      // The spec's "order id form": the shipping the order was charged, for its buyer only.
      const charged = await api.call(`/orders/${o.body.id}/shippingfee/`, { token: me.token });
      expect(charged.status).toBe(200);
      expect(charged.body).toMatchObject({ shipping_cost: expected / 100, state });
      const stranger = await makeShopper(api, { state: "Lagos", items: [] });
      expect((await api.call(`/orders/${o.body.id}/shippingfee/`, { token: stranger.token })).status).toBe(404);
      expect((await api.call(`/orders/${o.body.id}/shippingfee/`)).status).toBe(401);
    }
    // "abuja" is the FCT; no state is the "from" quote within the store's state; the cap holds
    expect((await api.call(`/orders/${p.id}/shippingfee/?state=abuja`)).body).toMatchObject({ shipping_cost: FEE_KOBO.neighbouring_zone.medium / 100, state: "Federal Capital Territory" });
    expect((await api.call(`/orders/${p.id}/shippingfee/`)).body).toEqual({
      shipping_cost: FEE_KOBO.same_state.medium / 100,
      state: null,
      zone: "same_state",
      origin_state: "Lagos",
      earliest_delivery: expect.any(String),
      latest_delivery: expect.any(String),
      items_total: 3_000,
      total: null,
    });
    expect((await api.call(`/orders/${p.id}/shippingfee/?state=Borno&quantity=50`)).body.shipping_cost).toBe(SHIPPING_CAP_KOBO / 100);
    expect((await api.call(`/orders/999999/shippingfee/`)).status).toBe(404);
  });

  it("quotes a product's shipping from its own store's state: an Abuja roofing sheet to an Abuja buyer is ₦5,000", async () => {
    const owner = await makeUser(api);
    const cat = (await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1")).rows[0].id;
    const product = async (state: string | null, size: "small" | "medium" | "large", price_kobo: number) => {
      const store = await createStore(api.db, { owner_id: owner.id, state });
      return (await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat, size, price_kobo })).id;
    };
    const sheet = await product("Federal Capital Territory", "large", 620_000);
    expect((await api.call(`/orders/${sheet}/shippingfee/?state=Abuja`)).body).toEqual({
      shipping_cost: 5_000,
      state: "Federal Capital Territory",
      zone: "same_state",
      origin_state: "Federal Capital Territory",
      earliest_delivery: expect.any(String), latest_delivery: expect.any(String),
      items_total: 6_200,
      total: 11_200,
    });
    expect((await api.call(`/orders/${sheet}/shippingfee/?state=Lagos`)).body).toMatchObject({ shipping_cost: 12_000, zone: "neighbouring_zone" });
    expect((await api.call(`/orders/${sheet}/shippingfee/?state=Lagos&quantity=3`)).body.shipping_cost).toBe(25_000);
    // from Kano to Lagos is across the country
    const panel = await product("Kano", "medium", 1_000_000);
    expect((await api.call(`/orders/${panel}/shippingfee/?state=Lagos`)).body).toMatchObject({ shipping_cost: 7_500, zone: "far", origin_state: "Kano" });
    expect((await api.call(`/orders/${panel}/shippingfee/?state=Kano`)).body).toMatchObject({ shipping_cost: 2_500, zone: "same_state" });
    // ₦500,000 of one product ships free
    expect((await api.call(`/orders/${panel}/shippingfee/?state=Lagos&quantity=50`)).body.shipping_cost).toBe(0);
    // a store with no state on record ships from Lagos
    const tool = await product(null, "small", 200_000);
    expect((await api.call(`/orders/${tool}/shippingfee/?state=Kano`)).body).toEqual({
      shipping_cost: 3_500,
      state: "Kano",
      zone: "far",
      origin_state: null,
      earliest_delivery: expect.any(String),
      latest_delivery: expect.any(String),
      items_total: 2_000,
      total: 5_500,
    });
    // no state: the lowest fee and no total
    expect((await api.call(`/orders/${tool}/shippingfee/`)).body).toMatchObject({ shipping_cost: 1_000, state: null, items_total: 2_000, total: null });
  });

  it("queues the order e-mail (HTML and text) with items, shipping and total; guests get their signed link", async () => {
    const p = await makeProduct(api, { price_kobo: 420_000, size: "small", name: "Roofing nails 1kg" });
    const cart = await createCart(api.db, { user_id: null, items: [{ product_id: p.id, quantity: 2 }] });
    const email = `guest-${cart.id.slice(0, 8)}@example.com`;
    const r = await api.call("/orders/", { json: { guest_delivery_address: { ...GUEST_ADDRESS, email }, order_payment_method: "PayOnDelivery", cart_id: cart.id } });
    expect(r.status).toBe(201);
    const q = await api.db.query<{ subject: string; text_body: string; html_body: string }>("SELECT subject, text_body, html_body FROM mail_queue WHERE to_address = $1", [email]);
    expect(q.rows).toHaveLength(1);
    const m = q.rows[0];
    const number = r.body.id.split("-")[0].toUpperCase();
    expect(m.subject).toContain(number);
    // each line with its price per unit (issue 34: the unit wherever a price is)
    expect(m.text_body).toContain("Roofing nails 1kg, ₦4,200 each × 2: ₦8,400");
    expect(m.text_body).toContain("Shipping to Enugu");
    expect(m.text_body).toContain(`Total: ₦${(8_400 + (FEE_KOBO.far.small * 2) / 100).toLocaleString("en-NG")}`);
    expect(m.text_body).toContain(`/orders/${r.body.id}?t=${encodeURIComponent(r.body.guest_token)}`);
    expect(m.html_body).toContain("Roofing nails 1kg");
    expect(m.html_body).toContain(`/orders/${r.body.id}?t=${encodeURIComponent(r.body.guest_token)}`);
    const raw = await mailsTo(api, email, 1, false); // sent right after the commit, without waiting for the mail job
    expect(raw).toHaveLength(1);
    expect(raw[0]).toMatch(/Content-Type: text\/html/);
    expect(raw[0]).toMatch(/Content-Type: text\/plain/);
  });

  it("leaves the catalogue's count rows alone on a stock change, and keeps them right on real changes", async () => {
    const p = await makeProduct(api, { stock: 30 });
    const counts = async () =>
      (
        await api.db.query<{ k: string; n: number }>(
          "SELECT category_id || type || listed || featured || price_band AS k, n FROM product_counts WHERE n <> 0 ORDER BY 1",
        )
      ).rows;
    const truth = async () =>
      (
        await api.db.query<{ k: string; n: number }>(
          `SELECT category_id || type || listed || featured || catalog_price_band(selling_price_kobo) AS k, count(*)::int AS n
             FROM products GROUP BY 1 ORDER BY 1`,
        )
      ).rows;
    const before = await api.db.query<{ xmin: string }>("SELECT xmin::text AS xmin FROM product_counts ORDER BY category_id, type, listed, featured, price_band");
    const me = await makeShopper(api, { items: [{ product_id: p.id, quantity: 3 }] });
    expect((await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId, order_payment_method: "PayOnDelivery" } })).status).toBe(201);
    const after = await api.db.query<{ xmin: string }>("SELECT xmin::text AS xmin FROM product_counts ORDER BY category_id, type, listed, featured, price_band");
    expect(after.rows).toEqual(before.rows); // no count row was rewritten by the checkout
    expect(await counts()).toEqual(await truth());
    await api.db.query("UPDATE products SET published = false, stock_quantity = 3 WHERE id = $1", [p.id]);
    await api.db.query("UPDATE products SET selling_price_kobo = 99000000, featured = true WHERE id = $1", [p.id]);
    await api.db.query("UPDATE products SET type = 'rent', published = true WHERE id = $1", [p.id]);
    expect(await counts()).toEqual(await truth());
  });

  it("runs concurrent multi-product checkouts without deadlocks (products of different price bands in crossing orders)", async () => {
    // ids ascending: a (cheap) < b (dear) < c (dear) < d (cheap); {a, b} and {c, d} take the
    // catalogue's count rows in opposite orders if a stock change touches them.
    const a = await makeProduct(api, { price_kobo: 1_000_000, stock: 500 });
    const b = await makeProduct(api, { price_kobo: 15_000_000, stock: 500 });
    const c = await makeProduct(api, { price_kobo: 15_000_000, stock: 500 });
    const d = await makeProduct(api, { price_kobo: 1_000_000, stock: 500 });
    const shoppers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        makeShopper(api, { items: i % 2 ? [{ product_id: a.id }, { product_id: b.id }] : [{ product_id: c.id }, { product_id: d.id }] }),
      ),
    );
    const results = await Promise.all(
      shoppers.map((s) => api.call("/orders/", { token: s.token, json: { cartItems: [], delivery_address_id: s.addressId, order_payment_method: "PayOnDelivery" } })),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    for (const p of [a, b, c, d]) expect(await stockOf(api, p.id)).toBe(480);
  }, 120_000);
});
