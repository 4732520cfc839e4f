/**
 * A store's record over 90 days (issue 36 item 4) on its store page and in the product page's
 * seller block, as the API counts it: plain words with the counts behind each percentage, or "New
 * seller" under 5 orders; server-rendered (JavaScript off as on).
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ready } from "./utils";

type Rate = { n: number; of: number; percent: number | null };
type Card = { new_seller: boolean; orders: number; delivered: number; on_time: Rate; cancelled: Rate; returned: Rate; rating_count: number };

async function cardOf(request: APIRequestContext, slug: string): Promise<Card> {
  const r = await request.get(`/api/v1/stores/${slug}/scorecard/`);
  expect(r.status()).toBe(200);
  return (await r.json()) as Card;
}

async function expectCard(page: Page, card: Card) {
  const block = page.getByTestId("scorecard").first();
  await expect(block.getByRole("heading", { name: "Seller's record, last 90 days" })).toBeVisible();
  if (card.new_seller) await expect(block).toContainText("New seller: fewer than 5 orders so far.");
  else {
    await expect(block).toContainText(`${card.delivered} of ${card.orders} orders delivered`);
    if (card.on_time.percent !== null) await expect(block).toContainText(`${card.on_time.percent}% sent on time (${card.on_time.n} of ${card.on_time.of} orders)`);
    await expect(block).toContainText(`${card.cancelled.percent}% cancelled because the seller was late (${card.cancelled.n} of ${card.cancelled.of} orders)`);
  }
}

test("the store page shows the store's record", async ({ page, request }, testInfo) => {
  const card = await cardOf(request, "lagos-building-depot");
  await page.goto("/shop/lagos-building-depot");
  await ready(page, testInfo);
  await expectCard(page, card);
  if (testInfo.project.name === "js-off-phone") {
    await page.getByTestId("scorecard").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: "docs/i18n/screenshots/scorecard.png" });
  }
});

test("the product page's seller block shows its store's record", async ({ page, request }, testInfo) => {
  await page.goto("/shop/lagos-building-depot");
  await page.locator("main a[href^='/'][href*='/']").filter({ has: page.locator("img") }).first().click();
  await ready(page, testInfo);
  await expect(page.getByTestId("sold-by")).toHaveText("Lagos Building Depot");
  await expectCard(page, await cardOf(request, "lagos-building-depot"));
});
