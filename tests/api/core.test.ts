/**
 * The API core: parameter parsing (32-bit ids, uuids), request bodies (JSON, form,
 * multipart, content types, NUL, length limits), headers, store roles and the route table's
 * access declarations. Nothing is written on a 4xx.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { createContext } from "~/api/core/context";
import { ApiError } from "~/api/core/http";
import { listRoutes } from "~/api/core/router";
import { addStoreMember, createAddress, createCategory, createProduct, createStore, createUser } from "~/db/seed/factories";
import { NUL_MESSAGE } from "~/domain/text";
import { AddressSchema } from "~/api/addresses/schemas";
import { CartLineSchema, CartSchema } from "~/api/carts/schemas";
import { CategoryPageSchema, CategorySchema, ProductPageSchema, ProductSchema } from "~/api/catalog/schemas";
import { OrderPageSchema } from "~/api/orders/schemas";
import { ReviewPageSchema, ReviewSummarySchema } from "~/api/reviews/schemas";
import { OwnerStoresSchema } from "~/api/stores/schemas";
import { UserSchema } from "~/api/users/schemas";
import { WishlistEntrySchema, WishlistPageSchema } from "~/api/wishlist/schemas";
import { createOrder } from "~/db/seed/factories";
import { engines, makeUser, useApi, type TestApi } from "./harness";

const address = {
  receiver_first_name: "Ada",
  receiver_last_name: "Obi",
  receiver_phone_one: "08031234567",
  street_address: "12 Allen Avenue, Ikeja",
  city: "Ikeja",
  state: "Lagos",
};

const count = async (api: TestApi, table: string) => (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

async function tokenFor(api: TestApi, id: number) {
  const { signAccess } = await import("~/api/tokens.server");
  return (await signAccess(id)).token;
}

describe("route table", () => {
  it("declares who may call every route", () => {
    const kinds = new Set(["public", "authenticated", "self", "self-only", "owner", "holder", "store-member", "store-owner", "admin"]);
    for (const r of listRoutes()) expect(kinds.has(r.access), `${r.method} ${r.path}`).toBe(true);
    for (const r of listRoutes().filter((x) => x.access === "self")) expect(r.path, r.path).toMatch(/:(userId|id)\b/);
    // A store route names its store in the path, or says its handler checks the object's store (the matrix tries both kinds).
    for (const r of listRoutes().filter((x) => x.access.startsWith("store-") && x.storeCheck !== "handler")) expect(r.path, r.path).toMatch(/:storeId\b/);
  });
});

describe.each(engines())("API core on %s", (engine) => {
  const api = useApi(engine);

  describe("ids outside 1..2147483647 and malformed uuids are 404, never 500", () => {
    it("integer ids", async () => {
      const me = await makeUser(api);
      for (const path of [
        "/users/adresses/99999999999/",
        "/users/addresses/2147483648/",
        "/users/adresses/0/",
        "/users/adresses/-1/",
        "/users/adresses/1e3/",
        "/users/adresses/%E0%A4%A/",
        "/products/99999999999/",
        "/products/categories/2147483648/",
        "/products/categories/99999999999/subcategories/",
        "/reviews/products/99999999999/",
        "/carts/carts/wishlist/99999999999/",
        `/users/${"9".repeat(40)}/`,
        "/orders/user/99999999999",
      ]) {
        const r = await api.call(path, { token: me.token });
        expect(r.status, path).toBe(404);
        expect(r.body, path).toEqual({ detail: "Not found." });
      }
      const del = await api.call("/users/adresses/99999999999/", { method: "DELETE", token: me.token });
      expect(del.status).toBe(404);
    });

    it("uuids", async () => {
      const me = await makeUser(api);
      for (const path of [
        "/orders/------------------------------------/",
        "/orders/zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz/",
        "/carts/------------------------------------/",
      ]) {
        const r = await api.call(path, { token: me.token });
        expect(r.status, path).toBe(404);
        expect(r.body, path).toEqual({ detail: "Not found." });
      }
      const add = await api.call("/carts/not-a-uuid/items/", { json: { prod_id: 1 } });
      expect(add.status).toBe(404);
      expect(add.body).toEqual({ detail: "Not found." });
    });

    it("ids in bodies: a 400 on the field, nothing written", async () => {
      const cart = await api.call("/carts/", { json: { user_id: null } });
      expect(cart.status).toBe(201);
      const before = await count(api, "cart_items");
      const r = await api.call(`/carts/${cart.body.id}/items/`, { json: { prod_id: 99999999999 } });
      expect(r.status).toBe(400);
      expect(r.body.prod_id).toBeDefined();
      const me = await makeUser(api);
      const w = await api.call("/carts/carts/wishlist/", { json: { product_id: "99999999999" }, token: me.token });
      expect(w.status).toBe(400);
      expect(w.body.product_id).toBeDefined();
      expect(await count(api, "cart_items")).toBe(before);
    });
  });

  it("huge page numbers and price bounds in the query string are answered, never a 500", async () => {
    const far = await api.call("/products/?page=99999999999999999999");
    expect(far.status).toBe(404);
    expect(far.body).toEqual({ detail: "Not found." });
    expect((await api.call("/products/categories/?page=99999999999999999999")).status).toBe(404);
    const above = await api.call("/products/?selling_price__gt=1e300");
    expect(above.status).toBe(200);
    expect(above.body.count).toBe(0);
    const below = await api.call("/products/?selling_price__lt=1e300");
    expect(below.status).toBe(200);
    expect(below.body.count).toBeGreaterThan(0);
  });

  describe("request bodies", () => {
    it("NUL in a text field is a 400 naming the field (JSON and form), nothing written", async () => {
      const me = await makeUser(api);
      const before = await count(api, "addresses");
      const json = await api.call("/users/adresses/", { json: { ...address, street_address: "12 Allen\u0000 Avenue" }, token: me.token });
      expect(json.status).toBe(400);
      expect(json.body).toEqual({ street_address: [NUL_MESSAGE] });
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...address, city: "Ike\u0000ja" })) form.set(k, v);
      const multipart = await api.call("/users/adresses/", { form, token: me.token });
      expect(multipart.status).toBe(400);
      expect(multipart.body).toEqual({ city: [NUL_MESSAGE] });
      const encoded = await api.call("/users/adresses/", {
        method: "POST",
        token: me.token,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...address, receiver_last_name: "O\u0000bi" }).toString(),
      });
      expect(encoded.status).toBe(400);
      expect(encoded.body).toEqual({ receiver_last_name: [NUL_MESSAGE] });
      const nested = await api.call("/newsletter/", { json: { email: "a@b.co", extra: { deep: ["x\u0000"] } } });
      expect(nested.status).toBe(400);
      expect(nested.body).toEqual({ "extra.deep.0": [NUL_MESSAGE] });
      expect(await count(api, "addresses")).toBe(before);
    });

    it("every text field has a length limit: a 1 MB street_address is a 400, nothing written", async () => {
      const me = await makeUser(api);
      const before = await count(api, "addresses");
      // 1,000,000 characters: just inside the 1 MiB body limit (a larger body is a 413, below).
      const huge = "x".repeat(1000 * 1000);
      const r = await api.call("/users/adresses/", { json: { ...address, street_address: huge }, token: me.token });
      expect(r.status).toBe(400);
      expect(r.body.street_address[0]).toMatch(/no more than 255 characters/);
      for (const field of ["receiver_first_name", "city", "zip_code", "state", "receiver_phone_two", "lga", "landmark"]) {
        const x = await api.call("/users/adresses/", { json: { ...address, [field]: huge }, token: me.token });
        expect(x.status, field).toBe(400);
        expect(x.body[field], field).toBeDefined();
      }
      expect(await count(api, "addresses")).toBe(before);
      const ok = await api.call("/users/adresses/", { json: { ...address, street_address: "y".repeat(255) }, token: me.token });
      expect(ok.status).toBe(201);
    });

    it("a body over the limit is a 413 however it is sent, and a lone UTF-16 surrogate is a 400", async () => {
      const me = await makeUser(api);
      const before = await count(api, "addresses");
      const big = JSON.stringify({ ...address, street_address: "x".repeat(1024 * 1024 + 1) });
      const r = await api.call("/users/adresses/", { method: "POST", headers: { "content-type": "application/json" }, body: big, token: me.token });
      expect(r.status).toBe(413);
      expect(r.body.detail).toMatch(/too large/);
      const lone = await api.call("/users/adresses/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...address, city: "CITY" }).replace('"CITY"', '"Ike\\ud800ja"'), token: me.token });
      expect(lone.status).toBe(400);
      expect(lone.body.city[0]).toMatch(/surrogate/);
      expect(await count(api, "addresses")).toBe(before);
    });

    it("content types: malformed is 400, unsupported or multipart without a boundary is 415", async () => {
      const before = await count(api, "newsletter_subscriptions");
      const xml = await api.call("/newsletter/", { method: "POST", headers: { "content-type": "application/xml" }, body: "<email>a@b.co</email>" });
      expect(xml.status).toBe(415);
      expect(xml.body.detail).toMatch(/Unsupported media type/);
      const noBoundary = await api.call("/newsletter/", { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "email=a@b.co" });
      expect(noBoundary.status).toBe(415);
      const badMultipart = await api.call("/newsletter/", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=XyZ" },
        body: "--XyZ\r\nthis is not a part",
      });
      expect(badMultipart.status).toBe(400);
      const badJson = await api.call("/newsletter/", { method: "POST", headers: { "content-type": "application/json" }, body: '{"email": ' });
      expect(badJson.status).toBe(400);
      expect(badJson.body.detail).toMatch(/JSON parse error/);
      const array = await api.call("/newsletter/", { method: "POST", headers: { "content-type": "application/json" }, body: "[1]" });
      expect(array.status).toBe(400);
      expect(await count(api, "newsletter_subscriptions")).toBe(before);
      const form = await api.call("/newsletter/", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=form-ok%40example.com",
      });
      expect(form.status).toBe(202); // double opt-in: accepted, a confirmation mail goes out
    });
  });

  it("sends X-Content-Type-Options: nosniff with the CORS headers on every answer", async () => {
    const me = await makeUser(api);
    const answers = [
      await api.fetch("/products/categories/root_categories/"),
      await api.fetch("/no/such/path/"),
      await api.fetch("/products/", { method: "DELETE" }),
      await api.fetch("/users/auth/user/"),
      await api.fetch("/products/", { method: "OPTIONS" }),
      await api.fetch("/newsletter/", { method: "POST", headers: { "content-type": "text/html" }, body: "<p>" }),
      await api.fetch(`/users/${me.id}/`, { token: me.token }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 405, 401, 200, 415, 200]);
    for (const r of answers) {
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  describe("stores and store roles", () => {
    async function world() {
      const owner = await makeUser(api);
      const member = await makeUser(api);
      const otherOwner = await makeUser(api);
      const shopper = await makeUser(api);
      const admin = await makeUser(api, { role: "admin" });
      const invited = await makeUser(api);
      const store = await createStore(api.db, { owner_id: owner.id, name: "Owner Store", members: [member.id] });
      await addStoreMember(api.db, store.id, invited.id, "Member", false);
      const other = await createStore(api.db, { owner_id: otherOwner.id });
      const cat = await createCategory(api.db);
      const hidden = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat.id, published: false });
      const shown = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat.id });
      return { owner, member, otherOwner, shopper, admin, invited, store, other, hidden, shown };
    }

    it("GET /stores/owner/{userId}/ answers 200 [] for a user with no store, and the owner's stores with the newest last", async () => {
      const me = await makeUser(api);
      const none = await api.call(`/stores/owner/${me.id}/`, { token: me.token });
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);
      const first = await createStore(api.db, { owner_id: me.id, name: "First", created_at: new Date(Date.now() - 60_000) });
      const second = await createStore(api.db, { owner_id: me.id, name: "Second" });
      const mine = await api.call(`/stores/owner/${me.id}/`, { token: me.token });
      expect(mine.status).toBe(200);
      expect(mine.body.map((s: { id: number }) => s.id)).toEqual([first.id, second.id]);
      expect(mine.body[1]).toMatchObject({ id: second.id, name: "Second", slug: second.slug, logo: null });
      const other = await makeUser(api);
      expect((await api.call(`/stores/owner/${me.id}/`, { token: other.token })).status).toBe(403);
      expect((await api.call(`/stores/owner/${me.id}/`)).status).toBe(401);
      expect((await api.call("/stores/owner/99999999999/", { token: me.token })).status).toBe(404);
    });

    it("a store's owner is an Owner member as soon as the store exists (migration 0004's trigger), and seeded stores were backfilled", async () => {
      const u = await createUser(api.db);
      const s = await api.db.query<{ id: number }>(
        "INSERT INTO stores (owner_id, name, slug, email, phone) VALUES ($1, 'Raw', $2, 'raw@example.com', '+2348030000002') RETURNING id",
        [u.id, `raw-${u.id}`],
      );
      const m = await api.db.query("SELECT role, accepted_at IS NOT NULL AS accepted FROM store_members WHERE store_id = $1 AND user_id = $2", [s.rows[0].id, u.id]);
      expect(m.rows).toEqual([{ role: "Owner", accepted: true }]);
      const orphans = await api.db.query(
        "SELECT s.id FROM stores s WHERE NOT EXISTS (SELECT 1 FROM store_members m WHERE m.store_id = s.id AND m.user_id = s.owner_id AND m.role = 'Owner')",
      );
      expect(orphans.rows).toEqual([]);
    });

    it("requireStoreRole: member routes for the owner, members and admins; owner routes for the owner and admins; everyone else 404", async () => {
      const w = await world();
      const products = `/products/store/${w.store.id}/`;
      const members = `/stores/${w.store.id}/members/`;
      const cases: Array<[string, string, number, number]> = [
        ["owner", w.owner.token, 200, 200],
        ["member", w.member.token, 200, 404],
        ["invited, not accepted", w.invited.token, 404, 404],
        ["another store's owner", w.otherOwner.token, 404, 404],
        ["shopper", w.shopper.token, 404, 404],
        ["admin", w.admin.token, 200, 200],
      ];
      for (const [who, token, productsStatus, membersStatus] of cases) {
        const p = await api.call(products, { token });
        expect(p.status, `${who}: store products`).toBe(productsStatus);
        if (productsStatus === 404) expect(p.body).toEqual({ detail: "Not found." });
        const m = await api.call(members, { token });
        expect(m.status, `${who}: members`).toBe(membersStatus);
      }
      expect((await api.call(products)).status).toBe(401);
      expect((await api.call(members, { token: "bad.token.here" })).status).toBe(401);
      expect((await api.call("/products/store/99999999999/", { token: w.admin.token })).status).toBe(404);
      expect((await api.call("/products/store/2000000000/", { token: w.admin.token })).status).toBe(404);

      const list = await api.call(products, { token: w.member.token });
      expect(list.body.count).toBe(2);
      expect(list.body.results.map((p: { id: number }) => p.id).sort()).toEqual([w.hidden.id, w.shown.id].sort());
      expect(Object.keys(list.body.results[0].images[0])).toEqual([expect.stringMatching(/^\d+$/)]);
      const roster = await api.call(members, { token: w.owner.token });
      expect(roster.body.map((m: { user_id: number; role: string; accepted: boolean }) => [m.user_id, m.role, m.accepted])).toEqual([
        [w.owner.id, "Owner", true],
        [w.member.id, "Member", true],
        [w.invited.id, "Member", false],
      ]);
    });

    it("an unpublished product is visible to the store's members and admins only", async () => {
      const w = await world();
      const path = `/products/${w.hidden.id}/`;
      expect((await api.call(path, { token: w.owner.token })).status).toBe(200);
      expect((await api.call(path, { token: w.member.token })).status).toBe(200);
      expect((await api.call(path, { token: w.admin.token })).status).toBe(200);
      expect((await api.call(path, { token: w.otherOwner.token })).status).toBe(404);
      expect((await api.call(path, { token: w.shopper.token })).status).toBe(404);
      expect((await api.call(path)).status).toBe(404);
    });
  });

  it("guards on the context: requireAdmin, requireSelf, requireOwner, intParam/uuidParam, clientIp/requestId", async () => {
    const me = await makeUser(api);
    const admin = await makeUser(api, { role: "admin" });
    const ctxFor = (token?: string, params: Record<string, string> = {}, meta?: { clientIp?: string; requestId?: string }) =>
      createContext(new Request(`${api.base}/x/`, { headers: token ? { authorization: `Bearer ${token}` } : {} }), params, api.db, meta);
    const status = async (p: Promise<unknown>) => {
      try {
        await p;
        return 200;
      } catch (e) {
        if (e instanceof ApiError) return e.status;
        throw e;
      }
    };
    expect(await status(ctxFor().requireAdmin())).toBe(401);
    expect(await status(ctxFor(me.token).requireAdmin())).toBe(404);
    expect(await status(ctxFor(admin.token).requireAdmin())).toBe(200);
    expect(await status(ctxFor(me.token).requireSelf(me.id))).toBe(200);
    expect(await status(ctxFor(me.token).requireSelf(admin.id))).toBe(403);
    expect(await status(ctxFor(admin.token).requireSelf(me.id))).toBe(200);
    expect(await status(ctxFor(me.token).requireOwner(admin.id))).toBe(404);
    expect(await status(ctxFor(me.token).requireOwner(null))).toBe(404);
    expect(await status(ctxFor(admin.token).requireOwner(null))).toBe(200);
    const p = ctxFor(undefined, { id: "2147483647", big: "2147483648", u: "0F8FAD5B-D9CB-469F-A165-70867728950E", bad: "0f8fad5b-d9cb-469f-a165-70867728950" });
    expect(p.intParam("id")).toBe(2147483647);
    expect(() => p.intParam("big")).toThrow(ApiError);
    expect(() => p.intParam("missing")).toThrow(ApiError);
    expect(p.uuidParam("u")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(() => p.uuidParam("bad")).toThrow(ApiError);
    expect(ctxFor().clientIp).toBe("unknown");
    const withMeta = ctxFor(undefined, {}, { clientIp: "203.0.113.9", requestId: "req-1" });
    expect([withMeta.clientIp, withMeta.requestId]).toEqual(["203.0.113.9", "req-1"]);
    expect(ctxFor().requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("ctx.input() and ctx.query() parse with the route's declared schemas: a misfit is a 400 naming each field", async () => {
    const body = z.object({ name: z.string().min(2, "Too short.").max(3, "Too long."), qty: z.coerce.number().int("Whole numbers only.") });
    const query = z.object({ state: z.enum(["Lagos", "Kano"]).optional() });
    const ctxFor = (json: unknown, search = "", extra: { bodyErrors?: "first"; bodyCheck?: "handler" } = {}) =>
      createContext(
        new Request(`${api.base}/x/${search}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) }),
        {},
        api.db,
        {},
        { method: "POST", path: "/x/", body, query, ...extra },
      );
    const failure = async (p: Promise<unknown> | (() => unknown)) => {
      try {
        await (typeof p === "function" ? p() : p);
      } catch (e) {
        if (e instanceof ApiError) return { status: e.status, body: e.body };
        throw e;
      }
      return null;
    };
    expect(await ctxFor({ name: "Ada", qty: "2" }).input()).toEqual({ name: "Ada", qty: 2 });
    expect(await failure(ctxFor({ name: "A", qty: "x" }).input())).toEqual({ status: 400, body: { name: ["Too short."], qty: [expect.any(String)] } });
    // "first": one message a field, the first rule broken (the address book's answers).
    const twoRules = z.object({ name: z.string().min(2, "Too short.").regex(/^[A-Z]/, "Capital first.") });
    const first = createContext(new Request(`${api.base}/x/`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"a"}' }), {}, api.db, {}, { method: "POST", path: "/x/", body: twoRules, bodyErrors: "first" });
    expect(await failure(first.input())).toEqual({ status: 400, body: { name: ["Too short."] } });
    expect(ctxFor({}, "?state=Kano").query()).toEqual({ state: "Kano" });
    expect(await failure(() => ctxFor({}, "?state=Paris").query())).toMatchObject({ status: 400, body: { state: [expect.any(String)] } });
    // A route that checks its body itself, or declares none, cannot ask for the parsed one.
    await expect(ctxFor({ name: "Ada", qty: 1 }, "", { bodyCheck: "handler" }).input()).rejects.toThrow(/bodyCheck/);
    await expect(createContext(new Request(`${api.base}/x/`), {}, api.db).input()).rejects.toThrow(/declares no body/);
  });

  it("answers match the response schemas the storefront infers its types from", async () => {
    const me = await makeUser(api);
    const products = await api.call("/products/?page_size=5");
    ProductPageSchema.parse(products.body);
    const pid = (await api.db.query<{ id: number }>("SELECT id FROM products WHERE published AND stock_quantity > 10 ORDER BY id LIMIT 1")).rows[0].id;
    ProductSchema.parse((await api.call(`/products/${pid}/`)).body);
    CategoryPageSchema.parse((await api.call("/products/categories/")).body);
    CategorySchema.array().parse((await api.call("/products/categories/root_categories/")).body);
    const cart = await api.call("/carts/", { json: { user_id: me.id }, token: me.token });
    CartSchema.parse(cart.body);
    CartLineSchema.parse((await api.call(`/carts/${cart.body.id}/items/`, { json: { prod_id: pid }, token: me.token })).body);
    CartSchema.parse((await api.call(`/carts/user/${me.id}/`, { token: me.token })).body);
    AddressSchema.parse((await api.call("/users/adresses/", { json: address, token: me.token })).body);
    WishlistEntrySchema.parse((await api.call("/carts/carts/wishlist/", { json: { product_id: pid }, token: me.token })).body);
    WishlistPageSchema.parse((await api.call(`/carts/wishlist/user/${me.id}/`, { token: me.token })).body);
    await createOrder(api.db, { user_id: me.id, items: [{ product_id: pid, quantity: 2 }], delivery_status: "Delivered" });
    const orders = await api.call(`/orders/user/${me.id}`, { token: me.token });
    OrderPageSchema.parse(orders.body);
    expect(orders.body.results[0].order_items[0]).toMatchObject({ product_id: pid, quantity: 2 });
    expect((await api.call(`/reviews/user/${me.id}/`, { json: { prod_id: pid, rating: 4, review_text: "Fine" }, token: me.token })).status).toBe(201);
    ReviewPageSchema.parse((await api.call(`/reviews/products/${pid}/`)).body);
    ReviewSummarySchema.parse((await api.call(`/reviews/products/${pid}/summary/`)).body);
    OwnerStoresSchema.parse((await api.call(`/stores/owner/${me.id}/`, { token: me.token })).body);
    UserSchema.parse((await api.call(`/users/${me.id}/`, { token: me.token })).body);
  });

  it("owner-or-admin objects: another user's address is 404, an admin may read it", async () => {
    const owner = await createUser(api.db);
    const a = await createAddress(api.db, owner.id);
    const other = await makeUser(api);
    const admin = await makeUser(api, { role: "admin" });
    expect((await api.call(`/users/adresses/${a.id}/`, { token: other.token })).status).toBe(404);
    expect((await api.call(`/users/adresses/${a.id}/`, { token: admin.token })).status).toBe(200);
    expect((await api.call(`/users/adresses/${a.id}/`, { token: await tokenFor(api, owner.id) })).status).toBe(200);
  });
});
