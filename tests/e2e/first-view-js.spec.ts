/**
 * The JavaScript a real browser downloads on a page's first view, with no input: headless
 * Chromium, a cold cache, the page loaded and then 3 s idle, every script byte counted as it came
 * over the wire (gzip or brotli, as served). Each page is within 100 KB, and no island's code
 * (components/ui/island.tsx) is fetched before the first interaction: the islands wait for a
 * touch. Then a touch fetches them. (tests/unit/js-budget.test.ts reads the build's manifest; this
 * is what a phone actually pays.)
 */
import { expect, test, type Page } from "@playwright/test";
import { DEMO_VENDOR } from "~/db/seed/catalog-data";
import { login } from "./utils";

const BUDGET = 100 * 1024;

/** Script bytes on the wire (headers aside) and the files fetched, for one cold first view. */
async function firstView(page: Page, path: string) {
  const scripts: { url: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (req) => {
    if (req.resourceType() !== "script") return;
    pending.push(
      req.sizes().then((s) => {
        scripts.push({ url: new URL(req.url()).pathname, bytes: s.responseBodySize });
      }),
    );
  });
  await page.goto(path, { waitUntil: "load" });
  await page.waitForTimeout(3_000); // idle, no input
  await Promise.all(pending);
  page.removeAllListeners("requestfinished");
  // every script came over the wire, its size known (none from a cache)
  expect(scripts.filter((s) => s.bytes < 0).map((s) => s.url), `${path}: scripts of unknown size`).toEqual([]);
  return { bytes: scripts.reduce((t, s) => t + s.bytes, 0), files: scripts.map((s) => s.url), extra: await lateFiles(page, scripts.map((s) => s.url)) };
}

/**
 * Scripts fetched that the page does not name as its own (its modulepreload links and script
 * tags: the entry, the routes and their imports): code fetched on demand, i.e. islands.
 */
async function lateFiles(page: Page, fetched: string[]): Promise<string[]> {
  const named = new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[src]')].map(
        (e) => new URL(e instanceof HTMLLinkElement ? e.href : e.src, location.href).pathname,
      ),
    ),
  );
  return fetched.filter((f) => f.startsWith("/build/") && !named.has(f));
}

test("first views download at most 100 KB of JavaScript and no island before a touch", async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on-phone", "one browser measure is enough (phone, JavaScript on)");
  test.setTimeout(180_000);
  const list = await (await request.get("/api/v1/products/?page_size=5")).json();
  const product = (list.results as { id: number; category_slug: string }[])[0];
  const pages = ["/", "/building-materials", `/${product.category_slug}/${product.id}`, "/cart", "/auth/login", "/products/?search=cement"];
  const over: string[] = [];
  const early: string[] = [];
  for (const path of pages) {
    // each a real page, not the 404 page (whose error page is an island too)
    expect((await request.get(path)).status(), path).toBe(200);
    const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: true, serviceWorkers: "block" });
    const page = await context.newPage();
    const seen = await firstView(page, path);
    testInfo.annotations.push({ type: "first-view-js", description: `${path}: ${(seen.bytes / 1024).toFixed(1)} KB, ${seen.files.length} files` });
    if (seen.bytes > BUDGET) over.push(`${path}: ${(seen.bytes / 1024).toFixed(1)} KB`);
    if (seen.extra.length) early.push(`${path}: ${seen.extra.join(", ")}`);
    await context.close();
  }
  expect(early, "islands fetched before any input").toEqual([]);
  expect(over, "pages over 100 KB of script on the first view").toEqual([]);

  // The seller's add-product page, signed in (its form is an island): signed in through the login
  // form in one browser context, measured in a fresh one with its cookies (a cold cache).
  const auth = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: true, serviceWorkers: "block" });
  await login(await auth.newPage(), DEMO_VENDOR.email, DEMO_VENDOR.password, testInfo);
  const storageState = await auth.storageState();
  await auth.close();
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: true, serviceWorkers: "block", storageState });
  const page = await context.newPage();
  const seen = await firstView(page, "/stores/lagos-building-depot/products/add-product");
  testInfo.annotations.push({ type: "first-view-js", description: `add-product: ${(seen.bytes / 1024).toFixed(1)} KB` });
  expect(seen.files.length, "a cold first view fetches the page's scripts").toBeGreaterThan(0);
  expect(seen.bytes).toBeLessThanOrEqual(BUDGET);
  expect(seen.extra, "islands fetched before any input").toEqual([]);
  // A touch fetches the form's island.
  const late: string[] = [];
  page.on("requestfinished", (req) => {
    if (req.resourceType() === "script") late.push(new URL(req.url()).pathname);
  });
  await page.locator("main input, main textarea").first().click();
  await expect.poll(() => late.length).toBeGreaterThan(0);
  await context.close();
});
