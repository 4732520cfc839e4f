/** Admin moderation: every admin endpoint is the admin's alone, and each change does what shoppers and sellers notice, with its audit row. */
import { describe, expect, it } from "vitest";
import { hashPassword } from "~/api/core/accounts.server";
import { createCategory, createOrder, createProduct, createReview, createStore, createUser } from "~/db/seed/factories";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { firstCategory } from "./vendor-helpers";

async function cast(api: TestApi) {
  const admin = await makeUser(api, { role: "admin" });
  const shopper = await makeUser(api);
  const owner = await makeUser(api);
  const store = await createStore(api.db, { owner_id: owner.id, name: `Moderated Depot ${Math.random().toString(36).slice(2, 8)}` });
  const cat = await firstCategory(api);
  const word = `zq${Math.random().toString(36).slice(2, 8)}`;
  const product = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat, name: `Granite ${word} slab` });
  return { admin, shopper, owner, store, cat, word, product };
}

const post = (api: TestApi, path: string, token: string | undefined, json: unknown = {}) => api.call(path, { method: "POST", token, json });
const auditRows = async (api: TestApi, type: string, id: number | string) =>
  (
    await api.db.query<{ action: string; actor_id: number; before: any; after: any; reason: string | null }>(
      "SELECT action, actor_id, before, after, reason FROM audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id",
      [type, String(id)],
    )
  ).rows;

