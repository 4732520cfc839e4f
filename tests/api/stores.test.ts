/** POST /stores/ and GET /stores/{slug}/: shapes, rules of spec section 5, slugs, image content checks. */
import { describe, expect, it } from "vitest";
import { STORE_MESSAGES } from "~/domain/stores";
import { IMAGE_MESSAGES } from "~/domain/products";
import { createProduct } from "~/db/seed/factories";
import sharp from "sharp";
import { getStorage } from "~/integrations/storage.server";
import { engines, makeUser, useApi } from "./harness";
import { file, firstCategory, form, image, storeFields, words } from "./vendor-helpers";

describe.each(engines())("stores on %s", (engine) => {
  const api = useApi(engine);

  it("opens a store from a multipart form: 201 {id, name, slug, logo, banner, state}, the caller is its Owner, links stored", async () => {
    const me = await makeUser(api);
    const logo = await image("png", 11);
    const res = await api.call("/stores/", {
      token: me.token,
      form: form({ ...(await storeFields({ slug: "Ade Supplies" })), owner: "999", logo: file(logo, "logo.png", "image/png"), banner: file(await image("jpeg", 12, 64), "banner.jpg", "image/jpeg") }),
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["banner", "id", "logo", "name", "slug", "state"]);
    expect(res.body.state).toBe("Lagos"); // no state sent: the one the address names (Ikeja, Lagos)
    expect(res.body.name).toBe("Ade Building Supplies");
    expect(res.body.slug).toMatch(/^ade-supplies(-\d+)?$/);
    expect(res.body.logo).toMatch(/\/media\/stores\/[0-9a-f-]+\.png$/);
    expect(res.body.banner).toMatch(/\/media\/stores\/[0-9a-f-]+\.jpg$/);
    // the logo was stored through the storage interface (a PNG of the same size)
    const key = res.body.logo.split("/media/")[1];
    const meta = await sharp(Buffer.from((await getStorage().get(key))!)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 16, height: 16 });
    const row = await api.db.query("SELECT owner_id, facebook, instagram, x_link, agreement, phone FROM stores WHERE id = $1", [res.body.id]);
    expect(row.rows[0]).toMatchObject({ owner_id: me.id, facebook: "https://facebook.com/adesupplies", instagram: "https://instagram.com/adesupplies", x_link: "https://x.com/adesupplies", agreement: true, phone: "+2348031234567" });
    const members = await api.db.query("SELECT user_id, role, accepted_at IS NOT NULL AS accepted FROM store_members WHERE store_id = $1", [res.body.id]);
    expect(members.rows).toEqual([{ user_id: me.id, role: "Owner", accepted: true }]);
    // the owner's list ends with it (current store last), and the owner may read its members
    const mine = await api.call(`/stores/owner/${me.id}/`, { token: me.token });
    expect(mine.body.at(-1)).toEqual(res.body);
    expect((await api.call(`/stores/${res.body.id}/members/`, { token: me.token })).status).toBe(200);
  });

  it("stores the state the store ships from: as sent (any spelling of a state), else guessed from the address; an unknown state is a 400", async () => {
    const stateOf = async (id: number) => (await api.db.query<{ state: string | null }>("SELECT state FROM stores WHERE id = $1", [id])).rows[0].state;
    // sent: it wins over the address, stored canonical, shown on the public page and the membership
    const a = await makeUser(api);
    const sent = await api.call("/stores/", { token: a.token, form: form(await storeFields({ name: "Abuja Sent State", state: "FCT" })) });
    expect(sent.status).toBe(201);
    expect(sent.body.state).toBe("Federal Capital Territory");
    expect(await stateOf(sent.body.id)).toBe("Federal Capital Territory");
    expect((await api.call(`/stores/${sent.body.slug}/`)).body.state).toBe("Federal Capital Territory");
    expect((await api.call(`/stores/${sent.body.id}/membership/`, { token: a.token })).body.store.state).toBe("Federal Capital Territory");
    const b = await makeUser(api);
    const json = await api.call("/stores/", { token: b.token, json: await storeFields({ name: "Kano JSON State", state: "kano state" }) });
    expect(json.body.state).toBe("Kano");
    // not sent (existing clients): the state the address names, the last one named; none: null (priced from Lagos)
    for (const [address, state] of [
      ["9 Trans-Amadi Industrial Layout, Port Harcourt", "Rivers"],
      ["14 Kano Road, Ogui, Enugu", "Enugu"],
      ["Plot 17 Idu Industrial Layout, Abuja", "Federal Capital Territory"],
      ["Plot 5, Behind the big market", null],
    ] as const) {
      const u = await makeUser(api);
      const r = await api.call("/stores/", { token: u.token, json: await storeFields({ name: `Guess ${state}`, address }) });
      expect(r.status).toBe(201);
      expect(r.body.state).toBe(state);
      expect(await stateOf(r.body.id)).toBe(state);
    }
    // an empty state is "not sent"
    const c = await makeUser(api);
    expect((await api.call("/stores/", { token: c.token, form: form(await storeFields({ name: "Empty State", state: "" })) })).body.state).toBe("Lagos");
    // unknown: 400 on state, nothing written
    const before = (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM stores")).rows[0].n;
    for (const bad of ["Atlantis", "Lagos Island", "x".repeat(300)]) {
      const r = await api.call("/stores/", { token: c.token, json: await storeFields({ name: "Bad State", state: bad }) });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ state: [STORE_MESSAGES.stateInvalid] });
    }
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM stores")).rows[0].n).toBe(before);
  });

  it("makes the slug unique: the same slug three times gives three stores", async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await makeUser(api);
      const r = await api.call("/stores/", { token: u.token, json: await storeFields({ slug: "Same Slug Store", name: "Same" }) });
      expect(r.status).toBe(201);
      slugs.push(r.body.slug);
    }
    expect(new Set(slugs).size).toBe(3);
    expect(slugs[1]).toMatch(/^same-slug-store-\d+$/);
    // no slug given: made from the name
    const u = await makeUser(api);
    const r = await api.call("/stores/", { token: u.token, json: await storeFields({ name: "Ìbàdàn Tiles & Co" }) });
    expect(r.body.slug).toMatch(/^ibadan-tiles-and-co(-\d+)?$/);
  });

  it("refuses with the messages of spec section 5, all fields at once, and writes nothing", async () => {
    const me = await makeUser(api);
    const before = (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM stores")).rows[0].n;
    const r = await api.call("/stores/", { token: me.token, form: form({ name: "", email: "nope", phone: "123", address: "short", description: words(10), agreement: "false", facebook: "not a url" }) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      name: [STORE_MESSAGES.name],
      email: [STORE_MESSAGES.emailInvalid],
      phone: [STORE_MESSAGES.phoneInvalid],
      // the spec's own spelling ("atleast"), which clients may match on
      address: ["Should be atleast 10 characters"],
      description: ["Enter atleast 50 words."],
      agreement: [STORE_MESSAGES.agreement],
      facebook: [STORE_MESSAGES.url],
    });
    const empty = await api.call("/stores/", { token: me.token, json: {} });
    expect(empty.body).toMatchObject({ email: [STORE_MESSAGES.email], phone: [STORE_MESSAGES.phone], address: [STORE_MESSAGES.address], description: [STORE_MESSAGES.description] });
    const long = await api.call("/stores/", { token: me.token, json: await storeFields({ description: words(251) }) });
    expect(long.body).toEqual({ description: [STORE_MESSAGES.wordsMax] });
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM stores")).rows[0].n).toBe(before);
  });

  it("judges logo and banner by their content: a PNG named .exe is fine, HTML named .png and a 5 MB+ file are refused", async () => {
    const me = await makeUser(api);
    const ok = await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), logo: file(await image("png", 3), "logo.exe", "application/x-msdownload") }) });
    expect(ok.status).toBe(201);
    expect(ok.body.logo).toMatch(/\.png$/);
    const html = await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), logo: file("<html><script>alert(1)</script></html>", "logo.png", "image/png") }) });
    expect(html.status).toBe(400);
    expect(html.body).toEqual({ logo: [IMAGE_MESSAGES.type] });
    // the right magic bytes but not a decodable picture
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<html>")]);
    expect((await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), banner: file(fake, "b.png", "image/png") }) })).body).toEqual({ banner: [IMAGE_MESSAGES.type] });
    const big = Buffer.concat([await image("png", 4), Buffer.alloc(5_242_881)]);
    expect((await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), banner: file(big, "b.png", "image/png") }) })).body).toEqual({ banner: [IMAGE_MESSAGES.size] });
    // an empty file input is no file
    const none = await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), logo: new File([], "", { type: "application/octet-stream" }) }) });
    expect(none.status).toBe(201);
    expect(none.body.logo).toBeNull();
  });

  it("strips a photo's metadata (EXIF, e.g. its GPS position) before storing it", async () => {
    const me = await makeUser(api);
    const tagged = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c2410c" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "SECRET-GPS-6.5244N-3.3792E" } })
      .toBuffer();
    expect(tagged.includes("SECRET-GPS")).toBe(true);
    const r = await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), banner: file(tagged, "IMG_0001.JPG", "image/jpeg") }) });
    expect(r.status).toBe(201);
    const stored = Buffer.from((await getStorage().get(r.body.banner.split("/media/")[1]))!);
    expect(stored.includes("SECRET-GPS")).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe("jpeg");
  });

    it("needs a signed-in user; multipart junk is a 4xx", async () => {
    expect((await api.call("/stores/", { json: await storeFields() })).status).toBe(401);
    const me = await makeUser(api);
    const junk = await api.fetch("/stores/", { token: me.token, body: "--x\r\nnot multipart", headers: { "content-type": "multipart/form-data; boundary=x" } });
    expect(junk.status).toBe(400);
  });

  it("GET /stores/{slug}/ is the public store page with its published products count", async () => {
    const me = await makeUser(api);
    const s = await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), logo: file(await image("webp", 5), "l.webp") }) });
    const cat = await firstCategory(api);
    await createProduct(api.db, { store_id: s.body.id, user_id: me.id, category_id: cat });
    await createProduct(api.db, { store_id: s.body.id, user_id: me.id, category_id: cat, published: false });
    const page = await api.call(`/stores/${s.body.slug}/`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: s.body.id, slug: s.body.slug, name: "Ade Building Supplies", logo: s.body.logo, banner: null, description: words(60), products_count: 1, instagram: "https://instagram.com/adesupplies" });
    expect(page.body).not.toHaveProperty("email");
    expect((await api.call("/stores/no-such-store-here/")).status).toBe(404);
    expect((await api.call("/stores/..%2Fetc/")).status).toBe(404);
  });
});
