/**
 * The buying loop, in every project (JavaScript on and off, phone and desktop):
 * pay on delivery, card through the Paystack stand-in (Pay; Decline then Try again), guest
 * checkout, buy now, and the DELIVERY ADDRESS block.
 */
import { expect, test } from "@playwright/test";
import { formatNaira } from "../../app/domain/money";
import { ADDRESS, addToCart, checkoutFromCart, fillAddressForm, onPaystack, orderIdOf, placeOrder, productsInStock, screenshot, signedInWithCart } from "./checkout-helpers";
import { axeScan, jsEnabled, linkInMail, login, newShopper, ready, waitForMail } from "./utils";

test("a member pays on delivery: address required, added on the page, shipping quoted, order placed, cart emptied", async ({ page, request }, testInfo) => {
  const [a, b] = await productsInStock(request, 0, 2);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, a);
  await addToCart(page, testInfo, b);
  await checkoutFromCart(page, testInfo);
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "DELIVERY ADDRESS", exact: true })).toBeVisible();
  await expect(page.getByTestId("no-address")).toHaveText("No address");
  await expect(page.getByTestId("checkout-line")).toHaveCount(2);
  await expect(page.getByTestId("checkout-subtotal")).toHaveText(formatNaira(a.selling_price + b.selling_price));
  await expect(page.getByTestId("checkout-shipping")).toHaveText("Choose a delivery state");
  // card is the default choice
  await expect(page.getByLabel(/^Pay with card/)).toBeChecked();

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please set your delivery address!" })).toBeVisible();

  // the spec's address rules show next to the fields (the first address starts with the
  // account's name: emptied here)
  await expect(page.locator("#checkout-add-address").getByLabel("First name")).toHaveValue(shopper.firstName);
  await page.locator("#checkout-add-address").getByLabel("First name").fill("");
  await page.locator("#checkout-add-address").getByRole("button", { name: "Save and use this address" }).click();
  await expect(page.locator("#checkout-add-address")).toContainText("First name is required");
  await fillAddressForm(page);
  await expect(page.getByTestId("chosen-address")).toContainText(ADDRESS.first);
  await expect(page.getByTestId("chosen-address")).toContainText("0803 123 4567");
  await expect(page.getByTestId("checkout-shipping")).toHaveText(/^(₦[\d,]+|Free)$/);
  await screenshot(page, testInfo, "checkout-360-js-off");

  await placeOrder(page, "Pay on delivery");
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await expect(page.getByTestId("order-success")).toContainText("pay on delivery");
  await screenshot(page, testInfo, "success-360-js-off");
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  // the spec's second address of the page
  const orderId = orderIdOf(page.url());
  await page.goto(`/payment/success?order_id=${orderId}`);
  await expect(page).toHaveURL(new RegExp(`/checkout/payment/success\\?order_id=${orderId}$`));
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await page.getByRole("link", { name: "VIEW ORDER" }).click();
  await expect(page).toHaveURL(/\/users\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-item")).toHaveCount(2);
  await expect(page.getByTestId("payment-status")).toHaveText("Pending");
  await expect(page.getByTestId("delivery-status")).toHaveText("Placed");
  await expect(page.getByRole("button", { name: "Complete Payment" })).toHaveCount(0);
});

