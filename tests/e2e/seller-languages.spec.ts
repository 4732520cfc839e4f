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
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";

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
