/**
 * Variant options priced for shoppers: the vendor adds options to a product through the
 * API; a shopper picks one with the product page's radio buttons, adds it to the cart and sees the
 * option's name and price there (JavaScript on and off).
 */
import { expect, test } from "@playwright/test";
import { demoVendorProducts, login as signIn, newShopper, ready } from "./utils";

const PROJECTS = ["js-on-phone", "js-off-phone", "js-on-desktop", "js-off-desktop"];

test("a shopper picks an option on the product page and sees it with its price in the cart", async ({ page, request }, testInfo) => {
  const { access, products: mine } = await demoVendorProducts(request);
  const auth = { authorization: `Bearer ${access}` };
  // a product per project, apart from the notifications spec's (0-3)
  const product = mine[4 + Math.max(0, PROJECTS.indexOf(testInfo.project.name))];
  expect(product).toBeTruthy();
  const tag = Math.random().toString(36).slice(2, 6);
  const add = async (value: string, price: number) => {
    const r = await request.post("/api/v1/products/options/", { headers: auth, data: { product: product.id, variant: "Colour", value, price } });
    expect(r.status()).toBe(201);
  };
  await add(`White ${tag}`, 11111);
  await add(`Red ${tag}`, 12345);

  await page.goto(`/products/${product.id}`);
  await ready(page, testInfo);
  const form = page.getByTestId("option-form");
  await expect(form.getByRole("group", { name: "Colour" })).toBeVisible();
  // (a retry adds its own two options to the same product)
  await expect(form.getByRole("radio", { name: new RegExp(tag) })).toHaveCount(2);
  // The options cost different amounts: none is chosen for the shopper, and the headline shows
  // the range until one is (with JavaScript it follows the choice at once).
  const price = page.getByTestId("price");
  await expect(form.getByRole("radio", { name: `White ${tag} — ₦11,111` })).not.toBeChecked();
  await expect(price).toContainText("₦11,111");
  await expect(price).toContainText("₦12,345");
  if (testInfo.project.name === "js-off-phone") await page.screenshot({ path: "/work/shots/32/product-options-360-js-off.png" });
  await form.getByRole("radio", { name: `Red ${tag} — ₦12,345` }).check();
  if (testInfo.project.name.startsWith("js-on")) await expect(price).toHaveText(/^₦12,345 each$/);
  await form.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Added to cart");

  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: product.name });
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId("cart-line-option")).toHaveText(`Colour: Red ${tag}`);
  await expect(line).toContainText("₦12,345");
});

/**
 * Options as stock units: an option with 2 in stock says "Only 2 left" on the product
 * page and cannot be bought 3 times (the cart refuses a quantity of 3 with a clear message); Buy
 * Now with the option lands on the checkout with the option named and priced.
 */
test("an option with 2 in stock cannot be bought 3 times; Buy Now with an option lands on checkout with it", async ({ page, request }, testInfo) => {
  const { access, products: mine } = await demoVendorProducts(request);
  const auth = { authorization: `Bearer ${access}` };
  // a product per project, apart from the other specs' (notifications 0-3, the test above 4-7)
  const product = mine[8 + Math.max(0, PROJECTS.indexOf(testInfo.project.name))];
  expect(product).toBeTruthy();
  const tag = Math.random().toString(36).slice(2, 6);
  const add = async (value: string, price: number, stock_quantity: number) => {
    const r = await request.post("/api/v1/products/options/", { headers: auth, data: { product: product.id, variant: "Finish", value, price, stock_quantity } });
    expect(r.status()).toBe(201);
    return (await r.json()).id as number;
  };
  await add(`Matte ${tag}`, 9000, 40);
  const gloss = await add(`Gloss ${tag}`, 9500, 2);

  const shopper = await newShopper(request);
  await signIn(page, shopper.email, shopper.password, testInfo);

  await page.goto(`/products/${product.id}`);
  await ready(page, testInfo);
  const form = page.getByTestId("option-form");
  const glossRadio = form.getByRole("radio", { name: new RegExp(`Gloss ${tag}`) });
  await expect(form.locator("label").filter({ hasText: `Gloss ${tag}` })).toContainText("Only 2 left");
  await glossRadio.check();
  await form.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Added to cart");

  // 3 of Gloss: refused, with the option named; the cart keeps 1.
  await page.goto("/cart");
  await ready(page, testInfo);
  const line = page.getByTestId("cart-line").filter({ hasText: `Finish: Gloss ${tag}` });
  await line.getByTestId("quantity").fill("3");
  await line.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(`Only 2 available for Finish: Gloss ${tag}.`).first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line").filter({ hasText: `Finish: Gloss ${tag}` }).getByTestId("quantity")).toHaveValue("1");

  // Buy Now with Gloss: straight to checkout, the option named and priced.
  await page.goto(`/products/${product.id}`);
  await ready(page, testInfo);
  await page.getByTestId("option-form").getByRole("radio", { name: new RegExp(`Gloss ${tag}`) }).check();
  await page.getByTestId("option-form").getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/payment\\?buy=${product.id}&option=${gloss}$`));
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await expect(page.locator("main")).toContainText(`${product.name} (Finish: Gloss ${tag})`);
  await expect(page.locator("main")).toContainText("₦9,500");

  // Both units gone (a Gloss bought out through the API): the product page says so and the option cannot be picked.
  const r = await request.patch(`/api/v1/products/options/${gloss}/`, { headers: auth, data: { stock_quantity: 0 } });
  expect(r.status()).toBe(200);
  await page.goto(`/products/${product.id}`);
  await ready(page, testInfo);
  const gone = page.getByTestId("option-form").getByRole("radio", { name: new RegExp(`Gloss ${tag}`) });
  await expect(gone).toBeDisabled();
  await expect(page.getByTestId("option-form").locator("label").filter({ hasText: `Gloss ${tag}` })).toContainText("Out of stock");
});
