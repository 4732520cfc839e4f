/**
 * Pay at the door by transfer (issue 33 item 4), JavaScript off at 360 px and on at desktop: a
 * shopper pays on delivery for an order from two stores. Both ship; the shipped SMS of store A links
 * to the page that pays A's delivery by transfer; the shopper pays its exact amount there (the
 * stand-in's bank), and the page comes back to the order by itself: A "Paid by transfer", B still
 * to pay. Store A's page says there is nothing to collect and takes the code alone (a wrong code
 * refused, the right one delivers); store B takes its cash with its code; the order is then paid.
 */
import fs from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addToCart, placePayOnDeliveryFromCart } from "./checkout-helpers";
import { buyerDeliveryCode } from "./delivery-code-helpers";
import { formatNaira } from "~/domain/money";
import { demoStoreProduct, kanoStore, onBank, phoneWithUpdates, token, VENDOR } from "./two-store-helpers";
import { isPhone, jsEnabled, login, newShopper, openOrderAs, readPhoneOutbox, ready } from "./utils";

test.describe.configure({ timeout: 240_000 });

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("/work/shots/33", { recursive: true });
  await page.screenshot({ path: `/work/shots/33/${name}.png`, fullPage: true });
}

/** The shipped SMS of `store` to `phone` (waits for it). */
async function shippedSms(phone: string, store: string): Promise<string> {
  const end = Date.now() + 15_000;
  for (;;) {
    const text = (await readPhoneOutbox("sms-outbox", phone)).map((m) => m.text ?? "").find((t) => t.includes(store) && /\/pay\/\d+/.test(t));
    if (text) return text;
    if (Date.now() > end) throw new Error(`no shipped SMS from ${store} to ${phone}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("two stores, pay on delivery: store A's delivery paid at the door by transfer from the SMS link, store B's in cash with the code", async ({ page, request }, testInfo) => {
  const tag = `${Date.now().toString(36)}${testInfo.project.name.length}d`;
  // Products apart from the other specs' (vendor-orders: the first four; orders-shipments: 6-9).
  const a = await demoStoreProduct(request, testInfo, 12, true);
  const b = await kanoStore(request, tag);
  const shopper = await newShopper(request);
  const me = await token(request, shopper.email, shopper.password);
  const phone = await phoneWithUpdates(request, me.headers, me.userId);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, a.product);
  await addToCart(page, testInfo, b.product);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);
  type Shipment = { id: number; store: number; store_name: string; total: number };
  const priced = (await (await request.get(`/api/v1/orders/${orderId}/`, { headers: me.headers })).json()) as { shipments: Shipment[] };
  const shipA = priced.shipments.find((x) => x.store === a.store.id)!;
  const shipB = priced.shipments.find((x) => x.store === b.store.id)!;

  // Both stores confirm and ship (their pages' buttons are orders-shipments.spec.ts's).
  const vendorA = await token(request, VENDOR.email, VENDOR.password);
  const vendorB = await token(request, b.vendor.email, b.vendor.password);
  for (const [storeId, headers] of [
    [a.store.id, vendorA.headers],
    [b.store.id, vendorB.headers],
  ] as const)
    for (const status of ["Confirmed", "Shipped"]) expect((await request.patch(`/api/v1/orders/${storeId}/store/${orderId}/status/`, { headers, data: { status } })).status()).toBe(200);

  // Store A's shipped SMS: its amount and the link that pays it by transfer now.
  const sms = await shippedSms(phone, a.store.name);
  expect(sms).toContain(`N${shipA.total.toLocaleString("en-NG")}`);
  const link = /https?:\/\/\S+\/orders\/[0-9a-f-]{36}\/pay\/\d+/.exec(sms)![0];
  expect(new URL(link).pathname).toBe(`/orders/${orderId}/pay/${shipA.id}`);

  // The page the link opens: A's delivery, its amount, one button; light (no script).
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Pay for your delivery" })).toBeVisible();
  await expect(page.getByTestId("pay-at-door-amount")).toHaveText(formatNaira(shipA.total));
  await expect(page.getByTestId("pay-at-door")).toContainText(a.product.name);
  expect(await page.locator("script[src], script[type=module]").count()).toBe(0);
  await shot(page, testInfo, "pay-at-door-360");
  await page.getByRole("button", { name: `Pay ${formatNaira(shipA.total)} by bank transfer` }).click();
  // The transfer page for that delivery's amount only.
  await expect(page).toHaveURL(/\/checkout\/offline\/ord-[0-9a-f]{12}-\d+-[0-9a-f]{6}\?order_id=/);
  await expect(page.getByTestId("offline-amount")).toHaveText(formatNaira(shipA.total));
  await onBank(page, /^Send the exact amount/);
  // The page refreshes itself and comes back to the order: A paid by transfer, B still to pay.
  await expect(page).toHaveURL(new RegExp(`/users/orders/${orderId}$`), { timeout: 20_000 });
  await expect(page.getByTestId("flash")).toContainText("Pay nothing at the door");
  const blocks = page.getByTestId("shipment");
  await expect(blocks.filter({ hasText: a.store.name }).getByTestId("shipment-paid-transfer")).toBeVisible();
  await expect(blocks.filter({ hasText: a.store.name }).getByTestId("pay-shipment")).toHaveCount(0);
  await expect(blocks.filter({ hasText: b.store.name }).getByTestId("pay-shipment")).toHaveText(`Pay ${formatNaira(shipB.total)} now by bank transfer`);
  await expect(page.getByTestId("payment-status")).toHaveText("Partly paid");
  await shot(page, testInfo, "order-a-paid-by-transfer");

  // Store A: nothing to collect; the code alone marks it Delivered (a wrong one refused first).
  const codeA = await buyerDeliveryCode(request, orderId, shopper, a.store.id);
  await openOrderAs(page, testInfo, VENDOR, `/stores/${a.store.slug}/orders/${orderId}`);
  await expect(page.getByTestId("cash-status")).toHaveText(`Paid by transfer: ${formatNaira(shipA.total)}. Nothing to collect at the door.`);
  await expect(page.getByRole("button", { name: "Delivered and cash received" })).toHaveCount(0);
  await expect(page.getByTestId("cash-received")).toHaveCount(0);
  await ready(page, testInfo);
  const wrong = String((Number(codeA) + 1) % 10_000).padStart(4, "0");
  await page.getByLabel("Shopper's delivery code").fill(wrong);
  await page.getByRole("button", { name: "Delivered", exact: true }).click();
  await expect(page.locator("#delivery-code-delivery_code-error")).toHaveText("That is not the shopper's delivery code. 4 tries left.");
  await expect(page.getByLabel("Shopper's delivery code")).toHaveValue(wrong);
  await shot(page, testInfo, "store-a-paid-by-transfer");
  await ready(page, testInfo);
  await page.getByLabel("Shopper's delivery code").fill(codeA);
  await page.getByRole("button", { name: "Delivered", exact: true }).click();
  await expect(page.getByTestId("delivery-status")).toHaveText("Delivered");
  await expect(page.getByText("This order was delivered: nothing more to do.")).toBeVisible();

  // Store B: its cash with its code.
  await openOrderAs(page, testInfo, b.vendor, `/stores/${b.store.slug}/orders/${orderId}`);
  await expect(page.getByTestId("cash-status")).toHaveText(`Collect ${formatNaira(shipB.total)} in cash on delivery`);
  await ready(page, testInfo);
  await page.getByLabel("Shopper's delivery code").fill(await buyerDeliveryCode(request, orderId, shopper, b.store.id));
  await page.getByRole("button", { name: "Delivered and cash received" }).click();
  await expect(page.getByTestId("cash-status")).toHaveText(`Cash received: ${formatNaira(shipB.total)}`);

  // The shopper: both delivered, the order paid.
  await openOrderAs(page, testInfo, shopper, `/users/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Complete");
  await expect(page.getByTestId("pay-shipment")).toHaveCount(0);
});
