import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { formatNaira } from "../../app/domain/money";
import { jsEnabled, login, newShopper, ready } from "./utils";

const EMPTY = "Your wishlist is empty. Sprinkle it with wishes and turn it into a party of dreams!";

interface P {
  id: number;
  name: string;
  selling_price: number;
}

async function products(request: APIRequestContext, n: number, offset: number): Promise<P[]> {
  const r = await request.get("/api/v1/products/?page_size=30&ordering=-selling_price");
  return ((await r.json()).results as (P & { in_stock: boolean })[]).filter((p) => p.in_stock).slice(offset, offset + n);
}

async function heart(page: Page, testInfo: TestInfo, p: P) {
  await page.goto(`/products/${p.id}`);
  await ready(page, testInfo);
  return page.getByRole("button", { name: /^(Add to|Remove from) wishlist$/ }).first();
}

test("guests see no wishlist heart", async ({ page, request }, testInfo) => {
  const [p] = await products(request, 1, 0);
  const h = await heart(page, testInfo, p);
  await expect(h).toHaveCount(0);
});

test("heart adds and removes; the wishlist lists entries; Move to Cart adds then removes; Share and Remove", async ({ page, request }, testInfo) => {
  if (jsEnabled(testInfo)) {
    // record native share calls (headless Chromium on Linux has no share sheet)
    await page.addInitScript(() => {
      (navigator as unknown as { share: (d: unknown) => Promise<void> }).share = (d) => {
        (window as unknown as { __shared: unknown }).__shared = d;
        return Promise.resolve();
      };
    });
  }
  const [a, b] = await products(request, 2, 3);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);

  await page.goto("/users/wishlist");
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByTestId("wishlist-count")).toHaveText("(0)");

  // the flash message is the sign that the server has it (the heart itself changes at once with JS)
  const flash = page.getByTestId("flash");
  let h = await heart(page, testInfo, a);
  await expect(h).toHaveAttribute("aria-pressed", "false");
  await h.click();
  await expect(flash).toHaveText("Added to your wishlist");
  await expect(page.getByRole("button", { name: "Remove from wishlist" }).first()).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(new RegExp(`/products/${a.id}$`));
  // toggles back off, and on again
  await page.getByRole("button", { name: "Remove from wishlist" }).first().click();
  await expect(flash).toHaveText("Removed from your wishlist");
  await expect(page.getByRole("button", { name: "Add to wishlist" }).first()).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Add to wishlist" }).first().click();
  await expect(flash).toHaveText("Added to your wishlist");
  await expect(page.getByRole("button", { name: "Remove from wishlist" }).first()).toBeEnabled();
  h = await heart(page, testInfo, b);
  await h.click();
  await expect(flash).toHaveText("Added to your wishlist");

  await page.goto("/users/wishlist");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Wishlist");
  await expect(page.getByTestId("wishlist-count")).toHaveText("(2)");
  // by link: the demo catalogue has products with the same name
  const entry = (p: P) => page.getByTestId("wishlist-entry").filter({ has: page.locator(`a[href="/products/${p.id}"]`) });
  const entryA = entry(a);
  await expect(entryA).toContainText(formatNaira(a.selling_price));
  await expect(entryA.locator("img")).toBeVisible();

  // Share: native share with JavaScript, a copyable link without it
  await entryA.getByText("Share", { exact: true }).click();
  if (jsEnabled(testInfo)) {
    const shared = await page.evaluate(() => (window as unknown as { __shared?: { url: string } }).__shared);
    expect(shared?.url).toMatch(new RegExp(`/products/${a.id}$`));
  } else {
    await expect(entryA.getByLabel("Copy this link")).toHaveValue(new RegExp(`/products/${a.id}$`));
  }

  const before = Number(await page.getByTestId("cart-count").textContent());
  await entryA.getByRole("button", { name: /^Move .* to cart$/ }).click();
  await expect(page.getByTestId("wishlist-entry")).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText(String(before + 1));
  await expect(page.getByTestId("wishlist-count")).toHaveText("(1)");

  await entry(b).getByRole("button", { name: /^Remove .* from wishlist$/ }).click();
  await expect(page.getByText(EMPTY)).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line").filter({ has: page.locator(`a[href="/products/${a.id}"]`) })).toHaveCount(1);
});
