/**
 * Bulk quotes (issue 35), JavaScript off at 360 px and on at desktop: a buyer asks the demo store
 * for a bulk price from a product page (to a site in Ikeja); the store offers (a price above its list
 * price is refused without a reason), the buyer counters once, the store offers again, the buyer
 * opens the pro-forma (VAT 7.5% shown, the offer's totals), accepts, and reaches the transfer
 * payment page for the order at the offer's total. The store's VAT registration is set through the
 * API (its form is not the point here). Screenshots at 360×640 with JavaScript off: the buyer's thread
 * and the pro-forma, docs/i18n/screenshots/quote-thread.png and quote-proforma.png.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { formatNaira } from "../../app/domain/money";
import { vatIncludedKobo } from "../../app/domain/pricing";
import { DEMO_VENDOR } from "../../app/db/seed/catalog-data";
import { isPhone, jsEnabled, login, newShopper, openOrderAs, ready } from "./utils";

const SLUG = "lagos-building-depot";
const QTY = 20;

async function vendorApi(request: APIRequestContext) {
  const r = await request.post("/api/v1/users/auth/login/", { data: { email: DEMO_VENDOR.email, password: DEMO_VENDOR.password } });
  expect(r.status()).toBe(200);
  const token = (await r.json()).access as string;
  const store = await (await request.get(`/api/v1/stores/${SLUG}/`)).json();
  return { token, storeId: store.id as number };
}

/** A whole-unit product of the demo store with stock for the quote, its own per project. */
async function vendorProduct(request: APIRequestContext, v: { token: string; storeId: number }, testInfo: TestInfo) {
  const r = await request.get(`/api/v1/products/store/${v.storeId}/`, { headers: { Authorization: `Bearer ${v.token}` } });
  const list = ((await r.json()).results as Array<{ id: number; name: string; category_slug: string; published?: boolean; stock_quantity: number; min_quantity: number; unit: string; price: number; selling_price: number; options?: unknown[]; price_tiers?: unknown[] | null }>).filter(
    (p) => p.published !== false && p.stock_quantity > QTY * 3 && p.min_quantity <= 1 && !(p.options ?? []).length && !(p.price_tiers ?? []).length,
  );
  expect(list.length).toBeGreaterThan(1);
  return list[(testInfo.parallelIndex + 1) % list.length];
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000 + 3_600_000).toISOString().slice(0, 10);

async function offer(page: Page, testInfo: TestInfo, unit: string, opts: { reason?: string; delivery: string }) {
  await ready(page, testInfo);
  const form = page.getByTestId("offer-form");
  await form.getByLabel(/^Your price/).fill(unit);
  if (opts.reason !== undefined) await form.getByLabel(/^Why above the list price/).fill(opts.reason);
  await form.getByLabel(/^Delivery charge to Ikeja, Lagos/).fill(opts.delivery);
  await form.getByLabel("Delivery date").fill(inDays(4));
  await form.getByRole("button", { name: "Send offer" }).click();
}

