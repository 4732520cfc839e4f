/**
 * The storefront in Pidgin, Yoruba, Hausa and Igbo: the footer's language switch (a plain form:
 * the cookie is kept, <html lang> follows, with and without JavaScript), the browser's language
 * when nothing was chosen, and a guest's whole checkout (add to cart, checkout, pay on delivery,
 * confirmation, the order page from the e-mail) in each language with JavaScript off on a phone,
 * and once with JavaScript on. Texts are read from the message files, so a change of wording
 * does not break the test, but a page in the wrong language does.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { firstLga, productsInStock } from "./checkout-helpers";
import { isPhone, jsEnabled, linkInMail, ready, waitForMail } from "./utils";

type Tree = { [k: string]: string | Tree };
/** One message of app/i18n/messages/<lang>/<ns>.json by its dotted key. */
function msg(lang: string, ns: string, key: string): string {
  let node: string | Tree = JSON.parse(fs.readFileSync(path.resolve("app/i18n/messages", lang, `${ns}.json`), "utf8")) as Tree;
  for (const part of key.split(".")) node = (node as Tree)[part];
  if (typeof node !== "string") throw new Error(`no message ${lang}/${ns}:${key}`);
  return node;
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A form label: the text, then the required star, a hint or nothing ("Suna" must not match "Sunan uba"). */
const label = (text: string) => new RegExp(`^${escape(text)}(?:[\\s*(]|$)`);
const htmlLang = (lang: string) => (lang === "en" ? "en-NG" : lang);
const SHOTS = "/work/briefs/out/shots";

/** The footer switch: pick the language, press the button (its label is in the current language). */
async function switchLanguage(page: Page, from: string, to: string) {
  const form = page.getByTestId("language-switch");
  await form.getByRole("combobox").selectOption(to);
  await form.getByRole("button", { name: msg(from, "common", "footer.changeLanguage"), exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", htmlLang(to));
}

async function shot(page: Page, testInfo: TestInfo, lang: string, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo) || !["yo", "ha"].includes(lang)) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${lang}-360.png`, fullPage: true });
}

test("the footer switch changes the language, keeps it in a cookie and back again", async ({ page, context }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-NG");
  await switchLanguage(page, "en", "ha");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: msg("ha", "common", "header.logIn"), exact: true })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "lang");
  expect(cookie?.httpOnly).toBe(true);
  // Another page, the language stays; the switch shows the current one.
  await page.goto("/all");
  await ready(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(msg("ha", "shop", "listing.special.all"));
  await expect(page.getByTestId("language-switch").getByRole("combobox")).toHaveValue("ha");
  // Back to English from the listing: back on the same page.
  await switchLanguage(page, "ha", "en");
  await expect(page).toHaveURL(/\/all$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All products");
});

test.describe("with the browser in Yoruba", () => {
  test.use({ locale: "yo-NG", extraHTTPHeaders: { "Accept-Language": "yo-NG,yo;q=0.9,en;q=0.5" } });
  test("the shop answers in Yoruba until the switch says otherwise", async ({ page }, testInfo) => {
    await page.goto("/");
    await ready(page, testInfo);
    await expect(page.locator("html")).toHaveAttribute("lang", "yo");
    await expect(page.getByRole("link", { name: msg("yo", "common", "header.logIn"), exact: true })).toBeVisible();
    await switchLanguage(page, "yo", "pcm");
    await page.goto("/cart");
    await expect(page.locator("html")).toHaveAttribute("lang", "pcm");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(msg("pcm", "shop", "cart.empty"));
  });
});

/** A guest's checkout in `lang`, from the product page to the order page of the e-mail link. */
async function guestCheckout(page: Page, testInfo: TestInfo, lang: string, offset: number) {
  // The whole journey, a dozen pages and an e-mail, in one test.
  test.setTimeout(180_000);
  const t = (ns: string, key: string) => msg(lang, ns, key);
  const [product] = await productsInStock(page.request, offset, 1);
  await page.goto("/");
  await ready(page, testInfo);
  await switchLanguage(page, "en", lang);
  await shot(page, testInfo, lang, "home");

  await page.goto(`/products/${product.id}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("stock-state")).toHaveText(/\S/);
  await page.getByRole("button", { name: t("shop", "product.addToCart"), exact: true }).first().click();
  await expect(page.getByTestId("flash")).toHaveText(t("shop", "cart.added"));

  await page.goto("/cart");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: t("shop", "cart.summary") })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(`^${escape(t("shop", "cart.checkout"))}`) }).click();
  // Guests are offered the login page or checkout as a guest.
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await page.locator('a[href*="g=y"]').first().click();
  await expect(page).toHaveURL(/\/checkout\/payment\?g=y/);
  await ready(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("checkout", "heading"));

  // A missing field: the message next to it, nothing typed lost.
  const form = page.locator("form#place-order");
  const email = `lang.${lang}.${Date.now().toString(36)}.${testInfo.project.name}@example.com`;
  await form.getByLabel(label(t("common", "address.email"))).fill(email);
  await page.getByRole("button", { name: t("checkout", "placeOrder"), exact: true }).click();
  await expect(page.locator(".field-error").first()).toBeVisible();
  await expect(form.getByLabel(label(t("common", "address.email")))).toHaveValue(email);

  await form.getByLabel(label(t("common", "address.phone"))).fill("08091234567");
  await form.getByLabel(label(t("common", "address.firstName"))).fill("Amaka");
  await form.getByLabel(label(t("common", "address.lastName"))).fill("Eze");
  await form.getByLabel(label(t("common", "address.streetAddress"))).fill("4 Aminu Kano Crescent, Wuse 2");
  await form.getByLabel(label(t("common", "address.landmark"))).fill("Opposite Banex Plaza");
  await form.getByLabel(label(t("common", "address.city"))).fill("Abuja");
  await form.getByLabel(label(t("common", "address.state"))).selectOption("Federal Capital Territory");
  await form.getByLabel(label(t("common", "address.lga"))).selectOption(firstLga("Federal Capital Territory"));
  await page.getByRole("button", { name: t("checkout", "guest.updateShipping"), exact: true }).click();
  await expect(page.getByTestId("checkout-shipping")).toHaveText(new RegExp(`^(₦[\\d,]+|${escape(t("checkout", "summary.free"))})$`));
  await expect(form.getByLabel(label(t("common", "address.email")))).toHaveValue(email);
  await shot(page, testInfo, lang, "checkout");

  await page.getByLabel(new RegExp(`^${escape(t("checkout", "method.delivery"))}`)).check();
  await page.getByRole("button", { name: t("checkout", "placeOrder"), exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order_id=[0-9a-f-]{36}&g=y$/);
  await expect(page.getByRole("heading", { name: t("checkout", "success.thanks") })).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText(/^#/);
  await expect(page.getByRole("link", { name: t("checkout", "success.continue"), exact: true })).toBeVisible();
  await shot(page, testInfo, lang, "confirmation");

  // The order page from the e-mail: the guest's tracking, in the same language.
  const link = linkInMail(await waitForMail(email), "/orders/");
  expect(link).toMatch(/\/orders\/[0-9a-f-]{36}\?t=/);
  const u = new URL(link!);
  await page.goto(`${u.pathname}${u.search}`);
  await expect(page.getByRole("heading", { name: t("orders", "progressHeading") })).toBeVisible();
  await expect(page.getByTestId("order-progress")).toHaveAttribute("data-status", "Placed");
  await expect(page.getByTestId("order-progress")).toContainText(t("orders", "step.Placed"));
}

const JOURNEYS = [
  { lang: "pcm", offset: 30 },
  { lang: "yo", offset: 31 },
  { lang: "ha", offset: 32 },
  { lang: "ig", offset: 33 },
];

for (const { lang, offset } of JOURNEYS) {
  test(`a guest checks out in ${lang} without JavaScript and pays on delivery`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js-off-phone", "the four journeys run on a phone without JavaScript");
    await guestCheckout(page, testInfo, lang, offset);
  });
}

test("a guest checks out in Hausa with JavaScript on", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on-desktop", "one journey with JavaScript on");
  await guestCheckout(page, testInfo, "ha", 34);
});
