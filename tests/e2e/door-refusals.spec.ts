/**
 * Buyers who refuse at the door (issue 36 item 6): the store marks a shipped pay-on-delivery
 * delivery "Refused at the door" on its order page (a plain POST; JavaScript off at 360 px, on at
 * desktop); after three such refusals the buyer's checkout shows pay on delivery closed, with why.
 */
import crypto from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { addToCart, checkoutFromCart, productsInStock } from "./checkout-helpers";
import { DEMO_VENDOR, login, newShopper, openOrderAs, ready } from "./utils";

test.describe.configure({ timeout: 180_000 });

async function token(request: APIRequestContext, who: { email: string; password: string }) {
  const r = await request.post("/api/v1/users/auth/login/", { data: { email: who.email, password: who.password } });
  expect(r.status()).toBe(200);
  const j = (await r.json()) as { access: string; user: { id: number } };
  return { headers: { authorization: `Bearer ${j.access}` }, userId: j.user.id };
}

test("the store marks a delivery refused at the door; after three, the buyer's checkout closes pay on delivery and says why", async ({ page, request }, testInfo) => {
  const vendor = await token(request, DEMO_VENDOR);
  const stores = (await (await request.get(`/api/v1/stores/owner/${vendor.userId}/`, { headers: vendor.headers })).json()) as Array<{ id: number; slug: string }>;
  const store = stores[0];
  const mine = ((await (await request.get(`/api/v1/stores/${store.slug}/products/?page_size=100`)).json()).results as Array<{ id: number; stock_quantity: number; min_quantity: number; quantity_step: number; options?: unknown[] }>).filter(
    (p) => p.stock_quantity > 20 && p.min_quantity === 1 && p.quantity_step === 1,
  );
  const product = mine.at(-5)!;
  const shopper = await newShopper(request);
  const me = await token(request, shopper);
  // A delivery phone of this buyer alone (other specs' orders share the demo numbers).
  const phone = `080${crypto.randomInt(10_000_000, 99_999_999)}`;
  const address = await request.post("/api/v1/users/addresses/", {
    headers: me.headers,
    data: { receiver_first_name: "Bola", receiver_last_name: "Ade", receiver_phone_one: phone, street_address: "3 Opebi Road", city: "Ikeja", state: "Lagos", lga: "Ikeja", country: "NGA" },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = ((await address.json()) as { id: number }).id;

  // Three pay-on-delivery orders, each confirmed and shipped by the store.
  const orders: string[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await request.post("/api/v1/orders/", { headers: me.headers, data: { delivery_address_id: addressId, order_payment_method: "PayOnDelivery", buy: product.id, quantity: 1 } });
    expect(r.status(), await r.text()).toBe(201);
    const id = ((await r.json()) as { id: string }).id;
    for (const status of ["Confirmed", "Shipped"])
      expect((await request.patch(`/api/v1/orders/${store.id}/store/${id}/status/`, { headers: vendor.headers, data: { status } })).status()).toBe(200);
    orders.push(id);
  }

  // The store's page: the first one marked refused at the door.
  await openOrderAs(page, testInfo, DEMO_VENDOR, `/stores/${store.slug}/orders/${orders[0]}`);
  await ready(page, testInfo);
  await page.getByText("Buyer refused it at the door?").click();
  await page.getByRole("button", { name: "Mark as refused at the door" }).click();
  await expect(page.getByTestId("flash")).toContainText("marked refused at the door");
  await expect(page.getByTestId("refused-note")).toContainText("Refused at the door on");
  await expect(page.getByTestId("order-item").first()).toContainText("Refused at the door");
  await expect(page.getByTestId("refused-at-door")).toHaveCount(0);
  // Two more (through the API, as another member's phone would).
  for (const id of orders.slice(1)) expect((await request.post(`/api/v1/orders/${store.id}/store/${id}/refused/`, { headers: vendor.headers, data: {} })).status()).toBe(200);

  // The buyer's checkout: pay on delivery closed, and why.
  await page.context().clearCookies();
  await login(page, shopper.email, shopper.password, testInfo);
  const [other] = await productsInStock(request, 7, 1);
  await addToCart(page, testInfo, other);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  const pod = page.getByLabel(/^Pay on delivery/);
  await expect(pod).toBeDisabled();
  await expect(page.getByTestId("pod-off")).toContainText("3 deliveries to you were refused at the door in the last 90 days");
  await expect(page.getByLabel(/^Pay with card/)).toBeEnabled();
});
