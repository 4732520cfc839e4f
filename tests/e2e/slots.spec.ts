/**
 * Delivery to a site on a booked day, and collection from the yard (issue 35 item 5, decision 0037),
 * with JavaScript off at 360 px and on at desktop: a fresh store marks its sand as bulk, publishes
 * delivery days with one truck each and offers collection from its yard (the seller's page); a buyer
 * is refused pay on delivery for bulk goods (the message next to the choice, the slot kept), books
 * the first day and pays by card; a second buyer sees that day full and collects from the yard
 * instead: no delivery fee, the yard's address and hours on the order page; the store's order page
 * shows the day booked.
 */
import { expect, test } from "@playwright/test";
import { newVendorStore } from "./store-helpers";
import { addToCart, checkoutFromCart, fillAddressForm, onPaystack, orderIdOf, screenshot } from "./checkout-helpers";
import { login, newShopper, openOrderAs, ready } from "./utils";

const YARD = { address: "Plot 4, Ikorodu Road, Ketu, Lagos", hours: "Mon–Sat 8am–5pm" };

test("a store publishes a one-truck day and its yard; one buyer books the day, the next finds it full and collects", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const tag = `${Date.now().toString(36)}${testInfo.parallelIndex}`;
  const { vendor, store, product } = await newVendorStore(request, {
    tag,
    storeName: `Ketu Sand ${tag}`,
    address: "4 Ikorodu Road, Ketu, Lagos",
    state: "Lagos",
    productName: `Sharp sand 20 t ${tag}`,
    price: "180000",
    size: "large",
    vocabulary: ["sand", "granite", "tipper", "washed", "sharp", "site"],
    colour: { r: 200, g: 170, b: 110 },
  });
  const tok = await request.post("/api/v1/users/auth/login/", { data: { email: vendor.email, password: vendor.password } });
  const headers = { Authorization: `Bearer ${(await tok.json()).access}` };
  // Bulk goods (the product form's checkbox is the same field; its page is tested with the product forms).
  const bulk = await request.patch(`/api/v1/products/${product.id}/`, { headers, data: { bulk: true } });
  expect(bulk.status(), await bulk.text()).toBe(200);

  // The seller: delivery days (one truck, the whole day) and the yard.
  await login(page, vendor.email, vendor.password, testInfo);
  await page.goto(`/stores/${store.slug}/delivery`);
  await ready(page, testInfo);
  const publish = page.getByTestId("publish-slots-form");
  await publish.getByLabel("All day (8–17)").check();
  await publish.getByLabel("For the next how many days").fill("0");
  await publish.getByLabel("Trucks per slot").fill("1");
  await publish.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Enter a number of days from 1 to 60.")).toBeVisible();
  await expect(page.getByTestId("publish-slots-form").getByLabel("Trucks per slot")).toHaveValue("1");
  await page.getByTestId("publish-slots-form").getByLabel("For the next how many days").fill("5");
  await page.getByTestId("publish-slots-form").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Delivery days published.");
  await expect(page.getByTestId("slot-list").locator("li").first()).toContainText("0 of 1 booked");
  const yard = page.getByTestId("collection-form");
  await yard.getByLabel("Buyers may collect from our yard (no delivery fee)").check();
  await yard.getByLabel("Yard address").fill(YARD.address);
  await yard.getByLabel("Opening hours").fill(YARD.hours);
  await yard.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Collection settings saved.");

  // Buyer 1: pay on delivery is refused for bulk goods; the day booked, paid by card.
  await page.context().clearCookies();
  const first = await newShopper(request);
  await login(page, first.email, first.password, testInfo);
  await addToCart(page, testInfo, { ...product, stock_quantity: 10 } as never);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page);
  const choice = page.getByTestId(`shipment-choice-${store.id}`);
  await expect(choice.getByTestId("yard-address")).toContainText(YARD.address);
  const day = choice.locator(`input[name="slot_${store.id}"]`).first();
  const dayId = await day.getAttribute("value");
  await day.check();
  await screenshot(page, testInfo, "slot-picker");
  await page.getByLabel(/^Pay on delivery/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByTestId("pay-at-door-note").getByRole("alert")).toHaveText("Bulk goods cannot be paid on delivery. Please choose card, bank transfer or USSD.");
  await expect(page.getByTestId(`shipment-choice-${store.id}`).locator(`input[name="slot_${store.id}"][value="${dayId}"]`)).toBeChecked();
  await page.getByLabel(/^Pay with card/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await onPaystack(page, "Pay");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  const booked = orderIdOf(page.url());
  await page.goto(`/users/orders/${booked}`);
  await expect(page.getByTestId("delivery-slot")).toContainText("all day (08:00–17:00)");

  // Buyer 2: that day is full (shown, not choosable); collecting from the yard instead.
  await page.context().clearCookies();
  const second = await newShopper(request);
  await login(page, second.email, second.password, testInfo);
  await addToCart(page, testInfo, { ...product, stock_quantity: 10 } as never);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page);
  const again = page.getByTestId(`shipment-choice-${store.id}`);
  const full = again.locator(`input[name="slot_${store.id}"][value="${dayId}"]`);
  await expect(full).toBeDisabled();
  await expect(again.locator("label[data-full=true]").first()).toContainText("Full");
  await again.getByLabel(/^Collect from the yard/).check();
  await page.getByLabel(/^Pay with card/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await onPaystack(page, "Pay");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  const collected = orderIdOf(page.url());
  await page.goto(`/users/orders/${collected}`);
  await ready(page, testInfo);
  const at = page.getByTestId("collect-from-yard");
  await expect(at).toContainText(YARD.address);
  await expect(at).toContainText(YARD.hours);
  await expect(page.getByTestId("shipment").first()).toContainText(/Shipping free/i);

  // The store's order page shows the day booked.
  await openOrderAs(page, testInfo, vendor, `/stores/${store.slug}/orders/${booked}`);
  await expect(page.getByTestId("delivery-slot")).toContainText("all day (08:00–17:00)");
});
