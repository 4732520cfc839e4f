/**
 * One URL per language, for search engines (issue 38 item 6): `?lang=yo` renders a page in
 * Yorùbá whatever the browser says, names its alternates in every language (`hreflang`, and
 * `x-default`: the visitor's own language) with itself as the canonical, and is served as the
 * server's HTML (no scripts) when it is not the visitor's own language, so no later navigation
 * mixes two languages. Opening it changes nothing (the same page without `?lang=` stays English);
 * the footer's switch from it lands on the page without `?lang=`, in the chosen language.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { LANGUAGES } from "~/i18n/languages";
import { jsEnabled } from "./utils";

const shop = (lang: string) => JSON.parse(fs.readFileSync(`app/i18n/messages/${lang}/shop.json`, "utf8")) as { listing: { resultsLabel: string } };
const yoShop = shop("yo");
const enShop = shop("en");
const scriptsOf = (page: import("@playwright/test").Page) => page.locator('script[type="module"], link[rel="modulepreload"]').count();

test("a page asked in Yorùbá by its URL: Yorùbá, its alternates, no mixing, nothing changed", async ({ page, baseURL, request }, testInfo) => {
  await page.goto("/building-materials?lang=yo");
  await expect(page.locator("html")).toHaveAttribute("lang", "yo");
  await expect(page.locator("#results-heading")).toHaveText(yoShop.listing.resultsLabel);
  // Its canonical is itself; its alternates name every language and the visitor's own.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/building-materials?lang=yo`);
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((ls) => ls.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
  expect(alternates).toEqual([...LANGUAGES.map((l) => [l, `${baseURL}/building-materials?lang=${l}`]), ["x-default", `${baseURL}/building-materials`]]);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "yo_NG");
  // Not the visitor's language (the browser asks English): the server's HTML alone.
  expect(await scriptsOf(page)).toBe(0);

  // Opening it changed nothing: the page without ?lang= is English, with its scripts.
  await page.goto("/building-materials");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-NG");
  await expect(page.locator("#results-heading")).toHaveText(enShop.listing.resultsLabel);
  if (jsEnabled(testInfo)) expect(await scriptsOf(page)).toBeGreaterThan(0);

  // The footer's switch, from the Yorùbá URL: the page without ?lang=, in Yorùbá from now on.
  await page.goto("/building-materials?lang=yo&sort=price_asc");
  await page.getByTestId("language-switch").locator("select").selectOption("yo");
  await page.getByTestId("language-switch").getByRole("button").click();
  await expect(page).toHaveURL(/\/building-materials\?sort=price_asc$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "yo");
  // Now it is their language: the ?lang=yo page is the full page, scripts and all.
  await page.goto("/building-materials?lang=yo");
  await expect(page.locator("#results-heading")).toHaveText(yoShop.listing.resultsLabel);
  if (jsEnabled(testInfo)) expect(await scriptsOf(page)).toBeGreaterThan(0);

  // The sitemap names each page in every language.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="ha" href="${baseURL}/building-materials?lang=ha"/>`);
  expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/building-materials"/>`);
});