test("a member pays by card on Paystack's page; the success page verifies it", async ({ page, request }, testInfo) => {
  await signedInWithCart(page, request, testInfo, 2);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page, { state: "Kano", city: "Kano" });
  await expect(page.getByTestId("checkout-shipping")).toHaveText(/^(₦[\d,]+|Free)$/);
  const total = await page.getByTestId("checkout-total").textContent();
  await placeOrder(page, "Pay with card");
  await expect(page.getByTestId("amount")).toHaveText(total!);
  await screenshot(page, testInfo, "paystack-standin-360-js-off");
  await onPaystack(page, "Pay");
  // verified on the server, then the reference leaves the address (a reload verifies nothing again)
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await expect(page.getByTestId("order-success")).toContainText("and paid");
  // the cart is emptied after the verified payment
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  // reloading the callback does not change anything
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await page.goto(`/users/orders/${orderIdOf(page.url())}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Complete");
});

test("a declined card shows a clear page; Try again pays with a new attempt", async ({ page, request }, testInfo) => {
  await signedInWithCart(page, request, testInfo, 3);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page);
  await placeOrder(page, "Pay with card");
  await onPaystack(page, "Decline");
  await expect(page.getByRole("heading", { name: "Your payment did not go through" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toHaveCount(0);
  // One sentence, then the next: "… we have not received the payment (status: Failed). Nothing was charged …".
  await expect(page.getByTestId("payment-failed")).toContainText(/received the payment( \(status: [^)]+\))?\. Nothing was charged for this attempt\./);
  await screenshot(page, testInfo, "payment-failed-360-js-off");
  // nothing is paid, the cart is kept
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  // a forged "success" query is not believed
  const orderId = orderIdOf(page.url());
  await page.goto(`/checkout/payment/success?order_id=${orderId}&trxref=forged-ref&reference=forged-ref`);
  await expect(page.getByRole("heading", { name: "Your payment did not go through" })).toBeVisible();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Try again" }).click();
  await onPaystack(page, "Pay");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  expect(orderIdOf(page.url())).toBe(orderId);
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});

test("Cancel payment on Paystack's page, then Pay on delivery instead", async ({ page, request }, testInfo) => {
  await signedInWithCart(page, request, testInfo, 4);
  await checkoutFromCart(page, testInfo);
  await ready(page, testInfo);
  await fillAddressForm(page);
  await placeOrder(page, "Pay with card");
  await onPaystack(page, "Cancel payment");
  await expect(page.getByRole("heading", { name: "Your payment did not go through" })).toBeVisible();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Pay on delivery instead" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await expect(page.getByTestId("order-success")).toContainText("pay on delivery");
});

test("a guest is sent to login from checkout, checks out as guest and pays on delivery; the e-mail links to the order", async ({ page, request }, testInfo) => {
  const [a] = await productsInStock(request, 5, 1);
  await addToCart(page, testInfo, a);
  await checkoutFromCart(page, testInfo);
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Checkout as guest" }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\?g=y$/);
  await ready(page, testInfo);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  await screenshot(page, testInfo, "guest-checkout-360-js-off");

  // the spec's guest rules, next to the fields
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  // The postal code is optional: no message for it.
  await expect(page.getByText("Postal code is required")).toHaveCount(0);

  const email = `guest.${Date.now().toString(36)}.${testInfo.project.name}@example.com`;
  const form = page.locator("form#place-order");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone number").fill("08091234567");
  await form.getByLabel("First name").fill("Amaka");
  await form.getByLabel("Last name").fill("Eze");
  await form.getByLabel("Street address").fill("4 Aminu Kano Crescent, Wuse 2");
  await form.getByLabel("City").fill("Abuja");
  await form.getByLabel("State").selectOption("Federal Capital Territory");
  await form.getByLabel("Local government area").selectOption("Abuja Municipal Area Council");
  await page.getByRole("button", { name: "Update shipping for this state" }).click();
  await expect(page.getByTestId("checkout-shipping")).toHaveText(/^(₦[\d,]+|Free)$/);
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await placeOrder(page, "Pay on delivery");
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order_id=[0-9a-f-]{36}&g=y$/);
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await expect(page.getByRole("link", { name: "VIEW ORDER" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "CONTINUE SHOPPING" })).toBeVisible();

  const link = linkInMail(await waitForMail(email), "/orders/");
  expect(link).toMatch(/\/orders\/[0-9a-f-]{36}\?t=/);
  const u = new URL(link!);
  await page.goto(`${u.pathname}${u.search}`);
  await expect(page.getByTestId("order-item")).toHaveCount(1);
  await expect(page.getByTestId("order-progress")).toHaveAttribute("data-status", "Placed");
  // without the token the order is not shown
  await page.goto(u.pathname);
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
});

test("a guest pays by card: Paystack's page, then the guest's success page without VIEW ORDER", async ({ page, request }, testInfo) => {
  const [a] = await productsInStock(request, 16, 1);
  await page.goto(`/products/${a.id}`);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Buy Now" }).first().click();
  await page.getByRole("link", { name: "Checkout as guest" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/payment\\?g=y&buy=${a.id}$`));
  await ready(page, testInfo);
  const form = page.locator("form#place-order");
  await form.getByLabel("Email").fill(`guest.card.${Date.now().toString(36)}@example.com`);
  await form.getByLabel("Phone number").fill("+2347031234567");
  await form.getByLabel("First name").fill("Tunde");
  await form.getByLabel("Last name").fill("Bakare");
  await form.getByLabel("Street address").fill("22 Allen Avenue, Ikeja");
  await form.getByLabel("City").fill("Ikeja");
  await form.getByLabel("State").selectOption("Lagos");
  await form.getByLabel("Local government area").selectOption("Ikeja");
  await form.getByLabel("Postal code").fill("100271");
  await placeOrder(page, "Pay with card");
  await onPaystack(page, "Pay");
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order_id=[0-9a-f-]{36}&g=y$/);
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await expect(page.getByTestId("order-success")).toContainText("and paid");
  await expect(page.getByRole("link", { name: "VIEW ORDER" })).toHaveCount(0);
});

