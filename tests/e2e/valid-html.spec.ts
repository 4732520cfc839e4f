/**
 * Valid HTML on every page type (issue 38 item 7): the server-rendered HTML of 30+ pages — a
 * guest's, a shopper's, a store owner's and an admin's, in English and Yorùbá, lite and full —
 * checked by the W3C Nu HTML Checker (the `vnu-jar` package, run with Java) with zero errors.
 * The HTML is the same with JavaScript on and off (the server cannot tell), so one project runs it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_ADMIN, DEMO_SHOPPER, DEMO_VENDOR } from "~/db/seed/catalog-data";
import { addToCart, productsInStock } from "./checkout-helpers";
import { login } from "./utils";

const VNU = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const haveJava = spawnSync("java", ["-version"]).status === 0;

/**
 * CSS the checker's own CSS grammar does not know yet, though every current browser does (the
 * lite pages inline Tailwind 4's stylesheet): `@property` (CSS Properties and Values API, in
 * Chrome since 85, Safari 16.4, Firefox 128) and `margin-trim` (inside an `@supports` test, which
 * exists to ask the browser). Only these two messages are set aside; any other CSS error counts.
 */
const CHECKER_CSS_GAPS = [/^CSS: Unrecognized at-rule “@property”/, /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/];

interface Nu {
  messages: { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string }[];
}

