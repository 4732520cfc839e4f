import { expect, test } from "@playwright/test";
import { jsEnabled, ready } from "./utils";

/*
 * A page's first Intl call starts ICU, tens of milliseconds of main thread on a phone,
 * in the middle of hydration. Storefront pages format prices, counts and dates without it
 * (domain/money.ts, product/reviews.tsx); this keeps it that way.
 */
test("storefront pages hydrate without starting Intl", async ({ page }) => {
  test.skip(!jsEnabled(test.info()), "hydration needs JavaScript");
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
    const spy = <T extends object>(owner: T, key: keyof T & string, label: string) => {
      const original = owner[key] as unknown as (...args: unknown[]) => unknown;
      const wrapped = function (this: unknown, ...args: unknown[]) {
        calls.push(label);
        return new.target ? Reflect.construct(original as unknown as new (...a: unknown[]) => object, args, new.target) : original.apply(this, args);
      };
      Object.defineProperty(owner, key, { value: wrapped, configurable: true, writable: true });
    };
    for (const k of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat"] as const) spy(Intl, k, `Intl.${k}`);
    spy(Number.prototype, "toLocaleString", "Number#toLocaleString");
    for (const k of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] as const) spy(Date.prototype, k, `Date#${k}`);
    spy(String.prototype, "localeCompare", "String#localeCompare");
  });
  await page.goto("/building-materials");
  await ready(page, test.info());
  const product = await page.getByTestId("product-grid").getByRole("link").first().getAttribute("href");
  expect(product).toBeTruthy();
  for (const path of ["/", "/building-materials", product!]) {
    await page.goto(path);
    await ready(page, test.info());
    // The page shows prices: formatted without Intl.
    await expect(page.getByText(/₦\d/).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls), path).toEqual([]);
  }
});

/*
 * Every script of the browser build of 4 KB or more (the framework chunk, root, most
 * routes) starts with V8's explicit compile hint (remix.config.js adds it), so Chromium compiles it
 * while it streams in, off the main thread, instead of lazily in the task that first runs each
 * function (react-dom's evaluation was ~13 ms of main-thread CPU without it). If a Remix upgrade
 * changes the plugin the line rides on, this fails.
 */
test("the page's larger scripts carry V8 compile hints", async ({ page }) => {
  test.skip(!jsEnabled(test.info()), "scripts load only with JavaScript on");
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (res) => {
    if (/\/build\/.+\.js$/.test(new URL(res.url()).pathname)) scripts.set(res.url(), res.text());
  });
  await page.goto("/");
  await ready(page, test.info());
  const texts = await Promise.all([...scripts].map(async ([url, text]) => ({ url, text: await text })));
  const HINT = "//# allFunctionsCalledOnLoad";
  const large = texts.filter((s) => new TextEncoder().encode(s.text).length >= 4096 + HINT.length + 1);
  expect(large.length, "the framework chunk and root at least").toBeGreaterThanOrEqual(2);
  for (const s of large) expect(s.text.split("\n")[0], s.url).toBe(HINT);
  for (const s of texts.filter((t) => new TextEncoder().encode(t.text).length < 4096)) expect(s.text.startsWith("//#"), s.url).toBe(false);
});
