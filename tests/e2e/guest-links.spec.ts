/**
 * A guest's order link past its end (issue 37 item 9; docs/decisions/0029-guest-order-links.md):
 * the page says so (410, not an error page) and offers "Send me a fresh link"; a field left
 * empty gets its message with the order number kept; a contact that does not match gets the same
 * answer as one that does; the fresh link from the e-mail opens the order. JS on and off.
 */
import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { productsInStock } from "./checkout-helpers";
import { linkInMail, ready, waitForMailMatching } from "./utils";

/** The e2e server's token secret (tests/e2e/server.ts: derived from its SESSION_SECRET unless JWT_SECRET is set). */
const secret = process.env.JWT_SECRET ?? crypto.createHash("sha256").update("jwt:e2e-session-secret").digest("hex");
/** A link of `orderId` that ended `daysAgo` days ago, signed as the server signs them (app/api/core/guest-token.server.ts). */
function expiredToken(orderId: string, daysAgo: number): string {
  const end = Math.floor(Date.now() / 1000) - daysAgo * 86_400;
  return `${end.toString(36)}.${crypto.createHmac("sha256", secret).update(`guest-order:${orderId}:${end}`).digest("base64url")}`;
}

test("an expired order link offers a fresh one, sent to the order's e-mail", async ({ page, request }, testInfo) => {
  const [product] = await productsInStock(request, 60 + testInfo.parallelIndex, 1);
  const email = `guest-link-${crypto.randomUUID()}@example.com`;
  const placed = await request.post("/api/v1/orders/", {
    data: {
      guest_delivery_address: { email, receiver_first_name: "Bisi", receiver_last_name: "Ade", receiver_phone_one: "08031234567", street_address: "3 Allen Avenue", city: "Ikeja", state: "Lagos", zip_code: "100001", country: "NGN" },
      order_payment_method: "PayOnDelivery",
      buy: product.id,
      quantity: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).id as string;
  const number = `#${orderId.split("-")[0].toUpperCase()}`;

  const answer = await page.goto(`/orders/${orderId}?t=${encodeURIComponent(expiredToken(orderId, 2))}`);
  expect(answer?.status()).toBe(410);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "This order link has expired" })).toBeVisible();
  const orderField = page.getByLabel("Order number");
  await expect(orderField).toHaveValue(number);

  // Nothing in the contact field: its message next to it, the order number kept.
  await page.getByRole("button", { name: "Send me a fresh link" }).click();
  await expect(page.getByText("Enter the e-mail address or phone number you used for the order")).toBeVisible();
  await expect(page.getByLabel("Order number")).toHaveValue(number);

  // A contact that is not the order's: the same answer as a match, and no mail.
  await page.getByLabel("E-mail or phone number").fill("someone-else@example.com");
  await page.getByRole("button", { name: "Send me a fresh link" }).click();
  const sent = page.getByRole("status").filter({ hasText: "we have sent a fresh link" });
  await expect(sent).toBeVisible();

  await page.goto(`/orders/fresh-link?order=${encodeURIComponent(number)}`);
  await ready(page, testInfo);
  await page.getByLabel("E-mail or phone number").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Send me a fresh link" }).click();
  await expect(sent).toBeVisible();

  const mail = await waitForMailMatching(email, /fresh link/i);
  const link = linkInMail(mail, `/orders/${orderId}?t=`);
  expect(link).not.toBeNull();
  const opened = await page.goto(link!);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
});
