/**
 * The JavaScript a real browser downloads on each page's first view, with no input: headless
 * Chromium, a cold cache (a fresh browser context per page), the page loaded (and hydrated) and then 3 s idle,
 * every script response counted by its body as it came over the wire, gzip (the browser asks
 * for gzip only, so the figure does not depend on brotli being served). Each page of the build
 * (every route of the manifest that renders a page) is opened at a real URL as the visitor who
 * sees it (a guest, the demo shopper, the demo seller, the demo admin). Also reported: the
 * scripts fetched that the page does not name as its own (its modulepreload links and script
 * tags): code fetched on demand, i.e. islands (components/ui/island.tsx), which must wait for
 * the first input. The budget is 100 KB per page (docs/architecture.md, "Client JavaScript";
 * docs/decisions/0035-islands-wait-for-a-touch.md). The gate in `npm test` is
 * tests/e2e/first-view-js.spec.ts, which uses this module.
 *
 *   npm run build && npx tsx scripts/first-view-js.ts [base URL]
 *       # against a running app with the demo data (default http://localhost:3000): every page,
 *       # largest first; exits 1 when one is over budget or fetches an island before any input;
 *       # --only=TEXT: the pages whose path or route id has TEXT; --files: each page's files
 */
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_SHOPPER, DEMO_VENDOR } from "../app/db/seed/catalog-data";
import { alwaysLite } from "../app/storefront/lite";

export const BUDGET_BYTES = 100 * 1024;
/** How long a page is left alone after its load event before the scripts are counted. */
export const IDLE_MS = 3_000;

export type Who = "guest" | "shopper" | "vendor" | "admin";
/** One page to open: the manifest's route id, a URL for it, and who opens it. */
export interface PagePlan {
  route: string;
  path: string;
  who: Who;
}
export interface FirstView extends PagePlan {
  status: number;
  /** Where the page ended up (a redirect would measure another page). */
  finalPath: string;
  bytes: number;
  files: { url: string; bytes: number; encoding: string }[];
  /** Scripts the page does not name as its own: fetched on demand before any input. */
  late: string[];
}

/**
 * Routes that render no page (resource routes, redirects and actions): nothing to measure. Each
 * is named, so a new route is measured unless it is added here on purpose.
 */
export const NOT_PAGES = new Set([
  "routes/_resources+/api.v1.$",
  "routes/_resources+/api.v1._index",
  "routes/_resources+/language",
  "routes/_resources+/language_.$lang.$ns",
  "routes/_resources+/lite",
  "routes/_resources+/media.$",
  "routes/_resources+/return-photo.$party.$id.$returnId",
  "routes/_resources+/claim-photo.$party.$id.$claimId.$photoId",
  "routes/_resources+/robots[.]txt",
  "routes/_resources+/sitemap[.]xml",
  "routes/admin+/newsletter[.]csv",
  "routes/auth+/google",
  "routes/auth+/google.callback",
  "routes/payment+/success",
  "routes/users+/account.export",
  "routes/_auth+/logout",
  // layouts and index redirects: measured through their child pages
  "root",
  "routes/admin+/_layout",
  "routes/users+/_layout",
  "routes/users+/_index",
  "routes/stores+/$slug",
  "routes/stores+/$slug._index",
  "routes/stores+/_index",
]);

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** `publicDir` holds `build/` (remix.config.js's assetsBuildDirectory is public/build). */
export function readManifest(publicDir: string): Manifest {
  const dir = path.join(publicDir, "build");
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f)) : undefined;
  if (!file) throw new Error(`no client build in ${dir}: run \`npm run build\` first`);
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
/** A phone, as the shoppers' (the budget is for them). */
export const PHONE = {
  viewport: { width: 360, height: 640 },
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  javaScriptEnabled: true,
  serviceWorkers: "block" as const,
  // gzip as the budget is stated (the server would send brotli, ~12% smaller, to a browser asking for it)
  extraHTTPHeaders: { "accept-encoding": "gzip, deflate" },
};

type State = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * A fresh context (a cold cache) with the full pages: the lite-mode cookie says "0" (the value
 * "0" as Remix's unsigned cookie writes it). Without it, Chromium's own estimate of a slow
 * connection (the ECT and Downlink client hints, app/storefront/lite.ts) could get a busy
 * machine lite pages, which run no script at all.
 */
export async function newContext(browser: Browser, baseURL: string, state?: State): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL, storageState: state });
  await context.addCookies([{ name: "lite", value: encodeURIComponent(btoa(JSON.stringify("0"))), url: baseURL }]);
  return context;
}

