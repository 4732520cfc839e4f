/**
 * The seller's orders, JavaScript on and off: a shopper buys from the demo vendor's store
 * with pay on delivery; the vendor finds the order in the store's history, confirms, ships and
 * delivers it from the order page (one POST button each) and records the cash; a stale step is
 * refused with the API's message; the shopper's tracking page shows each step with its date.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { addToCart, placePayOnDeliveryFromCart } from "./checkout-helpers";
import { isPhone, jsEnabled, login, newShopper, openOrderAs, ready } from "./utils";
import { buyerDeliveryCode } from "./delivery-code-helpers";

const VENDOR = { email: "vendor@demo.buildmart.ng", password: "Vendor#2024" };

// Several sign-ins and a checkout on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

/** The demo vendor's current store and one of its published products in stock (a different one per project). */
async function vendorStoreAndProduct(request: APIRequestContext, testInfo: TestInfo) {
  const auth = await request.post("/api/v1/users/auth/login/", { data: VENDOR });
  expect(auth.status()).toBe(200);
  const { access, user } = (await auth.json()) as { access: string; user: { id: number } };
  const headers = { authorization: `Bearer ${access}` };
  const stores = (await (await request.get(`/api/v1/stores/owner/${user.id}/`, { headers })).json()) as Array<{ id: number; slug: string; name: string }>;
  const store = stores.at(-1)!;
  const list = await request.get(`/api/v1/products/store/${store.id}/?page_size=50`, { headers });
  const products = ((await list.json()).results as Array<{ id: number; name: string; selling_price: number; published: boolean; stock_quantity: number }>).filter(
    (p) => p.published && p.stock_quantity >= 20,
  );
  expect(products.length).toBeGreaterThan(4);
  const projects = ["js-on-phone", "js-off-phone", "js-on-desktop", "js-off-desktop"];
  const product = products[Math.max(0, projects.indexOf(testInfo.project.name))];
  return { store, product };
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("/work/shots", { recursive: true });
  await page.screenshot({ path: `/work/shots/sorders-${name}.png`, fullPage: true });
}

test("the vendor confirms, ships and delivers a pay-on-delivery order; the shopper's tracking page shows each date", async ({ page, request }, testInfo) => {
  const { store, product } = await vendorStoreAndProduct(request, testInfo);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, product);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);
  const number = `#${orderId.split("-")[0].toUpperCase()}`;

  // the vendor
  await openOrderAs(page, testInfo, VENDOR, `/stores/${store.slug}/orders/history`);
  await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
  const row = page.getByTestId("store-order-row").filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("store-order-status")).toHaveText("Placed");
  await shot(page, testInfo, "history");
  await ready(page, testInfo);
  await row.getByRole("link", { name: `View order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.slug}/orders/${orderId}$`));
  await expect(page.getByTestId("order-number")).toHaveText(number);
  await expect(page.getByTestId("order-item")).toContainText(product.name);
  await expect(page.getByText("Chinedu Okonkwo")).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Pending");
  await expect(page.getByText("Method: Pay on delivery")).toBeVisible();
  await shot(page, testInfo, "detail");

  for (const step of ["Confirmed", "Shipped"]) {
    await ready(page, testInfo);
    await page.getByRole("button", { name: `Mark as ${step}` }).click();
    await expect(page.getByTestId("flash")).toContainText(`is now ${step}`);
    await expect(page.getByTestId("delivery-status")).toHaveText(step);
    await expect(page.getByTestId("status-history")).toContainText(step);
  }
  // pay on delivery: Delivered with the shopper's code (docs/decisions/0025-delivery-code.md)
  await ready(page, testInfo);
  await page.getByLabel("Shopper's delivery code").fill(await buyerDeliveryCode(request, orderId, shopper));
  await page.getByRole("button", { name: "Delivered (cash later)" }).click();
  await expect(page.getByTestId("flash")).toContainText("delivered with the shopper's code");
  await expect(page.getByTestId("delivery-status")).toHaveText("Delivered");
  await expect(page.getByTestId("status-history")).toContainText("Delivered");
  await expect(page.getByRole("button", { name: /^Mark as/ })).toHaveCount(0);
  // pay on delivery: the cash is recorded with one click, and the order is paid
  await expect(page.getByTestId("cash-status")).toContainText("Collect");
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Cash received" }).click();
  await expect(page.getByTestId("flash")).toContainText("Cash recorded");
  await expect(page.getByTestId("payment-status")).toHaveText("Complete");
  await expect(page.getByText("This order was delivered: nothing more to do.")).toBeVisible();
  await expect(page.getByTestId("status-history").locator("li")).toHaveCount(5);

  // a stale form (an earlier step posted again) is refused with the API's message, on the page
  const stale = await page.request.post(`/stores/${store.slug}/orders/${orderId}`, {
    form: { intent: "advance", status: "Shipped" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain("This shipment is Delivered: it cannot move any further.");

  // the shopper's tracking page
  await openOrderAs(page, testInfo, shopper, `/users/orders/${orderId}/track`);
  await expect(page.getByRole("heading", { name: "Order Progress" })).toBeVisible();
  await expect(page.getByTestId("progress-fill")).toHaveAttribute("style", /width: ?100%/);
  for (const s of ["placed", "confirmed", "shipped", "delivered"]) await expect(page.getByTestId(`step-date-${s}`)).toHaveText(/\d{4}/);
});

test("a shopper cannot open a store's orders (404), anonymous goes to login", async ({ page, request }, testInfo) => {
  const { store } = await vendorStoreAndProduct(request, testInfo);
  const res = await page.goto(`/stores/${store.slug}/orders/history`);
  expect(new URL(page.url()).pathname).toBe("/auth/login");
  expect(res?.status()).toBe(200);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  for (const path of [`/stores/${store.slug}/orders/history`, `/stores/${store.slug}/customers`, `/stores/${store.slug}/members`]) {
    const r = await page.goto(path);
    expect(r?.status(), path).toBe(404);
  }
});
