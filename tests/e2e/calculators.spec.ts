/**
 * Project calculators (issue 34 item 3): a calculator's GET form with JavaScript on and off, a bad
 * value kept with its message, the result with its formula, a share link, and "Add all to cart"
 * filling the cart with the lines the result showed. Screenshots at 360 px for the note.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { axeScan, isPhone, jsEnabled, ready } from "./utils";

const SHOTS = "/work/shots/34";

test("the blockwork calculator keeps a bad value with its message, then shows the result, its formula and a share link", async ({ page }, testInfo) => {
  test.slow(); // an axe scan at the end (JavaScript on): 28-43 s on a loaded 2-core machine (cart.spec.ts)
  await page.goto("/calculators");
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Blockwork" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blockwork calculator");
  await ready(page, testInfo);

  // A value that is not a number: its message by the field, and what was typed is kept.
  await page.getByLabel("Wall length (m)").fill("3 metres");
  await page.getByLabel("Wall height (m)").fill("2");
  await page.getByLabel("Deliver to (state)").selectOption("Lagos");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page.locator("#calc-length-error")).toHaveText("Enter a number, like 12.5.");
  await expect(page.getByLabel("Wall length (m)")).toHaveValue("3 metres");
  await expect(page.getByLabel("Wall height (m)")).toHaveValue("2");
  await expect(page.getByTestId("calc-result")).toHaveCount(0);

  await page.getByLabel("Wall length (m)").fill("3");
  await page.getByLabel("Block size").selectOption("9");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(/[?&]length=3(&|$)/);
  const result = page.getByTestId("calc-result");
  await expect(result.getByTestId("calc-figures")).toContainText("Blocks: 60");
  await expect(result).toContainText("Blocks = 6 m² × 10 blocks a square metre = 60.");
  await expect(result).toContainText("Mortar is 1 part cement to 6 parts sharp sand");
  await expect(result.getByTestId("calc-line")).toHaveCount(3); // blocks, cement, sharp sand: a product or why none

  // The result URL is the share link; WhatsApp gets it.
  const share = await page.locator("#calc-share").inputValue();
  expect(share).toContain("/calculators/blockwork?length=3&height=2&block=9");
  expect(share).toContain("state=Lagos");
  const wa = await page.getByTestId("calc-whatsapp").getAttribute("href");
  expect(wa).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent(wa!.split("text=")[1])).toContain(share);
  // axe needs the page's scripting: it hangs with JavaScript off
  if (jsEnabled(testInfo)) expect(await axeScan(page, { include: "#main" })).toEqual([]);
});

/** The result's product lines (href and quantity), then "Add all to cart": the cart holds exactly those lines. */
async function addAllToCart(page: Page, testInfo: TestInfo, shots: boolean) {
  const result = page.getByTestId("calc-result");
  // The lines the result offers (products in stock, cheapest delivered to the state).
  await expect(result.getByTestId("calc-product").first()).toBeVisible();
  const lines: Array<{ href: string; quantity: string }> = [];
  for (const line of await result.getByTestId("calc-line").all()) {
    if ((await line.getByTestId("calc-product").count()) === 0) continue;
    lines.push({ href: (await line.getByTestId("calc-product").getAttribute("href"))!, quantity: (await line.getByTestId("calc-quantity").innerText()).replace(/,/g, "") });
  }
  expect(lines.length).toBeGreaterThan(0);
  await expect(result.getByTestId("calc-basket")).toContainText("Total");
  if (shots && isPhone(testInfo) && !jsEnabled(testInfo)) await page.screenshot({ path: `${SHOTS}/calculator-result-360.png`, fullPage: true });

  await page.getByRole("button", { name: "Add all to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await ready(page, testInfo);
  await expect(page.getByTestId("flash")).toContainText("from the calculator to your cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(lines.length);
  for (const l of lines) {
    const cartLine = page.getByTestId("cart-line").filter({ has: page.locator(`a[href="${l.href}"]`) });
    await expect(cartLine).toHaveCount(1);
    await expect(cartLine.getByTestId("quantity")).toHaveValue(l.quantity);
  }
  if (shots && isPhone(testInfo) && !jsEnabled(testInfo)) await page.screenshot({ path: `${SHOTS}/cart-filled-360.png`, fullPage: true });
  return lines;
}

test("the roofing calculator fills the cart with the lines of its result", async ({ page }, testInfo) => {
  await page.goto("/calculators/roofing");
  await ready(page, testInfo);
  await page.getByLabel("Roof area (if you know it) (m²)").fill("10");
  await page.getByLabel("Roofing type").selectOption("corrugated");
  await page.getByLabel("Deliver to (state)").selectOption("Lagos");
  await page.getByRole("button", { name: "Calculate" }).click();
  // 10 m² + 10% ÷ the demo sheet's cover → whole sheets
  await expect(page.getByTestId("calc-result").getByTestId("calc-figures")).toContainText(/Corrugated sheets: \d+/);
  await addAllToCart(page, testInfo, false);
});

test("the blockwork calculator fills the cart in the trade's units: blocks by 50, cement by the bag, sand by the trip", async ({ page }, testInfo) => {
  await page.goto("/calculators/blockwork?length=10&height=2.4&block=9&state=Lagos");
  await ready(page, testInfo);
  // 24 m² of 9-inch wall: 240 blocks; the demo blocks sell from 50, by 50 → 250
  await expect(page.getByTestId("calc-result").getByTestId("calc-figures")).toContainText("240");
  const lines = await addAllToCart(page, testInfo, true);
  expect(lines.length, "blocks, cement and sharp sand").toBe(3);
  expect(lines.map((l) => Number(l.quantity))).toContain(250);
});

test("an unknown calculator is a 404; the solar one asks for an appliance's hours", async ({ page }, testInfo) => {
  const r = await page.goto("/calculators/bricks");
  expect(r?.status()).toBe(404);
  await page.goto("/calculators/solar?a0_w=100&state=Kano");
  await ready(page, testInfo);
  await expect(page.locator("#calc-a0_h-error")).toHaveText("How many hours a day does it run?");
  await expect(page.locator("#calc-a0_w")).toHaveValue("100");
});
