/**
 * One order, two stores (docs/orders.md), JavaScript off at 360 px and on at desktop: a shopper buys
 * from the demo vendor's Lagos store and from a fresh Kano store, paying on delivery; store A
 * confirms, ships, and records "Delivered and cash received" in one click while store B has only
 * confirmed; the shopper's order and tracking pages show one progress per store, with its name,
 * and the payment "Partly paid"; each store sees only its own lines.
 */
import fs from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addToCart, placePayOnDeliveryFromCart } from "./checkout-helpers";
import { demoStoreProduct, kanoStore, phoneWithUpdates, token, VENDOR } from "./two-store-helpers";
import { DEMO_ADMIN } from "~/db/seed/catalog-data";
import { formatNaira } from "~/domain/money";
import { isPhone, jsEnabled, login, newShopper, openOrderAs, readPhoneOutbox, ready } from "./utils";
import { buyerDeliveryCode } from "./delivery-code-helpers";

test.describe.configure({ timeout: 240_000 });

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("/work/shots/32", { recursive: true });
  await page.screenshot({ path: `/work/shots/32/two-stores-${name}.png`, fullPage: true });
}

async function storeOrderPage(page: Page, testInfo: TestInfo, who: { email: string; password: string }, slug: string, orderId: string) {
  await openOrderAs(page, testInfo, who, `/stores/${slug}/orders/${orderId}`);
  await expect(page.getByTestId("order-number")).toBeVisible();
}

