/** Phone sign-in: number → code from the SMS stand-in's outbox → signed in; then the account's channel choices. */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { PHONE_MESSAGES } from "~/domain/phone";
import { isPhone, jsEnabled, ready, smsCodeFor } from "./utils";

test("sign in with a phone number: number → code by SMS → signed in; channels on the account page", async ({ page }, testInfo) => {
  const digits = String(Date.now() % 1e7).padStart(7, "0");
  const local = `0809 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  const e164 = `+234809${digits}`;

  await page.goto("/auth/login");
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Use your phone number" }).click();
  await expect(page).toHaveURL(/\/auth\/phone$/);
  await ready(page, testInfo);
  const phone = page.getByLabel("Phone number");
  await expect(phone).toHaveAttribute("autocomplete", "tel");
  await expect(phone).toHaveAttribute("inputmode", "tel");

  // Not a Nigerian mobile number: the message next to the field, the typed value kept.
  await phone.fill("0603 123 4567");
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(PHONE_MESSAGES.phoneInvalid)).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("0603 123 4567");

  await page.getByLabel("Phone number").fill(local);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByRole("status")).toContainText("6-digit code");
  const code = page.getByLabel("6-digit code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  const right = await smsCodeFor(e164);

  // A wrong code: how many tries are left.
  await code.fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(PHONE_MESSAGES.codeWrong(4))).toBeVisible();
  if (isPhone(testInfo) && !jsEnabled(testInfo)) {
    fs.mkdirSync("/work/shots/phone", { recursive: true });
    await page.screenshot({ path: "/work/shots/phone/phone-signin.png", fullPage: true });
  }

  await page.getByLabel("6-digit code").fill(right);
  await page.getByLabel(/First name/).fill("Emeka");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("account-menu").waitFor({ state: "attached" });

  // A new account made with the number: SMS is on from the start (it has no e-mail), and
  // WhatsApp can be chosen too, since its number is verified.
  await page.goto("/users/account/channels");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order updates");
  await expect(page.getByLabel("SMS", { exact: true })).toBeChecked();
  await expect(page.getByLabel("WhatsApp", { exact: true })).not.toBeChecked();
  await page.getByLabel("WhatsApp", { exact: true }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("flash")).toContainText("Your choices are saved.");
  await expect(page.getByLabel("SMS", { exact: true })).toBeChecked();
  await expect(page.getByLabel("WhatsApp", { exact: true })).toBeChecked();
  if (isPhone(testInfo) && !jsEnabled(testInfo)) await page.screenshot({ path: "/work/shots/phone/account-channels.png", fullPage: true });
});