test("every page type is valid HTML (W3C Nu checker: no errors)", async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js-off-desktop", "the server's HTML is the same in every project: one run is enough");
  test.skip(!haveJava, "Java is missing: apt-get install -y default-jre-headless (.ci/run installs it)");
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "valid-html-"));
  const saved: string[] = [];
  const save = async (ctx: APIRequestContext, name: string, url: string, headers: Record<string, string> = {}) => {
    const r = await ctx.get(url, { headers });
    expect(r.status(), `${name}: ${url}`).toBe(name.startsWith("404") ? 404 : 200);
    // a signed-in page, not the login page it would send a stranger to
    if (!url.startsWith("/auth/")) expect(new URL(r.url()).pathname, `${name}: ${url}`).not.toBe("/auth/login");
    const file = path.join(dir, `${name}.html`);
    fs.writeFileSync(file, await r.body());
    saved.push(file);
  };

  const list = await (await request.get("/api/v1/products/?page_size=40")).json();
  const products = list.results as { id: number; category_slug: string; slug?: string }[];
  const product = `/${products[0].category_slug}/${products[0].id}`;
  const yo = { "Accept-Language": "yo" };
  const lite = { "Save-Data": "on" };

  // A guest.
  const guestPages: [string, string, Record<string, string>?][] = [
    ["home", "/"],
    ["home-yo", "/", yo],
    ["home-lite", "/", lite],
    ["category", "/building-materials"],
    ["category-yo", "/building-materials", yo],
    ["subcategory-sorted", "/cement-concrete?sort=price_asc"],
    ["search", "/products/?search=cement"],
    ["product", product],
    ["product-yo", product, yo],
    ["product-lite", product, lite],
    ["reviews", `${product}/reviews`],
    ["store-page", "/shop/lagos-building-depot"],
    ["cart-empty", "/cart"],
    ["login", "/auth/login"],
    ["login-yo", "/auth/login", yo],
    ["register", "/auth/register"],
    ["phone-login", "/auth/phone"],
    ["forgot-password", "/forget-password"],
    ["about", "/about"],
    ["faq", "/faq"],
    ["contact", "/contact"],
    ["terms", "/terms"],
    ["privacy", "/privacy"],
    ["newsletter", "/newsletter"],
    ["404", "/no-such-page-here"],
  ];
  for (const [name, url, headers] of guestPages) await save(request, name, url, headers);

  // Signed in: the pages' own cookies, through the login form.
  const signedIn = async (who: { email: string; password: string }) => {
    const context = await browser.newContext({ ...testInfo.project.use });
    const page = await context.newPage();
    await login(page, who.email, who.password, testInfo);
    return { context, api: context.request };
  };

  // A guest with a cart, at checkout (the product page's own form).
  const [inStock] = await productsInStock(request, 3, 1);
  const guest = await browser.newContext({ ...testInfo.project.use });
  const guestPage = await guest.newPage();
  await addToCart(guestPage, testInfo, inStock);
  await save(guest.request, "guest-cart", "/cart");
  await save(guest.request, "guest-cart-yo", "/cart", yo);
  await save(guest.request, "guest-login-checkout", "/auth/login?redirectTo=%2Fcheckout%2Fpayment&checkout=1");
  await save(guest.request, "guest-checkout", "/checkout/payment?g=y");
  await guest.close();

  const shopper = await signedIn(DEMO_SHOPPER);
  for (const [name, url, headers] of [
    ["account", "/users"],
    ["orders", "/users/orders"],
    ["addresses", "/users/account/addresses"],
    ["address-new", "/users/account/addresses/edit"],
    ["wishlist", "/users/wishlist"],
    ["notifications", "/users/notification"],
    ["channels", "/users/account/channels"],
    ["account-yo", "/users", yo],
    ["create-store", "/create-store"],
  ] as [string, string, Record<string, string>?][]) {
    await save(shopper.api, `shopper-${name}`, url, headers);
  }
  const orders = await (await shopper.api.get("/users/orders")).text();
  const orderLink = /href="(\/users\/orders\/[0-9a-f-]{8,})["/?]/.exec(orders)?.[1];
  expect(orderLink, "the demo shopper has an order (the demo seed)").toBeTruthy();
  await save(shopper.api, "shopper-order", orderLink!);
  await save(shopper.api, "shopper-order-yo", orderLink!, yo);
  await shopper.context.close();

  const vendor = await signedIn(DEMO_VENDOR);
  const store = "/stores/lagos-building-depot";
  for (const [name, url] of [
    ["dashboard", `${store}/dashboard`],
    ["products", `${store}/products`],
    ["add-product", `${store}/products/add-product`],
    ["orders", `${store}/orders/history`],
    ["payouts", `${store}/payouts`],
    ["members", `${store}/members`],
    ["returns", `${store}/returns`],
    ["customers", `${store}/customers`],
  ]) {
    await save(vendor.api, `vendor-${name}`, url);
  }
  const storeOrders = await (await vendor.api.get(`${store}/orders/history`)).text();
  const storeOrder = /href="(\/stores\/lagos-building-depot\/orders\/[0-9a-f-]{8,})["/?]/.exec(storeOrders)?.[1];
  expect(storeOrder, "the demo store has an order (the demo seed)").toBeTruthy();
  await save(vendor.api, "vendor-order", storeOrder!);
  const storeProducts = await (await vendor.api.get(`${store}/products`)).text();
  const editLink = /href="(\/stores\/lagos-building-depot\/products\/\d+\/edit)"/.exec(storeProducts)?.[1];
  expect(editLink).toBeTruthy();
  await save(vendor.api, "vendor-edit-product", editLink!);
  await vendor.context.close();

  const admin = await signedIn(DEMO_ADMIN);
  for (const name of ["", "payments", "payouts", "stores", "users", "products", "audit"]) await save(admin.api, `admin-${name || "home"}`, `/admin/${name}`);
  await admin.context.close();

  expect(saved.length).toBeGreaterThanOrEqual(30);
  const run = spawnSync("java", ["-Xss2m", "-jar", VNU, "--errors-only", "--format", "json", ...saved], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const out = (run.stderr || run.stdout || "{}").trim();
  const nu = JSON.parse(out) as Nu;
  // One line per page and kind of error, with how often it occurs and its first place.
  const grouped = new Map<string, { n: number; first: string }>();
  for (const m of nu.messages.filter((m) => (m.type === "error" || m.subType === "fatal") && !CHECKER_CSS_GAPS.some((re) => re.test(m.message)))) {
    const key = `${path.basename(decodeURIComponent(m.url ?? ""))}: ${m.message}`;
    const g = grouped.get(key) ?? { n: 0, first: (m.extract ?? "").replace(/\s+/g, " ").slice(0, 100) };
    g.n++;
    grouped.set(key, g);
  }
  const errors = [...grouped].map(([k, g]) => `${k} (×${g.n}) [${g.first}]`);
  testInfo.annotations.push({ type: "valid-html", description: `${saved.length} pages checked, ${errors.length} errors` });
  expect(errors, `Nu HTML Checker errors in ${saved.length} pages`).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
