/**
 * The delivery code (issue 33 item 5), JavaScript off at 360 px and on at desktop: a shopper with
 * SMS updates places a pay-on-delivery order; the store ships it; the shopper gets the 4-digit code
 * by SMS and sees it on the order page; the store's page asks for it and never shows it; a wrong
 * code is refused with the message next to the field and what was typed kept; the right one marks
 * the shipment Delivered with the cash.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { addToCart, placePayOnDeliveryFromCart } from "./checkout-helpers";
import { deliveryCodeSms } from "./delivery-code-helpers";
import { isPhone, jsEnabled, login, newShopper, openOrderAs, ready, smsCodeFor } from "./utils";

const VENDOR = { email: "vendor@demo.buildmart.ng", password: "Vendor#2024" };
const ADMIN = { email: "admin@demo.buildmart.ng", password: "Admin#2024" };

test.describe.configure({ timeout: 180_000 });

async function apiToken(request: APIRequestContext, email: string, password: string) {
  const r = await request.post("/api/v1/users/auth/login/", { data: { email, password } });
  expect(r.status()).toBe(200);
  const j = (await r.json()) as { access: string; user: { id: number } };
  return { headers: { Authorization: `Bearer ${j.access}` }, userId: j.user.id };
}

/** The demo vendor's current store and one of its products in stock (another one per project). */
async function vendorStoreAndProduct(request: APIRequestContext, testInfo: TestInfo) {
  const v = await apiToken(request, VENDOR.email, VENDOR.password);
  const stores = (await (await request.get(`/api/v1/stores/owner/${v.userId}/`, { headers: v.headers })).json()) as Array<{ id: number; slug: string; name: string }>;
  const store = stores.at(-1)!;
  const list = await request.get(`/api/v1/products/store/${store.id}/?page_size=50`, { headers: v.headers });
  const products = ((await list.json()).results as Array<{ id: number; name: string; selling_price: number; published: boolean; stock_quantity: number }>).filter(
    (p) => p.published && p.stock_quantity >= 20,
  );
  // Other specs of the vendor take the first products: these take the last ones.
  const product = products.at(-1 - ["js-on-phone", "js-off-phone", "js-on-desktop", "js-off-desktop"].indexOf(testInfo.project.name))!;
  return { store, product, vendor: v };
}

/** A verified phone on the shopper's account (its code from the SMS outbox), SMS updates on. */
async function phoneWithSms(request: APIRequestContext, headers: Record<string, string>, userId: number): Promise<string> {
  const phone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  expect((await request.post("/api/v1/users/auth/phone/request/", { headers, data: { phone, purpose: "verify" } })).status()).toBe(202);
  const code = await smsCodeFor(phone, 15_000);
  expect((await request.post("/api/v1/users/auth/phone/add/", { headers, data: { phone, code } })).status()).toBe(200);
  expect((await request.put(`/api/v1/users/${userId}/channels/`, { headers, data: { email: true, sms: true, whatsapp: false } })).status()).toBe(200);
  return phone;
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("/work/shots/33", { recursive: true });
  await page.screenshot({ path: `/work/shots/33/${name}.png`, fullPage: true });
}

test("pay on delivery: the shopper gets the code by SMS and on the order page; the store enters a wrong code (refused) then the right one", async ({ page, request }, testInfo) => {
  const { store, product, vendor } = await vendorStoreAndProduct(request, testInfo);
  const shopper = await newShopper(request);
  const me = await apiToken(request, shopper.email, shopper.password);
  const phone = await phoneWithSms(request, me.headers, me.userId);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, product);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);

  // The store confirms and ships (its page's buttons are vendor-orders.spec.ts's): the code is made now.
  for (const status of ["Confirmed", "Shipped"]) {
    const r = await request.patch(`/api/v1/orders/${store.id}/store/${orderId}/status/`, { headers: vendor.headers, data: { status } });
    expect(r.status()).toBe(200);
    expect(JSON.stringify(await r.json())).not.toContain('"delivery_code":');
  }

  // The shopper: the SMS carries the code, the order page shows the same one.
  const sms = await deliveryCodeSms(phone);
  const code = /\b(\d{4})\b/.exec(sms)?.[1];
  expect(code, sms).toMatch(/^\d{4}$/);
  expect(sms).toContain(store.name);
  await openOrderAs(page, testInfo, shopper, `/users/orders/${orderId}`);
  const shown = page.getByTestId("delivery-code");
  await expect(shown).toContainText("Your delivery code");
  await expect(page.getByTestId("delivery-code-digits")).toHaveText(`${code!.slice(0, 2)} ${code!.slice(2)}`);
  await shot(page, testInfo, "shopper-delivery-code");

  // The store's page asks for the code and never has it.
  await openOrderAs(page, testInfo, VENDOR, `/stores/${store.slug}/orders/${orderId}`);
  const form = page.getByTestId("delivery-code-form");
  await expect(form).toBeVisible();
  await expect(page.getByTestId("delivery-code-digits")).toHaveCount(0);
  await expect(form).toContainText("5 tries left");
  await expect(page.getByRole("button", { name: "Mark as Delivered" })).toHaveCount(0);
  const storeAnswer = await (await request.get(`/api/v1/orders/${store.id}/store/${orderId}/`, { headers: vendor.headers })).json();
  expect(storeAnswer).toMatchObject({ delivery_code_required: true, delivery_code_tries_left: 5 });
  expect(JSON.stringify(storeAnswer)).not.toContain('"delivery_code":');

  // A wrong code: refused, the message under the field, what was typed kept; counted.
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
  await ready(page, testInfo);
  const field = page.getByLabel("Shopper's delivery code");
  await field.fill(wrong);
  await page.getByRole("button", { name: "Delivered and cash received" }).click();
  const error = page.locator("#delivery-code-delivery_code-error");
  await expect(error).toHaveText("That is not the shopper's delivery code. 4 tries left.");
  await expect(page.getByLabel("Shopper's delivery code")).toHaveValue(wrong);
  await expect(page.getByLabel("Shopper's delivery code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("delivery-status")).toHaveText("Shipped");
  // What the page holds: never the right code (its digits as the shopper's page spaces them, or whole in the form).
  expect(await page.getByTestId("delivery-code-form").innerText()).not.toContain(code!);
  await shot(page, testInfo, "store-delivery-code-form");

  // The right code: Delivered, cash recorded.
  await ready(page, testInfo);
  await page.getByLabel("Shopper's delivery code").fill(code!);
  await page.getByRole("button", { name: "Delivered and cash received" }).click();
  await expect(page.getByTestId("flash")).toContainText("delivered with the shopper's code, cash recorded");
  await expect(page.getByTestId("delivery-status")).toHaveText("Delivered");
  await expect(page.getByTestId("delivery-code-form")).toHaveCount(0);
  await expect(page.getByText("This order was delivered: nothing more to do.")).toBeVisible();

  // The shopper's page: delivered, no code any more.
  await openOrderAs(page, testInfo, shopper, `/users/orders/${orderId}`);
  await expect(page.getByTestId("shipment-status")).toHaveText("Delivered");
  await expect(page.getByTestId("delivery-code")).toHaveCount(0);
});

