import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword } from "~/api/core/accounts.server";
import { signAccess } from "~/api/tokens.server";
import { createAddress, createCart, createOrder, createReview, createStore, createUser } from "~/db/seed/factories";
import { engines, makeUser, randomIp, useApi, type TestApi } from "./harness";
import { makeProduct } from "./orders-helpers";

const PASSWORD = "Delete#me2024";

/** A shopper with a password, a login (access + refresh), and data in every personal table. */
async function personWithData(api: TestApi, product: { id: number; store_id: number }, tag: string) {
  const email = `${tag}.${crypto.randomBytes(5).toString("hex")}@example.com`;
  const first = `Ngozi${tag}`;
  const phone = `+23480${crypto.randomInt(10_000_000, 99_999_999)}`;
  const u = await createUser(api.db, { email, first_name: first, last_name: `Eze${tag}`, phone, password_hash: await hashPassword(PASSWORD) });
  const street = `${crypto.randomInt(1, 99)} ${tag} Crescent, Wuse II`;
  const address = await createAddress(api.db, u.id, { receiver_first_name: first, receiver_phone_one: phone, street_address: street, city: "Abuja", state: "FCT" });
  const order = await createOrder(api.db, {
    user_id: u.id,
    items: [{ product_id: product.id, quantity: 2 }],
    delivery_status: "Delivered",
    payment_status: "Complete",
    payment_method: "PayOnDelivery",
    customer_email: email,
    delivery_address: { receiver_first_name: first, receiver_last_name: `Eze${tag}`, receiver_phone_one: phone, street_address: street, city: "Abuja", state: "FCT", country: "NGA", email },
  });
  const review = await createReview(api.db, { product_id: product.id, user_id: u.id, rating: 4, review_text: `Review by ${tag}` });
  await api.db.query("INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2)", [u.id, product.id]);
  await createCart(api.db, { user_id: u.id, items: [{ product_id: product.id, quantity: 3 }] });
  await api.db.query("INSERT INTO notifications (user_id, kind, title) VALUES ($1, 'order_delivered', $2)", [u.id, `Delivered to ${tag}`]);
  await api.db.query(
    "INSERT INTO newsletter_subscriptions (email, user_id, consent_at, consent_source, consent_ip, confirmed_at) VALUES ($1, $2, now(), 'registration', '10.1.2.3', now())",
    [email, u.id],
  );
  const login = await api.call("/users/auth/login/", { json: { email, password: PASSWORD }, ip: randomIp() });
  expect(login.status).toBe(200);
  return { id: u.id, email, first, phone, street, addressId: address.id, orderId: order.id, reviewId: review.id, access: login.body.access as string, refresh: login.body.refresh as string };
}

