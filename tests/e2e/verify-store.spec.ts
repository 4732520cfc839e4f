/**
 * A store sees why it is not a Verified business (issue 36 item 1, decision 0032), JavaScript off
 * at 360 px and on at desktop: a fresh vendor's store opens its Verification page from the store
 * menu, a number that is not an RC/BN number is refused next to the field with the typed value
 * kept, then its RC number is checked with the registry stand-in, which has the number registered
 * to another name (numbers ending in 17): the page says the registered name, the store's, what to
 * send and to whom, and that payouts are limited until it is verified. Screenshot at 360x640:
 * docs/i18n/screenshots/verify-store.png.
 */
import { expect, test } from "@playwright/test";
import { newVendorStore } from "./store-helpers";
import { isPhone, jsEnabled, login, ready } from "./utils";

test("a store sees why it is not verified, and what to send", async ({ page, request }, testInfo) => {
  const tag = `v${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const storeName = `Bello Blocks ${tag}`;
  const { vendor, store } = await newVendorStore(request, {
    tag,
    storeName,
    address: "4 Ring Road, Ibadan",
    state: "Oyo",
    productName: `Hollow blocks 9 inch ${tag}`,
    price: "650",
    size: "large",
    vocabulary: ["strong", "hollow", "sandcrete", "blocks", "for", "walls", "and", "fences"],
    colour: { r: 120, g: 120, b: 120 },
  });
  await login(page, vendor.email, vendor.password, testInfo);
  await page.goto(`/stores/${store.slug}/dashboard`);
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Verification" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.slug}/verification$`));
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Verified business", level: 1 })).toBeVisible();
  await expect(page.getByTestId("verification-status")).toContainText("Your store is not verified yet. Enter your CAC registration number");

  const number = page.getByLabel("CAC registration number");
  await number.fill("twelve");
  await page.getByRole("button", { name: "Check again" }).or(page.getByRole("button", { name: "Check my business" })).click();
  await expect(page.getByText("Enter your CAC number: RC and the digits for a company")).toBeVisible();
  await expect(number).toHaveValue("twelve");

  await number.fill("RC 5550017");
  await page.getByRole("button", { name: "Check my business" }).click();
  const status = page.getByTestId("verification-status");
  await expect(status).toHaveAttribute("data-status", "not_verified");
  await expect(status).toContainText("Your store is not verified yet. What the registry said, and what to do:");
  const reason = page.getByTestId("verification-reasons").locator('[data-reason="store_name"]');
  await expect(reason).toContainText(`The registered name is ZENITH BUILDING SUPPLIES LIMITED, but your store is called ${storeName}.`);
  await expect(reason).toContainText(`send us your CAC certificate that shows ${storeName} as your business name`);
  await expect(page.getByTestId("verification-send-to")).toContainText("verify@buildmart.ng");
  await expect(page.getByTestId("payout-limit")).toContainText("₦250,000");
  await expect(number).toHaveValue("RC 5550017");
  await expect(page.getByRole("button", { name: "Check again" })).toBeVisible();
  // The shoppers' side: the store's public page has no badge.
  const pub = await request.get(`/api/v1/stores/${store.slug}/`);
  expect((await pub.json()).verified).toBe(false);

  if (!jsEnabled(testInfo) && isPhone(testInfo)) {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByTestId("verification-status").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "docs/i18n/screenshots/verify-store.png" });
  }
});
