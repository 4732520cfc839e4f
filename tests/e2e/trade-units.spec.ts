/**
 * Issue 34: trade units and volume prices, as a shopper sees them (JavaScript off at 360 px and on
 * at the desktop: TWO_PROJECT_SPECS). The demo cement (a 50 kg bag with a ladder from 50 bags) and
 * the demo 9-inch blocks (minimum 50, in steps of 50) come from the seed (app/db/seed/catalog-data.ts).
 *
 *  - 60 bags price at the 50+ step in the cart, the checkout and the placed order;
 *  - a quantity under the minimum is refused with its message next to the field, and what was
 *    typed is still there.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { formatNaira } from "../../app/domain/money";
import { fillAddressForm, placeOrder, checkoutFromCart } from "./checkout-helpers";
import { isPhone, jsEnabled, login, mailText, newShopper, ready, waitForMailMatching } from "./utils";

interface Tiered {
  id: number;
  name: string;
  selling_price: number;
  stock_quantity: number;
  in_stock: boolean;
  unit: string;
  min_quantity: number;
  quantity_step: number;
  price_tiers: { min_quantity: number; price: number }[];
}

/** A published demo product in stock whose name starts with `name`, that `pick` accepts. */
async function demoProduct(request: APIRequestContext, search: string, pick: (p: Tiered) => boolean): Promise<Tiered> {
  const r = await request.get(`/api/v1/products/?search=${encodeURIComponent(search)}&page_size=50`);
  const found = ((await r.json()).results as Tiered[]).filter((p) => p.in_stock && pick(p));
  if (!found.length) throw new Error(`no demo product for ${search}`);
  return found[0];
}

/** The screenshot at 360 px (JavaScript off), into /work/shots/34/ when that folder exists, else tests/.tmp. */
async function shot(page: Page, testInfo: TestInfo, name: string, selector?: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  const dir = fs.existsSync("/work/shots/34") ? "/work/shots/34" : "tests/.tmp/screenshots";
  fs.mkdirSync(dir, { recursive: true });
  if (selector) await page.locator(selector).screenshot({ path: `${dir}/${name}.png` });
  else await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test("60 bags of cement price at the 50+ step in the cart, the checkout and the placed order", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000); // a shopper signs up, fills a cart, checks out and opens the order
  const cement = await demoProduct(request, "Dangote 3X Cement 50 kg bag", (p) => p.unit === "bag" && p.price_tiers.some((t) => t.min_quantity === 50) && p.stock_quantity >= 60);
  const rung = cement.price_tiers.find((t) => t.min_quantity === 50)!;
  expect(rung.price).toBeLessThan(cement.selling_price);
  const lineTotal = formatNaira(rung.price * 60);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);

  await page.goto(`/products/${cement.id}`);
  await ready(page, testInfo);
  // The ladder, without JavaScript: the single price to 49 bags, then each step, and what 50 saves.
  await expect(page.getByTestId("price-unit")).toContainText("per bag");
  const ladder = page.getByTestId("price-ladder");
  await expect(ladder.getByRole("row")).toHaveCount(1 + 1 + cement.price_tiers.length);
  await expect(ladder.getByRole("row").nth(1)).toContainText("1–49");
  await expect(ladder.getByRole("row").nth(1)).toContainText(formatNaira(cement.selling_price));
  await expect(ladder.getByRole("row").nth(2)).toContainText(formatNaira(rung.price));
  await expect(page.getByTestId("ladder-saving")).toHaveText(
    `Buy 50+ and pay ${formatNaira(rung.price)} per bag: save ${formatNaira(Math.round((cement.selling_price - rung.price) * 50 * 100) / 100)}.`,
  );
  await shot(page, testInfo, "ladder-product-page-360-js-off");

  await page.getByTestId("product-quantity").fill("60");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("flash")).toHaveText("Added to cart");

  await page.goto("/cart");
  await ready(page, testInfo);
  const line = page.getByTestId("cart-line").filter({ hasText: cement.name });
  await expect(line.getByTestId("line-total")).toContainText(lineTotal);
  await expect(line.getByTestId("cart-line-unit")).toHaveText("per bag");
  await expect(line.getByTestId("cart-line-ladder")).toBeVisible();
  const next = cement.price_tiers.find((t) => t.min_quantity > 60);
  if (next) await expect(line.getByTestId("cart-next-tier")).toHaveText(`Add ${next.min_quantity - 60} more to pay ${formatNaira(next.price)} each.`);
  await shot(page, testInfo, "cart-ladder-360-js-off");

  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page, { state: "Oyo", city: "Ibadan" });
  const checkoutLine = page.getByTestId("checkout-line").filter({ hasText: cement.name });
  await expect(checkoutLine).toContainText(`60 × ${formatNaira(rung.price)} per bag`);
  await expect(checkoutLine.getByTestId("checkout-line-total")).toHaveText(lineTotal);
  await placeOrder(page, "Pay on delivery");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("order_id");
  await page.goto(`/users/orders/${orderId}`);
  const item = page.getByTestId("order-item").filter({ hasText: cement.name });
  await expect(item).toContainText(`60 × ${formatNaira(rung.price)} per bag`);
  await expect(item).toContainText(lineTotal);
  // The order e-mail names the unit and the rung's price too.
  const mail = await waitForMailMatching(shopper.email, /Order #[0-9A-F]{8}/);
  expect(mailText(mail)).toContain(`${cement.name}, ${formatNaira(rung.price)} per bag × 60`);
});

test("a quantity under the minimum is refused with its message next to the field, and what was typed stays", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const blocks = await demoProduct(request, "Vibrated hollow sandcrete block 9 inch", (p) => p.min_quantity === 50 && p.quantity_step === 50);
  await page.goto(`/products/${blocks.id}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("minimum-order")).toHaveText("Minimum order: 50, then in steps of 50");
  // The field starts at the minimum.
  await expect(page.getByTestId("product-quantity")).toHaveValue("50");
  await page.getByTestId("product-quantity").fill("20");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("quantity-error")).toHaveText("The minimum order for this item is 50.");
  await expect(page.getByTestId("product-quantity")).toHaveValue("20");
  await expect(page.getByTestId("product-quantity")).toHaveAttribute("aria-invalid", "true");
  await shot(page, testInfo, "minimum-refused-360-js-off");
  // Off the step: its own message; then an allowed quantity goes in.
  await page.getByTestId("product-quantity").fill("120");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("quantity-error")).toHaveText("Order in steps of 50.");
  await expect(page.getByTestId("product-quantity")).toHaveValue("120");
  await page.getByTestId("product-quantity").fill("150");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("flash")).toHaveText("Added to cart");
  await expect(page.getByTestId("cart-count")).toHaveText("150");
  // In the cart too: 30 typed into the line is refused with its message by the line, and stays typed.
  await page.goto("/cart");
  await ready(page, testInfo);
  const line = page.getByTestId("cart-line").filter({ hasText: blocks.name });
  await line.getByTestId("quantity").fill("30");
  await line.getByRole("button", { name: "Update" }).click();
  await expect(line.getByRole("alert")).toHaveText("The minimum order for this item is 50.");
  await expect(line.getByTestId("quantity")).toHaveValue("30");
  await expect(page.getByTestId("cart-count")).toHaveText("150");
  if (!jsEnabled(testInfo)) await expect(line.getByTestId("quantity")).toHaveAttribute("aria-invalid", "true");
});
