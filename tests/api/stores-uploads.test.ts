/**
 * POST /stores/uploads/ (an image stored ahead of the store, for the create-store wizard without
 * JavaScript) and POST /stores/ with its `logo_upload`/`banner_upload` tokens.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { IMAGE_MESSAGES } from "~/domain/products";
import { getStorage } from "~/integrations/storage.server";
import { engines, makeUser, useApi } from "./harness";
import { file, form, image, storeFields } from "./vendor-helpers";

describe.each(engines())("store uploads on %s", (engine) => {
  const api = useApi(engine);
  const count = async (table: string) => (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

  it("takes a PNG named .exe: 201 {upload, url}, stored re-encoded and indexed; the token opens a store with that logo", async () => {
    const me = await makeUser(api);
    const res = await api.call("/stores/uploads/", { token: me.token, form: form({ image: file(await image("png", 41, 20), "setup.exe", "application/x-msdownload") }) });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["upload", "url"]);
    expect(res.body.url).toMatch(/\/media\/stores\/[0-9a-f-]+\.png$/);
    const key = res.body.url.split("/media/")[1];
    expect(await sharp(Buffer.from((await getStorage().get(key))!)).metadata()).toMatchObject({ format: "png", width: 20, height: 20 });
    expect((await api.db.query("SELECT content_type FROM images WHERE key = $1", [key])).rows).toEqual([{ content_type: "image/png" }]);
    // the token does not show the key in clear text (opaque) and works once more for a banner too
    expect(res.body.upload).not.toContain(key);
    const banner = await api.call("/stores/uploads/", { token: me.token, form: form({ image: file(await image("jpeg", 42, 40), "b.jpg", "image/jpeg") }) });
    const store = await api.call("/stores/", { token: me.token, form: form({ ...(await storeFields()), logo_upload: res.body.upload, banner_upload: banner.body.upload }) });
    expect(store.status).toBe(201);
    expect(store.body.logo).toBe(res.body.url);
    expect(store.body.banner).toBe(banner.body.url);
    expect((await api.call(`/stores/${store.body.slug}/`)).body.logo).toBe(res.body.url);
  });

  it("refuses an HTML page named .png with the spec's message and stores nothing; anonymous 401", async () => {
    const me = await makeUser(api);
    const images = await count("images");
    const res = await api.call("/stores/uploads/", { token: me.token, form: form({ image: file("<html><body>hi</body></html>", "logo.png", "image/png") }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ image: [IMAGE_MESSAGES.type] });
    const none = await api.call("/stores/uploads/", { token: me.token, form: form({ other: "x" }) });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ image: [IMAGE_MESSAGES.required] });
    expect(await count("images")).toBe(images);
    const anon = await api.call("/stores/uploads/", { form: form({ image: file(await image("png", 43), "a.png", "image/png") }) });
    expect(anon.status).toBe(401);
  });

  it("refuses another user's token, a forged one and a tampered one, naming the field; no store is written", async () => {
    const alice = await makeUser(api);
    const bob = await makeUser(api);
    const up = await api.call("/stores/uploads/", { token: alice.token, form: form({ image: file(await image("png", 44), "a.png", "image/png") }) });
    expect(up.status).toBe(201);
    const stores = await count("stores");
    const [payload, mac] = (up.body.upload as string).split(".");
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), u: bob.id })).toString("base64url");
    for (const token of [up.body.upload, "garbage", `${otherPayload}.${mac}`]) {
      const r = await api.call("/stores/", { token: bob.token, form: form({ ...(await storeFields()), logo_upload: token }) });
      expect(r.status).toBe(400);
      expect(r.body.logo?.[0]).toMatch(/expired|choose the image again/i);
    }
    // other fields' problems come together with it
    const both = await api.call("/stores/", { token: bob.token, form: form({ ...(await storeFields({ name: "" })), banner_upload: up.body.upload }) });
    expect(Object.keys(both.body).sort()).toEqual(["banner", "name"]);
    expect(await count("stores")).toBe(stores);
  });
});
