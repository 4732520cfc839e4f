import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createStore } from "~/db/seed/factories";
import { engines, makeUser, useApi, type TestApi } from "./harness";

const valid = (over: Record<string, unknown> = {}) => ({
  receiver_first_name: "Adaeze",
  receiver_last_name: "Okafor",
  receiver_phone_one: "08031234567",
  receiver_phone_two: "",
  street_address: "12 Admiralty Way, Lekki Phase 1",
  city: "Lagos",
  state: "Lagos",
  country: "NGA",
  zip_code: "",
  ...over,
});

async function add(api: TestApi, u: { id: number; token: string }, over: Record<string, unknown> = {}) {
  return api.call("/users/adresses/", { json: { ...valid(over), user: u.id }, token: u.token });
}

describe.each(engines())("addresses on %s", (engine) => {
  const api = useApi(engine);

  it("creates (201) with the address shape, phones in +234 form, null optionals, country NGA; lists as an array", async () => {
    const u = await makeUser(api);
    const r = await add(api, u);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.any(Number),
      receiver_first_name: "Adaeze",
      receiver_last_name: "Okafor",
      receiver_phone_one: "+2348031234567",
      receiver_phone_two: null,
      street_address: "12 Admiralty Way, Lekki Phase 1",
      city: "Lagos",
      state: "Lagos",
      country: "NGA",
      zip_code: null,
      is_default: true,
      user: u.id,
    });
    const list = await api.call(`/users/${u.id}/addresses/`, { token: u.token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toHaveLength(1);
    const one = await api.call(`/users/adresses/${r.body.id}/`, { token: u.token });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(r.body.id);
    const own = await api.call("/users/adresses/", { token: u.token });
    expect(own.body).toHaveLength(1);
  });

  it("validates with the messages of spec section 5", async () => {
    const u = await makeUser(api);
    const r = await api.call("/users/adresses/", {
      json: {
        receiver_first_name: "",
        receiver_last_name: "Al",
        receiver_phone_one: "",
        street_address: "short",
        city: "",
        state: "Atlantis",
        user: u.id,
      },
      token: u.token,
    });
    expect(r.status).toBe(400);
    expect(r.body.receiver_first_name).toEqual(["First name is required"]);
    expect(r.body.receiver_last_name).toEqual(["Should be atleast 3 characters"]);
    expect(r.body.receiver_phone_one).toEqual(["Phone number is required"]);
    expect(r.body.street_address).toEqual(["Should be atleast 10 characters"]);
    expect(r.body.city).toEqual(["Please enter a valid city for accurate shipment and successful delivery of your order."]);
    expect(r.body.state).toEqual(["Please enter a valid state for accurate shipment and successful delivery of your order."]);

    const phone = await add(api, u, { receiver_phone_one: "06031234567", receiver_phone_two: "12345" });
    expect(phone.status).toBe(400);
    expect(phone.body.receiver_phone_one).toEqual(["Please enter a valid Nigerian phone number"]);
    expect(phone.body.receiver_phone_two).toEqual(["Please enter a valid Nigerian phone number"]);

    const street = await add(api, u, { street_address: "" });
    expect(street.body.street_address).toEqual([
      "Please enter a valid delivery address for accurate shipment and successful delivery of your order.",
    ]);
    // FCT is accepted under its usual names and stored canonically
    const fct = await add(api, u, { state: "fct", receiver_phone_two: "+2349051234567", zip_code: "900211" });
    expect(fct.status).toBe(201);
    expect(fct.body).toMatchObject({ state: "Federal Capital Territory", receiver_phone_two: "+2349051234567", zip_code: "900211" });
  });

  it("allows at most three addresses: the fourth is a 400 with the body ['Address limit exceeded.']", async () => {
    const u = await makeUser(api);
    for (let i = 0; i < 3; i++) expect((await add(api, u, { city: `Ikeja ${i}` })).status).toBe(201);
    const r = await add(api, u);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(["Address limit exceeded."]);
    expect((await api.call(`/users/${u.id}/addresses/`, { token: u.token })).body).toHaveLength(3);
  });

  it("keeps exactly one default: first becomes default, PATCH switches it, deleting the default promotes another", async () => {
    const u = await makeUser(api);
    const a = (await add(api, u, { city: "Ikeja" })).body;
    const b = (await add(api, u, { city: "Yaba" })).body;
    const c = (await add(api, u, { city: "Surulere", is_default: true })).body;
    const defaults = async () =>
      (await api.call(`/users/${u.id}/addresses/`, { token: u.token })).body
        .filter((x: { is_default: boolean }) => x.is_default)
        .map((x: { id: number }) => x.id);
    expect(a.is_default).toBe(true);
    expect(b.is_default).toBe(false);
    expect(await defaults()).toEqual([c.id]);

    const p = await api.call(`/users/adresses/${b.id}/`, { method: "PATCH", json: { is_default: true }, token: u.token });
    expect(p.status).toBe(200);
    expect(p.body.is_default).toBe(true);
    expect(p.body.city).toBe("Yaba");
    expect(await defaults()).toEqual([b.id]);
    // the list shows the default first
    expect((await api.call(`/users/${u.id}/addresses/`, { token: u.token })).body[0].id).toBe(b.id);

    const del = await api.fetch(`/users/adresses/${b.id}/`, { method: "DELETE", token: u.token });
    expect(del.status).toBe(204);
    expect(await defaults()).toEqual([a.id]);
    await api.fetch(`/users/adresses/${a.id}/`, { method: "DELETE", token: u.token });
    expect(await defaults()).toEqual([c.id]);
    expect((await api.fetch(`/users/adresses/${a.id}/`, { method: "DELETE", token: u.token })).status).toBe(404);
  });

  it("updates with PUT (200, all fields validated) and PATCH (some fields)", async () => {
    const u = await makeUser(api);
    const a = (await add(api, u)).body;
    const put = await api.call(`/users/adresses/${a.id}/`, {
      method: "PUT",
      json: { ...valid({ city: "Port Harcourt", state: "Rivers", receiver_phone_one: "+234 905 123 4567" }), user: u.id },
      token: u.token,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ city: "Port Harcourt", state: "Rivers", receiver_phone_one: "+2349051234567", is_default: true });
    const badPut = await api.call(`/users/adresses/${a.id}/`, { method: "PUT", json: { city: "Aba" }, token: u.token });
    expect(badPut.status).toBe(400);
    expect(badPut.body.receiver_first_name).toEqual(["First name is required"]);
    const patch = await api.call(`/users/adresses/${a.id}/`, { method: "PATCH", json: { zip_code: "500001" }, token: u.token });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ zip_code: "500001", city: "Port Harcourt" });
  });

  it("belongs to its owner only: another user gets 403 on the list and 404 on an address, never the data", async () => {
    const owner = await makeUser(api);
    const other = await makeUser(api);
    const a = (await add(api, owner)).body;
    const list = await api.call(`/users/${owner.id}/addresses/`, { token: other.token });
    expect(list.status).toBe(403);
    expect(Array.isArray(list.body)).toBe(false);
    expect((await api.call(`/users/${owner.id}/addresses/`)).status).toBe(401);
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const r = await api.call(`/users/adresses/${a.id}/`, {
        method,
        json: method === "PUT" || method === "PATCH" ? { ...valid({ city: "Stolen" }), is_default: true } : undefined,
        token: other.token,
      });
      expect(r.status, method).toBe(404);
      expect(r.body).toEqual({ detail: "Not found." });
    }
    const forOwner = await api.call("/users/adresses/", { json: { ...valid(), user: owner.id }, token: other.token });
    expect(forOwner.status).toBe(403);
    expect((await api.call("/users/adresses/", { json: valid() })).status).toBe(401);
    const still = await api.call(`/users/adresses/${a.id}/`, { token: owner.token });
    expect(still.body.city).toBe("Lagos");
    expect((await api.call(`/users/${owner.id}/addresses/`, { token: owner.token })).body).toHaveLength(1);
  });

  it("a member of a store with a shipment in an order delivered to the address may read it (not change it); other stores 404", async () => {
    const buyer = await makeUser(api);
    const a = (await add(api, buyer)).body;
    const owner = await makeUser(api);
    const member = await makeUser(api);
    const store = await createStore(api.db, { owner_id: owner.id, name: `Address Test Store ${a.id}`, members: [member.id] });
    const stranger = await makeUser(api);
    await createStore(api.db, { owner_id: stranger.id, name: `Other Store ${a.id}` });
    const cat = await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1");
    const { id: p } = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat.rows[0].id });
    // Before any order: the store's people get 404 like anyone else.
    expect((await api.call(`/users/adresses/${a.id}/`, { token: owner.token })).status).toBe(404);
    await createOrder(api.db, { user_id: buyer.id, items: [{ product_id: p, quantity: 1 }], delivery_address_id: a.id });
    for (const who of [owner, member]) {
      const r = await api.call(`/users/adresses/${a.id}/`, { token: who.token });
      expect(r).toMatchObject({ status: 200, body: { id: a.id, street_address: a.street_address, receiver_first_name: "Adaeze" } });
      // Read only: writing is still the owner's.
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const w = await api.call(`/users/adresses/${a.id}/`, { method, json: method === "DELETE" ? undefined : { ...valid({ city: "Changed" }) }, token: who.token });
        expect(w.status, method).toBe(404);
      }
    }
    const other = await api.call(`/users/adresses/${a.id}/`, { token: stranger.token });
    expect(other).toMatchObject({ status: 404, body: { detail: "Not found." } });
    expect((await api.call(`/users/adresses/${a.id}/`, { token: buyer.token })).body.city).toBe("Lagos");
  });

  it("answers on the correctly spelled alias too", async () => {
    const u = await makeUser(api);
    const r = await api.call("/users/addresses/", { json: valid(), token: u.token });
    expect(r.status).toBe(201);
    expect((await api.call(`/users/addresses/${r.body.id}/`, { token: u.token })).status).toBe(200);
  });
});
