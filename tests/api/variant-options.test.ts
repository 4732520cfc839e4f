/**
 * Variant options priced for shoppers: an option's price is the unit price of the
 * product with that option. The product answer lists its options; a cart line is (product,
 * option) and priced with it; the order keeps the option's label and price.
 */
import { describe, expect, it } from "vitest";
import { createAddress, createProduct } from "~/db/seed/factories";
import { engines, useApi, type TestApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

async function paint(api: TestApi, c: Cast) {
  const cat = await firstCategory(api);
  const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Emulsion paint 20L", price_kobo: 2_000_000, selling_price_kobo: 2_000_000, stock_quantity: 50 });
  const option = async (variant: string, value: string, price: number) => {
    const r = await api.call("/products/options/", { token: c.owner.token, json: { product: p.id, variant, value, price } });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const red = await option("Colour", "Red", 23000);
  const white = await option("Colour", "White", 21000);
  return { id: p.id, red, white };
}

async function cartOf(api: TestApi) {
  const r = await api.call("/carts/", { json: { user_id: null } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

describe.each(engines())("variant options on %s", (engine) => {
  const api = useApi(engine);

  it("GET /products/{id}/ lists the options with variant, price and label", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const r = await api.call(`/products/${p.id}/`);
    expect(r.status).toBe(200);
    expect(r.body.selling_price).toBe(20000);
    expect(r.body.options).toEqual([
      expect.objectContaining({ id: p.white, value: "White", price: 21000, variant_name: "Colour", label: "Colour: White" }),
      expect.objectContaining({ id: p.red, value: "Red", price: 23000, variant_name: "Colour", label: "Colour: Red" }),
    ]);
  });

  it("a cart line is (product, option), priced with the option; without option_id it is the product's price as before", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const cart = await cartOf(api);
    const red = await api.call(`/carts/${cart}/items/`, { json: { prod_id: p.id, quantity: 2, option_id: p.red } });
    expect(red.status).toBe(201);
    expect(red.body).toMatchObject({ prod_id: p.id, option_id: p.red, option_label: "Colour: Red", price: 23000, line_total: 46000 });
    // the same option again raises that line; another option is another line; none is a third
    expect((await api.call(`/carts/${cart}/items/`, { json: { prod_id: p.id, option_id: p.red } })).body).toMatchObject({ id: red.body.id, quantity: 3 });
    expect((await api.call(`/carts/${cart}/items/`, { form: (() => { const f = new FormData(); f.set("prod_id", String(p.id)); f.set("option_id", String(p.white)); return f; })() })).status).toBe(201);
    const plain = await api.call(`/carts/${cart}/items/`, { json: { prod_id: p.id } });
    expect(plain.body).toMatchObject({ option_id: null, option_label: null, price: 20000 });
    const whole = await api.call(`/carts/${cart}/`);
    expect(whole.body.cart_items.map((i: { option_label: string | null; quantity: number; price: number }) => [i.option_label, i.quantity, i.price])).toEqual([
      ["Colour: Red", 3, 23000],
      ["Colour: White", 1, 21000],
      [null, 1, 20000],
    ]);
    expect(whole.body.subtotal).toBe(3 * 23000 + 21000 + 20000);
    expect(whole.body.total_quantity).toBe(5);
  });

  it("an option of another product, or an unknown one, is a 400 on option_id and adds nothing", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const other = await paint(api, c);
    const cart = await cartOf(api);
    for (const option_id of [other.red, 2_000_000_000, "red"]) {
      const r = await api.call(`/carts/${cart}/items/`, { json: { prod_id: p.id, option_id } });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(["option_id"]);
    }
    expect((await api.call(`/carts/${cart}/`)).body.cart_items).toEqual([]);
  });

  it("placing the order prices each line with its option and keeps the option's label and price; the cart lines ordered go", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const address = await createAddress(api.db, c.shopper.id, { state: "Lagos" });
    const cart = await api.call(`/carts/`, { token: c.shopper.token, json: { user_id: c.shopper.id } });
    const cartId = cart.body.id as string;
    await api.call(`/carts/${cartId}/items/`, { token: c.shopper.token, json: { prod_id: p.id, quantity: 2, option_id: p.red } });
    await api.call(`/carts/${cartId}/items/`, { token: c.shopper.token, json: { prod_id: p.id, option_id: p.white } });
    const r = await api.call("/orders/", { token: c.shopper.token, json: { cartItems: [], delivery_address_id: address.id, order_payment_method: "PayOnDelivery" } });
    expect(r.status).toBe(201);
    const lines = r.body.order_items.map((i: { option_id: number; option_label: string; item_price: number; quantity: number; product_id: number }) => [
      i.product_id, i.option_id, i.option_label, i.item_price, i.quantity,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [p.id, p.red, "Colour: Red", 23000, 2],
        [p.id, p.white, "Colour: White", 21000, 1],
      ]),
    );
    expect(r.body.order_total_price).toBe(2 * 23000 + 21000);
    expect((await api.call(`/carts/${cartId}/`, { token: c.shopper.token })).body.cart_items).toEqual([]);
    // the order e-mail names the option
    const mail = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = $1", [c.shopper.email]);
    expect(mail.rows[0].text_body).toContain("Emulsion paint 20L (Colour: Red)");
    // a later price change of the option does not touch the order
    await api.db.query("UPDATE product_options SET price_kobo = 9900000 WHERE id = $1", [p.red]);
    const again = await api.call(`/orders/${r.body.id}/`, { token: c.shopper.token });
    expect(again.body.order_items.find((i: { option_id: number }) => i.option_id === p.red).item_price).toBe(23000);
  });

  it("buy now with option_id is priced with the option; an option of another product is refused", async () => {
    const c = await vendorCast(api);
    const p = await paint(api, c);
    const other = await paint(api, c);
    const address = await createAddress(api.db, c.shopper.id, { state: "Lagos" });
    const bad = await api.call("/orders/", { token: c.shopper.token, json: { delivery_address_id: address.id, order_payment_method: "PayOnDelivery", buy: p.id, option_id: other.red } });
    expect(bad.status).toBe(400);
    const r = await api.call("/orders/", { token: c.shopper.token, json: { delivery_address_id: address.id, order_payment_method: "PayOnDelivery", buy: p.id, option_id: p.white, quantity: 2 } });
    expect(r.status).toBe(201);
    expect(r.body.order_items[0]).toMatchObject({ option_label: "Colour: White", item_price: 21000, quantity: 2 });
  });
});
