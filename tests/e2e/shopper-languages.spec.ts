/**
 * The shopper's walk in each language (issue 38, "How it must be shown"): at 360 px with
 * JavaScript off, in Pidgin, Yorùbá, Hausa and Igbo, the home page, a listing, a product, the cart,
 * the checkout, an order page and the store wizard (/create-store) show no English outside an
 * allow-list of brand names and loanwords (the detector: ./english-check.ts). The order is placed
 * through the API (the checkout's own steps are walked in languages.spec.ts); the cart is filled
 * with the product page's own button, in the language. One test per language, in js-off-phone only
 * (the same server-rendered texts are what JavaScript would hydrate). Screenshots of the order page
 * in Yorùbá and Hausa at 360 px in docs/i18n/screenshots/.
 */
import { expect as baseExpect, test } from "@playwright/test";
import type { Lang } from "~/i18n/languages";
import { chooseOptionIfNeeded, productsInStock } from "./checkout-helpers";
import { englishLeaks, message, messagePairs, speakCookie, visibleTexts } from "./english-check";
import { STORES } from "~/db/seed/catalog-data";
import { login, newShopper, ready } from "./utils";

// Every page is a server round trip on a busy test machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Every namespace a shopper's page draws from, and the wizard's section of the seller's. */
const SOURCES = ["common", "shop", "categories", "checkout", "orders", "forms", "account", "seller:wizard"];

/** Brand names, loanwords the glossary prefers (order, delivery, link, filter…), units and values. */
const ALLOW = new Set(
  [
    "BuildMart", "NG", "Paystack", "WhatsApp", "SMS", "USSD", "Facebook", "Instagram", "X", "Logo", "Banner", "PNG", "JPEG", "WebP", "MB", "RC",
    "email", "order", "orders", "delivery", "link", "filter", "password", "cart", "checkout", "FCT", "Abuja", "Lagos", "https", "info", "SON", "NIS", "kg", "mm",
  ].map((w) => w.toLowerCase()),
);

/**
 * What people wrote or named, shown as they wrote it: product, store and brand names, product
 * descriptions and options, the shopper's own name, e-mail and address.
 */
const PEOPLES_WORDS = [
  "[data-user-text]",
  '[data-testid="product-card"] h3',
  '[data-testid="product-card"] [data-testid="store-name"]',
  '[data-testid="product-name"]',
  '[data-testid="product-description"]',
  '[data-testid="order-item"] p.font-medium',
  '[data-testid="order-item-option"]',
  '[data-testid="order-address"]',
  '[data-testid="cart-item-name"]',
  '[data-testid="account-menu"] summary',
];

/** Every published product's name (other specs add products with names of their own), longest first. */
async function productNames(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page < 20; page++) {
    const r = await (await request.get(`/api/v1/products/?page_size=100&page=${page}`)).json();
    names.push(...(r.results as { name: string }[]).map((p) => p.name));
    if (!r.next) break;
  }
  return names;
}

const LANGS = ["pcm", "yo", "ha", "ig"] as const satisfies readonly Lang[];

for (const [n, lang] of LANGS.entries()) {
  test(`a shopper's walk in ${lang} at 360 px without JavaScript: no English from home to the order and the store wizard`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "js-off-phone", "the walk reads server-rendered pages: JavaScript off on a phone is enough");
    test.setTimeout(180_000);
    const [product] = await productsInStock(request, 50 + n, 1);
    const shopper = await newShopper(request);
    // An order placed through the API, paid on delivery.
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

    await login(page, shopper.email, shopper.password, testInfo);
    await speakCookie(page, lang);
    const pairs = messagePairs(lang, SOURCES);
    // Names inside the page's own sentences ("Remove {{name}}", "From {{store}}") are people's words too.
    const names = [...(await productNames(request)), ...STORES.map((s) => s.name)].sort((a, b) => b.length - a.length);
    const unnamed = (t: string) => names.reduce((text, name) => (text.includes(name) ? text.split(name).join(" ") : text), t);
    const found: string[] = [];
    const walk = async (path: string, where: string) => {
      if (path) await page.goto(path);
      await ready(page, testInfo);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const leaks = englishLeaks((await visibleTexts(page.locator("body"), PEOPLES_WORDS)).map(unnamed), pairs, lang, ALLOW);
      found.push(...leaks.map((l) => `${where}: ${l}`));
    };

    await walk("/", "home");
    await walk("/all", "listing");
    await walk(`/products/${product.id}`, "product");
    await chooseOptionIfNeeded(page);
    await page.getByRole("button", { name: message(lang, "shop", "product.addToCart"), exact: true }).first().click();
    await expect(page.getByTestId("flash")).toHaveText(message(lang, "shop", "cart.added"));
    await walk("/cart", "cart");
    await walk("/checkout", "checkout");
    await walk(`/users/orders/${orderId}`, "order");
    if (lang === "yo" || lang === "ha") await page.screenshot({ path: `docs/i18n/screenshots/shopper-order-${lang}-360.png`, fullPage: true });
    await walk("/create-store", "store wizard");
    if (lang === "ig" || lang === "pcm") await page.screenshot({ path: `docs/i18n/screenshots/store-wizard-${lang}-360.png`, fullPage: true });
    if (process.env.LEAKS_OUT) (await import("node:fs")).writeFileSync(`${process.env.LEAKS_OUT}-${lang}.txt`, found.join("\n"));
    expect(found, `English on the ${lang} walk`).toEqual([]);
  });
}