test("five wrong codes lock a delivery; the admin's Deliveries page unlocks it, then marks it delivered with a reason (refused without one)", async ({ page, request }, testInfo) => {
  const { store, vendor } = await vendorStoreAndProduct(request, testInfo);
  // Another product of the store than the test above's (they take the last ones by project).
  const list = await request.get(`/api/v1/products/store/${store.id}/?page_size=50`, { headers: vendor.headers });
  const products = ((await list.json()).results as Array<{ id: number; name: string; selling_price: number; published: boolean; stock_quantity: number; min_quantity?: number; quantity_step?: number }>).filter(
    (p) => p.published && p.stock_quantity >= 20 && (p.min_quantity ?? 1) === 1 && (p.quantity_step ?? 1) === 1,
  );
  const product = products.at(-5 - ["js-on-phone", "js-off-phone", "js-on-desktop", "js-off-desktop"].indexOf(testInfo.project.name))!;
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, product);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);
  for (const status of ["Confirmed", "Shipped"]) expect((await request.patch(`/api/v1/orders/${store.id}/store/${orderId}/status/`, { headers: vendor.headers, data: { status } })).status()).toBe(200);
  const me = await apiToken(request, shopper.email, shopper.password);
  const mine = (await (await request.get(`/api/v1/orders/${orderId}/`, { headers: me.headers })).json()) as { shipments: Array<{ id: number; delivery_code: string }> };
  const shipment = mine.shipments[0];
  const wrong = String((Number(shipment.delivery_code) + 1) % 10_000).padStart(4, "0");
  for (let i = 0; i < 5; i++) await request.patch(`/api/v1/orders/${store.id}/store/${orderId}/status/`, { headers: vendor.headers, data: { status: "Delivered", delivery_code: wrong } });

  await openOrderAs(page, testInfo, ADMIN, "/admin/deliveries?status=locked");
  const row = page.getByTestId(`delivery-row-${shipment.id}`);
  await expect(row).toContainText("Locked");
  expect(await row.innerText()).not.toContain(shipment.delivery_code);
  await row.getByTestId(`unlock-${shipment.id}`).click();
  await expect(page.getByTestId("flash")).toContainText("Unlocked");
  await page.goto("/admin/deliveries");
  await expect(page.getByTestId(`delivery-row-${shipment.id}`)).toContainText("0 wrong, 5 left");

  // Delivered without the code: a reason is required, next to the field; then it is delivered.
  await ready(page, testInfo);
  await page.getByTestId(`deliver-${shipment.id}-open`).click();
  await page.getByTestId(`deliver-${shipment.id}-reason`).fill("ok");
  await page.getByTestId(`deliver-${shipment.id}-submit`).click();
  await expect(page.getByTestId(`delivery-row-${shipment.id}`)).toContainText(/at least 10 characters/);
  await expect(page.getByTestId(`deliver-${shipment.id}-reason`)).toHaveValue("ok");
  await page.getByTestId(`deliver-${shipment.id}-reason`).fill("Shopper confirmed by phone that the goods arrived");
  await page.getByTestId(`deliver-${shipment.id}-submit`).click();
  await expect(page.getByTestId("flash")).toContainText("Marked Delivered without the code");
  await expect(page.getByTestId(`delivery-row-${shipment.id}`)).toHaveCount(0);
  const after = (await (await request.get(`/api/v1/orders/${orderId}/`, { headers: me.headers })).json()) as { shipments: Array<{ status: string }> };
  expect(after.shipments[0].status).toBe("Delivered");
});