async function signIn(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<State> {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto("/auth/login");
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByTestId("account-menu").waitFor({ state: "attached" });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The first link on `path` whose path (and query) matches `pattern`, as the visitor of `state` sees it; `fallback` when none. */
async function firstLink(browser: Browser, baseURL: string, state: State | undefined, path: string, pattern: RegExp): Promise<string>;
async function firstLink(browser: Browser, baseURL: string, state: State | undefined, path: string, pattern: RegExp, fallback: string): Promise<string>;
async function firstLink(browser: Browser, baseURL: string, state: State | undefined, path: string, pattern: RegExp, fallback?: string): Promise<string> {
  const context = await newContext(browser, baseURL, state);
  try {
    const page = await context.newPage();
    await page.goto(path);
    const hrefs = await page.evaluate(() =>
      [...document.querySelectorAll("a[href]")].map((a) => {
        const u = new URL((a as HTMLAnchorElement).href);
        return u.pathname + u.search;
      }),
    );
    const found = hrefs.find((h) => pattern.test(h));
    if (!found && fallback !== undefined) return fallback;
    if (!found) throw new Error(`no link like ${pattern} on ${path}`);
    return found;
  } finally {
    await context.close();
  }
}

/**
 * A URL for every page of the build, with the visitors' sessions. The ids come from the demo data
 * (a product, the demo store, its orders, the shopper's orders) as the pages themselves link them.
 * Pages behind a token (a reset link, an invitation) are opened with a made-up one: the route's
 * code is the same whatever the token says.
 */
export async function planPages(browser: Browser, baseURL: string): Promise<{ plans: PagePlan[]; states: Record<Who, State | undefined> }> {
  const states: Record<Who, State | undefined> = {
    guest: undefined,
    shopper: await signIn(browser, baseURL, DEMO_SHOPPER),
    vendor: await signIn(browser, baseURL, DEMO_VENDOR),
    admin: await signIn(browser, baseURL, DEMO_ADMIN),
  };
  const api = async (p: string) => {
    const r = await fetch(new URL(p, baseURL));
    if (!r.ok) throw new Error(`GET ${p}: ${r.status}`);
    return r.json();
  };
  const product = ((await api("/api/v1/products/?page_size=5")).results as { id: number; category_slug: string }[])[0];
  const productPath = `/${product.category_slug}/${product.id}`;
  const storeBase = (await firstLink(browser, baseURL, states.vendor, "/stores/", /^\/stores\/[^/]+\/dashboard$/)).replace(/\/dashboard$/, "");
  const slug = storeBase.split("/")[2];
  const storeProduct = await firstLink(browser, baseURL, states.vendor, `${storeBase}/products`, /^\/stores\/[^/]+\/products\/\d+$/);
  const myOrder = await firstLink(browser, baseURL, states.shopper, "/users/orders", /^\/users\/orders\/[0-9a-f-]{8,}$/);
  const orderId = myOrder.split("/")[3];
  // the demo store's first order; without one, an order of another store (the page says so: same code)
  const storeOrder = await firstLink(browser, baseURL, states.vendor, `${storeBase}/orders/history`, /^\/stores\/[^/]+\/orders\/[0-9a-f-]{8,}$/, `${storeBase}/orders/${orderId}`);
  const category = product.category_slug;
  // an address of the shopper's (without one, an id that is not theirs: the page's 404, same code)
  const addressEdit = await firstLink(browser, baseURL, states.shopper, "/users/account/addresses", /^\/users\/account\/addresses\/edit\?id=\d+$/, "/users/account/addresses/edit?id=999999");
  const plans: PagePlan[] = [
    ["routes/$", "/no/such/page/here", "guest"],
    ["routes/_auth+/email.confirm.$key", "/email/confirm/not-a-real-key", "guest"],
    ["routes/_auth+/email.verify", "/email/verify", "guest"],
    ["routes/_auth+/forget-password", "/forget-password", "guest"],
    ["routes/_auth+/reset-password.$uid.$token", "/reset-password/MQ/not-a-real-token", "guest"],
    ["routes/_pages+/about", "/about", "guest"],
    ["routes/_pages+/contact", "/contact", "guest"],
    ["routes/_pages+/faq", "/faq", "guest"],
    ["routes/_pages+/privacy", "/privacy", "guest"],
    ["routes/_pages+/secure-shopping", "/secure-shopping", "guest"],
    ["routes/_pages+/terms", "/terms", "guest"],
    ["routes/_shop+/_index", "/", "guest"],
    ["routes/_shop+/$category._index", `/${category}`, "guest"],
    ["routes/_shop+/$category.$productId._index", productPath, "guest"],
    ["routes/_shop+/$category.$productId.reviews", `${productPath}/reviews`, "guest"],
    ["routes/_shop+/$category.$productId.report-certificate", `${productPath}/report-certificate`, "guest"],
    ["routes/_shop+/calculators._index", "/calculators", "guest"],
    ["routes/_shop+/calculators.$kind", await firstLink(browser, baseURL, undefined, "/calculators", /^\/calculators\/[^/]+$/), "guest"],
    ["routes/_shop+/cart", "/cart", "shopper"],
    ["routes/_vendor+/create-store", "/create-store", "shopper"],
    ["routes/admin+/_index", "/admin", "admin"],
    ["routes/admin+/claims.$claimId", "/admin/claims/999999", "admin"],
    ...["audit", "categories", "certificates", "claims", "deliveries", "newsletter", "payments", "payouts", "products", "quotes", "returns", "reviews", "stores", "users"].map(
      (p) => [`routes/admin+/${p}`, `/admin/${p}`, "admin"] as [string, string, Who],
    ),
    ["routes/auth+/login", "/auth/login", "guest"],
    ["routes/auth+/phone", "/auth/phone", "guest"],
    ["routes/auth+/register", "/auth/register", "guest"],
    ["routes/checkout+/offline.$reference", "/checkout/offline/not-a-real-reference", "shopper"],
    ["routes/checkout+/offline._index", "/checkout/offline", "shopper"],
    ["routes/checkout+/payment._index", "/checkout/payment", "shopper"],
    ["routes/checkout+/payment.success", "/checkout/payment/success", "shopper"],
    ["routes/invitations.$token", "/invitations/not-a-real-token", "guest"],
    ["routes/newsletter+/_index", "/newsletter", "guest"],
    ["routes/newsletter+/confirm.$token", "/newsletter/confirm/not-a-real-token", "guest"],
    ["routes/newsletter+/unsubscribe.$token", "/newsletter/unsubscribe/not-a-real-token", "guest"],
    ["routes/orders+/$orderId", `/orders/${orderId}`, "guest"],
    ["routes/orders+/$orderId_.pay.$shipmentId", `/orders/${orderId}/pay/1`, "shopper"],
    ["routes/orders+/$orderId_.return.$itemId", `/orders/${orderId}/return/1`, "guest"],
    ["routes/orders+/$orderId_.claims", `/orders/${orderId}/claims`, "guest"],
    ["routes/orders+/fresh-link", "/orders/fresh-link", "guest"],
    ["routes/shop+/$slug._index", `/shop/${slug}`, "guest"],
    ...["customers", "dashboard", "members", "notification", "orders/history", "payouts", "products", "products/add-product", "returns", "verification", "delivery"].map(
      (p) => [`routes/stores+/$slug.${p.replace("/", ".").replace(/^products$/, "products._index")}`, `${storeBase}/${p}`, "vendor"] as [string, string, Who],
    ),
    ["routes/stores+/$slug.orders.$orderId", storeOrder, "vendor"],
    // Bulk quotes (issue 35): the demo data has none, so a made-up id (the page's 404, same code).
    ["routes/stores+/$slug.quotes._index", `${storeBase}/quotes`, "vendor"],
    ["routes/stores+/$slug.quotes.$quoteId", `${storeBase}/quotes/999999`, "vendor"],
    ["routes/stores+/$slug.quotes.$quoteId_.invoice", `${storeBase}/quotes/999999/invoice`, "vendor"],
    ["routes/stores+/$slug.orders.$orderId_.claims", `${storeOrder}/claims`, "vendor"],
    ["routes/stores+/$slug.products.$productId._index", storeProduct, "vendor"],
    ["routes/stores+/$slug.products.$productId.add-variant", `${storeProduct}/add-variant`, "vendor"],
    ["routes/stores+/$slug.products.$productId.delete", `${storeProduct}/delete`, "vendor"],
    ["routes/stores+/$slug.products.$productId.edit", `${storeProduct}/edit`, "vendor"],
    ["routes/users+/account.addresses", "/users/account/addresses", "shopper"],
    ["routes/users+/account.addresses.edit", addressEdit, "shopper"],
    ["routes/users+/account.channels", "/users/account/channels", "shopper"],
    ["routes/users+/account.delete", "/users/account/delete", "shopper"],
    ["routes/users+/notification", "/users/notification", "shopper"],
    ["routes/users+/orders._index", "/users/orders", "shopper"],
    ["routes/users+/orders.$orderId", myOrder, "shopper"],
    ["routes/users+/orders.$orderId_.confirm-cancel", `${myOrder}/confirm-cancel`, "shopper"],
    ["routes/users+/orders.$orderId_.claims", `${myOrder}/claims`, "shopper"],
    ["routes/users+/orders.$orderId_.return.$itemId", `${myOrder}/return/1`, "shopper"],
    ["routes/users+/orders.$orderId_.track", `${myOrder}/track`, "shopper"],
    ["routes/users+/quotes._index", "/users/quotes", "shopper"],
    ["routes/users+/quotes.new", `/users/quotes/new?product=${product.id}`, "shopper"],
    ["routes/users+/quotes.$quoteId", "/users/quotes/999999", "shopper"],
    ["routes/users+/quotes.$quoteId_.invoice", "/users/quotes/999999/invoice", "shopper"],
    ["routes/users+/wishlist", "/users/wishlist", "shopper"],
  ].map(([route, p, who]) => ({ route, path: p, who }) as PagePlan);
  return { plans, states };
}

/** Script bytes on the wire and the files fetched, for one cold first view. */
export async function measure(browser: Browser, baseURL: string, plan: PagePlan, state: State | undefined): Promise<FirstView> {
  const context = await newContext(browser, baseURL, state);
  try {
    const page: Page = await context.newPage();
    const files: FirstView["files"] = [];
    const pending: Promise<void>[] = [];
    page.on("requestfinished", (req) => {
      if (req.resourceType() !== "script") return;
      pending.push(
        (async () => {
          const [sizes, headers] = await Promise.all([req.sizes(), (await req.response())?.allHeaders()]);
          files.push({ url: new URL(req.url()).pathname, bytes: sizes.responseBodySize, encoding: headers?.["content-encoding"] ?? "identity" });
        })(),
      );
    });
    const response = await page.goto(plan.path, { waitUntil: "load" });
    // The page's scripts may start after the load event (<AppScripts> defers them past the LCP
    // image): wait until the page has hydrated (root sets html[data-hydrated]) on a busy machine,
    // then the idle time. A lite page runs no script and never hydrates.
    if (!alwaysLite(new URL(page.url()).pathname)) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(IDLE_MS); // idle, no input
    await Promise.all(pending);
    page.removeAllListeners("requestfinished");
    const named = new Set(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[src]')].map(
          (e) => new URL(e instanceof HTMLLinkElement ? e.href : e.src, location.href).pathname,
        ),
      ),
    );
    return {
      ...plan,
      status: response?.status() ?? 0,
      finalPath: new URL(page.url()).pathname,
      bytes: files.reduce((t, f) => t + f.bytes, 0),
      files,
      late: files.map((f) => f.url).filter((f) => f.startsWith("/build/") && !named.has(f)),
    };
  } finally {
    await context.close();
  }
}

