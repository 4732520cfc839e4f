/**
 * Rough edges a user notices: an admin's search of reviews does not end up in the
 * header's product search box (only the storefront's listing and search pages fill it), and a
 * flash message naming a long e-mail address wraps inside a 360 px screen.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_VENDOR } from "~/db/seed/catalog-data";
import { isPhone, jsEnabled, login, ready } from "./utils";

test("the header's search box shows the product search on listings, never an admin page's search", async ({ page }, testInfo) => {
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, testInfo);
  await page.goto("/admin/reviews?search=adaeze");
  await ready(page, testInfo);
  await expect(page.locator("#site-search")).toHaveValue("");
  await page.goto("/products/?search=cement");
  await ready(page, testInfo);
  await expect(page.locator("#site-search")).toHaveValue("cement");
});

test("a flash message with a long e-mail address wraps at 360 px", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await login(page, DEMO_VENDOR.email, DEMO_VENDOR.password, testInfo);
  await page.goto("/stores/lagos-building-depot/members");
  await ready(page, testInfo);
  const email = `a.very.long.mailbox.name.for.the.site.engineer.${Date.now()}${testInfo.project.name.replace(/\W/g, "")}@constructionservices-lagos-example.com.ng`;
  await page.getByLabel("Invite a member").fill(email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const flash = page.getByTestId("flash");
  await expect(flash).toContainText(email.slice(0, 20));
  const box = await flash.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await flash.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  if (!jsEnabled(testInfo) && isPhone(testInfo)) {
    fs.mkdirSync("/work/shots/edges", { recursive: true });
    await page.screenshot({ path: "/work/shots/edges/flash-long-email-360-js-off.png" });
  }
});
