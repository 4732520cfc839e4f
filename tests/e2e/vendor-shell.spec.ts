/**
 * The vendor shell: a new user opens a store through the three-step wizard (JavaScript
 * on and off), goes back through a step number, meets validation errors that keep what was typed
 * and the uploaded logo, lands on the dashboard with the store menu, and the public store page
 * /shop/{slug} shows the store.
 */
import { expect as baseExpect, test } from "@playwright/test";
import sharp from "sharp";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";

// Every step is a server round trip (and an image upload): allow for a busy test machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const words = (n: number) => Array.from({ length: n }, (_, i) => ["quality", "tiles", "and", "cement", "for", "Lagos", "builders"][i % 7]).join(" ");

test("a new user opens a store through the wizard and lands on the dashboard; /shop/{slug} shows it", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const js = jsEnabled(testInfo);
  const shots = isPhone(testInfo) && !js;
  const user = await newShopper(request);
  // anonymous: the wizard sends to the login page and back
  await page.goto("/create-store");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fcreate-store/);
  await login(page, user.email, user.password, testInfo);
  await page.goto("/create-store");
  await ready(page, testInfo);

  // Step 1, Contact: names and e-mail come from the account
  await expect(page.getByTestId("wizard-step-1")).toHaveAttribute("aria-current", "step");
  await expect(page.getByLabel("First name")).toHaveValue(user.firstName);
  await page.getByLabel("Phone number").fill("0803123456"); // one digit short
  await page.getByLabel("Physical address").fill("12 Allen Avenue, Ikeja, Lagos");
  await page.getByTestId("wizard-submit").click();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  // the state the store ships from is required, its message next to the select
  await expect(page.getByText("Choose the state your store ships from")).toBeVisible();
  await expect(page.getByLabel("Physical address")).toHaveValue("12 Allen Avenue, Ikeja, Lagos");
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("State your store ships from").selectOption("Lagos");
  await page.getByTestId("wizard-submit").click();

  // Step 2, Brand: a description too short, a logo, and an HTML page named .png as the banner
  await expect(page.getByTestId("wizard-step-2")).toHaveAttribute("aria-current", "step");
  await ready(page, testInfo);
  const name = `Shell Tiles ${Date.now().toString(36)}`;
  await page.getByLabel("Brand name").fill(name);
  await page.getByLabel("About your store").fill(words(12));
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 90, b: 20 } } }).png().toBuffer();
  await page.getByLabel("Logo (optional)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await page.getByLabel("Banner (optional)").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: Buffer.from("<html><body>not an image</body></html>") });
  await page.getByTestId("wizard-submit").click();
  await expect(page.getByText("Enter at least 50 words.")).toBeVisible();
  await expect(page.getByLabel("Brand name")).toHaveValue(name);
  await page.getByLabel("About your store").fill(words(60));
  // With JavaScript the browser stopped at the word count; now the server sees the files
  if (js) await page.getByTestId("wizard-submit").click();
  // The refused banner's message next to its field; the logo is uploaded and kept; the text too
  await expect(page.getByText("Invalid file type. Please choose a valid image (JPEG, PNG or WEBP).")).toBeVisible();
  await expect(page.getByTestId("logo-preview").locator("img")).toHaveAttribute("src", /\/media\/stores\/.+\.png/);
  await expect(page.getByLabel("Brand name")).toHaveValue(name);
  if (shots) await page.screenshot({ path: "/work/shots/shell-wizard-error.png", fullPage: true });
  await ready(page, testInfo);
  await page.getByLabel("About your store").fill(words(60));
  await page.getByTestId("wizard-submit").click();

  // Step 3, Socials; back to step 1 through its number, then forward to 2: all kept
  await expect(page.getByTestId("wizard-step-3")).toHaveAttribute("aria-current", "step");
  await ready(page, testInfo);
  await page.getByLabel("Instagram link (optional)").fill("https://instagram.com/shelltiles");
  await page.getByTestId("wizard-step-1").click();
  await expect(page.getByTestId("wizard-step-1")).toHaveAttribute("aria-current", "step");
  await expect(page.getByLabel("Phone number")).toHaveValue("08031234567");
  await ready(page, testInfo);
  await page.getByTestId("wizard-step-2").click();
  await expect(page.getByTestId("wizard-step-2")).toHaveAttribute("aria-current", "step");
  await expect(page.getByLabel("Brand name")).toHaveValue(name);
  await expect(page.getByTestId("logo-preview").locator("img")).toHaveAttribute("src", /\/media\/stores\/.+\.png/);
  await ready(page, testInfo);
  await page.getByTestId("wizard-step-3").click();
  await expect(page.getByTestId("wizard-step-3")).toHaveAttribute("aria-current", "step");
  await expect(page.getByLabel("Instagram link (optional)")).toHaveValue("https://instagram.com/shelltiles");
  await ready(page, testInfo);

  // Become a Vendor needs the agreement
  await expect(page.getByTestId("wizard-submit")).toHaveText("Become a Vendor");
  await page.getByTestId("wizard-submit").click();
  await expect(page.getByText("Agree to the terms.")).toBeVisible();
  await page.getByLabel(/I agree to the/).check();
  await page.getByTestId("wizard-submit").click();

  // The dashboard of the new store, with the menu
  await expect(page).toHaveURL(/\/stores\/shell-tiles-[a-z0-9-]+\/dashboard$/);
  const slug = new URL(page.url()).pathname.split("/")[2];
  await expect(page.getByText("Ready to get started?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Product" })).toHaveAttribute("href", `/stores/${slug}/products/add-product`);
  await expect(page.getByTestId("store-name")).toHaveText(name);
  const menu = page.getByRole("navigation", { name: "Store menu" });
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  for (const label of ["Products", "Orders", "Customers", "Members", "Notifications", "Payouts", "Returns", "Log out"])
    await expect(menu.getByRole("link", { name: label })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Orders" })).toHaveAttribute("href", `/stores/${slug}/orders/history`);
  await expect(page.getByRole("complementary", { name: "Store" }).locator("img").first()).toHaveAttribute("src", /\/media\/stores\/.+\.png/);
  if (shots) await page.screenshot({ path: "/work/shots/shell-dashboard-empty.png", fullPage: true });

  // /stores and /stores/{slug} lead to the dashboard
  await page.goto("/stores");
  await expect(page).toHaveURL(new RegExp(`/stores/${slug}/dashboard$`));
  await page.goto(`/stores/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/stores/${slug}/dashboard$`));

  // The public page
  await page.goto(`/shop/${slug}`);
  await expect(page.getByTestId("store-title")).toHaveText(name);
  await expect(page.getByTestId("store-logo")).toHaveAttribute("src", /\/media\/stores\/.+\.png/);
  await expect(page.getByTestId("store-links").getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/shelltiles");
  await expect(page.getByText("No Product")).toBeVisible();
  // shared-cacheable for visitors without a session
  const anon = await request.get(`/shop/${slug}`);
  expect(anon.status()).toBe(200);
  expect(anon.headers()["cache-control"]).toContain("public");
  // the state chosen at the Contact step is the store's (shipping is priced from it)
  expect((await (await request.get(`/api/v1/stores/${slug}/`)).json()).state).toBe("Lagos");
});

