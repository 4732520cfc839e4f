/**
 * Options as stock units: an option may have stock of its own; the product's
 * stock is then the sum of its options'. Checkout (buy now with option_id, or a cart line with
 * the option) takes the option's stock, a short option is a 409 naming it, a cancelled line gives
 * it back, concurrent buyers never oversell an option, and the vendor sets an option's stock.
 */
import { describe, expect, it } from "vitest";
import { CANCEL_REASONS } from "~/domain/orders";
import { createAddress, createProduct } from "~/db/seed/factories";
import { engines, useApi, type TestApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

/** A paint with Red (2 in stock) and White (5 in stock). */
async function paint(api: TestApi, c: Cast, red = 2, white = 5) {
  const cat = await firstCategory(api);
  const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Emulsion paint 20L", price_kobo: 2_000_000, selling_price_kobo: 2_000_000, stock_quantity: 50 });
  const option = async (value: string, price: number, stock_quantity: number) => {
    const r = await api.call("/products/options/", { token: c.owner.token, json: { product: p.id, variant: "Colour", value, price, stock_quantity } });
    expect(r.status).toBe(201);
    expect(r.body.stock_quantity).toBe(stock_quantity);
    return r.body.id as number;
  };
  return { id: p.id, red: await option("Red", 23000, red), white: await option("White", 21000, white) };
}

const stockOf = async (api: TestApi, productId: number) => {
  const p = await api.db.query<{ stock_quantity: number }>("SELECT stock_quantity FROM products WHERE id = $1", [productId]);
  const o = await api.db.query<{ value: string; stock_quantity: number | null }>("SELECT value, stock_quantity FROM product_options WHERE product_id = $1 ORDER BY id", [productId]);
  return { product: p.rows[0].stock_quantity, options: Object.fromEntries(o.rows.map((r) => [r.value, r.stock_quantity])) };
};

const buyBody = (addressId: number, productId: number, optionId: number, quantity: number) => ({
  delivery_address_id: addressId,
  order_payment_method: "PayOnDelivery",
  buy: productId,
  option_id: optionId,
  quantity,
});

describe.each(engines())("option stock on %s", (engine) => {
  const api = useApi(engine);

  it("an option with stock makes the product's stock the sum of its options'; the product page lists each option's stock", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    expect(await stockOf(api, p.id)).toEqual({ product: 7, options: { Red: 2, White: 5 } });
    const r = await api.call(`/products/${p.id}/`);
    expect(r.body.stock_quantity).toBe(7);
    const opts = Object.fromEntries(r.body.options.map((o: { value: string; stock_quantity: number; in_stock: boolean }) => [o.value, [o.stock_quantity, o.in_stock]]));
    expect(opts).toEqual({ Red: [2, true], White: [5, true] });
    // A later option without a stock count starts at 0 (options of one product have stock all or none).
    const blue = await api.call("/products/options/", { token: c.owner.token, json: { product: p.id, variant: "Colour", value: "Blue", price: 22000 } });
    expect(blue.status).toBe(201);
    expect(blue.body.stock_quantity).toBe(0);
    const again = await api.call(`/products/${p.id}/`);
    expect(again.body.options.find((o: { value: string }) => o.value === "Blue")).toMatchObject({ stock_quantity: 0, in_stock: false });
    // The product's own stock cannot be set past its options: a PATCH of stock_quantity keeps the sum.
    const patch = await api.call(`/products/${p.id}/`, { method: "PATCH", token: c.owner.token, form: (() => { const f = new FormData(); f.set("stock_quantity", "999"); return f; })() });
    expect(patch.status).toBe(200);
    expect((await stockOf(api, p.id)).product).toBe(7);
  });

  it("a bad stock count is a 400 next to stock_quantity and adds nothing", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    for (const stock_quantity of [-1, "two", 1.5]) {
      const r = await api.call("/products/options/", { token: c.owner.token, json: { product: p.id, variant: "Colour", value: "Green", price: 1000, stock_quantity } });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(["stock_quantity"]);
    }
    expect(Object.keys((await stockOf(api, p.id)).options)).toEqual(["Red", "White"]);
  });

  it("PATCH /products/options/{id}/ sets the option's stock and price (members of the store only) and the product's stock follows", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const path = `/products/options/${p.red}/`;
    expect((await api.call(path, { method: "PATCH", json: { stock_quantity: 9 } })).status).toBe(401);
    for (const who of [c.shopper, c.otherOwner]) expect((await api.call(path, { method: "PATCH", token: who.token, json: { stock_quantity: 9 } })).status).toBe(404);
    expect((await api.call(path, { method: "PATCH", token: c.owner.token, json: { stock_quantity: -3 } })).body).toEqual({ stock_quantity: [expect.any(String)] });
    expect((await api.call(path, { method: "PATCH", token: c.owner.token, json: {} })).status).toBe(400);
    expect(await stockOf(api, p.id)).toEqual({ product: 7, options: { Red: 2, White: 5 } });
    const r = await api.call(path, { method: "PATCH", token: c.member.token, json: { stock_quantity: 10, price: 24000 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p.red, stock_quantity: 10, price: 24000, value: "Red" });
    expect(await stockOf(api, p.id)).toEqual({ product: 15, options: { Red: 10, White: 5 } });
    // An option of a product without option stock gets stock: the other options get 0 and the product the sum.
    const cat = await firstCategory(api);
    const q = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Tile 60x60", stock_quantity: 80 });
    const a = await api.call("/products/options/", { token: c.owner.token, json: { product: q.id, variant: "Finish", value: "Matte", price: 5000 } });
    const b = await api.call("/products/options/", { token: c.owner.token, json: { product: q.id, variant: "Finish", value: "Gloss", price: 5500 } });
    expect(a.body.stock_quantity).toBeNull();
    expect(await stockOf(api, q.id)).toEqual({ product: 80, options: { Matte: null, Gloss: null } });
    await api.call(`/products/options/${b.body.id}/`, { method: "PATCH", token: c.owner.token, json: { stock_quantity: 12 } });
    expect(await stockOf(api, q.id)).toEqual({ product: 12, options: { Matte: 0, Gloss: 12 } });
  });

  it("buy now with an option takes the option's stock; 3 of an option with 2 is a 409 naming the option; the product without option is refused", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const address = await createAddress(api.db, c.shopper.id, { state: "Lagos" });
    const short = await api.call("/orders/", { token: c.shopper.token, json: buyBody(address.id, p.id, p.red, 3) });
    expect(short.status).toBe(409);
    expect(short.body).toEqual({ detail: "Not enough stock for Emulsion paint 20L (Colour: Red): only 2 left.", product_id: p.id, option_id: p.red, available: 2 });
    expect(await stockOf(api, p.id)).toEqual({ product: 7, options: { Red: 2, White: 5 } });
    const ok = await api.call("/orders/", { token: c.shopper.token, json: buyBody(address.id, p.id, p.red, 2) });
    expect(ok.status).toBe(201);
    expect(ok.body.order_items[0]).toMatchObject({ option_id: p.red, option_label: "Colour: Red", quantity: 2 });
    expect(await stockOf(api, p.id)).toEqual({ product: 5, options: { Red: 0, White: 5 } });
    // Red is gone although the product still has 5 (White's).
    const gone = await api.call("/orders/", { token: c.shopper.token, json: buyBody(address.id, p.id, p.red, 1) });
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ detail: "Emulsion paint 20L (Colour: Red) is out of stock.", option_id: p.red, available: 0 });
    const plain = await api.call("/orders/", { token: c.shopper.token, json: { delivery_address_id: address.id, order_payment_method: "PayOnDelivery", buy: p.id } });
    expect(plain.status).toBe(409);
    expect(await stockOf(api, p.id)).toEqual({ product: 5, options: { Red: 0, White: 5 } });
  });

  it("a cart line with the option: the cart checks the option's stock (add and quantity change) and says it; the order takes it; cancelling gives it back", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const address = await createAddress(api.db, c.shopper.id, { state: "Lagos" });
    const cartId = (await api.call("/carts/", { token: c.shopper.token, json: { user_id: c.shopper.id } })).body.id as string;
    const add = (json: Record<string, unknown>) => api.call(`/carts/${cartId}/items/`, { token: c.shopper.token, json });
    const three = await add({ prod_id: p.id, quantity: 3, option_id: p.red });
    expect(three.status).toBe(400);
    expect(three.body).toEqual({ quantity: ["Only 2 available for Colour: Red."] });
    expect((await add({ prod_id: p.id })).body).toEqual({ option_id: ["Choose an option first."] });
    const line = await add({ prod_id: p.id, quantity: 1, option_id: p.red });
    expect(line.status).toBe(201);
    expect(line.body).toMatchObject({ option_id: p.red, stock_quantity: 2, available: true });
    const up = await api.call(`/carts/${cartId}/items/${line.body.id}/`, { method: "PATCH", token: c.shopper.token, json: { quantity: 3 } });
    expect(up.status).toBe(400);
    expect(up.body).toEqual({ quantity: ["Only 2 available for Colour: Red."] });
    expect((await api.call(`/carts/${cartId}/items/${line.body.id}/`, { method: "PATCH", token: c.shopper.token, json: { quantity: 2 } })).status).toBe(200);
    await add({ prod_id: p.id, quantity: 1, option_id: p.white });
    const cart = await api.call(`/carts/${cartId}/`, { token: c.shopper.token });
    expect(cart.body.cart_items.map((i: { option_label: string; stock_quantity: number }) => [i.option_label, i.stock_quantity])).toEqual([
      ["Colour: Red", 2],
      ["Colour: White", 5],
    ]);

    const order = await api.call("/orders/", { token: c.shopper.token, json: { delivery_address_id: address.id, order_payment_method: "PayOnDelivery", cart_id: cartId } });
    expect(order.status).toBe(201);
    expect(await stockOf(api, p.id)).toEqual({ product: 4, options: { Red: 0, White: 4 } });
    const red = order.body.order_items.find((i: { option_id: number }) => i.option_id === p.red);
    const cancel = await api.call(`/orders/${red.id}/orderitem/cancel`, { token: c.shopper.token, json: { order_item_cancel_reason: CANCEL_REASONS[0] } });
    expect(cancel.status).toBe(200);
    expect(await stockOf(api, p.id)).toEqual({ product: 6, options: { Red: 2, White: 4 } });
  });

  it.runIf(engine === "postgres")("concurrent buyers of one option (and of its sibling) never oversell it", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c, 3, 4);
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const u = await (await import("./harness")).makeUser(api);
        return { token: u.token, address: (await createAddress(api.db, u.id, { state: "Lagos" })).id };
      }),
    );
    // 6 buyers of Red (3 in stock) and 2 of White, at once: the product row is locked before the option's.
    const answers = await Promise.all(buyers.map((b, i) => api.call("/orders/", { token: b.token, json: buyBody(b.address, p.id, i < 6 ? p.red : p.white, 1) })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 6).filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.slice(0, 6).filter((s) => s === 409)).toHaveLength(3);
    expect(statuses.slice(6)).toEqual([201, 201]);
    expect(await stockOf(api, p.id)).toEqual({ product: 2, options: { Red: 0, White: 2 } });
    const sold = await api.db.query<{ n: number }>("SELECT COALESCE(sum(quantity), 0)::int AS n FROM order_items WHERE option_id = $1", [p.red]);
    expect(sold.rows[0].n).toBe(3);
  });
});
