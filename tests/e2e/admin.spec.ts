/**
 * Admin, JavaScript on and off, phone and desktop: the demo admin suspends a fresh
 * store (made here, not the demo one) and its product leaves search and its page; reinstated, it
 * is back; verified, the product page shows the "Verified seller" badge; the audit log shows it
 * all. Shoppers get a 404 at /admin, anonymous visitors the login page.
 */
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { newVendorStore } from "./store-helpers";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";

const ADMIN = { email: "admin@demo.buildmart.ng", password: "Admin#2024" };

/** A new vendor with a new store and one product whose name holds a unique word. */
async function freshStore(request: APIRequestContext, tag: string) {
  const seed = Number.parseInt(tag.slice(-6), 36) % 256;
  const made = await newVendorStore(request, {
    tag,
    storeName: `Admin Test Depot ${tag}`,
    address: "12 Allen Avenue, Ikeja, Lagos",
    productName: `Granite ${tag} slab`,
    price: "25000",
    size: "large",
    vocabulary: ["strong", "durable", "granite", "polished", "slab", "stone"],
    colour: { r: seed, g: 120, b: 200 },
  });
  return { store: made.store, name: made.store.name, product: made.product };
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo)) return; // the screenshots are of the server-rendered pages (JS off)
  await page.screenshot({ path: `/work/shots/admin-${name}-${isPhone(testInfo) ? 360 : 1280}.png`, fullPage: true });
}

test("anonymous visitors go to the login page; a shopper gets a 404 at /admin", async ({ page, request }, testInfo) => {
  await page.goto("/admin/stores");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Fstores/);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  const r = await page.goto("/admin");
  expect(r?.status()).toBe(404);
  await expect(page.getByText("We looked everywhere")).toBeVisible();
  expect((await page.goto("/admin/audit"))?.status()).toBe(404);
});

test("the admin suspends a store: its product leaves search and its page; reinstated it is back; verified, the badge shows; the audit log has it", async ({ page, request }, testInfo) => {
  const tag = `${testInfo.project.name.replace(/-/g, "")}${Date.now().toString(36)}`.toLowerCase();
  const { store, name, product } = await freshStore(request, tag);
  const searchUrl = `/products/?search=${encodeURIComponent(tag)}`;
  const productUrl = `/${product.category_slug}/${product.id}`;

  await page.goto(searchUrl);
  await expect(page.getByText(`Granite ${tag} slab`).first()).toBeVisible();

  await login(page, ADMIN.email, ADMIN.password, testInfo);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin", exact: true })).toBeVisible();
  await page.goto(`/admin/stores?q=${encodeURIComponent(store.slug)}`);
  await ready(page, testInfo);
  const row = page.getByTestId(`store-row-${store.slug}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText("Not verified");

  // a suspension needs a reason: refused without one, next to the field
  await row.getByTestId(`suspend-${store.id}-open`).click();
  await row.getByTestId(`suspend-${store.id}-submit`).click();
  await expect(page.getByText("Give a reason")).toBeVisible();
  await page.getByTestId(`suspend-${store.id}-reason`).fill("Counterfeit granite reported by buyers");
  await page.getByTestId(`suspend-${store.id}-submit`).click();
  await expect(page.getByTestId("flash")).toContainText("Store suspended");
  await expect(page.getByTestId(`store-row-${store.slug}`)).toContainText("Suspended");
  await expect(page.getByTestId(`store-row-${store.slug}`)).toContainText("Counterfeit granite reported by buyers");
  await shot(page, testInfo, "stores");

  // shoppers (a separate, signed-out browser context) no longer find it
  const shopperCtx = await page.context().browser()!.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
  const shopperPage = await shopperCtx.newPage();
  await shopperPage.goto(new URL(searchUrl, page.url()).toString());
  await expect(shopperPage.getByText(`Granite ${tag} slab`)).toHaveCount(0);
  expect((await shopperPage.goto(new URL(productUrl, page.url()).toString()))?.status()).toBe(404);

  await page.getByTestId(`reinstate-${store.id}`).click();
  await expect(page.getByTestId("flash")).toContainText("Store reinstated");
  await page.getByTestId(`verify-${store.id}`).click();
  await expect(page.getByTestId("flash")).toContainText("Store verified");
  await expect(page.getByTestId(`store-row-${store.slug}`)).toContainText("Verified");

  await shopperPage.goto(new URL(searchUrl, page.url()).toString());
  await expect(shopperPage.getByText(`Granite ${tag} slab`).first()).toBeVisible();
  await shopperPage.goto(new URL(productUrl, page.url()).toString());
  await expect(shopperPage.getByTestId("verified-seller")).toHaveText(/Verified seller/);
  await shopperCtx.close();

  await page.goto(`/admin/audit?target_type=store&target_id=${store.id}`);
  const entries = page.getByTestId("audit-row");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("store.verify");
  await expect(entries.nth(1)).toContainText("store.reinstate");
  await expect(entries.nth(2)).toContainText("store.suspend");
  await expect(entries.nth(2)).toContainText("Counterfeit granite reported by buyers");
  await expect(entries.nth(2)).toContainText(ADMIN.email);
  await shot(page, testInfo, "audit");
});