test("Buy now checks out one product, leaving the cart alone", async ({ page, request }, testInfo) => {
  const [a, b] = await productsInStock(request, 6, 2);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await addToCart(page, testInfo, b);
  await page.goto(`/products/${a.id}`);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Buy Now" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/checkout/payment\\?buy=${a.id}$`));
  await ready(page, testInfo);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  await expect(page.getByTestId("checkout-line")).toContainText(a.name);
  await fillAddressForm(page);
  // still buying the one product after saving the address
  await expect(page).toHaveURL(new RegExp(`/checkout/payment\\?buy=${a.id}$`));
  await expect(page.getByTestId("checkout-subtotal")).toHaveText(formatNaira(a.selling_price));
  await placeOrder(page, "Pay on delivery");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("link", { name: "VIEW ORDER" }).click();
  await expect(page.getByTestId("order-item")).toHaveCount(1);
  await expect(page.getByTestId("order-item")).toContainText(a.name);
});

test("a guest's Buy now goes to login keeping buy; Checkout as guest keeps it too", async ({ page, request }, testInfo) => {
  const [a] = await productsInStock(request, 8, 1);
  await page.goto(`/products/${a.id}`);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Buy Now" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/auth/login\\?.*buy=${a.id}`));
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Checkout as guest" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/payment\\?g=y&buy=${a.id}$`));
  await expect(page.getByTestId("checkout-line")).toContainText(a.name);
});

test("DELIVERY ADDRESS: Change lists addresses with the DEFAULT ADDRESS tag, Use Address and inline Edit", async ({ page, request }, testInfo) => {
  await signedInWithCart(page, request, testInfo, 9);
  await page.goto("/checkout/payment");
  await ready(page, testInfo);
  await fillAddressForm(page);
  await page.getByRole("link", { name: "Change" }).click();
  await expect(page.getByTestId("address-option")).toHaveCount(1);
  await expect(page.getByTestId("address-option")).toContainText("DEFAULT ADDRESS");
  await page.getByRole("link", { name: "ADD ADDRESS" }).click();
  await ready(page, testInfo);
  await fillAddressForm(page, { first: "Bisola", street: "7 Ring Road, Ibadan North", city: "Ibadan", state: "Oyo" });
  // the new address is the chosen one; the first stays the default
  await expect(page.getByTestId("chosen-address")).toContainText("Bisola");
  await page.getByRole("link", { name: "Change" }).click();
  await ready(page, testInfo);
  await expect(page.getByTestId("address-option")).toHaveCount(2);
  await screenshot(page, testInfo, "checkout-change-address-360-js-off");
  await page.getByRole("button", { name: `Use address of ${ADDRESS.first} ${ADDRESS.last}` }).click();
  await expect(page.getByTestId("chosen-address")).toContainText(ADDRESS.first);
  await expect(page.getByTestId("checkout-shipping")).toHaveText(/^(₦[\d,]+|Free)$/);

  await page.getByRole("link", { name: "Change" }).click();
  await ready(page, testInfo);
  await page.getByRole("link", { name: `Edit address of ${ADDRESS.first} ${ADDRESS.last}` }).click();
  await ready(page, testInfo);
  const edit = page.locator("form[id^=checkout-edit-]");
  await edit.getByLabel("Delivery address").fill("15 Awolowo Road, Ikoyi");
  await edit.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Address updated");
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page.getByTestId("chosen-address")).toContainText("15 Awolowo Road, Ikoyi");
});

test("a Place order sent twice (double submit, retry after a lost answer) makes one order", async ({ page, request, baseURL }, testInfo) => {
  await signedInWithCart(page, request, testInfo, 14);
  await page.goto("/checkout/payment");
  await ready(page, testInfo);
  await fillAddressForm(page);
  const form = page.locator("form#place-order");
  const key = await form.locator("input[name=idempotencyKey]").inputValue();
  const addressId = await form.locator("input[name=delivery_address_id]").inputValue();
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  // the browser's own cookies, the form's fields, twice
  const send = () =>
    page.request.post("/checkout/payment", {
      form: { idempotencyKey: key, delivery_address_id: addressId, order_payment_method: "PayOnDelivery", intent: "place" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
  const [first, second] = [await send(), await send()];
  expect(first.status()).toBe(303);
  expect(second.status()).toBe(303);
  expect(second.headers().location).toBe(first.headers().location);
  await page.goto("/users/orders");
  await expect(page.getByRole("link", { name: "View Details" })).toHaveCount(1);
});

test("the checkout and success pages pass an axe scan", async ({ page, request }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "axe injects a script");
  test.slow(); // axe scans took 28-43 s of the 60 s limit on a loaded 2-core machine
  await signedInWithCart(page, request, testInfo, 15);
  await page.goto("/checkout/payment");
  await ready(page, testInfo);
  expect(await axeScan(page, { include: "#main" })).toEqual([]);
  await fillAddressForm(page);
  await page.goto("/checkout/payment?change=1");
  await ready(page, testInfo);
  expect(await axeScan(page, { include: "#main" })).toEqual([]);
  await page.goto("/checkout/payment");
  await ready(page, testInfo);
  await placeOrder(page, "Pay on delivery");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order" })).toBeVisible();
  expect(await axeScan(page, { include: "#main" })).toEqual([]);
});
