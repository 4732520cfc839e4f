/**
 * GET /users/{userId}/header/: the signed-in member's header in one call, the same
 * stores and unread count as GET /stores/owner/{userId}/ and GET /users/{userId}/notifications/unread/;
 * the member's own only. Headers are kept per user between changes
 * (app/api/users/header-cache.server.ts): a write through the API shows on the very next read; a
 * change made outside this process (another server, a job, an operator's SQL: here straight in the
 * database) shows once its notification arrives, so those reads ask `eventually`.
 */
import { describe, expect, it } from "vitest";
import { MemberHeaderSchema } from "~/api/users/header-schemas";
import { addStoreMember, createAddress, createProduct, createStore } from "~/db/seed/factories";
import { engines, eventually, makeUser, useApi } from "./harness";

describe.each(engines())("member header on %s", (engine) => {
  const api = useApi(engine);

  it("answers the member's stores and unread count, as the two calls it replaces", async () => {
    const me = await makeUser(api);
    const none = await api.call(`/users/${me.id}/header/`, { token: me.token });
    expect(none.status).toBe(200);
    expect(MemberHeaderSchema.parse(none.body)).toEqual({ stores: [], unread: 0, store_unread: [], cart_quantity: 0 });

    const first = await createStore(api.db, { owner_id: me.id, name: "First Depot", created_at: "2024-01-01T00:00:00Z" });
    const second = await createStore(api.db, { owner_id: me.id, name: "Second Depot", created_at: "2024-02-01T00:00:00Z" });
    for (const title of ["one", "two", "three"]) {
      await api.db.query("INSERT INTO notifications (user_id, kind, title) VALUES ($1, 'test', $2)", [me.id, title]);
    }
    await api.db.query("UPDATE notifications SET read_at = now() WHERE user_id = $1 AND title = 'one'", [me.id]);

    const r = await eventually(() => api.call(`/users/${me.id}/header/`, { token: me.token }), (x) => x.body?.unread === 2 && x.body.stores.length === 2);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      stores: [
        { id: first.id, name: "First Depot", slug: first.slug },
        { id: second.id, name: "Second Depot", slug: second.slug },
      ],
      unread: 2,
      store_unread: [],
      cart_quantity: 0,
    });
    const owned = await api.call(`/stores/owner/${me.id}/`, { token: me.token });
    expect(r.body.stores).toEqual(owned.body.map(({ id, name, slug }: { id: number; name: string; slug: string }) => ({ id, name, slug })));
    expect((await api.call(`/users/${me.id}/notifications/unread/`, { token: me.token })).body.unread).toBe(r.body.unread);
  });

  it("counts the member's cart as the cart does, and with wishlist=1 names the wishlist's products", async () => {
    const me = await makeUser(api);
    const vendor = await makeUser(api);
    const store = await createStore(api.db, { owner_id: vendor.id });
    const cat = await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
    const product = (n: number) =>
      createProduct(api.db, { store_id: store.id, user_id: vendor.id, category_id: cat.rows[0].id, name: `Header cement ${n}`, price_kobo: 100_000, selling_price_kobo: 100_000, stock_quantity: 50, published: true });
    const [a, b] = [await product(1), await product(2)];
    const cart = await api.call<{ id: string }>("/carts/", { method: "POST", token: me.token, json: { user_id: me.id } });
    for (const [p, quantity] of [[a, 2], [b, 3]] as const) {
      expect((await api.call(`/carts/${cart.body.id}/items/`, { method: "POST", token: me.token, json: { prod_id: p.id, quantity } })).status).toBe(201);
    }
    expect((await api.call("/carts/carts/wishlist/", { method: "POST", token: me.token, json: { user_id: me.id, product_id: b.id } })).status).toBe(201);

    const r = await api.call(`/users/${me.id}/header/`, { token: me.token });
    expect(r.body.cart_quantity).toBe(5);
    expect((await api.call(`/carts/user/${me.id}/`, { token: me.token })).body.total_quantity).toBe(5);
    expect(r.body.wishlist).toBeUndefined();
    expect((await api.call(`/users/${me.id}/header/?wishlist=1`, { token: me.token })).body.wishlist).toEqual([b.id]);
    // With delivery=1, the state of the default address (the delivery promise's).
    expect((await api.call(`/users/${me.id}/header/?delivery=1`, { token: me.token })).body.default_address_state).toBeNull();
    await createAddress(api.db, me.id, { state: "Kano" });
    const withAddress = await eventually(() => api.call(`/users/${me.id}/header/?delivery=1&wishlist=1`, { token: me.token }), (x) => x.body?.default_address_state === "Kano");
    expect(withAddress.body.default_address_state).toBe("Kano");
    expect(withAddress.body.wishlist).toEqual([b.id]);
    // The cart's own count, by its id: the holder only.
    expect((await api.call(`/carts/${cart.body.id}/quantity/`, { token: me.token })).body).toEqual({ total_quantity: 5 });
    expect((await api.call(`/carts/${cart.body.id}/quantity/`)).status).toBe(401);
    const guest = await api.call<{ id: string }>("/carts/", { method: "POST", json: { user_id: null } });
    expect((await api.call(`/carts/${guest.body.id}/quantity/`)).body).toEqual({ total_quantity: 0 });
    expect((await api.call("/carts/00000000-0000-4000-8000-000000000000/quantity/")).status).toBe(404);
  });

  it("the bell counts the unread notices of every store the member belongs to (owner or accepted member), not a pending invitation's; reading a store's list lowers it", async () => {
    const owner = await makeUser(api);
    const member = await makeUser(api);
    const invitee = await makeUser(api);
    const outsider = await makeUser(api);
    const store = await createStore(api.db, { owner_id: owner.id, name: "Bell Depot", members: [member.id] });
    await addStoreMember(api.db, store.id, invitee.id, "Member", false);
    const other = await createStore(api.db, { owner_id: outsider.id, name: "Other Depot" });
    const notice = (who: { user?: number; store?: number }, title: string) =>
      api.db.query("INSERT INTO notifications (user_id, store_id, kind, title) VALUES ($1, $2, 'order_placed', $3)", [who.user ?? null, who.store ?? null, title]);
    await notice({ store: store.id }, "New order #1");
    await notice({ store: store.id }, "New order #2");
    await notice({ store: other.id }, "New order elsewhere");
    await notice({ user: member.id }, "Your own order shipped");
    await notice({ user: owner.id }, "Read already");
    await api.db.query("UPDATE notifications SET read_at = now() WHERE title = 'Read already'");

    const header = async (u: { id: number; token: string }) => (await api.call(`/users/${u.id}/header/`, { token: u.token })).body;
    expect(await header(owner)).toMatchObject({ unread: 2, store_unread: [{ id: store.id, name: "Bell Depot", slug: store.slug, unread: 2 }] });
    const m = await header(member);
    expect(m).toMatchObject({ stores: [], unread: 3, store_unread: [{ id: store.id, unread: 2 }] });
    // the member's own list still counts only their own
    expect((await api.call(`/users/${member.id}/notifications/unread/`, { token: member.token })).body.unread).toBe(1);
    expect(await header(invitee)).toMatchObject({ unread: 0, store_unread: [] });
    expect(await header(outsider)).toMatchObject({ unread: 1, store_unread: [{ id: other.id, unread: 1 }] });

    // the store's page marks the store's notices read (for every member): the bells go down
    const read = await api.call(`/stores/${store.id}/notifications/read/`, { token: member.token, json: {} });
    expect(read.body).toEqual({ marked: 2, unread: 0 });
    expect(await header(member)).toMatchObject({ unread: 1, store_unread: [] });
    expect(await header(owner)).toMatchObject({ unread: 0, store_unread: [] });
    // a member removed from the store no longer hears of it
    await notice({ store: store.id }, "New order #3");
    expect((await eventually(() => header(member), (h) => h.unread === 2)).unread).toBe(2);
    await api.db.query("DELETE FROM store_members WHERE store_id = $1 AND user_id = $2", [store.id, member.id]);
    expect(await eventually(() => header(member), (h) => h.unread === 1)).toMatchObject({ unread: 1, store_unread: [] });
  });

  it("a kept header follows every change of what it shows: through the API at once, made elsewhere once heard", async () => {
    const me = await makeUser(api);
    const other = await makeUser(api);
    const vendor = await makeUser(api);
    const shop = await createStore(api.db, { owner_id: vendor.id, name: "Kept Depot" });
    const cat = await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
    const product = () =>
      createProduct(api.db, { store_id: shop.id, user_id: vendor.id, category_id: cat.rows[0].id, name: "Kept cement", price_kobo: 100_000, selling_price_kobo: 100_000, stock_quantity: 50, published: true });
    const [a, b] = [await product(), await product()];
    const header = async () => (await api.call(`/users/${me.id}/header/?wishlist=1&delivery=1`, { token: me.token })).body;
    const becomes = (check: (h: Awaited<ReturnType<typeof header>>) => boolean) => eventually(header, check);
    expect(await header()).toEqual({ stores: [], unread: 0, store_unread: [], cart_quantity: 0, wishlist: [], default_address_state: null });

    // Through the API, answered by this process: the very next read shows it.
    const cart = await api.call<{ id: string }>("/carts/", { method: "POST", token: me.token, json: { user_id: me.id } });
    expect((await header()).cart_quantity).toBe(0);
    expect((await api.call(`/carts/${cart.body.id}/items/`, { method: "POST", token: me.token, json: { prod_id: a.id, quantity: 2 } })).status).toBe(201);
    expect((await header()).cart_quantity).toBe(2);
    expect((await api.call("/carts/carts/wishlist/", { method: "POST", token: me.token, json: { user_id: me.id, product_id: b.id } })).status).toBe(201);
    expect((await header()).wishlist).toEqual([b.id]);

    // Elsewhere: cart lines added, changed, and gone with their product.
    await api.db.query("INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, 4)", [cart.body.id, b.id]);
    expect((await becomes((h) => h.cart_quantity === 6)).cart_quantity).toBe(6);
    await api.db.query("UPDATE cart_items SET quantity = 1 WHERE cart_id = $1 AND product_id = $2", [cart.body.id, a.id]);
    expect((await becomes((h) => h.cart_quantity === 5)).cart_quantity).toBe(5);
    await api.db.query("DELETE FROM products WHERE id = $1", [b.id]);
    expect(await becomes((h) => h.cart_quantity === 1)).toMatchObject({ cart_quantity: 1, wishlist: [] });
    // A cart handed to someone else (as a guest's cart is taken on at sign-in).
    await api.db.query("UPDATE carts SET user_id = $2 WHERE id = $1", [cart.body.id, other.id]);
    expect((await becomes((h) => h.cart_quantity === 0)).cart_quantity).toBe(0);
    // The wishlist and the default address.
    await api.db.query("INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2)", [me.id, a.id]);
    expect((await becomes((h) => h.wishlist?.length === 1)).wishlist).toEqual([a.id]);
    await createAddress(api.db, me.id, { state: "Enugu" });
    expect((await becomes((h) => h.default_address_state === "Enugu")).default_address_state).toBe("Enugu");
    // A store of their own, renamed, with notices for its members, read, then deleted.
    const mine = await createStore(api.db, { owner_id: me.id, name: "My Depot" });
    expect((await becomes((h) => h.stores.length === 1)).stores).toEqual([{ id: mine.id, name: "My Depot", slug: mine.slug }]);
    await api.db.query("UPDATE stores SET name = 'My Big Depot' WHERE id = $1", [mine.id]);
    expect((await becomes((h) => h.stores[0]?.name === "My Big Depot")).stores[0].name).toBe("My Big Depot");
    await api.db.query("INSERT INTO notifications (store_id, kind, title) VALUES ($1, 'order_placed', 'New order')", [mine.id]);
    expect(await becomes((h) => h.unread === 1)).toMatchObject({ unread: 1, store_unread: [{ id: mine.id, unread: 1 }] });
    await api.db.query("UPDATE notifications SET read_at = now() WHERE store_id = $1", [mine.id]);
    expect((await becomes((h) => h.unread === 0)).unread).toBe(0);
    await api.db.query("INSERT INTO notifications (user_id, kind, title) VALUES ($1, 'order_shipped', 'Shipped')", [me.id]);
    expect((await becomes((h) => h.unread === 1)).unread).toBe(1);
    await api.db.query("DELETE FROM stores WHERE id = $1", [mine.id]);
    expect(await becomes((h) => h.stores.length === 0)).toMatchObject({ stores: [], unread: 1, store_unread: [] });
    // Joining someone's store: its notices reach the bell.
    await api.db.query("INSERT INTO notifications (store_id, kind, title) VALUES ($1, 'order_placed', 'Theirs')", [shop.id]);
    await addStoreMember(api.db, shop.id, me.id, "Member", true);
    expect(await becomes((h) => h.unread === 2)).toMatchObject({ unread: 2, store_unread: [{ id: shop.id, unread: 1 }] });
  });

  it("a guest cart's kept quantity follows its lines and its owner: through the API at once, made elsewhere once heard", async () => {
    const vendor = await makeUser(api);
    const shop = await createStore(api.db, { owner_id: vendor.id });
    const cat = await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
    const product = () =>
      createProduct(api.db, { store_id: shop.id, user_id: vendor.id, category_id: cat.rows[0].id, name: "Badge cement", price_kobo: 100_000, selling_price_kobo: 100_000, stock_quantity: 50, published: true });
    const [a, b] = [await product(), await product()];
    const guest = await api.call<{ id: string }>("/carts/", { method: "POST", json: { user_id: null } });
    const quantity = async () => (await api.call(`/carts/${guest.body.id}/quantity/`)).body?.total_quantity;
    expect(await quantity()).toBe(0);
    expect((await api.call(`/carts/${guest.body.id}/items/`, { method: "POST", json: { prod_id: a.id, quantity: 2 } })).status).toBe(201);
    expect(await quantity()).toBe(2);
    await api.db.query("INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, 3)", [guest.body.id, b.id]);
    expect(await eventually(quantity, (q) => q === 5)).toBe(5);
    await api.db.query("DELETE FROM products WHERE id = $1", [b.id]);
    expect(await eventually(quantity, (q) => q === 2)).toBe(2);
    // Taken on by a member (as at sign-in): a guest's read of it is refused.
    const member = await makeUser(api);
    await api.db.query("UPDATE carts SET user_id = $2 WHERE id = $1", [guest.body.id, member.id]);
    expect((await eventually(() => api.call(`/carts/${guest.body.id}/quantity/`), (r) => r.status === 401)).status).toBe(401);
    expect((await api.call(`/carts/${guest.body.id}/quantity/`, { token: member.token })).body).toEqual({ total_quantity: 2 });
    await api.db.query("DELETE FROM carts WHERE id = $1", [guest.body.id]);
    expect((await eventually(() => api.call(`/carts/${guest.body.id}/quantity/`, { token: member.token }), (r) => r.status === 404)).status).toBe(404);
  });

  it("is the member's own: 401 without a token, 403 for anyone else, an admin included", async () => {
    const me = await makeUser(api);
    const other = await makeUser(api);
    const admin = await makeUser(api, { role: "admin" });
    expect((await api.call(`/users/${me.id}/header/`)).status).toBe(401);
    expect((await api.call(`/users/${me.id}/header/`, { token: other.token })).status).toBe(403);
    expect((await api.call(`/users/${me.id}/header/`, { token: admin.token })).status).toBe(403);
  });
});