describe.each(engines())("personal data on %s", (engine) => {
  const api = useApi(engine);

  it("Download my data: the caller's account, addresses, orders, reviews, wishlist, cart, newsletter consent and notifications; nobody else's; no hash, no token", async () => {
    const product = await makeProduct(api);
    const me = await personWithData(api, product, "Me");
    const other = await personWithData(api, product, "Other");

    const r = await api.call(`/users/${me.id}/export/`, { token: me.access });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    const d = r.body;
    expect(d.account).toMatchObject({ id: me.id, email: me.email, first_name: me.first, phone: me.phone });
    expect(d.addresses).toEqual([expect.objectContaining({ id: me.addressId, street_address: me.street })]);
    expect(d.orders).toEqual([
      expect.objectContaining({ id: me.orderId, order_items: [expect.objectContaining({ product_id: product.id, quantity: 2, item_price: product.price_kobo / 100 })] }),
    ]);
    expect(d.reviews).toEqual([expect.objectContaining({ id: me.reviewId, review_text: "Review by Me", rating: 4 })]);
    expect(d.wishlist).toEqual([expect.objectContaining({ product_id: product.id })]);
    expect(d.cart).toEqual([expect.objectContaining({ product_id: product.id, quantity: 3 })]);
    expect(d.newsletter).toMatchObject({ email: me.email, subscribed: true, consent_source: "registration", consent_ip: "10.1.2.3" });
    expect(d.notifications).toEqual([expect.objectContaining({ title: "Delivered to Me" })]);

    const text = JSON.stringify(d);
    for (const leak of [other.email, other.street, other.first, "Review by Other", "Delivered to Other", "password", me.access, me.refresh]) expect(text).not.toContain(leak);
    const hash = (await api.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = $1", [me.id])).rows[0].password_hash;
    expect(text).not.toContain(hash);

    // Only the person: others 403, anonymous 401, and not even an admin.
    const admin = await makeUser(api, { role: "admin" });
    expect((await api.call(`/users/${me.id}/export/`, { token: other.access })).status).toBe(403);
    expect((await api.call(`/users/${me.id}/export/`)).status).toBe(401);
    expect((await api.call(`/users/${me.id}/export/`, { token: admin.token })).status).toBe(403);
  });

  it("Delete my account: password and confirmation checked first; then sessions end, login fails, personal data goes, orders stay anonymised", async () => {
    const product = await makeProduct(api);
    const me = await personWithData(api, product, "Del");
    const owner = await api.db.query<{ owner_id: number }>("SELECT owner_id FROM stores WHERE id = $1", [product.store_id]);
    const vendor = await signAccess(owner.rows[0].owner_id);

    const wrong = await api.call(`/users/${me.id}/delete/`, { json: { password: "Not#mine2024", confirm: true }, token: me.access });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ password: ["The password is not correct."] });
    const unconfirmed = await api.call(`/users/${me.id}/delete/`, { json: { password: PASSWORD }, token: me.access });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.confirm).toHaveLength(1);
    const other = await makeUser(api);
    expect((await api.call(`/users/${me.id}/delete/`, { json: { password: PASSWORD, confirm: true }, token: other.token })).status).toBe(403);
    expect((await api.call(`/users/auth/user/`, { token: me.access })).status).toBe(200); // nothing happened yet

    const del = await api.call(`/users/${me.id}/delete/`, { json: { password: PASSWORD, confirm: true }, token: me.access });
    expect(del.status).toBe(204);

    // Every session ended; the address and password no longer log in.
    expect((await api.call("/users/auth/user/", { token: me.access })).status).toBe(401);
    expect((await api.call("/users/auth/token/refresh/", { json: { refresh: me.refresh } })).status).toBe(401);
    const login = await api.call("/users/auth/login/", { json: { email: me.email, password: PASSWORD }, ip: randomIp() });
    expect(login.status).toBe(400);

    const count = async (sql: string) => (await api.db.query<{ n: number }>(sql, [me.id])).rows[0].n;
    expect(await count("SELECT count(*)::int AS n FROM addresses WHERE user_id = $1")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = $1")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM carts WHERE user_id = $1")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1")).toBe(0);
    expect((await api.db.query("SELECT 1 FROM newsletter_subscriptions WHERE user_id = $1 OR email = $2", [me.id, me.email])).rows).toHaveLength(0);
    const user = (await api.db.query<Record<string, unknown>>("SELECT * FROM users WHERE id = $1", [me.id])).rows[0];
    expect(user).toMatchObject({ first_name: "Former", last_name: "customer", phone: null, password_hash: null, is_active: false });
    expect(JSON.stringify(user)).not.toContain(me.email);

    // The review stays, under "Former customer".
    const reviews = await api.call(`/reviews/products/${product.id}/`);
    const mine = reviews.body.results.find((x: { id: number }) => x.id === me.reviewId);
    expect(mine).toMatchObject({ first_name: "Former", last_name: "customer" });

    // The order stays for the vendor, without the person's name, phone, e-mail or street.
    const seen = await api.call(`/orders/${product.store_id}/store/${me.orderId}/`, { token: vendor.token });
    expect(seen.status).toBe(200);
    const text = JSON.stringify(seen.body);
    for (const leak of [me.email, me.first, me.phone, me.street, "EzeDel"]) expect(text).not.toContain(leak);
    expect(seen.body.order_items?.length ?? seen.body.items?.length).toBeGreaterThan(0);
    const order = (await api.db.query<{ delivery_address: Record<string, unknown>; customer_email: string | null; user_id: number }>(
      "SELECT delivery_address, customer_email, user_id FROM orders WHERE id = $1",
      [me.orderId],
    )).rows[0];
    expect(order.customer_email).toBeNull();
    expect(order.delivery_address).toMatchObject({ receiver_first_name: "Former", receiver_last_name: "customer", city: "Abuja", state: "FCT", email: null });
    const pay = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_transactions WHERE customer_email = $1", [me.email]);
    expect(pay.rows[0].n).toBe(0);
  });

  it("refuses (and changes nothing) while the person owns a store or has an order on its way", async () => {
    const product = await makeProduct(api);
    const owner = await createUser(api.db, { password_hash: await hashPassword(PASSWORD) });
    const store = await createStore(api.db, { owner_id: owner.id, name: `Depot ${crypto.randomBytes(3).toString("hex")}` });
    const ownerToken = (await signAccess(owner.id)).token;
    const r = await api.call(`/users/${owner.id}/delete/`, { json: { password: PASSWORD, confirm: true }, token: ownerToken });
    expect(r.status).toBe(400);
    expect(r.body.non_field_errors[0]).toContain("You own the store");
    expect((await api.db.query("SELECT 1 FROM stores WHERE id = $1", [store.id])).rows).toHaveLength(1);
    expect((await api.call("/users/auth/user/", { token: ownerToken })).status).toBe(200);

    const shopper = await createUser(api.db, { password_hash: await hashPassword(PASSWORD) });
    await createOrder(api.db, { user_id: shopper.id, items: [{ product_id: product.id }], delivery_status: "Shipped", payment_status: "Complete" });
    const t = (await signAccess(shopper.id)).token;
    const s = await api.call(`/users/${shopper.id}/delete/`, { json: { password: PASSWORD, confirm: true }, token: t });
    expect(s.status).toBe(400);
    expect(s.body.non_field_errors[0]).toContain("still on its way");
    expect((await api.call("/users/auth/user/", { token: t })).status).toBe(200);
  });
});
