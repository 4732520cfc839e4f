/**
 * Bank transfer and USSD on our own light page (issue 33), JavaScript off at 360 px and on at
 * desktop (TWO_PROJECT_SPECS): a cart paid by transfer (the exact amount: paid once, the thank-you
 * page; a short amount: still unpaid, "Paystack will return the ₦X you sent"; an expired account:
 * "Nothing was taken" and a new one), and a Buy Now paid by USSD. The shopper's bank is played on
 * the Paystack stand-in's tester page in a second tab; our page notices by itself (it is always
 * lite: a meta refresh, JavaScript on as off).
 */
import fs from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { checkoutFromCart, fillAddressForm, productsInStock, signedInWithCart } from "./checkout-helpers";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";
import { onBank } from "./two-store-helpers";

/** Screenshots for the note: 360 px, JavaScript off (SHOTS_DIR, default tests/.tmp/screenshots). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  const dir = process.env.SHOTS_DIR ?? "tests/.tmp/screenshots";
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function placeWith(page: Page, label: RegExp) {
  await page.getByLabel(label).check();
  await page.getByRole("button", { name: "Place order" }).click();
}

const money = (s: string | null) => Number((s ?? "").replace(/[^\d.]/g, ""));

test("a cart paid by bank transfer: the exact amount pays the order once and the page moves to the thank-you page by itself", async ({ page, request }, testInfo) => {
  await signedInWithCart(page, request, testInfo, 20);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page);
  const total = await page.getByTestId("checkout-total").textContent();
  await placeWith(page, /^Bank transfer/);
  await expect(page).toHaveURL(/\/checkout\/offline\/ord-[0-9a-f]{12}-1-[0-9a-f]{6}\?order_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Pay by bank transfer" })).toBeVisible();
  await expect(page.getByTestId("offline-amount")).toHaveText(total!);
  await expect(page.getByTestId("account-number")).toHaveText(/^\d{3} \d{3} \d{4}$/);
  await expect(page.getByTestId("bank-name")).toHaveText("Paystack-Titan");
  await expect(page.getByTestId("offline-expires")).toHaveText(/^Expires at \d\d:\d\d \(in (30|29) minutes\)$/);
  // The page is always lite (no script, with JavaScript on as off) and refreshes itself, a few seconds apart.
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", /^[1-5]$/);
  expect(await page.locator("script[src], script[type=module]").count()).toBe(0);
  await shot(page, testInfo, "transfer-page-360-js-off");
  // Nothing fits sideways at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await onBank(page, /^Send the exact amount/);
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order_id=[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await expect(page.getByTestId("order-success")).toContainText("and paid");
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  const orderId = new URL(page.url()).searchParams.get("order_id");
  await page.goto(`/users/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Complete");
});

test("a short transfer leaves the order unpaid with the refund message; a new account, then an expired one, then another", async ({ page, request }, testInfo) => {
  await signedInWithCart(page, request, testInfo, 21);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page);
  await placeWith(page, /^Bank transfer/);
  await expect(page.getByRole("heading", { name: "Pay by bank transfer" })).toBeVisible();
  const due = money(await page.getByTestId("offline-amount").textContent());
  const short = Math.floor(due / 2);
  const firstUrl = page.url();
  await onBank(page, /^Send this amount/, short);
  await expect(page.getByTestId("offline-wrong-amount")).toContainText(`Paystack will return the ₦${short.toLocaleString("en-NG")} you sent`, { timeout: 20_000 });
  await expect(page.getByTestId("offline-wrong-amount")).toContainText("Your order is not paid yet.");
  await shot(page, testInfo, "transfer-wrong-amount-360-js-off");
  await page.getByRole("button", { name: "Get a new account" }).click();
  await expect(page.getByTestId("account-number")).toBeVisible();
  expect(page.url()).not.toBe(firstUrl);
  await expect(page.getByTestId("offline-amount")).toHaveText(`₦${due.toLocaleString("en-NG")}`);
  // This account expires (a late transfer goes back to the payer).
  await onBank(page, /^Let it expire/);
  await expect(page.getByTestId("offline-expired")).toContainText("This account has expired. Nothing was taken.", { timeout: 20_000 });
  await shot(page, testInfo, "transfer-expired-360-js-off");
  const expiredUrl = page.url();
  await page.getByRole("button", { name: "Get a new account" }).click();
  await expect(page.getByTestId("account-number")).toBeVisible();
  expect(page.url()).not.toBe(expiredUrl);
  await expect(page.getByTestId("offline-expired")).toHaveCount(0);
  // Still unpaid; the order page's "Pay by bank transfer" offers the account still open, not another one.
  const openUrl = page.url();
  const orderId = new URL(openUrl).searchParams.get("order_id");
  await page.goto(`/users/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Pending");
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Pay by bank transfer" }).click();
  await expect(page.getByTestId("account-number")).toBeVisible();
  expect(page.url()).toBe(openUrl);
});

test("Buy Now paid by USSD: the bank chosen, the code to dial as a tel: link, paid by itself", async ({ page, request }, testInfo) => {
  const [a] = await productsInStock(request, 22, 1);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await page.goto(`/products/${a.id}`);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Buy Now" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/checkout/payment\\?buy=${a.id}$`));
  await ready(page, testInfo);
  await fillAddressForm(page);
  const total = await page.getByTestId("checkout-total").textContent();
  await placeWith(page, /^USSD/);
  await expect(page.getByRole("heading", { name: "Pay by USSD" })).toBeVisible();
  await page.getByRole("button", { name: /GTBank/ }).click();
  await expect(page).toHaveURL(/\/checkout\/offline\/ord-/);
  await expect(page.getByTestId("offline-amount")).toHaveText(total!);
  const code = page.getByTestId("ussd-code");
  await expect(code).toHaveText(/^\*737\*000\*\d{4}#$/);
  expect(await code.getAttribute("href")).toMatch(/^tel:\*737\*000\*\d{4}%23$/);
  await expect(page.getByTestId("offline-payment")).toContainText("Dial this code on the phone linked to your GTBank account");
  await shot(page, testInfo, "ussd-page-360-js-off");
  await onBank(page, /^Dial .* and approve/);
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order_id=[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByTestId("order-success")).toContainText("and paid");
});