describe.each(engines())("admin on %s", (engine) => {
  const api = useApi(engine);

  it("every admin endpoint: anonymous 401, a shopper and a store owner 404, the admin 2xx", async () => {
    const c = await cast(api);
    const review = await createReview(api.db, { product_id: c.product.id, user_id: c.shopper.id, rating: 4 });
    const lonely = await createCategory(api.db, { name: `Empty ${c.word}` });
    const gets = ["/admin/overview/", "/admin/stores/", "/admin/products/", "/admin/categories/", "/admin/reviews/", "/admin/users/", "/admin/payments/", "/admin/payments/webhooks/", "/admin/payments/refunds/", "/admin/audit/"];
    const posts: Array<[string, unknown]> = [
      [`/admin/stores/${c.store.id}/verify/`, {}],
      [`/admin/stores/${c.store.id}/unverify/`, {}],
      [`/admin/stores/${c.store.id}/suspend/`, { reason: "Counterfeit goods" }],
      [`/admin/stores/${c.store.id}/reinstate/`, {}],
      [`/admin/products/${c.product.id}/unpublish/`, { reason: "Misleading photos" }],
      [`/admin/products/${c.product.id}/republish/`, {}],
      [`/admin/products/${c.product.id}/feature/`, {}],
      [`/admin/products/${c.product.id}/unfeature/`, {}],
      ["/admin/categories/", { name: `New ${c.word}`, parent: "" }],
      [`/admin/categories/${lonely.id}/rename/`, { name: `Renamed ${c.word}` }],
      [`/admin/categories/${lonely.id}/move/`, { parent: c.cat }],
      [`/admin/categories/${lonely.id}/retire/`, {}],
      [`/admin/categories/${lonely.id}/restore/`, {}],
      [`/admin/reviews/${review.id}/hide/`, { reason: "Abusive" }],
      [`/admin/reviews/${review.id}/unhide/`, {}],
      [`/admin/users/${c.shopper.id}/reactivate/`, {}],
    ];
    for (const path of gets) {
      expect((await api.call(path)).status, path).toBe(401);
      for (const who of [c.shopper, c.owner]) expect((await api.call(path, { token: who.token })).status, path).toBe(404);
      expect((await api.call(path, { token: c.admin.token })).status, path).toBe(200);
    }
    for (const [path, body] of posts) {
      expect((await post(api, path, undefined, body)).status, path).toBe(401);
      for (const who of [c.shopper, c.owner]) expect((await post(api, path, who.token, body)).status, path).toBe(404);
      const r = await post(api, path, c.admin.token, body);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
    }
    expect((await api.call(`/admin/categories/${lonely.id}/`, { method: "DELETE", token: c.owner.token })).status).toBe(404);
    expect((await api.call(`/admin/categories/${lonely.id}/`, { method: "DELETE" })).status).toBe(401);
    expect((await api.call(`/admin/categories/${lonely.id}/`, { method: "DELETE", token: c.admin.token })).status).toBe(204);
    // the refusals wrote nothing: only the admin's own actions are in the log
    const actors = await api.db.query<{ actor_id: number }>("SELECT DISTINCT actor_id FROM audit_log WHERE target_id IN ($1, $2, $3)", [String(c.store.id), String(c.product.id), String(lonely.id)]);
    expect(actors.rows.map((r) => r.actor_id)).toEqual([c.admin.id]);
  });

  it("suspend: the product leaves search, listings, detail, carts and checkout at once; reinstate brings it back; audit and seller notice", async () => {
    const c = await cast(api);
    const search = async () => (await api.call(`/products/?search=${c.word}`)).body.results.map((p: { id: number }) => p.id);
    expect(await search()).toEqual([c.product.id]);
    const listing = await api.call(`/products/categories/${c.cat}/products/?page_size=100`);
    const countBefore = listing.body.count;
    // a buyer's earlier order of the store stays visible
    const order = await createOrder(api.db, { user_id: c.shopper.id, customer_email: c.shopper.email, items: [{ product_id: c.product.id }], payment_method: "PayOnDelivery" });

    const missing = await post(api, `/admin/stores/${c.store.id}/suspend/`, c.admin.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.reason[0]).toMatch(/reason/i);
    expect(await auditRows(api, "store", c.store.id)).toEqual([]);

    const s = await post(api, `/admin/stores/${c.store.id}/suspend/`, c.admin.token, { reason: "Counterfeit cement bags" });
    expect(s.status).toBe(200);
    expect(s.body.suspended_at).toMatch(/^\d{4}-/);
    expect(await search()).toEqual([]);
    expect((await api.call(`/products/${c.product.id}/`)).status).toBe(404);
    expect((await api.call(`/products/${c.product.id}/`, { token: c.shopper.token })).status).toBe(404);
    expect((await api.call(`/products/${c.product.id}/`, { token: c.owner.token })).status).toBe(200); // the store still sees its own
    const after = await api.call(`/products/categories/${c.cat}/products/?page_size=100`);
    expect(after.body.results.map((p: { id: number }) => p.id)).not.toContain(c.product.id);
    expect(after.body.count).toBe(countBefore - 1); // the materialised count follows
    const cart = await api.call("/carts/", { method: "POST", token: c.shopper.token, json: { user_id: c.shopper.id } });
    const add = await api.call(`/carts/${cart.body.id}/items/`, { method: "POST", token: c.shopper.token, json: { prod_id: c.product.id, quantity: 1 } });
    expect(add.status).toBe(400);
    expect((await api.call(`/orders/${order.id}/`, { token: c.shopper.token })).status).toBe(200);
    const rows = await auditRows(api, "store", c.store.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "store.suspend", actor_id: c.admin.id, reason: "Counterfeit cement bags", before: { suspended_at: null }, after: { suspended_reason: "Counterfeit cement bags" } });
    const notice = await api.db.query("SELECT title FROM notifications WHERE store_id = $1 AND kind = 'store_suspended'", [c.store.id]);
    expect(notice.rows).toHaveLength(1);

    expect((await post(api, `/admin/stores/${c.store.id}/reinstate/`, c.admin.token)).status).toBe(200);
    expect(await search()).toEqual([c.product.id]);
    expect((await api.call(`/products/${c.product.id}/`)).status).toBe(200);
    expect((await api.call(`/products/categories/${c.cat}/products/?page_size=100`)).body.count).toBe(countBefore);
  });

  it("verify: the product's store info says verified (the badge); search finds stores by e-mail", async () => {
    const c = await cast(api);
    expect((await api.call(`/products/${c.product.id}/`)).body.store_verified).toBe(false);
    expect((await post(api, `/admin/stores/${c.store.id}/verify/`, c.admin.token)).body.verified_at).toMatch(/^\d{4}-/);
    expect((await api.call(`/products/${c.product.id}/`)).body.store_verified).toBe(true);
    const found = await api.call(`/admin/stores/?search=${encodeURIComponent(c.store.slug)}`, { token: c.admin.token });
    expect(found.body.results.map((s: { id: number }) => s.id)).toEqual([c.store.id]);
    expect((await api.call("/admin/stores/?status=verified&page_size=100", { token: c.admin.token })).body.results.map((s: { id: number }) => s.id)).toContain(c.store.id);
    const rows = await auditRows(api, "store", c.store.id);
    expect(rows[0]).toMatchObject({ action: "store.verify", before: { verified_at: null } });
    expect(rows[0].after.verified_at).toMatch(/^\d{4}-/);
  });

  it("unpublish with a reason: the store is told (notification + e-mail), the vendor cannot republish it, the admin can; feature feeds the Featured row", async () => {
    const c = await cast(api);
    const r = await post(api, `/admin/products/${c.product.id}/unpublish/`, c.admin.token, { reason: "Photos show another brand" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ published: false, unpublished_reason: "Photos show another brand" });
    expect((await api.call(`/products/${c.product.id}/`)).status).toBe(404);
    const n = await api.db.query<{ body: string }>("SELECT body FROM notifications WHERE store_id = $1 AND kind = 'product_unpublished'", [c.store.id]);
    expect(n.rows[0].body).toBe("Photos show another brand");
    const storeEmail = (await api.db.query<{ email: string }>("SELECT email::text AS email FROM stores WHERE id = $1", [c.store.id])).rows[0].email;
    const mail = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%unpublished%'", [storeEmail]);
    expect(mail.rows[0].text_body).toContain("Photos show another brand");
    const vendor = await api.call(`/products/${c.product.id}/`, { method: "PATCH", token: c.owner.token, json: { published: true } });
    expect(vendor.status).toBe(400);
    expect(vendor.body.published[0]).toMatch(/administrator/);
    expect((await post(api, `/admin/products/${c.product.id}/republish/`, c.admin.token)).body.published).toBe(true);
    expect((await api.call(`/products/${c.product.id}/`)).status).toBe(200);

    const featured = async () => (await api.call("/products/?featured=true&page_size=100")).body.results.map((p: { id: number }) => p.id);
    expect(await featured()).not.toContain(c.product.id);
    await post(api, `/admin/products/${c.product.id}/feature/`, c.admin.token);
    expect(await featured()).toContain(c.product.id);
    await post(api, `/admin/products/${c.product.id}/unfeature/`, c.admin.token);
    expect(await featured()).not.toContain(c.product.id);
    expect((await auditRows(api, "product", c.product.id)).map((a) => a.action)).toEqual(["product.unpublish", "product.republish", "product.feature", "product.unfeature"]);
  });

  it("categories: add, rename, move (no cycles), retire a category with products (out of menus and listings), never delete it", async () => {
    const c = await cast(api);
    const root = await post(api, "/admin/categories/", c.admin.token, { name: `Tools ${c.word}`, parent: "" });
    expect(root.status).toBe(201);
    const child = await post(api, "/admin/categories/", c.admin.token, { name: "Hammers", parent: root.body.id });
    expect(child.body.parent).toBe(root.body.id);
    expect((await post(api, "/admin/categories/", c.admin.token, { name: "hammers", parent: root.body.id })).status).toBe(400);
    expect((await post(api, "/admin/categories/", c.admin.token, { name: "", parent: "" })).body.name).toBeTruthy();
    const cycle = await post(api, `/admin/categories/${root.body.id}/move/`, c.admin.token, { parent: child.body.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.parent[0]).toMatch(/under itself/);
    expect((await post(api, `/admin/categories/${root.body.id}/move/`, c.admin.token, { parent: root.body.id })).status).toBe(400);
    expect((await post(api, `/admin/categories/${child.body.id}/rename/`, c.admin.token, { name: "Claw hammers" })).body.name).toBe("Claw hammers");
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: child.body.id, name: `Claw ${c.word}x hammer` });
    const del = await api.call(`/admin/categories/${child.body.id}/`, { method: "DELETE", token: c.admin.token });
    expect(del.status).toBe(400);
    expect(del.body.non_field_errors[0]).toMatch(/cannot be deleted, only retired/);
    // a parent with a live subcategory is not retired
    expect((await post(api, `/admin/categories/${root.body.id}/retire/`, c.admin.token)).status).toBe(400);
    expect((await post(api, `/admin/categories/${child.body.id}/retire/`, c.admin.token)).status).toBe(200);
    const subs = await api.call(`/products/categories/${root.body.id}/subcategories/`);
    expect(subs.body.map((x: { id: number }) => x.id)).not.toContain(child.body.id);
    expect((await api.call(`/products/categories/${child.body.id}/products/`)).status).toBe(404);
    expect((await api.call(`/products/?search=${c.word}x`)).body.results).toEqual([]);
    expect((await api.call(`/products/${p.id}/`)).status).toBe(404);
    expect((await api.db.query("SELECT 1 FROM categories WHERE id = $1", [child.body.id])).rows).toHaveLength(1);
    expect((await post(api, `/admin/categories/${child.body.id}/restore/`, c.admin.token)).status).toBe(200);
    expect((await api.call(`/products/${p.id}/`)).status).toBe(200);
    const actions = (await auditRows(api, "category", child.body.id)).map((a) => a.action);
    expect(actions).toEqual(["category.create", "category.rename", "category.retire", "category.restore"]);
  });

  it("a hidden review leaves the product's reviews and rating summary; unhide brings it back", async () => {
    const c = await cast(api);
    const other = await createUser(api.db);
    await createReview(api.db, { product_id: c.product.id, user_id: other.id, rating: 5 });
    const bad = await createReview(api.db, { product_id: c.product.id, user_id: c.shopper.id, rating: 1, review_text: "rubbish spam" });
    const summary = async () => (await api.call(`/reviews/products/${c.product.id}/summary/`)).body;
    const before = await summary();
    expect(before).toMatchObject({ count: 2, average: 3 });
    expect((await post(api, `/admin/reviews/${bad.id}/hide/`, c.admin.token, { reason: "" })).status).toBe(400);
    expect((await post(api, `/admin/reviews/${bad.id}/hide/`, c.admin.token, { reason: "Spam" })).body.hidden_reason).toBe("Spam");
    expect(await summary()).toMatchObject({ count: 1, average: 5 });
    const list = await api.call(`/reviews/products/${c.product.id}/`);
    expect(JSON.stringify(list.body)).not.toContain("rubbish spam");
    await post(api, `/admin/reviews/${bad.id}/unhide/`, c.admin.token);
    expect(await summary()).toMatchObject({ count: 2 });
    expect((await auditRows(api, "review", bad.id))[0]).toMatchObject({ action: "review.hide", reason: "Spam", before: { hidden_at: null } });
  });

  it("deactivate: the user's token stops working at once and sign-in says the account is deactivated; reactivate; resend verification", async () => {
    const admin = await makeUser(api, { role: "admin" });
    const password = "Deactivate#2024";
    const u = await createUser(api.db, { password_hash: await hashPassword(password) });
    const login = await api.call("/users/auth/login/", { json: { email: u.email, password } });
    expect(login.status).toBe(200);
    const token = login.body.access as string;
    expect((await api.call("/users/auth/user/", { token })).status).toBe(200);
    const found = await api.call(`/admin/users/?search=${encodeURIComponent(u.email)}`, { token: admin.token });
    expect(found.body.results.map((x: { id: number }) => x.id)).toEqual([u.id]);
    const d = await post(api, `/admin/users/${u.id}/deactivate/`, admin.token, { reason: "Fraud reports" });
    expect(d.body).toMatchObject({ is_active: false });
    expect((await api.call("/users/auth/user/", { token })).status).toBe(401);
    expect((await api.call("/users/auth/token/refresh/", { json: { refresh: login.body.refresh } })).status).toBe(401);
    const again = await api.call("/users/auth/login/", { json: { email: u.email, password } });
    expect(again.status).toBe(400);
    expect(again.body.non_field_errors[0]).toMatch(/deactivated/);
    // a wrong password learns nothing about the account
    const wrong = await api.call("/users/auth/login/", { json: { email: u.email, password: "Wrong#Pass2024" } });
    expect(wrong.body.non_field_errors[0]).not.toMatch(/deactivated/);
    expect((await post(api, `/admin/users/${admin.id}/deactivate/`, admin.token)).status).toBe(400);
    await post(api, `/admin/users/${u.id}/reactivate/`, admin.token);
    expect((await api.call("/users/auth/login/", { json: { email: u.email, password } })).status).toBe(200);
    expect((await auditRows(api, "user", u.id)).map((a) => [a.action, a.after.is_active])).toEqual([
      ["user.deactivate", false],
      ["user.reactivate", true],
    ]);
    expect((await post(api, `/admin/users/${u.id}/resend-verification/`, admin.token)).status).toBe(400); // already verified
    const unverified = await createUser(api.db, { verified: false });
    expect((await post(api, `/admin/users/${unverified.id}/resend-verification/`, admin.token)).status).toBe(200);
    expect((await api.db.query("SELECT 1 FROM email_verifications WHERE user_id = $1", [unverified.id])).rows).toHaveLength(1);
  });

  it("payments: attempts by status, mismatches, webhooks, refunds; the audit log filters by target", async () => {
    const c = await cast(api);
    const order = await createOrder(api.db, { user_id: c.shopper.id, customer_email: c.shopper.email, items: [{ product_id: c.product.id }], payment_method: "CardPayment" });
    const ref = `adm-${c.word}`;
    await api.db.query(
      `INSERT INTO payment_transactions (order_id, reference, amount_kobo, currency, customer_email, payment_method, payment_status, provider_status, provider_payload)
       VALUES ($1, $2, 100000, 'NGN', $3, 'CardPayment', 'Failed', 'mismatch', $4)`,
      [order.id, ref, c.shopper.email, JSON.stringify({ reason: "amount or currency", verify: { amount: 5000, currency: "USD" } })],
    );
    await api.db.query("INSERT INTO webhook_events (provider, event, reference, payload) VALUES ('paystack', 'charge.success', $1, '{}')", [ref]);
    const mism = await api.call("/admin/payments/?mismatches=1&page_size=100", { token: c.admin.token });
    const row = mism.body.results.find((p: { reference: string }) => p.reference === ref);
    expect(row).toMatchObject({ mismatch: "amount or currency", amount: 1000, paid_amount: 50, paid_currency: "USD", payment_status: "Failed" });
    expect((await api.call("/admin/payments/?status=Complete&page_size=100", { token: c.admin.token })).body.results.map((p: { reference: string }) => p.reference)).not.toContain(ref);
    const hooks = await api.call(`/admin/payments/webhooks/?search=${ref}`, { token: c.admin.token });
    expect(hooks.body.results[0]).toMatchObject({ event: "charge.success", reference: ref });
    expect((await api.call("/admin/payments/refunds/", { token: c.admin.token })).status).toBe(200);
    const pod = await api.db.query<{ id: number }>(
      `INSERT INTO payment_transactions (order_id, reference, amount_kobo, customer_email, payment_method) VALUES ($1, $2, 100, $3, 'PayOnDelivery') RETURNING id`,
      [order.id, `${ref}-pod`, c.shopper.email],
    );
    expect((await post(api, `/admin/payments/${pod.rows[0].id}/verify/`, c.admin.token)).status).toBe(400);
    expect((await post(api, "/admin/payments/999999/verify/", c.admin.token)).status).toBe(404);

    await post(api, `/admin/stores/${c.store.id}/verify/`, c.admin.token);
    await post(api, `/admin/products/${c.product.id}/feature/`, c.admin.token);
    const log = await api.call(`/admin/audit/?target_type=store&target_id=${c.store.id}`, { token: c.admin.token });
    expect(log.body.results).toHaveLength(1);
    expect(log.body.results[0]).toMatchObject({ action: "store.verify", actor_email: c.admin.email, target_type: "store", target_id: String(c.store.id) });
    const all = await api.call("/admin/audit/?page_size=100", { token: c.admin.token });
    expect(all.body.results.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(["store.verify", "product.feature"]));
    const ov = await api.call("/admin/overview/", { token: c.admin.token });
    expect(ov.body.payments_mismatched).toBeGreaterThanOrEqual(1);
    expect(ov.body.stores_verified).toBeGreaterThanOrEqual(1);
  });
});
