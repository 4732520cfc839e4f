import { expect, test } from "@playwright/test";
import { NEWSLETTER_SIGNUP_ANSWER } from "~/domain/privacy";
import { islandReady, isPhone, jsEnabled, linkInMail, login, ready, waitForMail } from "./utils";

const ADMIN = { email: "admin@demo.buildmart.ng", password: "Admin#2024" };

test("footer sign-up → confirmation mail → confirm (POST) → newsletter from the admin → one-click unsubscribe link", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/");
  await ready(page, testInfo);
  const footerForm = page.locator("#newsletter-footer");

  // A bad address: the message shows next to the field (JS off: on /newsletter, typed value kept).
  await footerForm.getByLabel("Email address").fill("ada@localhost");
  // The footer is an island: its code comes with this first interaction (a submit before is a plain POST).
  await islandReady(page, testInfo, "#newsletter-footer");
  await footerForm.getByRole("button", { name: "Subscribe" }).click();
  const form = jsEnabled(testInfo) ? footerForm : page.locator("#newsletter-page");
  if (!jsEnabled(testInfo)) await expect(page).toHaveURL(/\/newsletter$/);
  await expect(form.getByText("Enter a valid email address")).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveValue("ada@localhost");

  const email = `news.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("flash")).toContainText(NEWSLETTER_SIGNUP_ANSWER);

  const confirmLink = linkInMail(await waitForMail(email), "/newsletter/confirm/");
  expect(confirmLink).toBeTruthy();
  await page.goto(new URL(confirmLink!).pathname);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  if (!jsEnabled(testInfo) && isPhone(testInfo)) await page.screenshot({ path: "/work/shots/privacy-confirm.png", fullPage: true });
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  await expect(page.getByRole("status")).toContainText(email);
  if (!jsEnabled(testInfo) && isPhone(testInfo)) await page.screenshot({ path: "/work/shots/privacy-confirm-done.png", fullPage: true });

  // The admin sends a newsletter from /admin/newsletter (in a separate session).
  const admin = await browser.newPage({ javaScriptEnabled: jsEnabled(testInfo), viewport: page.viewportSize() });
  await login(admin, ADMIN.email, ADMIN.password, testInfo);
  await admin.goto("/admin/newsletter");
  await ready(admin, testInfo);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
  const subject = `Roofing sheets week ${Math.random().toString(36).slice(2, 8)}`;
  await admin.getByLabel("Subject").fill(subject);
  await admin.getByLabel(/^Text/).fill("Aluminium roofing sheets are 10% off this week.");
  await admin.getByRole("button", { name: "Send newsletter" }).click();
  await expect(admin.getByTestId("flash")).toContainText(`Newsletter “${subject}” queued`);
  await admin.close();

  const mail = await waitForMail(email, 1, 20_000);
  const head = mail.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " "); // folded header lines joined
  expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(head).toMatch(/^List-Unsubscribe: +<http[^>]+\/api\/v1\/newsletter\/unsubscribe\/\d+\.[\w-]+\/>, *<mailto:[^>]+>$/m);
  const unsubscribe = linkInMail(mail, "/newsletter/unsubscribe/");
  expect(unsubscribe).toBeTruthy();
  await page.goto(new URL(unsubscribe!).pathname);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from our newsletter?");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
});
