/**
 * Trade units and volume prices (issue 34; app/domain/units.ts, app/domain/pricing.ts), both engines:
 *
 *  - a seller's product takes and answers `unit`, pack, minimum, step and a ladder (multipart and
 *    JSON); a client sending none gets "piece", no minimum, no ladder; bad ladders are a 400 by field;
 *  - the cart refuses a quantity under the minimum or off the step with its message, takes decimals
 *    only for divisible units, and says how many more reach the next step;
 *  - a property: for random ladders and quantities, the line's price is the ladder's rung × quantity,
 *    never more than the single-price total, and the same in the cart, the checkout summary (the
 *    cart quoted to the buyer's state), the placed order, and the store's ledger once delivered.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { findOrder, loadOrder } from "~/api/orders/queries.server";
import { createAddress, createProduct, createStore } from "~/db/seed/factories";
import { DELIVERY_TRANSITIONS, type DeliveryStatus } from "~/domain/orders";
import { placeOrder } from "~/workflows/checkout.server";
import { moveShipment, recordCashReceived } from "~/workflows/order-delivery.server";
import { engines, makeUser, useApi } from "./harness";
import { form, productFields } from "./vendor-helpers";
import { deliveryCodeOf } from "./delivery-code-helpers";

const RUNS = Number(process.env.UNITS_RUNS ?? 8);
const kobo = (naira: number) => Math.round(naira * 100);

describe.each(engines())("trade units and volume prices on %s", (engine) => {
  const api = useApi(engine);
  let owner: { id: number; token: string };
  let storeId: number;
  let category: number;
  let buyer: { id: number; email: string; token: string; addressId: number };
  let n = 0;

  beforeAll(async () => {
    owner = await makeUser(api);
    storeId = (await createStore(api.db, { owner_id: owner.id, name: `Units Store ${Date.now()}`, state: "Lagos" })).id;
    category = (await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1")).rows[0].id;
    const u = await makeUser(api);
    buyer = { ...u, addressId: (await createAddress(api.db, u.id, { state: "Oyo" })).id };
  });

  async function cement(over: Record<string, unknown> = {}) {
    const p = await createProduct(api.db, { store_id: storeId, user_id: owner.id, category_id: category, price_kobo: 950_000, selling_price_kobo: 950_000, stock_quantity: 10_000 });
    const r = await api.call(`/products/${p.id}/`, {
      method: "PATCH",
      token: owner.token,
      json: { unit: "bag", pack_description: "50 kg bag", pack_size: 50, pack_measure: "kg", price_tiers: [{ min_quantity: 50, price: 9000 }, { min_quantity: 200, price: "8700" }], ...over },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return p.id;
  }

  async function newCart(): Promise<string> {
    return (await api.call("/carts/", { method: "POST", json: { user_id: null } })).body.id;
  }

  it("takes the trade fields on create (multipart) and answers them in the detail and the list; none sent gives piece, 1, 1, no ladder", async () => {
    const fields = await productFields(api, storeId, {
      unit: "tonne",
      pack_description: "loose, weighed on the truck",
      pack_size: "1",
      pack_measure: "tonne",
      min_quantity: "2.5",
      quantity_step: "0.5",
      "price_tiers[0].min_quantity": "10",
      "price_tiers[0].price": "12000",
      "price_tiers[1].min_quantity": "",
      "price_tiers[1].price": "",
    });
    const made = await api.call("/products/", { method: "POST", token: owner.token, form: form(fields) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ unit: "tonne", pack_description: "loose, weighed on the truck", pack_size: 1, pack_measure: "tonne", min_quantity: 2.5, quantity_step: 0.5 });
    expect(made.body.price_tiers).toEqual([{ min_quantity: 10, price: 12000 }]);
    const detail = await api.call(`/products/${made.body.id}/`);
    expect(detail.body.price_tiers).toEqual([{ min_quantity: 10, price: 12000 }]);

    const plain = await api.call("/products/", { method: "POST", token: owner.token, form: form(await productFields(api, storeId)) });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ unit: "piece", pack_description: null, pack_size: null, pack_measure: null, min_quantity: 1, quantity_step: 1, price_tiers: [] });
    // A PUT from such a client leaves the first product's unit and ladder as they were.
    const put = await api.call(`/products/${made.body.id}/`, { method: "PUT", token: owner.token, form: form({ ...(await productFields(api, storeId)), "image[0]": undefined }) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ unit: "tonne", min_quantity: 2.5, price_tiers: [{ min_quantity: 10, price: 12000 }] });
  });

  it("refuses a bad ladder or unit by field: steps not rising, a dearer step, above the price, a fraction of a whole unit, a minimum above stock", async () => {
    const id = await cement();
    const patch = (json: unknown) => api.call(`/products/${id}/`, { method: "PATCH", token: owner.token, json });
    const rising = await patch({ price_tiers: [{ min_quantity: 200, price: 9000 }, { min_quantity: 50, price: 8700 }] });
    expect(rising.status).toBe(400);
    expect(rising.body["price_tiers.1.min_quantity"]).toEqual(["Steps must go up in quantity, each above the one before."]);
    const dearer = await patch({ price_tiers: [{ min_quantity: 50, price: 8700 }, { min_quantity: 200, price: 9000 }] });
    expect(dearer.body["price_tiers.1.price"]).toEqual(["A larger quantity cannot cost more per unit."]);
    const above = await patch({ price_tiers: [{ min_quantity: 50, price: 9600 }] });
    expect(above.body["price_tiers.0.price"]).toEqual(["A step's price cannot be above the product's price."]);
    const fraction = await patch({ min_quantity: 2.5 });
    expect(fraction.body.min_quantity).toEqual(["This unit is sold in whole numbers."]);
    const unit = await patch({ unit: "crate" });
    expect(unit.body.unit).toEqual(["Choose a unit from the list."]);
    const stock = await patch({ min_quantity: 20_000, price_tiers: [] });
    expect(stock.body.min_quantity).toEqual(["The minimum order is more than the stock."]);
    // Nothing was written by the refusals.
    const now = await api.call(`/products/${id}/`);
    expect(now.body).toMatchObject({ unit: "bag", min_quantity: 1, price_tiers: [{ min_quantity: 50, price: 9000 }, { min_quantity: 200, price: 8700 }] });
  });

  it("prices 60 bags at the 50+ step in the cart and says how many more reach the next; refuses under the minimum and off the step", async () => {
    const id = await cement();
    const cart = await newCart();
    const added = await api.call(`/carts/${cart}/items/`, { method: "POST", json: { prod_id: id, quantity: 60 } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ quantity: 60, price: 9000, single_price: 9500, line_total: 540_000, unit: "bag", next_tier: { min_quantity: 200, price: 8700, more: 140 } });
    const quoted = await api.call(`/carts/${cart}/?state=Oyo`);
    expect(quoted.body.subtotal).toBe(540_000);

    const blocks = await cement({ unit: "piece", min_quantity: 50, quantity_step: 50, price_tiers: [] });
    const under = await api.call(`/carts/${cart}/items/`, { method: "POST", json: { prod_id: blocks, quantity: 20 } });
    expect(under.status).toBe(400);
    expect(under.body.quantity).toEqual(["The minimum order for this item is 50."]);
    const off = await api.call(`/carts/${cart}/items/`, { method: "POST", json: { prod_id: blocks, quantity: 75 } });
    expect(off.body.quantity).toEqual(["Order in steps of 50."]);
    const ok = await api.call(`/carts/${cart}/items/`, { method: "POST", json: { prod_id: blocks, quantity: 150 } });
    expect(ok.status).toBe(201);
    const lower = await api.call(`/carts/${cart}/items/${ok.body.id}/`, { method: "PATCH", json: { quantity: 1 } });
    expect(lower.status).toBe(400);
    expect(lower.body.quantity).toEqual(["The minimum order for this item is 50."]);
    // Whole units take no fraction; a divisible unit takes two decimals.
    const half = await api.call(`/carts/${cart}/items/`, { method: "POST", json: { prod_id: id, quantity: "2.5" } });
    expect(half.status).toBe(400);
    const sand = await cement({ unit: "m3", quantity_step: 0.25, price_tiers: [] });
    const m3 = await api.call(`/carts/${cart}/items/`, { method: "POST", json: { prod_id: sand, quantity: "2.25" } });
    expect(m3.status, JSON.stringify(m3.body)).toBe(201);
    expect(m3.body).toMatchObject({ quantity: 2.25, line_total: 21_375 });
  });

  it("Buy Now's shipping quote and a placed order use the same rung", async () => {
    const id = await cement();
    const quote = await api.call(`/orders/${id}/shippingfee/?state=Oyo&quantity=60`);
    expect(quote.body.items_total).toBe(540_000);
    const refused = await api.call("/orders/", { method: "POST", token: buyer.token, json: { buy: id, quantity: 60, delivery_address_id: buyer.addressId, order_payment_method: "PayOnDelivery" } });
    expect(refused.status, JSON.stringify(refused.body)).toBeLessThan(300);
    const order = refused.body.order ?? refused.body;
    const items = order.order_items ?? (await api.call(`/orders/${order.id}/`, { token: buyer.token })).body.order_items;
    expect(items[0]).toMatchObject({ quantity: 60, item_price: 9000, line_total: 540_000 });
  });

  const ladder = fc
    .record({
      price: fc.integer({ min: 100, max: 2_000_000 }), // kobo
      steps: fc.uniqueArray(fc.integer({ min: 2, max: 400 }), { maxLength: 4 }),
      cuts: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 4, maxLength: 4 }),
      quantity: fc.integer({ min: 1, max: 500 }),
    })
    .map(({ price, steps, cuts, quantity }) => {
      const mins = [...steps].sort((a, b) => a - b);
      let p = price;
      const tiers = mins.map((m, i) => {
        p = Math.max(0, p - Math.round((price * cuts[i]) / 100));
        return { min_quantity: m, price_kobo: p };
      });
      return { price, tiers, quantity };
    });

  it("property: line price = ladder rung × quantity, never above the single price, same in cart, checkout, order and ledger", async () => {
    await fc.assert(
      fc.asyncProperty(ladder, async ({ price, tiers, quantity }) => {
        const p = await createProduct(api.db, { store_id: storeId, user_id: owner.id, category_id: category, price_kobo: price, selling_price_kobo: price, stock_quantity: 100_000 });
        const patch = await api.call(`/products/${p.id}/`, { method: "PATCH", token: owner.token, json: { price_tiers: tiers.map((t) => ({ min_quantity: t.min_quantity, price: t.price_kobo / 100 })) } });
        expect(patch.status, JSON.stringify(patch.body)).toBe(200);
        // The test's own oracle: the last rung the quantity reaches, else the single price.
        const unit = [...tiers].reverse().find((t) => quantity >= t.min_quantity)?.price_kobo ?? price;
        const expected = unit * quantity;
        expect(expected).toBeLessThanOrEqual(price * quantity);

        const cart = await newCart();
        const line = await api.call(`/carts/${cart}/items/`, { method: "POST", json: { prod_id: p.id, quantity } });
        expect(line.status).toBe(201);
        expect(kobo(line.body.line_total)).toBe(expected);
        const summary = await api.call(`/carts/${cart}/?state=Oyo`);
        expect(kobo(summary.body.subtotal)).toBe(expected);
        expect(kobo(summary.body.shipments[0].items_total)).toBe(expected);

        const placed = await api.db.tx((q) =>
          placeOrder(q, {
            user: { id: buyer.id, email: buyer.email },
            paymentMethod: "PayOnDelivery",
            address: { kind: "book", id: buyer.addressId },
            source: { kind: "cart", cartId: cart },
            idempotencyKey: `units-${engine}-${n++}-${Date.now()}`,
          }),
        );
        const row = (await findOrder(api.db, placed.order.id))!;
        const o = await loadOrder(api.db, row, api.origin);
        expect(kobo(o.order_items[0].line_total)).toBe(expected);
        expect(kobo(o.order_items[0].item_price)).toBe(unit);
        expect(kobo(o.shipments[0].items_total)).toBe(expected);

        // Delivered and the cash recorded: the ledger books the same sale.
        for (;;) {
          const moved = await api.db.tx(async (q) => {
            const ord = (await findOrder(q, row.id, true))!;
            const sh = await q.query<{ status: DeliveryStatus }>("SELECT status FROM shipments WHERE order_id = $1 AND store_id = $2", [row.id, storeId]);
            const next = DELIVERY_TRANSITIONS[sh.rows[0].status][0];
            if (!next) return false;
            // a pay-on-delivery shipment is Delivered with the buyer's code (issue 33)
            await moveShipment(q, ord, storeId, next, { code: await deliveryCodeOf(q, row.id, storeId) });
            return true;
          });
          if (!moved) break;
        }
        await api.db.tx(async (q) => recordCashReceived(q, (await findOrder(q, row.id, true))!, storeId, owner.id, { code: await deliveryCodeOf(q, row.id, storeId) }));
        const sale = await api.db.query<{ amount_kobo: number }>(
          "SELECT l.amount_kobo FROM store_ledger l JOIN order_items oi ON oi.id = l.order_item_id WHERE oi.order_id = $1 AND l.kind = 'sale'",
          [row.id],
        );
        expect(sale.rows.map((r) => Number(r.amount_kobo))).toEqual([expected]);
      }),
      { numRuns: RUNS },
    );
  });
});