test("a buyer asks for a bulk price, the store offers, the buyer counters once, the store offers again, the buyer accepts and reaches payment at the offer's total", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const v = await vendorApi(request);
  const vat = await request.put(`/api/v1/stores/${v.storeId}/tax/`, { headers: { Authorization: `Bearer ${v.token}` }, data: { vat_registered: true, tin: "12345678-0001" } });
  expect(vat.status()).toBe(200);
  const product = await vendorProduct(request, v, testInfo);
  const shopper = await newShopper(request);

  // The buyer: the product page's "Ask for a bulk price", the request form (an error first, what was typed kept).
  await login(page, shopper.email, shopper.password, testInfo);
  await page.goto(`/${product.category_slug}/${product.id}`);
  await ready(page, testInfo);
  await page.getByTestId("ask-bulk-price").click();
  await expect(page.getByRole("heading", { level: 1, name: "Ask for a bulk price" })).toBeVisible();
  await ready(page, testInfo);
  const ask = page.getByTestId("ask-form");
  await ask.getByLabel(/: quantity/).fill(String(QTY));
  await ask.getByLabel("Phone number").fill("08031234567");
  await ask.getByLabel("Company name (optional)").fill("Bakare Builders Ltd");
  await ask.getByLabel("Site address").fill("12 Allen Avenue, block C site");
  await ask.getByLabel("Town or area").fill("Ikeja");
  await ask.getByLabel("Wanted delivery date").fill(inDays(5));
  await ask.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Choose the site's LGA.")).toBeVisible();
  await expect(page.getByTestId("ask-form").getByLabel("Site address")).toHaveValue("12 Allen Avenue, block C site");
  await page.getByTestId("ask-form").getByLabel("LGA", { exact: true }).fill("Ikeja");
  await page.getByTestId("ask-form").getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("flash")).toContainText("Your request was sent. Stores asked: 1");
  await expect(page).toHaveURL(/\/users\/quotes\/\d+$/);
  const quoteId = Number(page.url().split("/").pop());
  await expect(page.getByTestId("quote-status")).toHaveText("Waiting for the store");

  // The store: a price above the list without a reason is refused; then an offer.
  await openOrderAs(page, testInfo, DEMO_VENDOR, `/stores/${SLUG}/quotes/${quoteId}`);
  await expect(page.getByTestId("quote-thread")).toContainText(product.name);
  const list = product.selling_price ?? product.price;
  await offer(page, testInfo, String(list + 500), { delivery: "25000" });
  await expect(page.getByText("This is above your list price: say why, or lower it.")).toBeVisible();
  const first = list - 100;
  await offer(page, testInfo, String(first), { reason: "", delivery: "25000" });
  await expect(page.getByTestId("flash")).toContainText("Offer sent to the buyer.");

  // The buyer counters once.
  await openOrderAs(page, testInfo, shopper, `/users/quotes/${quoteId}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("quote-status")).toHaveText("Offer received");
  await page.getByLabel("What price or terms do you want?").fill(`${formatNaira(first - 200)} a unit and free delivery, please.`);
  await page.getByRole("button", { name: "Send counter" }).click();
  await expect(page.getByTestId("flash")).toContainText("Counter sent to the store.");
  await expect(page.getByTestId("quote-status")).toHaveText("You countered: waiting for the store");
  await expect(page.getByRole("button", { name: "Send counter" })).toHaveCount(0);

  // The store offers again.
  await openOrderAs(page, testInfo, DEMO_VENDOR, `/stores/${SLUG}/quotes/${quoteId}`);
  await expect(page.getByRole("heading", { name: "Send a new offer" })).toBeVisible();
  const second = list - 150;
  await offer(page, testInfo, String(second), { reason: "", delivery: "15000" });
  await expect(page.getByTestId("flash")).toContainText("Offer sent to the buyer.");

  // The buyer: the live offer's figures, its pro-forma with the same totals and VAT 7.5% included.
  const totalKobo = Math.round(second * 100) * QTY + 1_500_000;
  const total = formatNaira(totalKobo / 100);
  const vatShown = formatNaira(vatIncludedKobo(totalKobo) / 100);
  await openOrderAs(page, testInfo, shopper, `/users/quotes/${quoteId}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("quote-offer")).toHaveCount(2);
  await expect(page.getByTestId("offer-total").last()).toHaveText(total);
  await expect(page.getByTestId("offer-vat").last()).toHaveText(vatShown);
  const shots = !jsEnabled(testInfo) && isPhone(testInfo);
  if (shots) {
    fs.mkdirSync("docs/i18n/screenshots", { recursive: true });
    await page.getByTestId("quote-offer").last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: "docs/i18n/screenshots/quote-thread.png" });
  }
  await page.getByRole("link", { name: "Pro-forma invoice" }).last().click();
  await expect(page.getByRole("heading", { level: 1, name: "Pro-forma invoice" })).toBeVisible();
  const invoice = page.getByTestId("invoice");
  await expect(invoice.getByTestId("invoice-number")).toHaveText(`Q-${String(quoteId).padStart(5, "0")}-2`);
  await expect(invoice.getByTestId("invoice-total")).toHaveText(total);
  await expect(invoice.getByTestId("invoice-vat")).toHaveText(vatShown);
  await expect(invoice.getByTestId("invoice-net")).toHaveText(formatNaira((totalKobo - vatIncludedKobo(totalKobo)) / 100));
  await expect(invoice).toContainText("Bakare Builders Ltd");
  await expect(invoice).toContainText("TIN: 12345678-0001");
  if (shots) await page.screenshot({ path: "docs/i18n/screenshots/quote-proforma.png", fullPage: true });

  // Accept: the order at the offer's total; pay by transfer on the payment page.
  await page.goto(`/users/quotes/${quoteId}`);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Accept offer" }).click();
  await expect(page.getByTestId("flash")).toContainText("Offer accepted: your order is placed.");
  await expect(page.getByTestId("quote-status")).toHaveText("Accepted");
  await expect(page.getByTestId("quote-order")).toContainText(`Your order: pay ${total}`);
  await page.getByRole("button", { name: "Pay by bank transfer" }).click();
  await expect(page.getByRole("heading", { name: "Pay by bank transfer" })).toBeVisible();
  await expect(page.getByTestId("offline-amount")).toHaveText(total);
});
