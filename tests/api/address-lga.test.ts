/** Nigerian addresses: LGA and landmark on addresses and orders; postal code optional. */
import { describe, expect, it } from "vitest";
import { newOrderStoreMails } from "~/api/notifications/events.server";
import { createProduct, createStore } from "~/db/seed/factories";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { GUEST_ADDRESS } from "./orders-helpers";

const valid = (over: Record<string, unknown> = {}) => ({
  receiver_first_name: "Adaeze",
  receiver_last_name: "Okafor",
  receiver_phone_one: "08031234567",
  street_address: "12 Admiralty Way, Lekki Phase 1",
  city: "Lekki",
  state: "Lagos",
  ...over,
});

/** A product of a fresh store whose owner has a token (to read the store's view of an order). */
async function storeProduct(api: TestApi) {
  const owner = await makeUser(api);
  const store = await createStore(api.db, { owner_id: owner.id });
  const cat = await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const p = await createProduct(api.db, {
    store_id: store.id,
    user_id: owner.id,
    category_id: cat.rows[0].id,
    name: `LGA test cement ${Math.random().toString(36).slice(2, 8)}`,
    price_kobo: 500_000,
    selling_price_kobo: 500_000,
    stock_quantity: 50,
    published: true,
  });
  return { owner, store, productId: p.id };
}

