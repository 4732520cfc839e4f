/**
 * Nigerian addresses, JavaScript off at 360 px and on at 1280: a member adds a
 * delivery address with its LGA and a landmark at checkout (JS off: a state/LGA mismatch comes
 * back as a field error with everything typed kept; JS on: the LGA list follows the state), sees
 * the full name, LGA and landmark as the chosen address, pays on delivery, and the store's order
 * page shows the LGA and landmark to the vendor.
 */
import fs from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { ADDRESS, addToCart, checkoutFromCart, orderIdOf, placeOrder } from "./checkout-helpers";
import { newVendorStore } from "./store-helpers";
import { isPhone, jsEnabled, login, newShopper, openOrderAs, ready } from "./utils";

// Two sign-ins and a checkout on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("/work/shots/addr", { recursive: true });
  await page.screenshot({ path: `/work/shots/addr/${name}.png`, fullPage: true });
}

test("an address with LGA and landmark goes through checkout to the store's order page", async ({ page, request }, testInfo) => {
  const tag = `${Date.now().toString(36)}${testInfo.project.name.length}`;
  const { vendor, store, product } = await newVendorStore(request, {
    tag,
    storeName: `Lekki Tiles ${tag}`,
    address: "3 Admiralty Road, Lekki, Lagos",
    state: "Lagos",
    productName: `Floor tile ${tag}`,
    price: "18000",
    size: "small",
    vocabulary: ["tile", "floor", "glazed", "durable", "ceramic", "finish"],
    colour: { r: 30, g: 160, b: 90 },
  });
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, product);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);

  const form = page.locator("#checkout-add-address");
  const lga = form.getByLabel("Local government area");
  await expect(form.getByLabel("Landmark or nearest bus stop (optional)")).toBeVisible();
  await expect(form.getByLabel("Postal code (optional)")).toBeVisible();
  await shot(page, testInfo, "checkout-address");
  await form.getByLabel("First name").fill(ADDRESS.first);
  await form.getByLabel("Last name").fill(ADDRESS.last);
  await form.getByLabel("Phone number", { exact: false }).first().fill(ADDRESS.phone);
  await form.getByLabel("Delivery address").fill(ADDRESS.street);
  await form.getByLabel("Landmark").fill("Opposite Mega Plaza");
  await form.getByLabel("City").fill("Lekki");

  if (jsEnabled(testInfo)) {
    // The LGA list follows the state: Kano's LGAs only once Kano is chosen, then Lagos's.
    await form.getByLabel("State").selectOption("Kano");
    await expect(lga.locator("option", { hasText: "Dala" })).toHaveCount(1);
    await expect(lga.locator("option", { hasText: "Eti-Osa" })).toHaveCount(0);
    await form.getByLabel("State").selectOption("Lagos");
    await expect(lga.locator("option", { hasText: "Dala" })).toHaveCount(0);
  } else {
    // Without JavaScript every LGA is listed under its state; one of another state is a field error.
    await expect(lga.locator('optgroup[label="Kano"] option', { hasText: "Dala" })).toHaveCount(1);
    await form.getByLabel("State").selectOption("Kano");
    await lga.selectOption("Eti-Osa");
    await form.getByRole("button", { name: "Save and use this address" }).click();
    await expect(form.getByText("Eti-Osa is not an LGA of Kano. Choose an LGA of Kano, or change the state.")).toBeVisible();
    await expect(lga).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Delivery address")).toHaveValue(ADDRESS.street);
    await expect(form.getByLabel("Landmark")).toHaveValue("Opposite Mega Plaza");
    await expect(lga).toHaveValue("Eti-Osa");
    await shot(page, testInfo, "checkout-address-lga-error");
    await form.getByLabel("State").selectOption("Lagos");
  }
  await lga.selectOption("Eti-Osa");
  await form.getByRole("button", { name: "Save and use this address" }).click();

  // The chosen address: the receiver's full name, the landmark and the LGA.
  const chosen = page.getByTestId("chosen-address");
  await expect(chosen).toContainText(`${ADDRESS.first} ${ADDRESS.last}`);
  await expect(chosen).toContainText("Landmark: Opposite Mega Plaza");
  await expect(chosen).toContainText("Lekki, Eti-Osa LGA, Lagos");
  await shot(page, testInfo, "checkout-chosen-address");
  await placeOrder(page, "Pay on delivery");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  const orderId = orderIdOf(page.url());
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

  // The vendor's view of the order.
  await openOrderAs(page, testInfo, vendor, `/stores/${store.slug}/orders/${orderId}`);
  const address = page.getByTestId("order-address");
  await expect(address).toContainText(ADDRESS.street);
  await expect(address).toContainText("Landmark: Opposite Mega Plaza");
  await expect(address).toContainText("Eti-Osa LGA, Lagos");
  await shot(page, testInfo, "store-order-address");
});
