/**
 * The language follows the account (issue 38, item 5): a shopper who chose Yorùbá on one phone
 * signs in on another phone that sends English and gets the pages in Yorùbá (the account's saved
 * language put on the device's `lang` cookie at sign-in); choosing Hausa there changes the
 * account, so the first phone's next sign-in comes back in Hausa. Texts from the message files.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { login, newShopper, ready } from "./utils";

type Tree = { [k: string]: string | Tree };
function msg(lang: string, ns: string, key: string): string {
  let node: string | Tree = JSON.parse(fs.readFileSync(path.resolve("app/i18n/messages", lang, `${ns}.json`), "utf8")) as Tree;
  for (const part of key.split(".")) node = (node as Tree)[part];
  if (typeof node !== "string") throw new Error(`no message ${lang}/${ns}:${key}`);
  return node;
}
const htmlLang = (lang: string) => (lang === "en" ? "en-NG" : lang);

/** A new device: its own cookies, a browser that asks for English. */
async function device(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, javaScriptEnabled, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, javaScriptEnabled, baseURL, locale: "en-NG" });
  return context.newPage();
}

async function switchLanguage(page: Page, from: string, to: string) {
  const form = page.getByTestId("language-switch");
  await form.getByRole("combobox").selectOption(to);
  await form.getByRole("button", { name: msg(from, "common", "footer.changeLanguage"), exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", htmlLang(to));
}

test("signing in on a new device brings the account's language back; choosing another changes it for the next sign-in", async ({ browser, request }, testInfo) => {
  const shopper = await newShopper(request);

  // Phone 1: signs in (English), chooses Yorùbá in the footer: kept on the account.
  const one = await device(browser, testInfo);
  await login(one, shopper.email, shopper.password, testInfo);
  await switchLanguage(one, "en", "yo");

  // Phone 2, fresh, English: the sign-in page is English; once signed in, Yorùbá.
  const two = await device(browser, testInfo);
  await two.goto("/");
  await ready(two, testInfo);
  await expect(two.locator("html")).toHaveAttribute("lang", "en-NG");
  await login(two, shopper.email, shopper.password, testInfo);
  await expect(two.locator("html")).toHaveAttribute("lang", "yo");
  await two.goto("/all");
  await ready(two, testInfo);
  await expect(two.locator("html")).toHaveAttribute("lang", "yo");
  await expect(two.getByRole("heading", { level: 1 })).toHaveText(msg("yo", "shop", "listing.special.all"));
  await expect(two.getByTestId("language-switch").getByRole("combobox")).toHaveValue("yo");

  // Phone 2 chooses Hausa: the account follows, so phone 1 gets Hausa at its next sign-in.
  await switchLanguage(two, "yo", "ha");
  await one.context().clearCookies();
  await one.goto("/");
  await ready(one, testInfo);
  await expect(one.locator("html")).toHaveAttribute("lang", "en-NG");
  await login(one, shopper.email, shopper.password, testInfo);
  await expect(one.locator("html")).toHaveAttribute("lang", "ha");
  await one.context().close();
  await two.context().close();
});
