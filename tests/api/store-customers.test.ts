/** GET /stores/{storeId}/customers/: the store's customers from its real orders, store members only. */
import { describe, expect, it } from "vitest";
import { StoreCustomerPageSchema } from "~/api/stores/schemas";
import { createOrder, createProduct } from "~/db/seed/factories";
import { engines, makeUser, useApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

describe.each(engines())("store customers on %s", (engine) => {
  const api = useApi(engine);

  it("one row per customer (account or guest e-mail) with orders, total spent and the latest order, newest first", async () => {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const mine = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, selling_price_kobo: 1_000_000 });
    const other = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, selling_price_kobo: 700_000 });
    const buyer2 = await makeUser(api, { first_name: "Chidi", last_name: "Okafor" });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    // the shopper: two orders (one with another store's item, one with a cancelled line)
    await createOrder(api.db, { user_id: c.shopper.id, customer_email: c.shopper.email, items: [{ product_id: mine.id, quantity: 2 }, { product_id: other.id }], created_at: day(5) });
    const latest = await createOrder(api.db, {
      user_id: c.shopper.id,
      customer_email: c.shopper.email,
      items: [{ product_id: mine.id }, { product_id: mine.id, status: "Cancelled" }],
      payment_method: "PayOnDelivery",
      created_at: day(3),
    });
    // a guest, twice, with the e-mail in different cases
    const guestAddress = { receiver_first_name: "Ngozi", receiver_last_name: "Eze", street_address: "4 Ring Road", city: "Ibadan", state: "Oyo" };
    await createOrder(api.db, { user_id: null, customer_email: "Ngozi@Example.com", delivery_address: guestAddress, items: [{ product_id: mine.id }], payment_method: "PayOnDelivery", created_at: day(4) });
    const guestLatest = await createOrder(api.db, { user_id: null, customer_email: "ngozi@example.com", delivery_address: guestAddress, items: [{ product_id: mine.id, quantity: 3 }], payment_method: "PayOnDelivery", created_at: day(1) });
    // buyer2 bought only from the other store: not this store's customer; an expired unpaid card order does not count
    await createOrder(api.db, { user_id: buyer2.id, customer_email: buyer2.email, items: [{ product_id: other.id }] });
    const expired = await createOrder(api.db, { user_id: buyer2.id, customer_email: buyer2.email, items: [{ product_id: mine.id }], created_at: day(2) });
    await api.db.query("UPDATE orders SET order_payment_status = 'Cancelled' WHERE id = $1", [expired.id]);

    const r = await api.call(`/stores/${c.store.id}/customers/`, { token: c.member.token });
    expect(r.status).toBe(200);
    StoreCustomerPageSchema.parse(r.body);
    expect(r.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(r.body.results).toEqual([
      { id: null, name: "Ngozi Eze", email: "ngozi@example.com", orders: 2, total_spent: 40000, last_order_at: expect.any(String), last_order_id: guestLatest.id },
      { id: c.shopper.id, name: expect.any(String), email: c.shopper.email, orders: 2, total_spent: 30000, last_order_at: expect.any(String), last_order_id: latest.id },
    ]);
    // the other store sees only buyer2 and the shopper
    const theirs = await api.call(`/stores/${c.otherStore.id}/customers/`, { token: c.otherOwner.token });
    expect(theirs.body.results.map((x: { id: number | null }) => x.id).sort()).toEqual([c.shopper.id, buyer2.id].sort());
  });

  it("is paged 10 a page and empty for a store without orders", async () => {
    const c = await vendorCast(api);
    const empty = await api.call(`/stores/${c.store.id}/customers/`, { token: c.owner.token });
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat });
    for (let i = 0; i < 12; i++) await createOrder(api.db, { user_id: null, customer_email: `guest${i}@example.com`, items: [{ product_id: p.id }] });
    const one = await api.call(`/stores/${c.store.id}/customers/`, { token: c.owner.token });
    expect(one.body.count).toBe(12);
    expect(one.body.results).toHaveLength(10);
    expect(one.body.next).toMatch(/page=2/);
    const two = await api.call(`/stores/${c.store.id}/customers/?page=2`, { token: c.owner.token });
    expect(two.body.results).toHaveLength(2);
    expect((await api.call(`/stores/${c.store.id}/customers/?page=3`, { token: c.owner.token })).status).toBe(404);
  });

  it("store members and admins only: another vendor, a shopper get 404, anonymous 401", async () => {
    const c = await vendorCast(api);
    const path = `/stores/${c.store.id}/customers/`;
    for (const who of [c.owner, c.member, c.admin]) expect((await api.call(path, { token: who.token })).status).toBe(200);
    for (const who of [c.otherOwner, c.shopper]) expect((await api.call(path, { token: who.token })).status).toBe(404);
    expect((await api.call(path)).status).toBe(401);
  });
});
