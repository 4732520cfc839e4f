/**
 * Variant options priced for shoppers (issue 10): the vendor adds options to a product through the
 * API; a shopper picks one with the product page's radio buttons, adds it to the cart and sees the
 * option's name and price there (JavaScript on and off).
 */
import { expect, test } from "@playwright/test";
import { ready } from "./utils";

const VENDOR = { email: "vendor@demo.buildmart.ng", password: "Vendor#2024" };
const PROJECTS = ["js-on-phone", "js-off-phone", "js-on-desktop", "js-off-desktop"];

test("a shopper picks an option on the product page and sees it with its price in the cart", async ({ page, request }, testInfo) => {
  const login = await request.post("/api/v1/users/auth/login/", { data: VENDOR });
  const { access, user } = await login.json();
  const auth = { authorization: `Bearer ${access}` };
  const stores = await (await request.get(`/api/v1/stores/owner/${user.id}/`, { headers: auth })).json();
  const list = await (await request.get("/api/v1/products/?page_size=100")).json();
  const mine = (list.results as Array<{ id: number; store: number; stock_quantity: number; name: string }>).filter((p) => p.store === stores[0].id && p.stock_quantity > 20);
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
  await expect(form.getByRole("radio")).toHaveCount(2);
  await expect(form.getByRole("radio", { name: `White ${tag} — ₦11,111` })).toBeChecked();
  await form.getByRole("radio", { name: `Red ${tag} — ₦12,345` }).check();
  await form.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Added to cart");

  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: product.name });
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId("cart-line-option")).toHaveText(`Colour: Red ${tag}`);
  await expect(line).toContainText("₦12,345");
});
