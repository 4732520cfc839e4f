/**
 * The seller area's product pages, in all four projects, as a fresh vendor (registered,
 * verified and given a store through the API): add a product with four photos after a refused
 * first try that keeps what was typed, add a variant, see it in the table, replace one photo,
 * find it through site search as a shopper, delete it after the confirmation step; and the
 * products pagination (GO past the last page lands on the last).
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";

const words = (n: number, first = "durable") => Array.from({ length: n }, (_, i) => (i === 0 ? first : ["strong", "durable", "cement", "roofing", "sheet", "tiles"][i % 6])).join(" ");

async function photo(seed: number, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const img = sharp({ create: { width: 24, height: 24, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 13) % 256 } } });
  return format === "png" ? img.png().toBuffer() : img.jpeg().toBuffer();
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("/work/shots", { recursive: true });
  await page.screenshot({ path: `/work/shots/products-${name}.png`, fullPage: true });
}

/** A fresh verified user with a store of their own (through the API); returns what the pages need. */
async function newVendor(request: APIRequestContext) {
  const who = await newShopper(request);
  const auth = await request.post("/api/v1/users/auth/login/", { data: { email: who.email, password: who.password } });
  const token = (await auth.json()).access as string;
  const res = await request.post("/api/v1/stores/", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `Depot ${who.firstName}`,
      email: "sales@depot.example.com",
      phone: "08031234567",
      address: "12 Allen Avenue, Ikeja, Lagos",
      description: words(60),
      business_license_number: "RC123456",
      agreement: true,
    },
  });
  if (res.status() !== 201) throw new Error(`store: ${res.status()} ${await res.text()}`);
  const store = (await res.json()) as { id: number; slug: string };
  return { ...who, token, store };
}

/** A root category with sub-categories, and its first sub-category. */
async function categoryPair(request: APIRequestContext) {
  const roots = (await (await request.get("/api/v1/products/categories/root_categories/")).json()) as Array<{ id: number; name: string }>;
  for (const root of roots) {
    const subs = (await (await request.get(`/api/v1/products/categories/${root.id}/subcategories/`)).json()) as Array<{ id: number; name: string }>;
    if (subs.length) return { root, sub: subs[0] };
  }
  throw new Error("no category with sub-categories");
}

