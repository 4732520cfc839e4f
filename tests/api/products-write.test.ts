/** Product writes for store members: create, edit, photo slots, delete, variants/options, store isolation. */
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, PRODUCT_MESSAGES } from "~/domain/products";
import { createCart, createOrder, createProduct } from "~/db/seed/factories";
import { engines, useApi, type TestApi } from "./harness";
import { file, firstCategory, form, image, productFields, vendorCast, words } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

async function newProduct(api: TestApi, c: Cast, token = c.owner.token, over: Record<string, string | number | File | undefined> = {}) {
  return api.call("/products/", { token, form: form(await productFields(api, c.store.id, over)) });
}

describe.each(engines())("product writes on %s", (engine) => {
  const api = useApi(engine);

  it("a store member adds a product with four photos: 201, the shop's shape, in the store's list and in search", async () => {
    const c = await vendorCast(api);
    const res = await newProduct(api, c, c.member.token, {
      name: "Zylophonic roofing sheet",
      "image[1]": file(await image("jpeg", 21), "b.JPG"),
      "image[2]": file(await image("webp", 22), "c.webp"),
      "image[3]": file(await image("png", 23), "d.exe"),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Zylophonic roofing sheet", price: 12500.5, selling_price: 12500.5, size: "large", type: "sale", stock_quantity: 40, published: true, store: c.store.id, user: c.member.id });
    expect(res.body.images).toHaveLength(4);
    expect(res.body.images.map((i: { image: string }) => i.image.split(".").pop())).toEqual(["png", "jpg", "webp", "png"]);
    const list = await api.call(`/products/store/${c.store.id}/`, { token: c.owner.token });
    expect(list.body.results.map((p: { id: number }) => p.id)).toContain(res.body.id);
    const search = await api.call("/products/?search=Zylophonic");
    expect(search.body.results.map((p: { id: number }) => p.id)).toContain(res.body.id);
  });

  it("refuses with the messages of spec section 5 and writes nothing", async () => {
    const c = await vendorCast(api);
    const before = (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM products")).rows[0].n;
    const bad = await api.call("/products/", {
      token: c.owner.token,
      form: form({ store: c.store.id, name: "ab", price: "-1", description: words(49), size: "", category: await firstCategory(api) }),
    });
    expect(bad.status).toBe(400);
    // The API answers in the spec's own spelling ("atleast"), which clients may match on.
    expect(bad.body).toEqual({
      name: ["Should be atleast 3 characters"],
      price: [PRODUCT_MESSAGES.priceMin],
      description: ["Enter atleast 50 words."],
      size: [PRODUCT_MESSAGES.sizeRequired],
      image: [IMAGE_MESSAGES.required],
    });
    const missing = await api.call("/products/", { token: c.owner.token, form: form({ store: c.store.id }) });
    expect(missing.body).toMatchObject({ name: [PRODUCT_MESSAGES.nameRequired], price: [PRODUCT_MESSAGES.priceRequired], description: [PRODUCT_MESSAGES.descriptionRequired] });
    const long = await newProduct(api, c, c.owner.token, { description: words(251) });
    expect(long.body).toEqual({ description: [PRODUCT_MESSAGES.wordsMax] });
    const html = await newProduct(api, c, c.owner.token, { "image[0]": file("<!doctype html><html></html>", "photo.png", "image/png") });
    expect(html.body).toEqual({ "image[0]": [IMAGE_MESSAGES.type] });
    const big = await newProduct(api, c, c.owner.token, { "image[0]": file(Buffer.concat([await image("jpeg", 2), Buffer.alloc(5_242_880)]), "big.jpg") });
    expect(big.body).toEqual({ "image[0]": [IMAGE_MESSAGES.size] });
    const same = await image("png", 99);
    const dup = await newProduct(api, c, c.owner.token, { "image[0]": file(same, "x.png"), "image[1]": file(same, "y.png") });
    expect(dup.body).toEqual({ "image[1]": [IMAGE_MESSAGES.duplicate] });
    const cat = await newProduct(api, c, c.owner.token, { category: 2_000_000_000 });
    expect(cat.body).toEqual({ category: ["Invalid category."] });
    // multipart junk is a 4xx, never a 500
    const junk = await api.fetch("/products/", { token: c.owner.token, body: "--b\r\nContent-Disposition: form-data; name=\"store\"\r\n\r\n1", headers: { "content-type": "multipart/form-data; boundary=b" } });
    expect(junk.status).toBe(400);
    const noBoundary = await api.fetch("/products/", { token: c.owner.token, body: "xx", headers: { "content-type": "multipart/form-data" } });
    expect(noBoundary.status).toBe(415);
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM products")).rows[0].n).toBe(before);
  });

  it("only members of the store write its products: another vendor, a shopper get 404, anonymous 401; an admin may", async () => {
    const c = await vendorCast(api);
    expect((await newProduct(api, c, c.otherOwner.token)).status).toBe(404);
    expect((await newProduct(api, c, c.shopper.token)).status).toBe(404);
    expect((await api.call("/products/", { form: form(await productFields(api, c.store.id)) })).status).toBe(401);
    expect((await newProduct(api, c, c.admin.token)).status).toBe(201);
    const p = (await newProduct(api, c)).body;
    for (const who of [c.otherOwner, c.shopper]) {
      expect((await api.call(`/products/${p.id}/`, { method: "PATCH", token: who.token, json: { name: "Hijacked" } })).status).toBe(404);
      expect((await api.call(`/products/${p.id}/`, { method: "DELETE", token: who.token })).status).toBe(404);
      expect((await api.call(`/products/images/${p.images[0].id}/`, { method: "PATCH", token: who.token, form: form({ image: file(await image("png", 5), "x.png") }) })).status).toBe(404);
      expect((await api.call("/products/options/", { token: who.token, json: { product: p.id, variant: "Colour", value: "Red", price: 10 } })).status).toBe(404);
    }
    expect((await api.call(`/products/${p.id}/`, { method: "PATCH", json: { name: "Hijacked" } })).status).toBe(401);
    const row = await api.db.query("SELECT name FROM products WHERE id = $1", [p.id]);
    expect(row.rows[0].name).toBe("Galvanised roofing sheet");
  });

  it("PATCH changes only what is sent; PUT needs every field; image[i] replaces slot i; PATCH /products/images/{id}/ replaces one photo", async () => {
    const c = await vendorCast(api);
    const p = (await newProduct(api, c, c.owner.token, { "image[1]": file(await image("png", 31), "b.png") })).body;
    const patched = await api.call(`/products/${p.id}/`, { method: "PATCH", token: c.member.token, form: form({ price: "9000", store_id: 1, user_id: 1, published: "false" }) });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ price: 9000, selling_price: 9000, name: p.name, description: p.description, store: c.store.id, published: false, stock_quantity: 40 });
    const put = await api.call(`/products/${p.id}/`, { method: "PUT", token: c.owner.token, form: form({ name: "Renamed sheet" }) });
    expect(put.status).toBe(400);
    expect(put.body).toHaveProperty("description");
    const full = await api.call(`/products/${p.id}/`, {
      method: "PUT",
      token: c.owner.token,
      form: form({ ...(await productFields(api, c.store.id, { name: "Renamed sheet", stock_quantity: 7, "image[0]": undefined })), "image[1]": file(await image("webp", 32), "new.webp"), "image[0]": "http://old/url.png" }),
    });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ name: "Renamed sheet", stock_quantity: 7, published: false }); // published not sent: kept
    expect(full.body.images[0]).toEqual(p.images[0]); // unchanged slot
    expect(full.body.images[1].id).toBe(p.images[1].id);
    expect(full.body.images[1].image).toMatch(/\.webp$/);
    const slot = await api.call(`/products/images/${p.images[0].id}/`, { method: "PATCH", token: c.member.token, form: form({ image: file(await image("jpeg", 33), "c.jpg") }) });
    expect(slot.status).toBe(200);
    expect(slot.body).toMatchObject({ id: p.images[0].id, product: p.id, position: 0 });
    expect(slot.body.image).toMatch(/\.jpg$/);
    // the same picture as the other slot is the spec's duplicate
    const again = await api.call(`/products/images/${p.images[0].id}/`, { method: "PATCH", token: c.member.token, form: form({ image: file(await image("webp", 32), "again.webp") }) });
    expect(again.body).toEqual({ image: [IMAGE_MESSAGES.duplicate] });
    const notImage = await api.call(`/products/images/${p.images[0].id}/`, { method: "PATCH", token: c.member.token, form: form({ image: file("MZ\x90\x00 not a picture", "x.png") }) });
    expect(notImage.body).toEqual({ image: [IMAGE_MESSAGES.type] });
  });

  it("DELETE hides the product from the catalogue, search, the store list, carts; past orders keep their lines", async () => {
    const c = await vendorCast(api);
    const p = (await newProduct(api, c, c.owner.token, { name: "Quixotic floor tile" })).body;
    const order = await createOrder(api.db, { user_id: c.shopper.id, items: [{ product_id: p.id }] });
    await createCart(api.db, { user_id: c.shopper.id, items: [{ product_id: p.id }] });
    const del = await api.fetch(`/products/${p.id}/`, { method: "DELETE", token: c.member.token });
    expect(del.status).toBe(204);
    expect((await api.call(`/products/${p.id}/`)).status).toBe(404);
    expect((await api.call(`/products/${p.id}/`, { token: c.owner.token })).status).toBe(404);
    expect((await api.call("/products/?search=Quixotic")).body.results).toEqual([]);
    const list = await api.call(`/products/store/${c.store.id}/`, { token: c.owner.token });
    expect(list.body.results.map((x: { id: number }) => x.id)).not.toContain(p.id);
    expect((await api.db.query("SELECT 1 FROM cart_items WHERE product_id = $1", [p.id])).rows).toEqual([]);
    const mine = await api.call(`/orders/${order.id}/`, { token: c.shopper.token });
    expect(mine.body.order_items[0]).toMatchObject({ product_id: p.id, product_name: "Quixotic floor tile" });
    expect(mine.body.order_items[0].image).toMatch(/\/media\/products\//);
    // deleted is deleted: no more edits, no second delete
    expect((await api.call(`/products/${p.id}/`, { method: "PATCH", token: c.owner.token, json: { published: true } })).status).toBe(404);
    expect((await api.fetch(`/products/${p.id}/`, { method: "DELETE", token: c.owner.token })).status).toBe(404);
  });

  it("the store list is the members' own, 10 a page, unpublished included", async () => {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    for (let i = 0; i < 11; i++) await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, published: i % 2 === 0 });
    const p1 = await api.call(`/products/store/${c.store.id}/`, { token: c.member.token });
    expect(p1.body.count).toBe(11);
    expect(p1.body.results).toHaveLength(10);
    expect(p1.body.results.some((p: { published: boolean }) => !p.published)).toBe(true);
    expect((await api.call(`/products/store/${c.store.id}/?page=2`, { token: c.member.token })).body.results).toHaveLength(1);
    expect((await api.call(`/products/store/${c.store.id}/`, { token: c.otherOwner.token })).status).toBe(404);
  });

  it("variants: options {value, price, variant, product}, a new variant by name, the spec's messages; GET /products/variants/ is paged", async () => {
    const c = await vendorCast(api);
    const p = (await newProduct(api, c)).body;
    const name = `Finish ${Math.random().toString(36).slice(2, 7)}`;
    const o = await api.call("/products/options/", { token: c.member.token, json: { product: p.id, variant: name, value: "Matte", price: "1500" } });
    expect(o.status).toBe(201);
    expect(o.body).toMatchObject({ value: "Matte", price: 1500, variant_name: name, product: p.id });
    const again = await api.call("/products/options/", { token: c.owner.token, form: form({ product: p.id, variant: String(o.body.variant), value: "Gloss", price: 2000 }) });
    expect(again.body.variant).toBe(o.body.variant);
    const bad = await api.call("/products/options/", { token: c.owner.token, json: { product: p.id, variant: o.body.variant, value: "", price: "" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ value: [PRODUCT_MESSAGES.variantValue], price: [PRODUCT_MESSAGES.variantPrice] });
    const list = await api.call("/products/variants/?page_size=100");
    expect(list.status).toBe(200);
    expect(list.body).toHaveProperty("count");
    expect(list.body.results).toContainEqual({ id: o.body.variant, name });
  });
});