test("a two-store order: each store moves its own shipment, store A records cash, the shopper sees both progresses", async ({ page, request }, testInfo) => {
  const tag = `${Date.now().toString(36)}${testInfo.project.name.length}`;
  const a = await demoStoreProduct(request, testInfo, 6); // products the vendor-orders spec does not use (it takes the first four)
  const b = await kanoStore(request, tag);

  const shopper = await newShopper(request);
  const me = await token(request, shopper.email, shopper.password);
  const phone = await phoneWithUpdates(request, me.headers, me.userId);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, a.product);
  await addToCart(page, testInfo, b.product);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);
  // The order as the API prices it (app/domain/pricing.ts): each page and the ledger show these figures.
  const buyer = await token(request, shopper.email, shopper.password);
  type Shipment = { store_name: string; items_total: number; shipping_cost: number; total: number };
  const priced = (await (await request.get(`/api/v1/orders/${orderId}/`, { headers: buyer.headers })).json()) as { total: number; shipments: Shipment[] };
  const shipA = priced.shipments.find((x) => x.store_name === a.store.name)!;
  const shipB = priced.shipments.find((x) => x.store_name === b.store.name)!;
  expect(priced.total).toBe(shipA.total + shipB.total);
  for (const x of [shipA, shipB]) expect(x.total).toBe(x.items_total + x.shipping_cost);

  // Store A: only its own line; confirm, ship, then delivered and cash received in one click.
  await storeOrderPage(page, testInfo, VENDOR, a.store.slug, orderId);
  await expect(page.getByTestId("order-item")).toHaveCount(1);
  await expect(page.getByTestId("order-item")).toContainText(a.product.name);
  // One amount for the rider: this store's items and shipping.
  await expect(page.getByTestId("store-total")).toHaveText(formatNaira(shipA.total));
  await expect(page.getByTestId("cash-status")).toHaveText(`Collect ${formatNaira(shipA.total)} in cash on delivery`);
  for (const step of ["Confirmed", "Shipped"]) {
    await ready(page, testInfo);
    await page.getByRole("button", { name: `Mark as ${step}` }).click();
    await expect(page.getByTestId("delivery-status")).toHaveText(step);
  }
  await ready(page, testInfo);
  await page.getByLabel("Shopper's delivery code").fill(await buyerDeliveryCode(request, orderId, shopper, a.store.id));
  await page.getByRole("button", { name: "Delivered and cash received" }).click();
  await expect(page.getByTestId("flash")).toContainText("cash recorded");
  await expect(page.getByTestId("delivery-status")).toHaveText("Delivered");
  await expect(page.getByTestId("cash-status")).toHaveText(`Cash received: ${formatNaira(shipA.total)}`);
  // the store sees its own part: its shipment is paid (the order as a whole is only partly paid)
  await expect(page.getByTestId("payment-status")).toHaveText("Complete");
  await expect(page.getByText("This order was delivered: nothing more to do.")).toBeVisible();
  await shot(page, testInfo, "store-a");

  // Store B: only its own line; confirms.
  await storeOrderPage(page, testInfo, b.vendor, b.store.slug, orderId);
  await expect(page.getByTestId("order-item")).toHaveCount(1);
  await expect(page.getByTestId("order-item")).toContainText(b.product.name);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Mark as Confirmed" }).click();
  await expect(page.getByTestId("delivery-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("cash-received")).toHaveCount(0);
  await shot(page, testInfo, "store-b");

  // The shopper: one block per store on the order page, one progress per store on the track page.
  await openOrderAs(page, testInfo, shopper, `/users/orders/${orderId}`);
  const blocks = page.getByTestId("shipment");
  await expect(blocks).toHaveCount(2);
  await expect(blocks.filter({ hasText: a.store.name }).getByTestId("shipment-status")).toHaveText("Delivered");
  await expect(blocks.filter({ hasText: b.store.name }).getByTestId("shipment-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("payment-status")).toHaveText("Partly paid");
  await expect(page.getByTestId("delivery-status")).toHaveText("1 of 2 deliveries done");
  await expect(page.getByTestId("order-total")).toHaveText(formatNaira(priced.total));
  for (const x of [shipA, shipB])
    await expect(blocks.filter({ hasText: x.store_name }).getByTestId("shipment-total")).toHaveText(
      `Items ${formatNaira(x.items_total)} + delivery ${x.shipping_cost === 0 ? "free" : formatNaira(x.shipping_cost)} = ${formatNaira(x.total)}`,
    );
  await shot(page, testInfo, "shopper-order");
  await page.goto(`/users/orders/${orderId}/track`);
  const progress = page.getByTestId("order-progress");
  await expect(progress).toHaveCount(2);
  await expect(page.locator(`[data-testid="order-progress"][data-store="${a.store.name}"]`)).toHaveAttribute("data-status", "Delivered");
  await expect(page.locator(`[data-testid="order-progress"][data-store="${b.store.name}"]`)).toHaveAttribute("data-status", "Confirmed");
  await expect(page.getByRole("heading", { name: `From ${b.store.name}: Confirmed` })).toBeVisible();
  await shot(page, testInfo, "shopper-track");

  // Store B delivers and records its cash: the cash is the store's already, so its Payouts page
  // books it as held (never paid out) and shows the 10% commission it owes on the item.
  await storeOrderPage(page, testInfo, b.vendor, b.store.slug, orderId);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(page.getByTestId("delivery-status")).toHaveText("Shipped");
  await ready(page, testInfo);
  await page.getByLabel("Shopper's delivery code").fill(await buyerDeliveryCode(request, orderId, shopper, b.store.id));
  await page.getByRole("button", { name: "Delivered and cash received" }).click();
  await expect(page.getByTestId("cash-status")).toHaveText(`Cash received: ${formatNaira(shipB.total)}`);
  await page.goto(`/stores/${b.store.slug}/payouts`);
  await expect(page.getByTestId("cash-collected")).toHaveText(`−${formatNaira(shipB.total)}`);
  await expect(page.getByTestId("owed")).toContainText(`You owe ${formatNaira(Math.round(shipB.items_total * 0.1))} commission`);
  await shot(page, testInfo, "store-b-payouts");

  // An admin sees what store B owes and records its transfer of the commission: nothing owed after.
  const owed = Math.round(shipB.items_total * 0.1);
  await page.context().clearCookies();
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, testInfo);
  await page.goto("/admin/payouts");
  await ready(page, testInfo);
  const row = page.getByTestId(`payable-${b.store.slug}`);
  await expect(row.getByTestId("owes")).toHaveText(`Owes ${formatNaira(owed)} commission`);
  const settle = row.getByRole("form", { name: `Record commission paid by ${b.store.name}` });
  await expect(settle.getByLabel("Amount paid (₦)")).toHaveValue(String(owed));
  await settle.getByLabel("Transfer reference").fill(`TRF-${tag}`);
  await settle.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByTestId("flash")).toContainText(`Recorded ${formatNaira(owed)} of commission paid (ref TRF-${tag}). Still owed: ₦0.`);
  await expect(page.getByTestId(`payable-${b.store.slug}`)).toHaveCount(0);
  await page.context().clearCookies();
  await openOrderAs(page, testInfo, shopper, `/users/orders/${orderId}`);
  await expect(page.getByTestId("delivery-status")).toHaveText("Delivered");
  await expect(page.getByTestId("payment-status")).toHaveText("Complete");

  // The shopper's SMS and WhatsApp: each store's "delivered, we got ₦X cash" names the store and
  // carries that shipment's amount (never the whole order's), and leaves within seconds (the
  // queueing process wakes its sender); no "on their way" follows a store's "delivered".
  const amountOf = (kobo: number) => formatNaira(kobo).replace("₦", "");
  for (const [store, ship] of [[a.store.name, shipA], [b.store.name, shipB]] as const) {
    await expect(async () => {
      const sms = (await readPhoneOutbox("sms-outbox", phone)).map((m) => m.text ?? "").filter((t) => t.includes(store));
      const cash = sms.findIndex((t) => / cash/.test(t) && t.includes(amountOf(ship.total)));
      expect(cash, sms.join("\n")).toBeGreaterThanOrEqual(0);
      expect(sms.slice(cash + 1).some((t) => /on their way/.test(t))).toBe(false);
      expect(sms.some((t) => t.includes(amountOf(priced.total)))).toBe(false);
      const wa = (await readPhoneOutbox("whatsapp-outbox", phone)).filter((m) => m.params?.includes(store));
      expect(wa.map((m) => m.template)).toContain("order_delivered_cash");
      expect(wa.find((m) => m.template === "order_delivered_cash")!.params).toContain(formatNaira(ship.total));
    }).toPass({ timeout: 20_000 });
  }
});
