/**
 * Certified products (issue 36 item 2): a seeded iron rod's page shows "SON certificate <number>"
 * and a buyer reports it as fake through a plain form; a seller's publish of a rod without a
 * certificate is refused with the message next to the field, nothing typed lost, then accepted
 * with a number and a photo. The phone, JavaScript-off run keeps a screenshot of the product page
 * (docs/i18n/screenshots/certificate-product.png).
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { CERTIFICATE_MESSAGES } from "~/domain/certificates";
import { DEMO_ADMIN } from "../../app/db/seed/catalog-data";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";

const words = (n: number) => Array.from({ length: n }, (_, i) => ["strong", "durable", "ribbed", "steel", "rod", "bar"][i % 6]).join(" ");

async function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 32, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 13) % 256 } } })
    .jpeg()
    .toBuffer();
}

/** The seeded "Iron Rods & Steel" category and its root. */
async function rodsCategory(request: APIRequestContext) {
  const roots = (await (await request.get("/api/v1/products/categories/root_categories/")).json()) as Array<{ id: number }>;
  for (const root of roots) {
    const subs = (await (await request.get(`/api/v1/products/categories/${root.id}/subcategories/`)).json()) as Array<{ id: number; slug: string }>;
    const sub = subs.find((s) => s.slug === "iron-rods-steel");
    if (sub) return { root, sub };
  }
  throw new Error("no iron-rods-steel category");
}

test("a rod's page shows its SON certificate and a buyer reports it as fake", async ({ page, request }, testInfo) => {
  const { sub } = await rodsCategory(request);
  const list = (await (await request.get(`/api/v1/products/?category_id=${sub.id}&page_size=50`)).json()) as { results: Array<{ id: number; name: string; category_slug: string }> };
  const rod = list.results.find((p) => /iron rod/i.test(p.name)) ?? list.results[0];
  const detail = (await (await request.get(`/api/v1/products/${rod.id}/`)).json()) as { certificate: { number: string } };
  await page.goto(`/${rod.category_slug}/${rod.id}`);
  await ready(page, testInfo);
  const line = page.getByTestId("certificate");
  await expect(line).toContainText(`SON certificate ${detail.certificate.number}`);
  await expect(line.getByRole("link", { name: "See the certificate" })).toHaveAttribute("href", /certificate\.svg/);
  if (!jsEnabled(testInfo) && isPhone(testInfo)) {
    fs.mkdirSync("docs/i18n/screenshots", { recursive: true });
    await page.screenshot({ path: "docs/i18n/screenshots/certificate-product.png" });
  }

  await line.getByRole("link", { name: "Report a fake certificate" }).click();
  await expect(page.getByRole("heading", { name: "Report a fake certificate" })).toBeVisible();
  await ready(page, testInfo);
  // A contact that is neither an e-mail nor a phone: the server's message next to it, what was typed kept
  // (a too-short note is stopped by the browser's own check first: minlength).
  await page.getByLabel("What looks wrong?").fill("The stamp looks printed, not embossed.");
  await page.getByLabel("Your email or phone (optional)").fill("call me");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText(CERTIFICATE_MESSAGES.reportContactInvalid)).toBeVisible();
  await expect(page.getByLabel("Your email or phone (optional)")).toHaveValue("call me");
  await expect(page.getByLabel("What looks wrong?")).toHaveValue("The stamp looks printed, not embossed.");
  await page.getByLabel("What looks wrong?").fill("This number is not on the SON register for this maker.");
  await page.getByLabel("Your email or phone (optional)").fill("08031234567");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(new RegExp(`/${rod.category_slug}/${rod.id}$`));
  await expect(page.getByText("Thank you. We got your report and will check this certificate.")).toBeVisible();

  // The admin reads the report on /admin/certificates (their page, English).
  await page.context().clearCookies();
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, testInfo);
  await page.goto(`/admin/certificates?product=${rod.id}`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Certificate reports" })).toBeVisible();
  const report = page.locator("tr", { hasText: "This number is not on the SON register for this maker." }).first();
  await expect(report).toContainText(rod.name);
  await expect(report).toContainText(detail.certificate.number);
  await expect(report).toContainText("08031234567");
});

test("a seller's publish of a rod without a certificate shows the message next to the field, then goes through with one", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const who = await newShopper(request);
  const auth = await request.post("/api/v1/users/auth/login/", { data: { email: who.email, password: who.password } });
  const token = (await auth.json()).access as string;
  const res = await request.post("/api/v1/stores/", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Rods ${who.firstName}`, email: "sales@rods.example.com", phone: "08031234567", address: "12 Allen Avenue, Ikeja, Lagos", description: words(60), business_license_number: "RC123456", agreement: true },
  });
  expect(res.status()).toBe(201);
  const store = (await res.json()) as { slug: string };
  const { root, sub } = await rodsCategory(request);
  const name = `Rod 12 mm ${Date.now().toString(36)}`;
  await login(page, who.email, who.password, testInfo);
  await page.goto(`/stores/${store.slug}/products/add-product`);
  await ready(page, testInfo);
  await page.locator('select[name="category"]').selectOption(String(root.id));
  await page.locator('select[name="sub_category"]').selectOption(String(sub.id));
  await page.getByLabel("Product name").fill(name);
  await page.getByLabel("Price (₦)").fill("11500");
  await page.getByLabel("Large").check();
  await page.getByLabel(/^Description/).fill(words(60));
  await page.locator('input[name="image[0]"]').setInputFiles({ name: "rod.jpg", mimeType: "image/jpeg", buffer: await photo(1) });
  await page.getByRole("button", { name: "Submit" }).click();

  const fields = page.getByTestId("certificate-fields");
  await expect(fields.getByText(CERTIFICATE_MESSAGES.numberRequired)).toBeVisible();
  await expect(fields.getByText(CERTIFICATE_MESSAGES.photoRequired)).toBeVisible();
  await expect(page.getByLabel("SON certificate number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Product name")).toHaveValue(name);
  await expect(page.getByLabel("Price (₦)")).toHaveValue("11500");

  await page.getByLabel("SON certificate number").fill("MANCAP/LAG/2024/0117");
  await page.getByLabel("Photo of the SON certificate").setInputFiles({ name: "son.jpg", mimeType: "image/jpeg", buffer: await photo(2) });
  await page.locator('input[name="image[0]"]').setInputFiles({ name: "rod.jpg", mimeType: "image/jpeg", buffer: await photo(1) });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/add-variant$/);
  await expect(page.getByText(`${name} was added`)).toBeVisible();
});
