/**
 * The app passes its own Content-Security-Policy: pages (shop, product with reviews, cart,
 * login, an error page) load, hydrate and navigate with no violation reported, and a script
 * without the page's nonce is refused (so the check can fail).
 */
import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, ready } from "./utils";

type Win = Window & { __cspViolations?: string[]; __injectedRan?: boolean };

/** Collects violations: the page's securitypolicyviolation events and the browser's console reports. */
async function watchViolations(page: Page) {
  const fromConsole: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|send)/i.test(m.text())) fromConsole.push(m.text());
  });
  // Init scripts run outside the page's CSP.
  await page.addInitScript(() => {
    const w = window as Win;
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return {
    async all() {
      const fromEvents = jsEnabled(test.info()) ? await page.evaluate(() => (window as Win).__cspViolations ?? []) : [];
      return [...fromEvents, ...fromConsole];
    },
  };
}

test("pages load and hydrate under the CSP with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/all", "/cart", "/auth/login", "/no-such-page-for-csp"]) {
    const res = await page.goto(path);
    const csp = res?.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    // Every inline script of the document carries this response's nonce.
    const tags = ((await res!.text()).match(/<script\b[^>]*>/g) ?? []).filter((t) => !/\ssrc=/.test(t) && !/ld\+json/.test(t));
    expect(tags.length, path).toBeGreaterThan(0);
    for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
    await ready(page, test.info());
    expect(await violations.all(), path).toEqual([]);
  }
  // A product page (images, reviews with their bar widths) reached by a client-side navigation.
  await page.goto("/all");
  await ready(page, test.info());
  await page.locator("main a[href^='/'][href*='/']").filter({ has: page.locator("img") }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations.all()).toEqual([]);
});

test("a script without the page's nonce is refused and reported", async ({ page }) => {
  test.skip(!jsEnabled(test.info()), "needs JavaScript in the page");
  const violations = await watchViolations(page);
  await page.goto("/");
  await ready(page, test.info());
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__injectedRan = true";
    document.body.appendChild(s);
  });
  await expect.poll(async () => (await violations.all()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as Win).__injectedRan ?? false)).toBe(false);
});
