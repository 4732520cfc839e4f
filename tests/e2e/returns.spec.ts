/**
 * Returns, in every project (JS on/off × phone/desktop): a shopper's delivered item is
 * returned (the request form, with an error first), the vendor accepts it on the store's Returns
 * page, the admin marks the pay-on-delivery money paid back, and the shopper's order page shows
 * each step. Screenshots at 360 px with JS off: /work/shots/returns-*.png.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { DEMO_ADMIN, DEMO_VENDOR } from "../../app/db/seed/catalog-data";
import { addToCart, placePayOnDeliveryFromCart, type P } from "./checkout-helpers";
import { isPhone, jsEnabled, linkInMail, login, newShopper, openOrderAs, ready, waitForMailMatching } from "./utils";
import { buyerDeliveryCode } from "./delivery-code-helpers";

const SLUG = "lagos-building-depot";

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (jsEnabled(testInfo) || !isPhone(testInfo)) return;
  fs.mkdirSync("/work/shots", { recursive: true });
  await page.screenshot({ path: `/work/shots/returns-${name}.png`, fullPage: true });
}

async function vendorApi(request: APIRequestContext) {
  const r = await request.post("/api/v1/users/auth/login/", { data: { email: DEMO_VENDOR.email, password: DEMO_VENDOR.password } });
  expect(r.status()).toBe(200);
  const token = (await r.json()).access as string;
  const store = await (await request.get(`/api/v1/stores/${SLUG}/`)).json();
  return { token, storeId: store.id as number };
}

/** A product of the demo vendor's store in stock, a different one per project. */
async function vendorProduct(request: APIRequestContext, v: { token: string; storeId: number }, testInfo: TestInfo): Promise<P> {
  const r = await request.get(`/api/v1/products/store/${v.storeId}/`, { headers: { Authorization: `Bearer ${v.token}` } });
  const list = ((await r.json()).results as Array<P & { published?: boolean; stock_quantity: number }>).filter((p) => p.published !== false && p.stock_quantity > 20);
  expect(list.length).toBeGreaterThan(3);
  return list[testInfo.parallelIndex % list.length];
}