/** Every plan measured, `parallel` pages at a time (each in its own cold context). */
export async function measureAll(browser: Browser, baseURL: string, plans: PagePlan[], states: Record<Who, State | undefined>, parallel = 3): Promise<FirstView[]> {
  const out: FirstView[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < plans.length) {
        const plan = plans[next++];
        out.push(await measure(browser, baseURL, plan, states[plan.who]));
      }
    }),
  );
  return out.sort((a, b) => b.bytes - a.bytes);
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function report(views: FirstView[]): string {
  return views
    .map((v) => `${kb(v.bytes).padStart(9)} ${String(v.files.length).padStart(3)} files  ${v.path}  (${v.route}, ${v.who}, ${v.status}${v.finalPath !== new URL(v.path, "http://x").pathname ? ` -> ${v.finalPath}` : ""})${v.bytes > BUDGET_BYTES ? "  OVER" : ""}${v.late.length ? `  EARLY: ${v.late.join(" ")}` : ""}`)
    .join("\n");
}

export async function launch() {
  return chromium.launch(LAUNCH);
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const baseURL = args.find((a) => !a.startsWith("--")) ?? "http://localhost:3000";
  const only = args.find((a) => a.startsWith("--only="))?.slice(7);
  const showFiles = args.includes("--files");
  const browser = await launch();
  try {
    const { plans, states } = await planPages(browser, baseURL);
    const views = await measureAll(browser, baseURL, only ? plans.filter((p) => p.path.includes(only) || p.route.includes(only)) : plans, states);
    console.log(report(views));
    if (showFiles) for (const v of views) console.log(`\n${v.path}\n${v.files.map((f) => `${String(f.bytes).padStart(8)} ${f.encoding.padEnd(8)} ${f.url}`).join("\n")}`);
    const over = views.filter((v) => v.bytes > BUDGET_BYTES);
    const early = views.filter((v) => v.late.length);
    console.log(`\n${over.length} of ${views.length} pages over ${kb(BUDGET_BYTES)} of gzip JavaScript on first view; ${early.length} fetch code on demand before any input`);
    process.exitCode = over.length || early.length ? 1 : 0;
  } finally {
    await browser.close();
  }
}
