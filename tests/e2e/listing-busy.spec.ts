/**
 * With JavaScript on, a sort or filter fetches the new results in place (issue 38): the results
 * are busy (aria-busy, and they pulse) while the new ones load, and once they arrive the page is at the top of the results (under the
 * sticky header), not where the sort or the filter panel's "Apply filters" left it. The data
 * request is held until the busy sign has been seen, then let go: no timings.
 */
import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, ready } from "./utils";

const JS_OFF = "JavaScript off: a sort or filter is a new page, which starts at the top";

/** Holds the listing's data requests whose query contains `match` until the returned function is called. */
async function holdData(page: Page, match: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.search.includes(match),
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

/** Whether the results pulse (the busy sign a shopper sees). */
const pulsing = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector("section[aria-busy]")!).animationName !== "none");

/** How far the results' top is below the sticky header's bottom, in CSS pixels. */
const resultsBelowHeader = (page: Page) =>
  page.evaluate(() => {
    const results = document.querySelector("section[aria-busy]")!.getBoundingClientRect().top;
    const header = document.querySelector("header")!.getBoundingClientRect().bottom;
    return Math.round(results - Math.max(0, header));
  });

test("sort: busy while the new order loads, then the page is at the top of the results", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), JS_OFF);
  await page.goto("/all");
  await ready(page, testInfo);
  const results = page.getByRole("region", { name: "Results" });
  await expect(results).toHaveAttribute("aria-busy", "false");

  const release = await holdData(page, "sort=price_asc");
  await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
  await expect(results).toHaveAttribute("aria-busy", "true");
  await expect.poll(() => pulsing(page)).toBe(true);

  release();
  await expect(results).toHaveAttribute("aria-busy", "false");
  expect(await pulsing(page)).toBe(false);
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(() => resultsBelowHeader(page)).toBeGreaterThanOrEqual(0);
  await expect.poll(() => resultsBelowHeader(page)).toBeLessThanOrEqual(16);
});

test("Apply filters: busy while the results load, then the page is at their top, not at the panel's foot", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), JS_OFF);
  await page.goto("/all");
  await ready(page, testInfo);
  const panel = page.locator("#filters-panel");
  if (!(await panel.isVisible())) await page.locator("label[for=filters-toggle]").click();
  // The fields' code comes at the first touch (an island); until then Apply is a plain page load.
  await panel.getByLabel("Min").click();
  await page.locator("html[data-filter-fields-live='1']").waitFor({ state: "attached" });
  await panel.getByLabel("Min").fill("1000");

  const release = await holdData(page, "min=1000");
  const apply = page.getByRole("button", { name: "Apply filters" });
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("aria-busy", "true");
  await expect.poll(() => pulsing(page)).toBe(true);

  release();
  await expect(page).toHaveURL(/min=1000/);
  await expect.poll(() => resultsBelowHeader(page)).toBeGreaterThanOrEqual(0);
  await expect.poll(() => resultsBelowHeader(page)).toBeLessThanOrEqual(16);
  await expect(page.getByRole("region", { name: "Results" }).getByRole("link").first()).toBeInViewport();
});

test("a store page's own sort: busy while the new order loads, then the page is at the top of its products", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), JS_OFF);
  await page.goto("/shop/lagos-building-depot");
  await ready(page, testInfo);
  const products = page.getByRole("region", { name: "Products" });
  await expect(products).toHaveAttribute("aria-busy", "false");

  const release = await holdData(page, "sort=price_desc");
  await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
  await expect(products).toHaveAttribute("aria-busy", "true");
  await expect.poll(() => pulsing(page)).toBe(true);

  release();
  await expect(products).toHaveAttribute("aria-busy", "false");
  expect(await pulsing(page)).toBe(false);
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect.poll(() => resultsBelowHeader(page)).toBeGreaterThanOrEqual(0);
  await expect.poll(() => resultsBelowHeader(page)).toBeLessThanOrEqual(16);
});
