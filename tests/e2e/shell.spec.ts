import { expect, test } from "@playwright/test";
import { isPhone, jsEnabled, ready } from "./utils";

test("home renders the catalogue on the server, with header and footer", async ({ page }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Featured", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Building Materials", exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByTestId(isPhone(test.info()) ? "store-button-mobile" : "store-button")).toHaveText("Become a Vendor");
  const footer = page.locator("footer");
  await expect(footer.getByText("Central Business District, Abuja")).toBeVisible();
  for (const name of ["LinkedIn", "X", "Instagram", "Facebook", "YouTube"]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByText("@buildmartng")).toBeVisible();
});

test("footer links navigate to the static pages", async ({ page }) => {
  await page.goto("/");
  await ready(page, test.info());
  await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  const questions = page.locator("main details");
  await expect(questions).toHaveCount(10);
  // collapsible without JavaScript: native details/summary
  const first = questions.first();
  await expect(first).not.toHaveAttribute("open", "");
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");

  await page.locator("footer").getByRole("link", { name: "Terms and Conditions" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/General Terms and Conditions/);
  await expect(page.getByText("Last updated 31 January 2023")).toBeVisible();
  await page.locator("footer").getByRole("link", { name: "Secure shopping" }).click();
  await expect(page).toHaveURL(/\/secure-shopping$/);
  await page.locator("footer").getByRole("link", { name: "About us" }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test("the mobile category menu opens without JavaScript", async ({ page }) => {
  test.skip(!isPhone(test.info()), "the slide-in menu is for phones");
  await page.goto("/");
  await ready(page, test.info());
  const nav = page.getByRole("navigation", { name: "Categories" });
  await expect(nav).toBeHidden();
  await page.getByLabel("Open menu").click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Electronics", exact: true }).click();
  await expect(page).toHaveURL(/\/electronics$/);
});

test("an unknown page answers 404 with the 'looked everywhere' page and a home link", async ({ page }) => {
  const res = await page.goto("/this/page/does/not/exist");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We looked everywhere..." })).toBeVisible();
  // The page names the request (the id of its log line and X-Request-Id header) for support.
  const requestId = res?.headers()["x-request-id"];
  expect(requestId).toBeTruthy();
  await expect(page.getByTestId("request-id")).toHaveText(`Reference: ${requestId}`);
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("lite mode serves pages without any script, and can be switched off", async ({ page }) => {
  await page.goto("/about");
  await ready(page, test.info());
  await page.getByTestId("lite-toggle").click();
  await expect(page.getByTestId("lite-toggle")).toHaveText(/^Lite mode: on/);
  const html = await (await page.request.get("/about")).text();
  expect(html).not.toMatch(/<script/i);
  expect(html).toMatch(/About/);
  await page.getByTestId("lite-toggle").click();
  await expect(page.getByTestId("lite-toggle")).toHaveText(/^Lite mode: off/);
  const again = await (await page.request.get("/about")).text();
  expect(again).toMatch(/<script/i);
});

test("Save-Data: on gets a page with no script", async ({ request }) => {
  const html = await (await request.get("/", { headers: { "Save-Data": "on" } })).text();
  expect(html).not.toMatch(/<script/i);
  expect(html).toMatch(/Featured/);
});

test("the API answers CORS preflights and does not redirect trailing slashes through the real server", async ({ request }) => {
  const pre = await request.fetch("/api/v1/carts/x/merge/1", { method: "OPTIONS" });
  expect(pre.status()).toBeLessThan(300);
  expect(pre.headers()["access-control-allow-origin"]).toBe("*");
  const r = await request.get("/api/v1/products/categories/root_categories", { maxRedirects: 0 });
  expect(r.status()).toBe(200);
  expect(Array.isArray(await r.json())).toBe(true);
});

test("search from the header lands on the results URL", async ({ page }) => {
  await page.goto("/");
  await ready(page, test.info());
  await page.getByRole("searchbox", { name: "Search products" }).fill("cement");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/products\/?\?search=cement/);
  await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("cement");
});

test("what a shopper types before the scripts arrive survives hydration, and pages hydrate without errors", async ({ page }) => {
  test.skip(!jsEnabled(test.info()), "hydration needs JavaScript");
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Hold the scripts back, as a slow network does, while the shopper types.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route("**/build/**", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/auth/login", { waitUntil: "commit" });
  const email = page.getByLabel("Email", { exact: true });
  await email.fill("early@example.com");
  release();
  await ready(page, test.info());
  await expect(email).toHaveValue("early@example.com");
  await page.unroute("**/build/**");
  for (const path of ["/", "/faq", "/cart", "/building-materials"]) {
    await page.goto(path);
    await ready(page, test.info());
  }
  expect(errors).toEqual([]);
});

test("the footer newsletter form subscribes an address and says so on the page", async ({ page }) => {
  await page.goto("/faq");
  await ready(page, test.info());
  const email = `news${Date.now()}${test.info().workerIndex}@example.com`;
  await page.locator("footer").getByLabel("Email address").fill(email);
  await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
  // Double opt-in: the same answer whether or not the address is subscribed; the mail confirms.
  await expect(page.getByTestId("flash")).toHaveText("Almost done: check your inbox and click the link in our e-mail to confirm your subscription.");
  await expect(page).toHaveURL(/\/faq$/);
});