test("a vendor adds a product with four photos and a variant, edits one photo, a shopper finds it, the vendor deletes it", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(120_000);
  const vendor = await newVendor(request);
  const { root, sub } = await categoryPair(request);
  const tag = `zq${Date.now().toString(36)}${testInfo.project.name.replace(/-/g, "")}`;
  const name = `Roofing sheet ${tag}`;
  const base = `/stores/${vendor.store.slug}/products`;
  await login(page, vendor.email, vendor.password, testInfo);

  await page.goto(base);
  await expect(page.getByRole("heading", { name: "No Product" })).toBeVisible();
  await expect(page.getByText("Ready to get started?")).toBeVisible();
  await expect(page.getByText("Add your products now and enhance your customer experience.")).toBeVisible();
  await page.getByRole("link", { name: "Add Product" }).last().click();
  await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();
  await ready(page, testInfo);

  const photos = [await photo(1), await photo(2, "jpeg"), await photo(3), await photo(4, "jpeg")];
  const attach = async () => {
    for (let i = 0; i < 4; i++)
      await page.locator(`input[name="image[${i}]"]`).setInputFiles({ name: `p${i}.${i % 2 ? "jpg" : "png"}`, mimeType: i % 2 ? "image/jpeg" : "image/png", buffer: photos[i] });
  };
  await page.getByLabel("For rent").check();
  await page.locator('select[name="category"]').selectOption(String(root.id));
  await page.locator('select[name="sub_category"]').selectOption(String(sub.id));
  await page.getByLabel("Product name").fill(name);
  await page.getByLabel("Price (₦)").fill("15000");
  await page.getByLabel("Stock quantity").fill("3");
  await page.getByLabel("Medium").check();
  await page.getByLabel(/^Description/).fill(words(12, tag));
  await attach();
  // The same file picked twice (same name, size and type): the spec's duplicate, on the later slot.
  await page.locator('input[name="image[1]"]').setInputFiles({ name: "p0.png", mimeType: "image/png", buffer: photos[0] });
  await page.getByRole("button", { name: "Submit" }).click();

  // Refused: the duplicate photo, the word rule, next to the description; nothing typed is lost.
  await expect(page.getByText("Enter at least 50 words.")).toBeVisible();
  await expect(page.getByTestId("photo-slot-1")).toContainText("Image has already been uploaded");
  await expect(page.getByLabel("Product name")).toHaveValue(name);
  await expect(page.getByLabel(/^Description/)).toHaveValue(words(12, tag));
  await expect(page.getByLabel("Price (₦)")).toHaveValue("15000");
  await expect(page.locator('select[name="sub_category"]')).toHaveValue(String(sub.id));
  await expect(page.getByLabel("For rent")).toBeChecked();
  if (jsEnabled(testInfo)) {
    // The browser keeps the chosen photos (and shows them).
    await expect(page.getByTestId("pick-photos-again")).toHaveCount(0);
    await expect(page.getByTestId("photo-slot-3").locator("img")).toBeVisible();
  } else {
    await expect(page.getByTestId("pick-photos-again")).toBeVisible();
    await shot(page, testInfo, "add-form-errors");
  }
  await attach();
  await page.getByLabel(/^Description/).fill(words(60, tag));
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page.getByRole("heading", { name: "Add variant" })).toBeVisible();
  await expect(page.getByTestId("flash")).toHaveText(`${name} was added`);
  const productId = Number(page.url().split("/products/")[1].split("/")[0]);
  const before = await (await request.get(`/api/v1/products/${productId}/`)).json();
  expect(before.images).toHaveLength(4);
  await ready(page, testInfo);
  await page.getByLabel("Variant").fill("Colour");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Value is required when a variant is selected")).toBeVisible();
  await expect(page.getByText("Price is required when a variant is selected")).toBeVisible();
  await page.getByLabel("Value").fill("Red");
  await page.getByLabel("Price (₦)").fill("500");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("options-added")).toContainText("Colour: Red · ₦500");
  await page.getByRole("link", { name: "Done" }).click();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(sub.name);
  await expect(row).toContainText("₦15,000");
  await expect(row).toContainText(/rent/i);

  await page.getByRole("link", { name: `View ${name}` }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Colour: Red")).toBeVisible();
  await expect(page.getByText("Low stock")).toBeVisible();

  // Edit: one photo slot replaced, the price changed; the other photos stay.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Edit Product/ })).toContainText(name);
  await ready(page, testInfo);
  await expect(page.getByLabel("Product name")).toHaveValue(name);
  await expect(page.getByTestId("photo-slot-2").locator("img")).toHaveAttribute("src", new RegExp(before.images[2].image.split("/media/")[1].replace(/[.?]/g, "\\$&")));
  await page.locator('input[name="image[1]"]').setInputFiles({ name: "new.png", mimeType: "image/png", buffer: await photo(50) });
  await page.getByLabel("Price (₦)").fill("16000");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByTestId("flash")).toHaveText(`${name} was updated`);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("₦16,000");
  const after = await (await request.get(`/api/v1/products/${productId}/`)).json();
  expect(after.images.map((i: { id: number }) => i.id)).toEqual(before.images.map((i: { id: number }) => i.id));
  expect(after.images[1].image).not.toBe(before.images[1].image);
  expect([after.images[0].image, after.images[2].image, after.images[3].image]).toEqual([before.images[0].image, before.images[2].image, before.images[3].image]);
  await shot(page, testInfo, "table");

  // A shopper finds it through site search.
  const shopperContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo), viewport: testInfo.project.use.viewport });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/products/?search=${tag}`);
  await expect(shopper.getByRole("link", { name: new RegExp(name, "i") }).first()).toBeVisible();
  await shopperContext.close();

  // Delete asks first; Cancel keeps it, Delete removes it.
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Delete ${name}?` })).toBeVisible();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByTestId("flash")).toHaveText(`${name} was deleted`);
  await expect(page.getByRole("heading", { name: "No Product" })).toBeVisible();
  expect((await request.get(`/api/v1/products/${productId}/`)).status()).toBe(404);
});

test("products pagination: 10 a page, page links, GO past the last page lands on the last", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const vendor = await newVendor(request);
  const { sub } = await categoryPair(request);
  for (let i = 1; i <= 11; i++) {
    const r = await request.post("/api/v1/products/", {
      headers: { Authorization: `Bearer ${vendor.token}` },
      multipart: {
        store: String(vendor.store.id),
        name: `Paged item ${String(i).padStart(2, "0")}`,
        price: String(1000 * i),
        size: "small",
        type: "sale",
        category: String(sub.id),
        description: words(55),
        "image[0]": { name: "a.png", mimeType: "image/png", buffer: await photo(100 + i) },
      },
    });
    expect(r.status()).toBe(201);
  }
  const base = `/stores/${vendor.store.slug}/products`;
  await login(page, vendor.email, vendor.password, testInfo);
  await page.goto(base);
  await expect(page.locator("tbody tr")).toHaveCount(10);
  const nav = page.getByTestId("pagination");
  await expect(nav.getByText("1", { exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Page 2" })).toBeVisible();
  await ready(page, testInfo);
  await nav.getByRole("spinbutton").fill("99");
  await nav.getByRole("spinbutton").press("Enter");
  await expect(page).toHaveURL(new RegExp(`${base}\\?page=2$`));
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "Paged item 01" })).toBeVisible();
  await expect(nav.getByText("2", { exact: true })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.locator("tbody tr")).toHaveCount(10);
  // Another vendor's store area is not found.
  const other = await newVendor(request);
  const res = await page.goto(`/stores/${other.store.slug}/products`);
  expect(res?.status()).toBe(404);
});
