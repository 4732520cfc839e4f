/**
 * The store wizard (/create-store) in Igbo and in Pidgin (issue 38 item 3): every step, its
 * messages after a refused step, the agreement's message, and the welcome on the new store's
 * dashboard in the reader's language, with no English text left on the wizard outside an
 * allow-list of brand names and loanwords. Screenshots at 360 px (JavaScript off) in
 * /work/shots/38/. JavaScript off at 360 px and on at desktop (TWO_PROJECT_SPECS).
 */
import fs from "node:fs";
import { expect as baseExpect, test, type BrowserContext, type Page } from "@playwright/test";
import type { Lang } from "~/i18n/languages";
import { DEMO_VENDOR, demoVendorProducts, isPhone, jsEnabled, login, newShopper, ready } from "./utils";
import { addToCart, placePayOnDeliveryFromCart } from "./checkout-helpers";
import { buyerDeliveryCode } from "./delivery-code-helpers";
import { expectNoEnglish as expectNoEnglishIn, message, speakCookie } from "./english-check";

// Every step is a server round trip: allow for a busy test machine.
const expect = baseExpect.configure({ timeout: 30_000 });

type Tree = { [k: string]: string | Tree };
const read = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(`app/i18n/messages/${lang}/${ns}.json`, "utf8")) as Tree;
const fill = (text: string, vars: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
const plain = (text: string) => text.replace(/<\/?\w+>/g, "");

/** The footer switch's cookie, as the server writes it (a remix cookie: base64 of the JSON value). */
async function speak(context: BrowserContext, lang: Lang) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(lang)).toString("base64"));
  await context.addCookies([{ name: "lang", value, url: `http://localhost:${process.env.E2E_PORT}` }]);
}

/** Brand names, loanwords and values the wizard may show in any language. */
const ALLOW = new Set(
  ["BuildMart", "NG", "Facebook", "Instagram", "X", "Logo", "Banner", "Link", "PNG", "JPEG", "WebP", "WEBP", "MB", "RC", "Email", "delivery", "order", "FCT", "https", "info"].map((w) =>
    w.toLowerCase(),
  ),
);

/** The wizard's English texts, by key: its page (`seller:wizard`) and its form messages (`forms`). */
function englishTexts(lang: Lang): { en: string; own: string }[] {
  const en = read("en", "seller").wizard as Record<string, string>;
  const own = read(lang, "seller").wizard as Record<string, string>;
  const formsEn = read("en", "forms") as Record<string, string>;
  const formsOwn = read(lang, "forms") as Record<string, string>;
  const formKeys = Object.keys(formsEn).filter((k) => k.startsWith("store_") || ["phone_invalid", "phone_required", "words_min", "words_max", "min_length"].includes(k));
  return [
    ...Object.keys(en).map((k) => ({ en: plain(en[k]), own: plain(own[k]) })),
    ...formKeys.map((k) => ({ en: formsEn[k], own: formsOwn[k] })),
  ];
}

/**
 * No English on the wizard: no text of an element is one of the English messages (or its fixed
 * part around a {{value}}) unless the language says it the same way, and, for a language other
 * than Pidgin (which shares most words with English), no English word of those messages outside
 * the allow-list and the language's own messages.
 */
async function expectNoEnglish(page: Page, lang: Lang) {
  const texts = englishTexts(lang);
  const main = page.getByRole("main");
  const shown = await main.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>("*")]
      .filter((e) => e.offsetParent !== null || e.getClientRects().length > 0)
      .flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent?.trim() ?? "")
        .concat(e.getAttribute("aria-label") ?? "", e.getAttribute("alt") ?? ""))
      .filter((t) => t.length > 0),
  );
  const leaks: string[] = [];
  for (const { en, own } of texts) {
    if (en === own) continue; // the language says it as English does (Pidgin: "Phone number")
    for (const part of en.split(/\{\{\w+\}\}/).map((p) => p.trim()).filter((p) => p.length >= 6)) {
      if (own.includes(part)) continue;
      for (const t of shown) if (t.includes(part)) leaks.push(`"${part}" in "${t}"`);
    }
  }
  if (lang !== "pcm") {
    const ownWords = new Set(texts.flatMap((t) => t.own.toLowerCase().split(/[^\p{L}]+/u)));
    const englishWords = new Set(texts.flatMap((t) => t.en.toLowerCase().split(/[^\p{L}]+/u)).filter((w) => w.length >= 3 && !ALLOW.has(w) && !ownWords.has(w)));
    for (const t of shown) for (const w of t.toLowerCase().split(/[^\p{L}]+/u)) if (englishWords.has(w)) leaks.push(`word "${w}" in "${t}"`);
  }
  expect(leaks, `English on the ${lang} wizard`).toEqual([]);
  expect(await page.title()).not.toContain("Open your store");
}

