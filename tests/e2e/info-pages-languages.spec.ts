/**
 * The information pages in Hausa, with JavaScript off on a phone and on on a desktop: from the
 * footer to the contact page, its link to the FAQ inside a sentence, a question opened, and its
 * link to the returns section of the terms, which open with the line saying the English version
 * binds. With JavaScript on the home page does not carry the pages' texts, so the first of these
 * pages fetches them (/language/ha/pages) before it shows. Texts are read from the message files.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, ready } from "./utils";

/** One message of app/i18n/messages/<lang>/<ns>.json by its dotted key (array items by index). */
function msg(lang: string, ns: string, key: string): string {
  let node: unknown = JSON.parse(fs.readFileSync(path.resolve("app/i18n/messages", lang, `${ns}.json`), "utf8"));
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "string") throw new Error(`no message ${lang}/${ns}:${key}`);
  return node;
}
/** A message as the reader sees it (its <strong>/<link> tags gone). */
const plain = (text: string) => text.replace(/<\/?\w+>/g, "");
/** The text of the first <tag>…</tag> of a message: a link's words inside a sentence. */
const tagged = (text: string, tag: string) => new RegExp(`<${tag}>(.*?)</${tag}>`).exec(text)![1];

async function switchLanguage(page: Page, to: string) {
  const form = page.getByTestId("language-switch");
  await form.getByRole("combobox").selectOption(to);
  await form.getByRole("button", { name: msg("en", "common", "footer.changeLanguage"), exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", to);
}

test("a shopper reads the contact page, the FAQ and the returns terms in Hausa", async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const t = (key: string) => msg("ha", "pages", key);
  await page.goto("/");
  await ready(page, testInfo);
  await switchLanguage(page, "ha");

  // The footer's contact link.
  await page.locator("footer").getByRole("link", { name: msg("ha", "common", "footer.contact"), exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await ready(page, testInfo);
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("contact.title"));
  await expect(page).toHaveTitle(`${t("contact.metaTitle")} | BuildMart NG`);
  await expect(main.getByRole("heading", { level: 2, name: t("contact.reach.title") })).toBeVisible();
  await expect(main.getByText(t("contact.reach.weekdays"))).toBeVisible();
  await expect(main.getByText(plain(t("contact.faster.items.0")))).toBeVisible();

  // The FAQ link sits inside a Hausa sentence.
  const faqSentence = t("contact.faster.after.0");
  await expect(main.getByText(plain(faqSentence))).toBeVisible();
  await main.getByRole("link", { name: tagged(faqSentence, "faq"), exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("faq.title"));
  const questions = page.getByRole("main").locator("details");
  await expect(questions).toHaveCount(10);
  // The returns question (a native details: opens without JavaScript).
  const returns = page.locator("details#returns");
  await expect(returns.locator("summary span").first()).toHaveText(t("faq.items.8.q"));
  await returns.locator("summary").click();
  await expect(returns).toHaveAttribute("open", "");
  const answer = t("faq.items.8.a.0");
  await expect(returns.getByText(plain(answer))).toBeVisible();

  // Its link to the terms' returns section.
  await returns.getByRole("link", { name: tagged(answer, "returns"), exact: true }).click();
  await expect(page).toHaveURL(/\/terms#returns-and-refunds$/);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("terms.title"));
  await expect(page.getByTestId("english-binds")).toHaveText(t("englishBinds"));
  await expect(page.getByRole("heading", { level: 2, name: `4. ${t("terms.returns.title")}` })).toBeInViewport();
  await expect(page.getByText(t("terms.lastUpdated").replace("{{date}}", "31 Janairu, 2023"))).toBeVisible();
  // No message key anywhere on the page.
  expect(await page.locator("body").innerText()).not.toMatch(/\b(?:pages:)?(?:about|contact|faq|secure|privacy|terms)\.[a-z]+\.[a-zA-Z0-9.]+/);
  if (jsEnabled(testInfo)) expect(errors).toEqual([]);
});
