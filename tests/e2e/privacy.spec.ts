import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";

test("a fresh shopper downloads their data, then deletes their account (password and confirmation) and can no longer log in", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await page.goto("/users/account/addresses");
  await ready(page, testInfo);
  const yourData = page.getByRole("region", { name: "Your data" });
  await expect(yourData).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), yourData.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^buildmart-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const mine = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(mine.account).toMatchObject({ email: shopper.email, first_name: shopper.firstName });
  expect(JSON.stringify(mine)).not.toMatch(/password|\$argon2/);

  await yourData.getByRole("link", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/users\/account\/delete$/);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete my account");
  if (!jsEnabled(testInfo) && isPhone(testInfo)) await page.screenshot({ path: "/work/shots/privacy-delete.png", fullPage: true });

  const form = page.locator("#delete-account");
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("Enter your password")).toBeVisible();
  await expect(form.getByText("Tick the box to confirm that you want to delete your account.")).toBeVisible();

  await form.getByLabel("Your password").fill("Wrong#pass2024");
  await form.getByLabel("I understand that my account will be deleted for good.").check();
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("The password is not correct.")).toBeVisible();
  // The server never sends the password back (with JavaScript the browser keeps what was typed).
  if (!jsEnabled(testInfo)) await expect(form.getByLabel("Your password")).toHaveValue("");
  if (!jsEnabled(testInfo) && isPhone(testInfo)) await page.screenshot({ path: "/work/shots/privacy-delete-error.png", fullPage: true });

  await form.getByLabel("Your password").fill(shopper.password);
  await form.getByLabel("I understand that my account will be deleted for good.").check();
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("flash")).toContainText("Your account has been deleted");
  await expect(page.getByTestId("account-menu")).toHaveCount(0);

  // The session is gone and the account no longer logs in.
  await page.goto("/users/account/addresses");
  await expect(page).toHaveURL(/\/auth\/login/);
  const again = await request.post("/api/v1/users/auth/login/", { data: { email: shopper.email, password: shopper.password } });
  expect(again.status()).toBe(400);
});
