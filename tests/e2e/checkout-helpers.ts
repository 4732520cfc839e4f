/** Steps the checkout and order e2e specs share: products with stock, the cart, the address form, the Paystack stand-in. */
import fs from "node:fs";
import { LGAS_BY_STATE, type State } from "../../app/domain/lgas";
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";

export interface P {
  id: number;
  name: string;
  selling_price: number;
}

/**
 * Published products in stock, cheapest first, from `offset` (tests take different slices so
 * parallel runs do not fight over the same units).
 */
export async function productsInStock(request: APIRequestContext, offset: number, count: number): Promise<P[]> {
  const r = await request.get("/api/v1/products/?page_size=100&ordering=selling_price");
  // Sold one at a time (the demo's blocks sell from 50, by 50; sand by the trip: issue 34).
  const list = ((await r.json()).results as (P & { in_stock: boolean; stock_quantity?: number; min_quantity: number; quantity_step: number })[]).filter(
    (p) => p.in_stock && p.min_quantity === 1 && p.quantity_step === 1,
  );
  const picked = list.slice(offset, offset + count);
  if (picked.length < count) throw new Error(`only ${picked.length} products in stock from offset ${offset}`);
  return picked;
}

/**
 * Options at different prices (another spec may have added some to a shared demo product): none is
 * chosen for the shopper, so pick the first in stock, as a shopper must.
 */
export async function chooseOptionIfNeeded(page: Page) {
  const form = page.getByTestId("option-form");
  if ((await form.count()) === 0 || (await form.locator("input[type=radio]:checked").count()) > 0) return;
  await form.locator("input[type=radio]:not([disabled])").first().check();
}

export async function addToCart(page: Page, testInfo: TestInfo, product: P) {
  await page.goto(`/products/${product.id}`);
  await ready(page, testInfo);
  await chooseOptionIfNeeded(page);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page.getByTestId("flash")).toHaveText("Added to cart");
}

/** From /cart: the Checkout button. */
/** A new signed-in shopper with one product (the `offset`-th in stock) in the cart. */
export async function signedInWithCart(page: Page, request: APIRequestContext, testInfo: TestInfo, offset: number) {
  const [product] = await productsInStock(request, offset, 1);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, product);
  return { product, shopper };
}

export async function checkoutFromCart(page: Page, testInfo: TestInfo) {
  await page.goto("/cart");
  await ready(page, testInfo);
  await page.getByRole("link", { name: /^Checkout/ }).click();
}

/** A state's first LGA (address forms ask for one). */
export const firstLga = (state: string) => LGAS_BY_STATE[state as State][0];

export const ADDRESS = {
  first: "Chinedu",
  last: "Okonkwo",
  phone: "08031234567",
  street: "12 Admiralty Way, Lekki Phase 1",
  city: "Lagos",
  state: "Lagos",
  /** The form asks for one; empty: the state's first LGA. */
  lga: "",
  /** Optional: left empty unless a test gives it. */
  landmark: "",
};

/** Fills the address form of the checkout's DELIVERY ADDRESS block and saves it. */
export async function fillAddressForm(page: Page, a: Partial<typeof ADDRESS> = {}) {
  const v = { ...ADDRESS, ...a };
  const form = page.locator("#checkout-add-address");
  await form.getByLabel("First name").fill(v.first);
  await form.getByLabel("Last name").fill(v.last);
  await form.getByLabel("Phone number", { exact: false }).first().fill(v.phone);
  await form.getByLabel("Delivery address").fill(v.street);
  await form.getByLabel("City").fill(v.city);
  await form.getByLabel("State").selectOption(v.state);
  await form.getByLabel("Local government area").selectOption(v.lga || firstLga(v.state));
  if (v.landmark) await form.getByLabel("Landmark").fill(v.landmark);
  await form.getByRole("button", { name: "Save and use this address" }).click();
  await expect(page.getByTestId("chosen-address")).toContainText(v.street);
}

export async function placeOrder(page: Page, method: "Pay with card" | "Pay on delivery") {
  await page.getByLabel(new RegExp(`^${method}`)).check();
  await page.getByRole("button", { name: "Place order" }).click();
}

/** On the Paystack stand-in's hosted page: one of "Pay", "Decline", "Cancel payment". */
export async function onPaystack(page: Page, button: "Pay" | "Decline" | "Cancel payment") {
  await expect(page.getByRole("heading", { name: /^Pay ₦/ })).toBeVisible();
  await page.getByRole("button", { name: button, exact: true }).click();
}

/** A screenshot at 360 px with JavaScript off (the note), once per run. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("tests/.tmp/screenshots", { recursive: true });
  await page.screenshot({ path: `tests/.tmp/screenshots/${name}.png`, fullPage: true });
}

/** The order id of the success page's URL. */
export const orderIdOf = (url: string) => new URL(url).searchParams.get("order_id") ?? "";

/** From a filled cart: checkout, a new address (ADDRESS), pay on delivery; waits for the thank-you page and returns the order id. */
export async function placePayOnDeliveryFromCart(page: Page, testInfo: TestInfo, address: Partial<typeof ADDRESS> = {}): Promise<string> {
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page, address);
  await placeOrder(page, "Pay on delivery");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  return orderIdOf(page.url());
}
