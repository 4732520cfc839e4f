/**
 * Phone menus wrap: at 320 px wide, every area's menu — the account area (shopper),
 * the store area (vendor) and the admin area — and the header's account menu fit the screen: no
 * item of the menu (Members, Notifications, Payouts, Returns, Log out…) ends past the right edge,
 * and the page never scrolls sideways. The test sets its own 320 px viewport in every project.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_SHOPPER, DEMO_VENDOR } from "~/db/seed/catalog-data";
import { login, ready } from "./utils";

const WIDTH = 320;

/** Every element of the menu whose box reaches outside [0, WIDTH], as "tag text: left–right". */
async function outside(menu: Locator): Promise<string[]> {
  return menu.evaluate((root, width) => {
    const out: string[] = [];
    for (const el of [root, ...Array.from(root.querySelectorAll("*"))]) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < 0 || r.right > width) out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}": ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    return out;
  }, WIDTH);
}

const pageScrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

async function expectMenuFits(page: Page, menu: Locator, items: string[]) {
  await expect(menu).toBeVisible();
  for (const name of items) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  expect(await outside(menu)).toEqual([]);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(WIDTH);
}

/** The header's account menu (a <details>): opened, its panel fits too. */
async function expectHeaderMenuFits(page: Page) {
  const details = page.getByTestId("account-menu");
  await details.locator("summary").click();
  const panel = details.locator("div").first();
  await expect(panel.getByRole("button", { name: "Log out" })).toBeVisible();
  expect(await outside(panel)).toEqual([]);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(WIDTH);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: WIDTH, height: 640 });
});

test("the shopper's account menu wraps at 320 px: nothing off-screen, no sideways scroll", async ({ page }, testInfo) => {
  await login(page, DEMO_SHOPPER.email, DEMO_SHOPPER.password, testInfo);
  await page.goto("/users/orders");
  await ready(page, testInfo);
  await expectMenuFits(page, page.getByTestId("account-area-menu"), ["Account", "Orders", "Quotes", "Wishlist", "Notifications", "Log out"]);
  await expectHeaderMenuFits(page);
});

test("the store menu wraps at 320 px: Members, Notifications, Payouts, Returns and Log out on screen", async ({ page }, testInfo) => {
  await login(page, DEMO_VENDOR.email, DEMO_VENDOR.password, testInfo);
  await page.goto("/stores/lagos-building-depot/dashboard");
  await ready(page, testInfo);
  await expectMenuFits(page, page.getByTestId("store-menu"), ["Dashboard", "Products", "Orders", "Customers", "Members", "Notifications", "Payouts", "Returns", "Quotes", "Log out"]);
  // The header's store button of a store owner (spec section 2): "Store", to the last store's dashboard.
  const sell = page.getByTestId("store-button-mobile");
  await expect(sell).toHaveText("Store");
  await expect(sell).toHaveAttribute("href", "/stores/lagos-building-depot/dashboard");
});

test("the admin menu wraps at 320 px, and so do the payment views", async ({ page }, testInfo) => {
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, testInfo);
  await page.goto("/admin/payments");
  await ready(page, testInfo);
  await expectMenuFits(page, page.getByTestId("admin-menu"), ["Payments", "Payouts", "Returns", "Newsletter", "Audit log"]);
  const views = page.getByRole("navigation", { name: "Payment views" });
  await expect(views).toBeVisible();
  expect(await outside(views)).toEqual([]);
});
