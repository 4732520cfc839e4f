/**
 * The product page, phone first: price and Add to Cart in the first screen at 360x640, a
 * typed quantity, "Only N left", the delivery promise's state picker and the WhatsApp share link.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { formatDayRange } from "../../app/i18n/dates";
import { formatNaira } from "../../app/domain/money";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";
import { orderIdOf, placeOrder } from "./checkout-helpers";

interface P {
  id: number;
  name: string;
  in_stock: boolean;
  stock_quantity: number;
  category_slug: string;
}
interface Quote {
  shipping_cost: number;
  earliest_delivery: string;
  latest_delivery: string;
}

/** Mid-priced seed products (other specs take the cheapest), in stock, without options. */
async function products(request: APIRequestContext): Promise<P[]> {
  const r = await request.get("/api/v1/products/?page_size=50&page=3&ordering=selling_price");
  expect(r.status()).toBe(200);
  return ((await r.json()).results as P[]).filter((p) => p.in_stock);
}
const quote = async (request: APIRequestContext, id: number, state: string): Promise<Quote> =>
  (await request.get(`/api/v1/orders/${id}/shippingfee/?state=${encodeURIComponent(state)}&quantity=1`)).json();
const promiseText = (q: Quote, state: string) => `Delivery to ${state}: ${q.shipping_cost === 0 ? "free" : formatNaira(q.shipping_cost)}, arrives ${formatDayRange(q.earliest_delivery, q.latest_delivery, "en")}`;

test("at 360x640 the name, price, stock and Add to Cart with its quantity are in the first screen; cement takes a typed bulk quantity", async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 640 });
  // a bag of cement: a bulk item, and a long name
  const r = await request.get("/api/v1/products/?search=cement&page_size=20");
  const p = ((await r.json()).results as P[]).find((x) => x.in_stock && x.category_slug === "cement-concrete")!;
  expect(p).toBeDefined();
  await page.goto(`/products/${p.id}`);
  await ready(page, testInfo);
  await expect(page.getByLabel("Quantity (type any)")).toHaveAttribute("type", "number");
  for (const el of [page.getByRole("heading", { level: 1 }), page.getByTestId("price"), page.getByTestId("stock-state"), page.getByTestId("product-quantity"), page.getByRole("button", { name: "Add to Cart", exact: true })]) {
    const box = await el.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(640);
  }
  if (testInfo.project.name === "js-off-phone") await page.screenshot({ path: "/work/shots/pdp/product-first-screen.png" });
});

test("a typed quantity of 3 puts 3 in the cart", async ({ page, request }, testInfo) => {
  const p = (await products(request)).find((x) => x.stock_quantity >= 10)!;
  await page.goto(`/products/${p.id}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("stock-state")).toHaveText("In stock");
  const qty = page.getByTestId("product-quantity");
  await expect(qty).toHaveAttribute("type", "number");
  await expect(qty).toHaveAttribute("inputmode", "numeric");
  await qty.fill("3");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("flash")).toHaveText("Added to cart");
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ has: page.locator(`a[href="/products/${p.id}"]`) });
  await expect(line.getByTestId("quantity")).toHaveValue("3");
  // the cart's shipment carries the promise too (Lagos until a state is picked)
  await expect(page.getByTestId("cart-store-promise").first()).toContainText("Delivery to Lagos");
  if (testInfo.project.name === "js-off-phone") await page.screenshot({ path: "/work/shots/pdp/cart-promise-360.png", fullPage: true });
});

test("a product with few left says so", async ({ page, request }, testInfo) => {
  const r = await request.get("/api/v1/products/?page_size=100&ordering=-selling_price");
  const few = ((await r.json()).results as P[]).find((x) => x.stock_quantity > 0 && x.stock_quantity < 10);
  test.skip(!few, "no product with fewer than 10 left in the demo catalogue page");
  await page.goto(`/products/${few!.id}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("stock-state")).toHaveText(/^Only [1-9] left$/);
  await expect(page.getByTestId("product-quantity")).toHaveAttribute("max", String(few!.stock_quantity));
});