test("the demo vendor's dashboard shows real figures and a chart; /shop shows its products; Sold by links there", async ({ page }, testInfo) => {
  await login(page, "vendor@demo.buildmart.ng", "Vendor#2024", testInfo);
  await page.goto("/stores");
  await expect(page).toHaveURL(/\/stores\/[^/]+\/dashboard$/);
  const slug = new URL(page.url()).pathname.split("/")[2];
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("sales-30")).toContainText("₦");
  await expect(page.getByTestId("sales-chart")).toBeVisible();
  await expect(page.locator('[data-testid="sales-chart"] title').first()).toHaveText(/Daily sales, last 30 days/);
  await expect(page.getByTestId("orders-by-status")).toContainText("Delivered");
  if (isPhone(testInfo) && !jsEnabled(testInfo)) await page.screenshot({ path: "/work/shots/shell-dashboard.png", fullPage: true });
  // another user's store: 404
  await page.goto("/stores/no-such-store-zz/dashboard");
  await expect(page.getByText("We looked everywhere")).toBeVisible();

  await page.goto(`/shop/${slug}`);
  await expect(page.getByTestId("store-title")).toBeVisible();
  const first = page.locator("main article a").first();
  await first.click();
  await expect(page.getByTestId("sold-by")).toHaveAttribute("href", `/shop/${slug}`);
});