for (const lang of ["ig", "pcm"] as const) {
  test(`the store wizard in ${lang}: every step, its messages and the welcome, no English`, async ({ page, context, request }, testInfo) => {
    test.setTimeout(180_000);
    const js = jsEnabled(testInfo);
    const shots = isPhone(testInfo) && !js;
    if (shots) fs.mkdirSync("/work/shots/38", { recursive: true });
    const shot = (name: string) => (shots ? page.screenshot({ path: `/work/shots/38/wizard-${lang}-${name}.png`, fullPage: true }) : Promise.resolve());
    const s = read(lang, "seller").wizard as Record<string, string>;
    const f = read(lang, "forms") as Record<string, string>;
    const user = await newShopper(request);
    await login(page, user.email, user.password, testInfo);
    await speak(context, lang);
    await page.goto("/create-store");
    await ready(page, testInfo);

    // Step 1: the account's names are there; a refused step answers in the language
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(s.title);
    await expect(page).toHaveTitle(`${s.title} | BuildMart NG`);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(s.contact);
    await expect(page.getByLabel(s.firstName, { exact: true })).toHaveValue(user.firstName);
    await expectNoEnglish(page, lang);
    await shot("1-contact");
    await page.getByLabel(s.phone, { exact: true }).fill("0803123456"); // one digit short
    await page.getByLabel(s.address, { exact: true }).fill("14 Ogui Road, Enugu");
    await page.getByTestId("wizard-submit").click();
    await expect(page.getByText(f.phone_invalid)).toBeVisible();
    await expect(page.getByText(f.store_state, { exact: true })).toBeVisible();
    await expectNoEnglish(page, lang);
    await shot("1-contact-errors");
    await ready(page, testInfo);
    await page.getByLabel(s.phone, { exact: true }).fill("08031234567");
    await page.getByLabel(s.state, { exact: true }).selectOption("Enugu");
    await page.getByTestId("wizard-submit").click();

    // Step 2: the store
    await expect(page.getByTestId("wizard-step-2")).toHaveAttribute("aria-current", "step");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(s.brand);
    await ready(page, testInfo);
    await expectNoEnglish(page, lang);
    await shot("2-store");
    const name = `Ngozi Blocks ${Date.now().toString(36)}`;
    await page.getByLabel(s.name, { exact: true }).fill(name);
    await page.getByLabel(s.description, { exact: true }).fill("Anyị na-ere siment blọk".repeat(2));
    await page.getByTestId("wizard-submit").click();
    await expect(page.getByText(fill(f.words_min, { n: 50 }))).toBeVisible();
    await expectNoEnglish(page, lang);
    await ready(page, testInfo);
    await page.getByLabel(s.description, { exact: true }).fill(Array.from({ length: 60 }, (_, i) => ["siment", "blọk", "Enugu", "ụlọ"][i % 4]).join(" "));
    await page.getByTestId("wizard-submit").click();

    // Step 3: social media and the agreement
    await expect(page.getByTestId("wizard-step-3")).toHaveAttribute("aria-current", "step");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(s.socials);
    await ready(page, testInfo);
    await expect(page.getByTestId("wizard-submit")).toHaveText(s.create);
    await expectNoEnglish(page, lang);
    await shot("3-socials");
    await page.getByTestId("wizard-submit").click();
    await expect(page.getByText(f.store_agreement, { exact: true })).toBeVisible();
    await expectNoEnglish(page, lang);
    await ready(page, testInfo);
    await page.getByRole("checkbox").check();
    await page.getByTestId("wizard-submit").click();

    // The new store's dashboard, welcomed in the language
    await expect(page).toHaveURL(/\/stores\/ngozi-blocks-[a-z0-9-]+\/dashboard$/);
    await expect(page.getByTestId("flash")).toHaveText(fill(s.welcome, { name }));
    // The store's shell and dashboard speak it too
    const shell = read(lang, "seller").shell as Record<string, string>;
    const dash = read(lang, "seller").dashboard as Record<string, string>;
    const menu = page.getByRole("navigation", { name: shell.menuLabel });
    for (const item of ["dashboard", "products", "orders", "customers", "members", "notifications", "payouts", "returns", "logout"]) await expect(menu.getByRole("link", { name: shell[item], exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(dash.title);
    await expect(page.getByTestId("dashboard-empty")).toContainText(dash.readyTitle);
    await expect(page).toHaveTitle(`${dash.title} | BuildMart NG`);
    await shot("4-dashboard");
    // The orders list, empty for a new store
    const list = read(lang, "seller").ordersList as Record<string, string>;
    await menu.getByRole("link", { name: shell.orders, exact: true }).click();
    await expect(page.locator("#orders-h")).toHaveText(list.title);
    await expect(page.getByText(list.empty, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${list.title} | BuildMart NG`);
  });
}

/**
 * The store's remaining pages in each language (issue 38, the seller's area): a shopper's
 * pay-on-delivery order opened by the demo vendor on the store's order page (statuses, amounts,
 * cash line, history, the status button and its flash, a wrong delivery code's refusal), then customers, members, notification
 * settings, returns and payouts, each with its heading and title in the language and no English
 * outside brand names, loanwords and what people wrote (product, bank and ledger texts); last the
 * add-product form, empty and after an empty submission (its field messages in the language).
 * Screenshots of the order page in Yorùbá and Hausa at 360 px (JavaScript off) in docs/i18n/screenshots/.
 */
const SELLER_ALLOW = new Set(
  ["BuildMart", "NG", "SMS", "WhatsApp", "Paystack", "payout", "payouts", "dashboard", "stock", "admin", "transfer", "ID", "email", "order", "delivery", "link", "NUBAN", "FCT", "Abuja", "Lagos"].map((w) =>
    w.toLowerCase(),
  ),
);
/** What people wrote or named, shown as they wrote it: product and store names, addresses, bank names and references, the ledger's lines. */
const PEOPLES_WORDS = [
  // what shoppers and stores wrote themselves (a return's details, the store's message)
  "[data-user-text]",
  '[data-testid="order-item"] p.font-medium',
  '[data-testid="order-item-option"]',
  '[data-testid="order-address"]',
  '[data-testid="ledger"] .break-words',
  '[data-testid="payout-history"] .break-all',
  '[data-testid="store-return"] p.font-medium',
  '[data-testid="member-row"]',
  '[data-testid="store-customer-row"] td:nth-child(2)',
  "nav",
];

async function demoStore(request: import("@playwright/test").APIRequestContext) {
  const { access, storeId, products } = await demoVendorProducts<{ id: number; name: string; stock_quantity: number; min_quantity: number; quantity_step: number; selling_price: number }>(request);
  const auth = await (await request.post("/api/v1/users/auth/login/", { data: DEMO_VENDOR })).json();
  const stores = (await (await request.get(`/api/v1/stores/owner/${auth.user.id}/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { id: number; slug: string }[];
  return { slug: stores.find((s) => s.id === storeId)!.slug, products };
}

const SELLER_LANGS = ["yo", "ha", "ig", "pcm"] as const;
for (const [n, lang] of SELLER_LANGS.entries()) {
  test(`the store's order page, customers, members, notifications, returns and payouts in ${lang}`, async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const js = jsEnabled(testInfo);
    const m = (key: string, vars: Record<string, string | number> = {}) => fill(message(lang, "seller", key), vars);
    const o = (key: string) => message(lang, "orders", key);
    const { slug, products } = await demoStore(request);
    // One product per language and project, from the end of the shared list (other specs take from its start).
    const product = products.at(-1 - n - (js ? 0 : SELLER_LANGS.length))!;

    // A shopper's pay-on-delivery order (in English: the shopper is not what this test reads)
    const shopper = await newShopper(request);
    await login(page, shopper.email, shopper.password, testInfo);
    await addToCart(page, testInfo, product);
    const orderId = await placePayOnDeliveryFromCart(page, testInfo);
    const number = `#${orderId.split("-")[0].toUpperCase()}`;

    // The vendor, reading in the language
    await page.context().clearCookies();
    await login(page, DEMO_VENDOR.email, DEMO_VENDOR.password, testInfo);
    await speakCookie(page, lang);
    await page.goto(`/stores/${slug}/orders/${orderId}`);
    await ready(page, testInfo);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${m("order.idLabel")} ${number}`);
    await expect(page).toHaveTitle(`${m("order.title", { number })} | BuildMart NG`);
    await expect(page.getByTestId("delivery-status")).toHaveText(o("status.Placed"));
    await expect(page.getByTestId("payment-status")).toHaveText(o("status.Pending"));
    await expect(page.getByText(m("order.method", { method: o("methodDelivery") }), { exact: true })).toBeVisible();
    await expect(page.getByTestId("cash-status")).toHaveText(new RegExp(`^${m("order.collect", { amount: "₦[\\d,]+" })}$`));
    await expect(page.getByTestId("status-history")).toContainText(m("order.event.placed"));
    const main = page.locator("#main");
    await expectNoEnglishIn(page, lang, ["seller:order", "seller:ordersList"], SELLER_ALLOW, { scope: main, exclude: PEOPLES_WORDS, where: "the store's order page" });
    if (isPhone(testInfo) && !js && (lang === "yo" || lang === "ha")) {
      fs.mkdirSync("docs/i18n/screenshots", { recursive: true });
      await page.screenshot({ path: `docs/i18n/screenshots/store-order-${lang}-360.png`, fullPage: true });
    }
    // One step on: the button and the flash in the language
    await page.getByRole("button", { name: m("order.markAs.Confirmed"), exact: true }).click();
    await expect(page.getByTestId("flash")).toHaveText(m("order.flashMoved", { number, status: o("status.Confirmed") }));
    await expect(page.getByTestId("delivery-status")).toHaveText(o("status.Confirmed"));
    await expect(page.getByTestId("status-history")).toContainText(m("order.event.confirmed"));
    // Shipped, then a wrong delivery code: the API's refusal (English for its clients) said in the language
    await ready(page, testInfo);
    await page.getByRole("button", { name: m("order.markAs.Shipped"), exact: true }).click();
    await expect(page.getByTestId("delivery-status")).toHaveText(o("status.Shipped"));
    const code = await buyerDeliveryCode(request, orderId, shopper);
    await ready(page, testInfo);
    await page.getByLabel(m("order.codeLabel")).fill(code === "1234" ? "4321" : "1234");
    await page.getByTestId("deliver-only").click();
    await expect(page.getByText(fill(message(lang, "forms", "delivery_code_wrong"), { left: 4 }), { exact: true })).toBeVisible();
    await expect(page.getByTestId("delivery-status")).toHaveText(o("status.Shipped"));

    // The store's other pages: heading, title, no English
    const pages: { path: string; heading: string; title: string; sections: string[] }[] = [
      { path: "customers", heading: m("customers.title"), title: m("customers.title"), sections: ["seller:customers"] },
      { path: "members", heading: m("members.title"), title: m("members.title"), sections: ["seller:members"] },
      { path: "notification", heading: m("notices.title"), title: m("notices.pageTitle"), sections: ["seller:notices"] },
      { path: "returns", heading: m("returns.title"), title: m("returns.pageTitle", { store: "" }), sections: ["seller:returns"] },
      { path: "payouts", heading: m("payouts.title"), title: m("payouts.title"), sections: ["seller:payouts"] },
    ];
    for (const p of pages) {
      await page.goto(`/stores/${slug}/${p.path}`);
      await ready(page, testInfo);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.heading);
      expect(await page.title()).toContain(p.title.replace(/ · $/, ""));
      await expectNoEnglishIn(page, lang, p.sections, SELLER_ALLOW, { scope: main, exclude: PEOPLES_WORDS, where: `/stores/{slug}/${p.path}` });
    }

    // The product form: its labels, hints and buttons, then the messages of an empty submission, all in the language
    await page.goto(`/stores/${slug}/products/add-product`);
    await ready(page, testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("productForm.addTitle"));
    await expect(page).toHaveTitle(`${m("productForm.addTitle")} | BuildMart NG`);
    await expect(page.getByLabel(m("productForm.name"))).toBeVisible();
    const productForm = ["seller:productForm", "seller:productsList", "forms"];
    await expectNoEnglishIn(page, lang, productForm, SELLER_ALLOW, { scope: main, exclude: PEOPLES_WORDS, where: "the add-product page" });
    await page.getByRole("button", { name: m("productForm.submit"), exact: true }).click();
    await expect(page.getByText(message(lang, "forms", "product_name_required"), { exact: true })).toBeVisible();
    await expect(page.getByText(message(lang, "forms", "category_required"), { exact: true })).toBeVisible();
    await expect(page.getByText(message(lang, "forms", "image_required"), { exact: true })).toBeVisible();
    await expectNoEnglishIn(page, lang, productForm, SELLER_ALLOW, { scope: main, exclude: PEOPLES_WORDS, where: "the add-product page's messages" });
  });
}