test("the delivery promise follows the state picker, and the WhatsApp link carries the product's URL", async ({ page, request }, testInfo) => {
  // a product whose fee or dates to Kano differ from Lagos's
  let p: P | undefined;
  let lagos: Quote | undefined;
  let kano: Quote | undefined;
  for (const x of await products(request)) {
    [lagos, kano] = [await quote(request, x.id, "Lagos"), await quote(request, x.id, "Kano")];
    if (promiseText(lagos, "Lagos").replace("Lagos", "") !== promiseText(kano, "Kano").replace("Kano", "")) {
      p = x;
      break;
    }
  }
  expect(p).toBeDefined();
  await page.goto(`/products/${p!.id}`);
  await ready(page, testInfo);
  const text = page.getByTestId("delivery-promise-text");
  await expect(text).toHaveText(promiseText(lagos!, "Lagos"));
  await expect(page.getByTestId("delivery-promise")).toContainText("Lagos is shown until you choose your state");
  await page.getByLabel("Deliver to state").selectOption("Kano");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(text).toHaveText(promiseText(kano!, "Kano"));
  await expect(page).toHaveURL(new RegExp(`/products/${p!.id}$`));
  // remembered: the next page shows Kano too
  await page.reload();
  await expect(page.getByTestId("delivery-promise-text")).toHaveText(promiseText(kano!, "Kano"));

  const href = await page.getByTestId("share-whatsapp").getAttribute("href");
  expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const shared = decodeURIComponent(new URL(href!).searchParams.get("text") ?? "");
  expect(shared).toContain(p!.name);
  expect(shared).toMatch(new RegExp(`https?://[^ ]+/${p!.category_slug}/${p!.id}$`));
  await expect(page.getByTestId("share-url")).toHaveValue(shared.slice(shared.lastIndexOf(" ") + 1));
  // Copy link needs script: it comes with the share part's code, at the shopper's first touch (the
  // reload above is a fresh first view)
  await page.getByTestId("share-url").click();
  if (jsEnabled(testInfo)) await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  if (testInfo.project.name === "js-on-desktop") await page.screenshot({ path: "/work/shots/pdp/product-desktop.png" });
  if (isPhone(testInfo) && !jsEnabled(testInfo)) await page.screenshot({ path: "/work/shots/pdp/product-phone-full.png", fullPage: true });
});

test("a signed-in shopper's promise goes to their default address's state", async ({ page, request }, testInfo) => {
  const shopper = await newShopper(request);
  const auth = await request.post("/api/v1/users/auth/login/", { data: { email: shopper.email, password: shopper.password } });
  const { access, user } = (await auth.json()) as { access: string; user: { id: number } };
  const address = await request.post("/api/v1/users/adresses/", {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      user: user.id,
      receiver_first_name: shopper.firstName,
      receiver_last_name: "Okafor",
      receiver_phone_one: "08031234567",
      street_address: "14 Zoo Road, Gyadi-Gyadi",
      city: "Kano",
      state: "Kano",
      country: "NGA",
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const p = (await products(request))[1];
  await login(page, shopper.email, shopper.password, testInfo);
  await page.goto(`/products/${p.id}`);
  await expect(page.getByTestId("delivery-promise-text")).toHaveText(promiseText(await quote(request, p.id, "Kano"), "Kano"));
  await expect(page.getByTestId("delivery-promise")).toContainText("Your default address's state");
});

test("Buy Now checks out the typed quantity, and the order has that many", async ({ page, request }, testInfo) => {
  const shopper = await newShopper(request);
  const auth = await request.post("/api/v1/users/auth/login/", { data: { email: shopper.email, password: shopper.password } });
  const { access, user } = (await auth.json()) as { access: string; user: { id: number } };
  const address = await request.post("/api/v1/users/adresses/", {
    headers: { Authorization: `Bearer ${access}` },
    data: { user: user.id, receiver_first_name: shopper.firstName, receiver_last_name: "Bello", receiver_phone_one: "08031234567", street_address: "3 Ring Road", city: "Ibadan", state: "Oyo", country: "NGA" },
  });
  expect(address.status(), await address.text()).toBe(201);
  const p = (await products(request)).find((x) => x.stock_quantity >= 10)!;
  const price = ((await (await request.get(`/api/v1/products/${p.id}/`)).json()) as { selling_price: number }).selling_price;
  await login(page, shopper.email, shopper.password, testInfo);
  await page.goto(`/products/${p.id}`);
  await ready(page, testInfo);
  await page.getByTestId("product-quantity").fill("2");
  await page.getByRole("button", { name: "Buy Now", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/payment\\?buy=${p.id}&qty=2$`));
  await expect(page.getByText(`2 × ${formatNaira(price)}`)).toBeVisible();
  await placeOrder(page, "Pay on delivery");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  const order = await request.get(`/api/v1/orders/${orderIdOf(page.url())}/`, { headers: { Authorization: `Bearer ${access}` } });
  const lines = ((await order.json()) as { order_items: { product_id: number; quantity: number }[] }).order_items;
  expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([[p.id, 2]]);
});
