/**
 * The shopper's order pages in Igbo, with JavaScript off and on: from the orders list to the
 * order, Cancel on an item, the reasons in Igbo, the confirmation, and back on the order the
 * flash and the cancelled item (with its reason) in Igbo; the tracking page's heading too.
 */
import fs from "node:fs";
import { expect, test, type BrowserContext } from "@playwright/test";
import type { Lang } from "~/i18n/languages";
import { productsInStock } from "./checkout-helpers";
import { login, newShopper, ready } from "./utils";

/** The footer switch's cookie, as the server writes it (a remix cookie: base64 of the JSON value). */
async function speak(context: BrowserContext, lang: Lang) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(lang)).toString("base64"));
  await context.addCookies([{ name: "lang", value, url: `http://localhost:${process.env.E2E_PORT}` }]);
}

type Tree = { [k: string]: string | Tree };
const orders = (lang: Lang) => JSON.parse(fs.readFileSync(`app/i18n/messages/${lang}/orders.json`, "utf8")) as Tree;
const get = (tree: Tree, key: string) => key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k], tree) as string;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");

test("an order is opened and an item cancelled in Igbo", async ({ page, context, request }, testInfo) => {
  const ig = orders("ig");
  const t = (key: string, vars: Record<string, string> = {}) => fill(get(ig, key), vars);
  const [product] = await productsInStock(request, 40 + testInfo.parallelIndex, 1);
  const shopper = await newShopper(request);
  // An order placed through the API (the checkout's own languages are checked in languages.spec.ts).
  const signedIn = await request.post("/api/v1/users/auth/login/", { data: { email: shopper.email, password: shopper.password } });
  const token = (await signedIn.json()).access as string;
  const placed = await request.post("/api/v1/orders/", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      guest_delivery_address: { email: shopper.email, receiver_first_name: "Ngozi", receiver_last_name: "Eze", receiver_phone_one: "08031234567", street_address: "14 Ogui Road", city: "Enugu", state: "Enugu", zip_code: "400001", country: "NGN" },
      order_payment_method: "PayOnDelivery",
      buy: product.id,
      quantity: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).id as string;
  const number = `#${orderId.split("-")[0].toUpperCase()}`;

  await login(page, shopper.email, shopper.password, testInfo);
  await speak(context, "ig");
  await page.goto("/users/orders");
  await ready(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "ig");
  await expect(page.getByRole("heading", { name: t("title"), exact: true })).toBeVisible();
  await expect(page.getByText(t("paymentIs", { status: t("status.Pending") }))).toBeVisible();
  await page.getByRole("link", { name: t("viewDetails") }).click();

  await expect(page).toHaveURL(new RegExp(`/users/orders/${orderId}$`));
  await expect(page.getByRole("heading", { name: t("heading", { number }) })).toBeVisible();
  await expect(page.getByTestId("delivery-status")).toHaveText(t("status.Placed"));
  await expect(page).toHaveTitle(`${t("heading", { number })} | BuildMart NG`);
  await ready(page, testInfo);
  await page.getByRole("link", { name: t("cancelLabel", { name: product.name }) }).click();

  await expect(page.getByRole("heading", { name: t("cancelPage.title") })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.getByRole("radio")).toHaveCount(7);
  await page.getByRole("radio", { name: t("cancelReason.Seller Reputation") }).check();
  await page.getByRole("button", { name: t("cancelPage.continue") }).click();
  await expect(page.getByRole("heading", { name: t("cancelPage.confirmTitle") })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toContainText(t("cancelReason.Seller Reputation"));
  await ready(page, testInfo);
  await page.getByRole("button", { name: t("cancelPage.yes") }).click();

  await expect(page).toHaveURL(new RegExp(`/users/orders/${orderId}$`));
  await expect(page.getByTestId("flash")).toHaveText(t("cancelPage.done", { name: product.name }));
  await expect(page.getByTestId("item-cancelled")).toHaveText(`${t("status.Cancelled")} · ${t("cancelReason.Seller Reputation")}`);
  await expect(page.getByRole("link", { name: t("cancelLabel", { name: product.name }) })).toHaveCount(0);
  await expect(page.getByText("Seller Reputation")).toHaveCount(0);

  await page.getByRole("link", { name: t("trackOrder") }).click();
  await expect(page.getByRole("heading", { name: t("progressHeading"), level: 1 })).toBeVisible();
  await expect(page.getByTestId("order-progress")).toContainText(t("cancelled"));
});
