/**
 * Notifications: the header's bell count moves as events happen. A shopper places an
 * order (pay on delivery) of the demo vendor's product; the vendor confirms and ships it; the
 * shopper's bell counts the notices, /users/notification lists them (unread marked, links to the
 * order), "Mark all as read" (a plain POST) brings the count to 0. JavaScript on and off.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { addToCart, placePayOnDeliveryFromCart, type P } from "./checkout-helpers";
import { demoVendorProducts, isPhone, jsEnabled, login, newShopper, ready } from "./utils";


/** The demo vendor's token, store id, and one of its products in stock (a different one per project). */
async function vendor(request: APIRequestContext, index: number): Promise<{ token: string; storeId: number; product: P }> {
  const { access, storeId, products: mine } = await demoVendorProducts<P & { store: number; in_stock: boolean; stock_quantity: number; min_quantity: number; quantity_step: number }>(request);
  expect(mine.length).toBeGreaterThan(index);
  return { token: access, storeId, product: mine[index] };
}

test("the bell counts the shopper's notifications as the order is placed and shipped; mark all read brings it to 0", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const projects = ["js-on-phone", "js-off-phone", "js-on-desktop", "js-off-desktop"];
  const v = await vendor(request, Math.max(0, projects.indexOf(testInfo.project.name)));
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await expect(page.getByTestId("notifications-link")).toBeVisible();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  await addToCart(page, testInfo, v.product);
  const orderId = await placePayOnDeliveryFromCart(page, testInfo);
  const number = `#${orderId.split("-")[0].toUpperCase()}`;

  await page.goto("/");
  await expect(page.getByTestId("notification-count")).toHaveText("1");

  for (const status of ["Confirmed", "Shipped"]) {
    const r = await request.patch(`/api/v1/orders/${v.storeId}/store/${orderId}/status/`, {
      headers: { authorization: `Bearer ${v.token}` },
      data: { status },
    });
    expect(r.status()).toBe(200);
  }
  await page.goto("/cart");
  await expect(page.getByTestId("notification-count")).toHaveText("3");
  await expect(page.getByTestId("notifications-link")).toHaveAttribute("aria-label", "Notifications, 3 unread");

  await page.getByTestId("notifications-link").click();
  await expect(page).toHaveURL(/\/users\/notification$/);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  const items = page.getByTestId("notifications").getByRole("listitem");
  await expect(items).toHaveCount(3);
  // newest first, each marked Unread in words
  // each store's shipment moves on its own, so its notices name the store
  await expect(items.nth(0)).toContainText(new RegExp(`Order ${number}: .+ shipped`));
  await expect(items.nth(1)).toContainText(new RegExp(`Order ${number}: .+ confirmed`));
  await expect(items.nth(2)).toContainText(`Order ${number} placed`);
  await expect(page.getByTestId("notifications").getByText("Unread", { exact: true })).toHaveCount(3);
  await expect(page.getByRole("link", { name: new RegExp(`^Order ${number}: .+ shipped$`) })).toHaveAttribute("href", `/users/orders/${orderId}`);
  if (!jsEnabled(testInfo) && isPhone(testInfo)) {
    fs.mkdirSync("/work/shots", { recursive: true });
    await page.screenshot({ path: "/work/shots/notif-users-360-js-off.png", fullPage: true });
  }

  await ready(page, testInfo);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByTestId("flash")).toHaveText("All notifications marked as read");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await expect(page.getByTestId("notifications").getByText("Unread", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("unread-summary")).toHaveText(/No unread notifications/);
  if (!jsEnabled(testInfo) && isPhone(testInfo)) await page.screenshot({ path: "/work/shots/notif-users-read-360-js-off.png", fullPage: true });

  await page.getByRole("link", { name: new RegExp(`^Order ${number}: .+ shipped$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/users/orders/${orderId}$`));
});

test("a new member sees the empty state, and the account menu leads to it", async ({ page, request }, testInfo) => {
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await page.goto("/users/orders");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByTestId("notifications-empty")).toContainText("You have no notifications yet");
  await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
});

test("a store member turns the New order e-mail off and on again on the store's Notifications page (a plain POST)", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const owner = await newShopper(request);
  const auth = await request.post("/api/v1/users/auth/login/", { data: { email: owner.email, password: owner.password } });
  const token = (await auth.json()).access as string;
  const words = Array.from({ length: 60 }, (_, i) => ["strong", "durable", "cement", "roofing", "sheet", "tiles"][i % 6]).join(" ");
  const created = await request.post("/api/v1/stores/", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Bell Depot ${owner.firstName}`,
      email: owner.email,
      phone: "08031234567",
      address: "12 Allen Avenue, Ikeja, Lagos",
      description: words,
      business_license_number: "RC123456",
      agreement: true,
    },
  });
  expect(created.status()).toBe(201);
  const slug = (await created.json()).slug as string;
  await login(page, owner.email, owner.password, testInfo);
  await page.goto(`/stores/${slug}/notification`);
  await ready(page, testInfo);
  const box = page.getByLabel("E-mail me when a new order comes in");
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByTestId("order-emails-form").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("flash")).toHaveText("You will no longer get an e-mail for new orders.");
  await expect(page.getByLabel("E-mail me when a new order comes in")).not.toBeChecked();
  await page.reload();
  await expect(page.getByLabel("E-mail me when a new order comes in")).not.toBeChecked();
  await ready(page, testInfo);
  await page.getByLabel("E-mail me when a new order comes in").check();
  await page.getByTestId("order-emails-form").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("flash")).toHaveText("We will e-mail you when a new order comes in.");
  await expect(page.getByLabel("E-mail me when a new order comes in")).toBeChecked();
});
