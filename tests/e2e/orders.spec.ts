/**
 * The account area's order pages after checkout, in every project: cancel an item (the
 * seven reasons, a confirmation, the item shows Cancelled), Order Progress with the real date of
 * each step, and Complete Payment for a card order still waiting for its payment.
 */
import { expect, test } from "@playwright/test";
import { addToCart, checkoutFromCart, fillAddressForm, onPaystack, orderIdOf, placeOrder, placePayOnDeliveryFromCart, productsInStock, screenshot, signedInWithCart } from "./checkout-helpers";
import { DEMO_SHOPPER } from "../../app/db/seed/catalog-data";
import { login, newShopper, openOrderAs, ready } from "./utils";

const REASONS = [
  "Financial Constraint",
  "Incorrect Product or Quantity Ordered",
  "Unsatisfactory Product Information",
  "Poor Reviews or Ratings",
  "Poor Customer Service Experience",
  "Security Reasons",
  "Seller Reputation",
];

test("cancel an item: reason, confirmation, the item shows cancelled; tracking shows the placed date", async ({ page, request }, testInfo) => {
  const [a, b] = await productsInStock(request, 10, 2);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, a);
  await addToCart(page, testInfo, b);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);

  await page.goto(`/users/orders/${orderId}/track`);
  await expect(page.getByRole("heading", { name: "Order Progress" })).toBeVisible();
  // one progress per store that ships a line (the two products may come from two stores)
  const progresses = page.getByTestId("order-progress");
  const n = await progresses.count();
  expect(n).toBeGreaterThanOrEqual(1);
  for (let k = 0; k < n; k++) {
    const one = progresses.nth(k);
    await expect(one.getByTestId("progress-step")).toHaveCount(4);
    await expect(one.getByTestId("progress-fill")).toHaveAttribute("style", /width: ?0%/);
    await expect(one.getByTestId("step-date-placed")).toHaveText(/\d{4}/);
    await expect(one.getByTestId("step-date-shipped")).toHaveText("Pending");
    // each shipment's own estimate from the order date (business days: never a Sunday)
    await expect(one.getByTestId("delivery-estimate")).toHaveText(/^Estimated delivery: (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2,3}( – (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2,3})? \(business days/);
  }
  await screenshot(page, testInfo, "track-360-js-off");

  await page.goto(`/users/orders/${orderId}`);
  await ready(page, testInfo);
  await expect(page.getByRole("link", { name: "Track Order" })).toHaveAttribute("href", `/users/orders/${orderId}/track`);
  await page.getByRole("link", { name: `Cancel ${a.name}` }).first().click();
  await expect(page.getByRole("heading", { name: "Cancel Order" })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.getByRole("radio")).toHaveCount(7);
  await screenshot(page, testInfo, "confirm-cancel-360-js-off");
  for (const r of REASONS) await expect(page.getByRole("radio", { name: r })).toBeVisible();
  await page.getByRole("radio", { name: "Security Reasons" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Cancel this item?" })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toContainText("Security Reasons");
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Yes, cancel item" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/orders/${orderId}$`));
  await expect(page.getByTestId("flash")).toHaveText(`${a.name} was cancelled`);
  const cancelled = page.getByTestId("order-item").filter({ hasText: a.name });
  await expect(cancelled.getByTestId("item-cancelled")).toContainText("Cancelled · Security Reasons");
  await expect(page.getByRole("link", { name: `Cancel ${a.name}` })).toHaveCount(0);
  await screenshot(page, testInfo, "order-detail-360-js-off");
  // the other item may still be cancelled
  await expect(page.getByRole("link", { name: `Cancel ${b.name}` })).toBeVisible();
});

test("a card order left unpaid shows Complete Payment, which starts a new attempt and pays", async ({ page, request }, testInfo) => {
  const { product: a } = await signedInWithCart(page, request, testInfo, 12);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page);
  await placeOrder(page, "Pay with card");
  await onPaystack(page, "Cancel payment");
  await expect(page.getByRole("heading", { name: "Your payment did not go through" })).toBeVisible();
  const orderId = orderIdOf(page.url());

  await page.goto(`/users/orders/${orderId}`);
  await ready(page, testInfo);
  // unpaid card orders cannot be cancelled item by item yet (spec section 2), but can be paid
  await expect(page.getByRole("link", { name: `Cancel ${a.name}` })).toHaveCount(0);
  await page.getByRole("button", { name: "Complete Payment" }).click();
  await onPaystack(page, "Pay");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await page.goto(`/users/orders/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Complete");
  await expect(page.getByRole("button", { name: "Complete Payment" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Cancel ${a.name}` })).toBeVisible();
});

test("someone else's order is a 404", async ({ page, request }, testInfo) => {
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await page.goto("/users/orders/00000000-0000-4000-8000-000000000000");
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
  await page.goto("/users/orders/00000000-0000-4000-8000-000000000000/track");
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
});

test("the demo shopper's delivered order shows every step with its date and a full bar", async ({ page, request }, testInfo) => {
  const auth = await request.post("/api/v1/users/auth/login/", { data: { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password } });
  expect(auth.status()).toBe(200);
  const { access, user } = await auth.json();
  const list = await request.get(`/api/v1/orders/user/${user.id}?page_size=50`, { headers: { Authorization: `Bearer ${access}` } });
  const orders = (await list.json()).results as { id: string; order_delivery_status: string }[];
  const delivered = orders.find((o) => o.order_delivery_status === "Delivered");
  expect(delivered, "the demo seed gives the shopper a delivered order").toBeTruthy();
  await openOrderAs(page, testInfo, DEMO_SHOPPER, `/users/orders/${delivered!.id}/track`);
  await expect(page.getByRole("heading", { name: "Order Progress" })).toBeVisible();
  // every store's shipment of the delivered order is delivered, each step dated
  const progresses = page.getByTestId("order-progress");
  await expect(progresses.first()).toBeVisible();
  for (let k = 0; k < (await progresses.count()); k++) {
    const one = progresses.nth(k);
    await expect(one.getByTestId("progress-fill")).toHaveAttribute("style", /width: ?100%/);
    for (const step of ["placed", "confirmed", "shipped", "delivered"]) await expect(one.getByTestId(`step-date-${step}`)).toHaveText(/\d{4}/);
  }
  await page.goto(`/users/orders/${delivered!.id}`);
  // shipped and delivered items cannot be cancelled
  await expect(page.getByRole("link", { name: /^Cancel / })).toHaveCount(0);
});
