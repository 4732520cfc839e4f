/**
 * A new account's first address form starts with the account's own name and verified phone
 * (issue 38): at checkout and in the address book, for an account made by phone sign-in.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addToCart, checkoutFromCart, firstLga, productsInStock } from "./checkout-helpers";
import { ready, smsCodeFor } from "./utils";

async function signUpByPhone(page: Page, testInfo: TestInfo, local: string, e164: string, firstName: string) {
  await page.goto("/auth/phone");
  await ready(page, testInfo);
  await page.getByLabel("Phone number").fill(local);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await page.getByLabel("6-digit code").fill(await smsCodeFor(e164));
  await page.getByLabel(/First name/).fill(firstName);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("account-menu").waitFor({ state: "attached" });
}

test("a phone-made account's first address starts with its name and verified phone, at checkout and in the address book", async ({ page, request }, testInfo) => {
  // A number of its own per run and project (the projects share one server).
  const digits = `${String(Date.now() % 1e6).padStart(6, "0")}${testInfo.workerIndex % 10}`;
  const local = `0708 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  const e164 = `+234708${digits}`;
  await signUpByPhone(page, testInfo, local, e164, "Adaeze");

  // Checkout, no address yet: the add form holds the account's name and number.
  const [product] = await productsInStock(request, 3, 1);
  await addToCart(page, testInfo, product);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  const atCheckout = page.locator("#checkout-add-address");
  await expect(atCheckout.getByLabel("First name")).toHaveValue("Adaeze");
  await expect(atCheckout.getByLabel("Phone number", { exact: false }).first()).toHaveValue(local);
  await expect(atCheckout.getByLabel("Last name")).toHaveValue("");

  // The address book's add form: the same; saved as given, it becomes the default address.
  await page.goto("/users/account/addresses");
  await ready(page, testInfo);
  const form = page.locator("#add-address");
  await expect(form.getByLabel("First name")).toHaveValue("Adaeze");
  await expect(form.getByLabel("Phone number", { exact: false }).first()).toHaveValue(local);
  await form.getByLabel("Last name").fill("Nwosu");
  await form.getByLabel("Delivery address").fill("4 Ogui Road");
  await form.getByLabel("City").fill("Enugu");
  await form.getByLabel("State").selectOption("Enugu");
  await form.getByLabel("Local government area").selectOption(firstLga("Enugu"));
  await form.getByRole("button", { name: /save/i }).click();
  await expect(page.getByTestId("flash")).toContainText("Address added");
  const saved = page.getByRole("list", { name: /saved/i });
  await expect(saved).toContainText("Adaeze Nwosu");
  await expect(saved).toContainText("4 Ogui Road");

  // A second address is often someone else's: its form starts empty.
  await expect(page.locator("#add-address").getByLabel("First name")).toHaveValue("");
  await expect(page.locator("#add-address").getByLabel("Phone number", { exact: false }).first()).toHaveValue("");
});
