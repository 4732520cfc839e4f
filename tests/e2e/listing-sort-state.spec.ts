/**
 * Listing sorts and the seller-state filter: sort a listing by price, filter it by the seller's state, and see the
 * active filter as a chip whose remove link clears it, with the result count. JS on and off.
 */
import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, ready } from "./utils";

const prices = (page: Page) => page.getByTestId("card-price").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-price"))));
const states = (page: Page) => page.getByTestId("card-state").evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));

test("sort by price, low to high", async ({ page }) => {
  await page.goto("/all");
  await ready(page, test.info());
  await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
  if (!jsEnabled(test.info())) await page.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(async () => {
    const p = await prices(page);
    return p.length > 1 && p.every((x, i) => i === 0 || p[i - 1] <= x);
  }).toBe(true);
  await expect(page.getByRole("link", { name: "Remove Sort: Price: low to high" })).toBeVisible();
});

/** "1,234 products" or "300+ products" → 1234 / 300. */
const count = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, "")) || 0;

test("filter by a state: only its sellers' cards, a chip that clears it, and the count", async ({ page }) => {
  await page.goto("/all");
  await ready(page, test.info());
  const before = await page.getByTestId("result-count").textContent();
  const panel = page.locator("#filters-panel");
  if (!(await panel.isVisible())) await page.locator("label[for=filters-toggle]").click();
  await panel.getByText("All Nigeria").click(); // opens the list of states
  await panel.getByLabel("Kano", { exact: true }).check();
  if (!jsEnabled(test.info())) await panel.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/state=Kano/);
  await expect.poll(async () => {
    const s = await states(page);
    return s.length > 0 && s.every((x) => x === "Kano");
  }).toBe(true);
  await expect(page.getByTestId("product-grid").getByText("from Kano").first()).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(/^\d[\d,]* products?$/);
  const kano = count(await page.getByTestId("result-count").textContent());
  expect(kano).toBeLessThan(count(before));

  await page.getByRole("link", { name: "Remove From Kano" }).click();
  await expect(page).not.toHaveURL(/state=/);
  // All sellers again: more than Kano's (other tests add products meanwhile, so not the exact count).
  await expect.poll(async () => count(await page.getByTestId("result-count").textContent())).toBeGreaterThan(kano);
  await expect.poll(async () => new Set(await states(page)).size).toBeGreaterThan(1);
});