describe.each(engines())("addresses with LGA and landmark on %s", (engine) => {
  const api = useApi(engine);

  it("creates and updates an address with lga and landmark, answers them in the official spelling", async () => {
    const u = await makeUser(api);
    const r = await api.call("/users/adresses/", { token: u.token, json: valid({ lga: "eti osa", landmark: "Opposite Mega Plaza" }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ state: "Lagos", lga: "Eti-Osa", landmark: "Opposite Mega Plaza", zip_code: null });

    const put = await api.call(`/users/adresses/${r.body.id}/`, {
      method: "PUT",
      token: u.token,
      json: valid({ state: "Kano", city: "Kano", lga: "Nasarawa", landmark: "Near Kofar Nassarawa bus stop" }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ state: "Kano", lga: "Nasarawa", landmark: "Near Kofar Nassarawa bus stop" });

    const patch = await api.call(`/users/adresses/${r.body.id}/`, { method: "PATCH", token: u.token, json: { landmark: "" } });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ lga: "Nasarawa", landmark: null });
    const one = await api.call(`/users/adresses/${r.body.id}/`, { token: u.token });
    expect(one.body).toMatchObject({ state: "Kano", lga: "Nasarawa", landmark: null });
  });

  it("rejects an LGA of another state (400 naming lga), an unknown LGA and a landmark over 120 characters, and saves nothing", async () => {
    const u = await makeUser(api);
    const wrong = await api.call("/users/adresses/", { token: u.token, json: valid({ state: "Kano", city: "Kano", lga: "Ikeja" }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.lga).toEqual(["Ikeja is not an LGA of Kano. Choose an LGA of Kano, or change the state."]);

    const unknown = await api.call("/users/adresses/", { token: u.token, json: valid({ lga: "Gotham" }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.lga).toEqual(["Choose your local government area (LGA) from the list."]);

    const long = await api.call("/users/adresses/", { token: u.token, json: valid({ landmark: "x".repeat(121) }) });
    expect(long.status).toBe(400);
    expect(long.body.landmark?.[0]).toMatch(/120 characters/);
    expect(Object.keys(long.body)).toEqual(["landmark"]);

    const list = await api.call("/users/adresses/", { token: u.token });
    expect(list.body).toEqual([]);

    // A PATCH of only the LGA is checked against the address's stored state.
    const ok = await api.call("/users/adresses/", { token: u.token, json: valid({ lga: "Ikeja" }) });
    const patch = await api.call(`/users/adresses/${ok.body.id}/`, { method: "PATCH", token: u.token, json: { lga: "Dala" } });
    expect(patch.status).toBe(400);
    expect(patch.body.lga?.[0]).toBe("Dala is not an LGA of Lagos. Choose an LGA of Lagos, or change the state.");
    // A PATCH of only the state drops the LGA that no longer applies.
    const moved = await api.call(`/users/adresses/${ok.body.id}/`, { method: "PATCH", token: u.token, json: { state: "Kano" } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ state: "Kano", lga: null });
  });

  it("older clients that send neither field (nor a postal code) keep working, and keep what is stored", async () => {
    const u = await makeUser(api);
    const r = await api.call("/users/adresses/", { token: u.token, json: valid() });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ lga: null, landmark: null, zip_code: null });

    const withLga = await api.call("/users/adresses/", { token: u.token, json: valid({ lga: "Ikeja", landmark: "Computer Village gate" }) });
    const put = await api.call(`/users/adresses/${withLga.body.id}/`, { method: "PUT", token: u.token, json: valid({ street_address: "14 Obafemi Awolowo Way" }) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ street_address: "14 Obafemi Awolowo Way", lga: "Ikeja", landmark: "Computer Village gate" });
  });

  it("a guest order without a postal code is placed; a guest's wrong LGA is a 400 on guest_delivery_address.lga", async () => {
    const { productId } = await storeProduct(api);
    const { zip_code: _zip, ...noZip } = GUEST_ADDRESS;
    const ok = await api.call("/orders/", { json: { guest_delivery_address: noZip, order_payment_method: "PayOnDelivery", buy: productId } });
    expect(ok.status).toBe(201);
    expect(ok.body.delivery_address).toMatchObject({ state: "Enugu", zip_code: null, lga: null, landmark: null });

    const bad = await api.call("/orders/", {
      json: { guest_delivery_address: { ...noZip, lga: "Ikeja" }, order_payment_method: "PayOnDelivery", buy: productId },
    });
    expect(bad.status).toBe(400);
    expect(bad.body["guest_delivery_address.lga"]).toEqual(["Ikeja is not an LGA of Enugu. Choose an LGA of Enugu, or change the state."]);
  });

  it("a placed order carries the LGA and landmark to the shopper's and the store's view of the order", async () => {
    const { owner, store, productId } = await storeProduct(api);
    const u = await makeUser(api);
    const a = await api.call("/users/adresses/", {
      token: u.token,
      json: valid({ state: "Oyo", city: "Ibadan", lga: "Ibadan North", landmark: "Near Bodija Market bus stop" }),
    });
    const placed = await api.call("/orders/", { token: u.token, json: { delivery_address_id: a.body.id, order_payment_method: "PayOnDelivery", buy: productId } });
    expect(placed.status).toBe(201);
    const mine = await api.call(`/orders/${placed.body.id}/`, { token: u.token });
    expect(mine.body.delivery_address).toMatchObject({ lga: "Ibadan North", landmark: "Near Bodija Market bus stop" });
    const theirs = await api.call(`/orders/${store.id}/store/${placed.body.id}/`, { token: owner.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.delivery_address).toMatchObject({ state: "Oyo", lga: "Ibadan North", landmark: "Near Bodija Market bus stop" });
    // The store's "New order" e-mail says where it goes, LGA included.
    const [mail] = (await newOrderStoreMails(api.db, placed.body.id)).filter((m) => m.to === owner.email);
    expect(mail.text).toContain("to deliver to Ibadan North LGA, Oyo.");

    // Editing the address later does not change where the order went.
    await api.call(`/users/adresses/${a.body.id}/`, { method: "PATCH", token: u.token, json: { lga: "Ibadan South-West", landmark: "" } });
    const again = await api.call(`/orders/${store.id}/store/${placed.body.id}/`, { token: owner.token });
    expect(again.body.delivery_address).toMatchObject({ lga: "Ibadan North", landmark: "Near Bodija Market bus stop" });
  });
});