test("a delivered item is returned: requested, accepted by the vendor, refunded by the admin; the order page shows each step", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const v = await vendorApi(request);
  const product = await vendorProduct(request, v, testInfo);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, product);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);
  const number = `#${orderId.split("-")[0].toUpperCase()}`;

  // The store delivers it (its orders page is another issue's: through the API here).
  for (const status of ["Confirmed", "Shipped", "Delivered"]) {
    // Pay on delivery: Delivered with the shopper's code (docs/decisions/0025-delivery-code.md).
    const data = status === "Delivered" ? { status, delivery_code: await buyerDeliveryCode(request, orderId, shopper) } : { status };
    const r = await request.patch(`/api/v1/orders/${v.storeId}/store/${orderId}/status/`, { headers: { Authorization: `Bearer ${v.token}` }, data });
    expect(r.status()).toBe(200);
  }

  // The shopper asks: the form refuses an empty request, keeping what was typed.
  await page.goto(`/users/orders/${orderId}`);
  await ready(page, testInfo);
  // A delivered line: "Rate this product" leads to the product's review form.
  await expect(page.getByRole("link", { name: `Rate ${product.name}` })).toHaveAttribute("href", `/products/${product.id}/reviews#write-review`);
  await page.getByRole("link", { name: `Return ${product.name}` }).click();
  await expect(page.getByRole("heading", { name: "Return item" })).toBeVisible();
  await ready(page, testInfo);
  await page.getByLabel("What is wrong?").fill("Two bags were torn on arrival.");
  await page.getByRole("button", { name: "Request return" }).click();
  await expect(page.getByText("Please choose a reason for the return.")).toBeVisible();
  await expect(page.getByLabel("What is wrong?")).toHaveValue("Two bags were torn on arrival.");
  await shot(page, testInfo, "request-error-360-js-off");
  await page.getByLabel("Reason").selectOption("Damaged or defective");
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 60, b: 20 } } }).png().toBuffer();
  await page.getByLabel("Photo (optional)").setInputFiles({ name: "torn.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Request return" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/orders/${orderId}$`));
  await expect(page.getByTestId("flash")).toHaveText(`Return requested for ${product.name}`);
  const ret = page.getByTestId("order-return").filter({ hasText: product.name });
  await expect(ret.getByTestId("return-status")).toHaveText("Return requested");
  // The shopper sees their photo (through their own session).
  const own = ret.getByRole("img", { name: `Your photo of ${product.name}` });
  await expect(own).toBeVisible();
  expect((await page.request.get((await own.getAttribute("src"))!)).status()).toBe(200);
  await expect(page.getByRole("link", { name: `Return ${product.name}` })).toHaveCount(0);

  // The vendor accepts it with a message.
  await page.context().clearCookies();
  await login(page, DEMO_VENDOR.email, DEMO_VENDOR.password, testInfo);
  await page.goto(`/stores/${SLUG}/returns?status=requested`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Returns" })).toBeVisible();
  const card = page.getByTestId("store-return").filter({ hasText: `Order ${number}` });
  await expect(card).toContainText("Two bags were torn on arrival.");
  // The shopper's photo, shown to the store's members only (issue 37: it was public to anyone with the link).
  const photo = card.getByRole("img", { name: `The shopper's photo of ${product.name}` });
  await expect(photo).toBeVisible();
  const src = (await photo.getAttribute("src"))!;
  expect(src).toMatch(/^\/return-photo\/store\/\d+\/\d+\?w=160$/);
  const mine = await page.request.get(src);
  expect(mine.status()).toBe(200);
  expect(mine.headers()["content-type"]).toBe("image/webp");
  expect(mine.headers()["cache-control"]).toBe("private, no-store");
  const anonymous = await request.get(src, { headers: { Cookie: "" } });
  expect(anonymous.status()).toBe(404);
  await shot(page, testInfo, "vendor-360-js-off");
  // Refusing needs a message.
  await card.getByRole("button", { name: "Refuse return" }).click();
  const again = page.getByTestId("store-return").filter({ hasText: `Order ${number}` });
  await expect(again.getByText("Tell the shopper why the return is refused.")).toBeVisible();
  await again.getByLabel(/Message to the shopper/).fill("Sorry about the bags: we will collect them.");
  await again.getByRole("button", { name: "Accept return" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Return accepted");

  // The admin pays it back (pay on delivery) and marks it refunded.
  await page.context().clearCookies();
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, testInfo);
  await page.goto("/admin/returns");
  await ready(page, testInfo);
  const todo = page.getByTestId("admin-return").filter({ hasText: `order ${number}` });
  await todo.getByLabel(/Note/).fill("Bank transfer 0042");
  await todo.getByRole("button", { name: "Mark refunded" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Return marked refunded: the shopper has been told");

  // The shopper sees every step.
  await openOrderAs(page, testInfo, shopper, `/users/orders/${orderId}`);
  const done = page.getByTestId("order-return").filter({ hasText: product.name });
  await expect(done.getByTestId("return-status")).toHaveText("Refunded");
  await expect(done.getByTestId("return-message")).toHaveText("The seller says: Sorry about the bags: we will collect them.");
  await expect(done).toContainText(/Requested .*\d{4}/);
  await expect(done).toContainText(/Accepted .*\d{4}/);
  await expect(done).toContainText(/Refunded .*\d{4}/);
});

test("the admin's returns page is not there for anyone else, and the vendor page not for a shopper", async ({ page, request }, testInfo) => {
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  expect((await page.goto("/admin/returns"))?.status()).toBe(404);
  expect((await page.goto(`/stores/${SLUG}/returns`))?.status()).toBe(404);
});

test("a guest asks for a return through the delivered e-mail's signed link; the token stays on the order's own pages", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const v = await vendorApi(request);
  const product = await vendorProduct(request, v, testInfo);
  // The guest's order, through the API (the storefront's guest checkout is checkout.spec.ts's).
  const cart = await (await request.post("/api/v1/carts/", { data: { user_id: null } })).json();
  expect((await request.post(`/api/v1/carts/${cart.id}/items/`, { data: { prod_id: product.id, quantity: 1 } })).status()).toBeLessThan(300);
  const email = `guest.return.${Date.now().toString(36)}.${testInfo.project.name}@example.com`;
  const placed = await request.post("/api/v1/orders/", {
    data: {
      cart_id: cart.id,
      order_payment_method: "PayOnDelivery",
      guest_delivery_address: {
        email,
        receiver_first_name: "Amaka",
        receiver_last_name: "Eze",
        receiver_phone_one: "08091234567",
        street_address: "4 Aminu Kano Crescent, Wuse 2",
        city: "Abuja",
        state: "Federal Capital Territory",
        zip_code: "900288",
        country: "NGN",
      },
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).id as string;
  for (const status of ["Confirmed", "Shipped", "Delivered"]) {
    // Pay on delivery: Delivered with the guest's code, read on their order with the shipped e-mail's token.
    let data: Record<string, string> = { status };
    if (status === "Delivered") {
      const shipped = linkInMail(await waitForMailMatching(email, /^Subject: .*shipped/im), "/orders/");
      const guestToken = new URL(shipped!, "http://x").searchParams.get("t")!;
      data = { status, delivery_code: await buyerDeliveryCode(request, orderId, { guestToken }) };
    }
    const r = await request.patch(`/api/v1/orders/${v.storeId}/store/${orderId}/status/`, { headers: { Authorization: `Bearer ${v.token}` }, data });
    expect(r.status()).toBe(200);
  }

  // The delivered e-mail's link opens the order (with its token) and offers the return.
  const link = linkInMail(await waitForMailMatching(email, /^Subject: .*delivered/im), "/orders/");
  expect(link).toMatch(new RegExp(`/orders/${orderId}\\?t=`));
  const u = new URL(link!);
  const token = u.searchParams.get("t")!;
  await page.goto(`${u.pathname}${u.search}`);
  await ready(page, testInfo);
  await expect(page.getByRole("link", { name: `Rate ${product.name}` })).toHaveCount(0); // a guest has no account to review with
  await page.getByRole("link", { name: `Return ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/return/[0-9a-f-]{36}\\?t=`));
  await expect(page.getByRole("heading", { name: "Return item" })).toBeVisible();
  const returnPath = new URL(page.url()).pathname;
  // the token rides only on links to this order's own pages (back to the order; this page's reload and
  // the login that comes back here), never on the shop's other links
  const withToken = await page.locator("a[href]").evaluateAll((as, t) => as.map((a) => a.getAttribute("href") ?? "").filter((h) => decodeURIComponent(h).includes(t)), token);
  expect(withToken).toContain(`/orders/${orderId}?t=${encodeURIComponent(token)}`);
  for (const href of withToken) expect(decodeURIComponent(href)).toMatch(new RegExp(`^(/auth/login\\?redirectTo=)?/orders/${orderId}[/?]`));
  await ready(page, testInfo);
  await page.getByLabel("What is wrong?").fill("The wrong size came.");
  await page.getByRole("button", { name: "Request return" }).click();
  await expect(page.getByText("Please choose a reason for the return.")).toBeVisible();
  await expect(page.getByLabel("What is wrong?")).toHaveValue("The wrong size came.");
  await page.getByLabel("Reason").selectOption("Wrong item");
  await page.getByRole("button", { name: "Request return" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?t=`));
  await expect(page.getByTestId("flash")).toHaveText(`Return requested for ${product.name}`);
  await expect(page.getByRole("link", { name: `Return ${product.name}` })).toHaveCount(0);
  await expect(page.getByTestId("order-return").filter({ hasText: product.name }).getByTestId("return-status")).toHaveText("Return requested");
  await shot(page, testInfo, "guest-order-after-return-360-js-off");

  // A wrong token opens nothing.
  expect((await page.goto(`${returnPath}?t=wrong`))?.status()).toBe(404);
});
