/**
 * Certified products (issue 36 item 2, decision 0033): a product of a category that requires a SON
 * certificate is published only with its number and photo, or an administrator's waiver (audited);
 * buyers report fakes (the admins' list, the store told); the seeded rods and roofing sheets carry one.
 */
import { describe, expect, it } from "vitest";
import { CERTIFICATE_MESSAGES } from "~/domain/certificates";
import { createCategory, createProduct } from "~/db/seed/factories";
import { engines, useApi, type TestApi } from "./harness";
import { file, form, image, productFields, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

async function certifiedCategory(api: TestApi) {
  const root = (await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1")).rows[0].id;
  return createCategory(api.db, { name: `Test rods ${Math.random().toString(36).slice(2, 8)}`, parent_id: root, requires_certificate: true });
}

async function rod(api: TestApi, c: Cast, category: number, over: Record<string, string | number | File | undefined> = {}) {
  return api.call("/products/", { token: c.owner.token, form: form(await productFields(api, c.store.id, { name: "High-tensile rod 12 mm", category, ...over })) });
}

const photo = async (seed: number) => file(await image("jpeg", seed), "certificate.jpg", "image/jpeg");

describe.each(engines())("certified products on %s", (engine) => {
  const api = useApi(engine);

  it("publishing a rod without a certificate is refused with field messages; nothing is written", async () => {
    const c = await vendorCast(api);
    const cat = await certifiedCategory(api);
    const before = (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM products WHERE store_id = $1", [c.store.id])).rows[0].n;
    const none = await rod(api, c, cat.id);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ certificate_number: [CERTIFICATE_MESSAGES.numberRequired], certificate_image: [CERTIFICATE_MESSAGES.photoRequired] });
    const numberOnly = await rod(api, c, cat.id, { certificate_number: "MANCAP/LAG/2024/0117" });
    expect(numberOnly.body).toEqual({ certificate_image: [CERTIFICATE_MESSAGES.photoRequired] });
    const bad = await rod(api, c, cat.id, { certificate_number: "??", certificate_image: await photo(3) });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ certificate_number: [CERTIFICATE_MESSAGES.numberInvalid] });
    const notImage = await rod(api, c, cat.id, { certificate_number: "MANCAP/LAG/2024/0117", certificate_image: file("<html></html>", "c.png", "image/png") });
    expect(notImage.status).toBe(400);
    expect(Object.keys(notImage.body)).toEqual(["certificate_image"]);
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM products WHERE store_id = $1", [c.store.id])).rows[0].n).toBe(before);
    // Unpublished (a draft) it may be saved without one; publishing it later is refused.
    const draft = await rod(api, c, cat.id, { published: "false" });
    expect(draft.status).toBe(201);
    expect(draft.body.certificate).toEqual({ required: true, number: null, image: null, waived: false });
    const publish = await api.call(`/products/${draft.body.id}/`, { method: "PATCH", token: c.owner.token, json: { published: true } });
    expect(publish.status).toBe(400);
    expect(publish.body.certificate_number).toEqual([CERTIFICATE_MESSAGES.numberRequired]);
    // Moving a published product into a certified category needs one too.
    const plain = await api.call("/products/", { token: c.owner.token, form: form(await productFields(api, c.store.id)) });
    expect(plain.status).toBe(201);
    expect(plain.body.certificate.required).toBe(false);
    const moved = await api.call(`/products/${plain.body.id}/`, { method: "PATCH", token: c.owner.token, json: { category: cat.id } });
    expect(moved.status).toBe(400);
  });

  it("with a number and a photo it is published and the product shows its certificate; a subcategory inherits the rule", async () => {
    const c = await vendorCast(api);
    const cat = await certifiedCategory(api);
    const ok = await rod(api, c, cat.id, { certificate_number: " mancap/lag/2024/0117 ", certificate_image: await photo(5) });
    expect(ok.status).toBe(201);
    expect(ok.body.published).toBe(true);
    expect(ok.body.certificate).toMatchObject({ required: true, number: "MANCAP/LAG/2024/0117", waived: false });
    const shown = await api.call(`/products/${ok.body.id}/`);
    expect(shown.body.certificate.number).toBe("MANCAP/LAG/2024/0117");
    // The photo is stored and indexed like the product's own (judged by its bytes: a JPEG).
    const stored = (await api.db.query<{ key: string; content_type: string }>("SELECT i.key, i.content_type FROM products p JOIN images i ON i.key = p.certificate_image_key WHERE p.id = $1", [ok.body.id])).rows[0];
    expect(stored.content_type).toBe("image/jpeg");
    expect(shown.body.certificate.image).toContain(stored.key.replace(/\.\w+$/, ""));
    // Editing the price keeps it; clearing the number is refused while it is published.
    expect((await api.call(`/products/${ok.body.id}/`, { method: "PATCH", token: c.owner.token, json: { price: "13000" } })).status).toBe(200);
    const cleared = await api.call(`/products/${ok.body.id}/`, { method: "PATCH", token: c.owner.token, json: { certificate_number: "" } });
    expect(cleared.status).toBe(400);
    expect(cleared.body).toEqual({ certificate_number: [CERTIFICATE_MESSAGES.numberRequired] });
    // A category under a certified one asks for it too.
    const child = await createCategory(api.db, { name: `Test rods 16 mm ${Math.random().toString(36).slice(2, 8)}`, parent_id: cat.id });
    expect((await rod(api, c, child.id)).status).toBe(400);
  });

  it("an admin switches a category's requirement and waives a product's certificate with a reason, both audited; the store is told", async () => {
    const c = await vendorCast(api);
    const root = (await api.db.query<{ id: number }>("SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1")).rows[0].id;
    const cat = await createCategory(api.db, { name: `Test sheets ${Math.random().toString(36).slice(2, 8)}`, parent_id: root });
    expect((await api.call(`/admin/categories/${cat.id}/certificate/`, { method: "POST", token: c.owner.token, json: { required: true } })).status).toBe(404);
    const on = await api.call(`/admin/categories/${cat.id}/certificate/`, { method: "POST", token: c.admin.token, json: { required: true, reason: "SON lists roofing sheets" } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: cat.id, requires_certificate: true });
    const list = await api.call("/admin/categories/", { token: c.admin.token });
    expect(list.body.find((x: { id: number }) => x.id === cat.id).requires_certificate).toBe(true);
    const draft = await rod(api, c, cat.id, { published: "false" });
    expect(draft.status).toBe(201);
    // The admin's product list shows it missing and finds it under "certificate".
    const missing = await api.call(`/admin/products/?status=certificate&store=${c.store.id}`, { token: c.admin.token });
    expect(missing.body.results.map((x: { id: number; certificate: string }) => [x.id, x.certificate])).toEqual([[draft.body.id, "missing"]]);
    // A waiver needs a reason.
    const noReason = await api.call(`/admin/products/${draft.body.id}/certificate-waiver/`, { method: "POST", token: c.admin.token, json: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.reason).toBeDefined();
    expect((await api.call(`/admin/products/${draft.body.id}/certificate-waiver/`, { method: "POST", token: c.owner.token, json: { reason: "mine" } })).status).toBe(404);
    const waived = await api.call(`/admin/products/${draft.body.id}/certificate-waiver/`, { method: "POST", token: c.admin.token, json: { reason: "Certificate seen at the factory; copy on file" } });
    expect(waived.status).toBe(200);
    expect(waived.body).toMatchObject({ id: draft.body.id, certificate_waived: true });
    const after = await api.call(`/admin/products/?store=${c.store.id}`, { token: c.admin.token });
    expect(after.body.results.find((x: { id: number }) => x.id === draft.body.id).certificate).toBe("waived");
    expect((await api.call(`/admin/products/?status=certificate&store=${c.store.id}`, { token: c.admin.token })).body.results).toEqual([]);
    const published = await api.call(`/products/${draft.body.id}/`, { method: "PATCH", token: c.owner.token, json: { published: true } });
    expect(published.status).toBe(200);
    expect(published.body.certificate).toMatchObject({ required: true, number: null, waived: true });
    const audit = await api.call(`/admin/audit/?target_type=product&target_id=${draft.body.id}`, { token: c.admin.token });
    expect(audit.body.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "product.certificate_waive", reason: "Certificate seen at the factory; copy on file" })]),
    );
    const catAudit = await api.call(`/admin/audit/?target_type=category&target_id=${cat.id}`, { token: c.admin.token });
    expect(catAudit.body.results[0]).toMatchObject({ action: "category.require_certificate", reason: "SON lists roofing sheets" });
    const notices = await api.call(`/stores/${c.store.id}/notifications/`, { token: c.owner.token });
    expect(notices.body.results.map((n: { title: string }) => n.title)).toContain(`"High-tensile rod 12 mm" may be published without a SON certificate`);
  });

  it("a buyer reports a fake certificate: 201, in the admins' list, the store told; bad input is a 400; a hidden product 404", async () => {
    const c = await vendorCast(api);
    const cat = await certifiedCategory(api);
    const p = (await rod(api, c, cat.id, { certificate_number: "MANCAP/ABJ/2023/5521", certificate_image: await photo(8) })).body;
    const empty = await api.call(`/products/${p.id}/certificate-report/`, { method: "POST", json: { note: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ note: [CERTIFICATE_MESSAGES.reportNoteRequired] });
    const short = await api.call(`/products/${p.id}/certificate-report/`, { method: "POST", json: { note: "fake", contact: "not a contact" } });
    expect(short.body).toEqual({ note: [CERTIFICATE_MESSAGES.reportNoteMin], contact: [CERTIFICATE_MESSAGES.reportContactInvalid] });
    const guest = await api.call(`/products/${p.id}/certificate-report/`, { method: "POST", json: { note: "SON's register has no such number for this maker.", contact: "ada@example.com" } });
    expect(guest.status).toBe(201);
    expect(guest.body).toMatchObject({ product: p.id, certificate_number: "MANCAP/ABJ/2023/5521" });
    const member = await api.call(`/products/${p.id}/certificate-report/`, { method: "POST", token: c.shopper.token, json: { note: "The photo's stamp is from another company." } });
    expect(member.status).toBe(201);
    const reports = await api.call(`/admin/certificate-reports/?product=${p.id}`, { token: c.admin.token });
    expect(reports.status).toBe(200);
    expect(reports.body.count).toBe(2);
    expect(reports.body.results[0]).toMatchObject({ product: p.id, product_name: "High-tensile rod 12 mm", store: c.store.id, user: c.shopper.id, note: "The photo's stamp is from another company." });
    expect(reports.body.results[1]).toMatchObject({ contact: "ada@example.com", user: null, certificate_number: "MANCAP/ABJ/2023/5521" });
    expect((await api.call("/admin/certificate-reports/", { token: c.shopper.token })).status).toBe(404);
    expect((await api.call("/admin/certificate-reports/")).status).toBe(401);
    const notices = await api.call(`/stores/${c.store.id}/notifications/`, { token: c.owner.token });
    const told = notices.body.results.filter((n: { kind: string }) => n.kind === "certificate_reported");
    expect(told).toHaveLength(2);
    // An unpublished product is not there for a buyer to report.
    const hidden = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat.id, published: false });
    expect((await api.call(`/products/${hidden.id}/certificate-report/`, { method: "POST", json: { note: "Looks fake to me, honestly." } })).status).toBe(404);
    expect((await api.call(`/products/2000000000/certificate-report/`, { method: "POST", json: { note: "Looks fake to me, honestly." } })).status).toBe(404);
  });

  it("the demo catalogue's rods and roofing sheets carry a certificate number and a drawn photo", async () => {
    const r = await api.db.query<{ slug: string; requires: boolean; products: number; without: number }>(
      `SELECT c.slug, c.requires_certificate AS requires, count(p.id)::int AS products,
              count(p.id) FILTER (WHERE p.certificate_number IS NULL OR p.certificate_image_key IS NULL)::int AS without
         FROM categories c LEFT JOIN products p ON p.category_id = c.id AND p.deleted_at IS NULL
        WHERE c.slug IN ('iron-rods-steel', 'roofing') GROUP BY c.slug, c.requires_certificate ORDER BY c.slug`,
    );
    expect(r.rows.map((x) => x.slug)).toEqual(["iron-rods-steel", "roofing"]);
    for (const row of r.rows) {
      expect(row.requires).toBe(true);
      expect(row.products).toBeGreaterThan(0);
      expect(row.without).toBe(0);
    }
    const one = (await api.db.query<{ id: number }>("SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.slug = 'iron-rods-steel' AND p.published ORDER BY p.id LIMIT 1")).rows[0];
    const shown = await api.call(`/products/${one.id}/`);
    expect(shown.body.certificate.number).toMatch(/^MANCAP\/DEMO\/\d{5}$/);
    // The drawn photo is indexed like the product's own pictures (its file is written by the seed's storage).
    const key = (await api.db.query<{ key: string; content_type: string }>("SELECT i.key, i.content_type FROM products p JOIN images i ON i.key = p.certificate_image_key WHERE p.id = $1", [one.id])).rows[0];
    expect(key.content_type).toBe("image/svg+xml");
    expect(shown.body.certificate.image).toContain(key.key.replace(/\.svg$/, ""));
  });
});
