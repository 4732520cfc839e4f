/**
 * Vendor payouts in the browser, JavaScript on and off, phone and desktop: the demo
 * vendor saves bank details on the store's Payouts page (checked with the Paystack stand-in; an
 * account it cannot resolve is refused next to the field, the typed number kept; "Is this you?"
 * shows the name the bank gives, warns that it is not the owner's, and saves only once the owner
 * confirms), and an admin
 * pays the store's available balance out through the stand-in, after which the store's page
 * shows the payout as Paid. The demo seed's delivered orders (weeks old) credited the store.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_ADMIN, DEMO_VENDOR } from "~/db/seed/catalog-data";
import { isPhone, jsEnabled, login, ready } from "./utils";

const SLUG = "lagos-building-depot";

async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const r = await request.post("/api/v1/users/auth/login/", { data: { email, password } });
  expect(r.status()).toBe(200);
  return (await r.json()).access as string;
}

test("the vendor saves the store's bank details: an unknown account is refused next to the field; \"Is this you?\" shows the bank's name, warns it is not the owner's, and saves on Yes", async ({ page }, testInfo) => {
  await login(page, DEMO_VENDOR.email, DEMO_VENDOR.password, testInfo);
  await page.goto(`/stores/${SLUG}/payouts`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await expect(page.getByTestId("balance")).toContainText("₦");
  await expect(page.getByTestId("pending")).toContainText("₦");
  await expect(page.getByText(/Sale: /).first()).toBeVisible();
  await page.getByLabel("Bank", { exact: true }).selectOption({ label: "Guaranty Trust Bank" });
  await page.getByLabel("Account number").fill("0000000000");
  await page.getByRole("button", { name: "Check with the bank" }).click();
  await expect(page.getByText("We could not find this account at the bank you chose.")).toBeVisible();
  await expect(page.getByLabel("Account number")).toHaveValue("0000000000");
  await expect(page.getByLabel("Bank", { exact: true })).toHaveValue("058");
  await page.getByLabel("Account number").fill("0123456789");
  await page.getByRole("button", { name: "Check with the bank" }).click();
  // "Is this you?": the bank's name, and a warning that it is not the store owner's (Babatunde …).
  const confirm = page.getByTestId("bank-confirm");
  await expect(confirm.getByRole("heading", { name: "Is this you?" })).toBeVisible();
  await expect(confirm.getByTestId("resolved-name")).toHaveText("ADAEZE OKONKWO");
  await expect(confirm.getByTestId("name-warning")).toContainText(`not the store owner's name (${DEMO_VENDOR.firstName} ${DEMO_VENDOR.lastName})`);
  if (!jsEnabled(testInfo) && isPhone(testInfo)) {
    fs.mkdirSync("/work/shots/edges", { recursive: true });
    await page.screenshot({ path: "/work/shots/edges/payouts-is-this-you-360-js-off.png", fullPage: true });
  }
  // "No, change the details" goes back to the form with what was typed.
  await confirm.getByRole("button", { name: "No, change the details" }).click();
  await expect(page.getByLabel("Account number")).toHaveValue("0123456789");
  await expect(page.getByLabel("Bank", { exact: true })).toHaveValue("058");
  await page.getByRole("button", { name: "Check with the bank" }).click();
  await page.getByTestId("bank-confirm").getByRole("button", { name: "Yes, this is my account" }).click();
  await expect(page.getByTestId("flash")).toContainText("Bank details saved: ADAEZE OKONKWO");
  await expect(page.getByTestId("bank-current")).toContainText("ADAEZE OKONKWO");
  await expect(page.getByTestId("bank-current")).toContainText("••••6789");
  await expect(page.locator("body")).not.toContainText("0123456789");
  if (!jsEnabled(testInfo) && isPhone(testInfo)) {
    fs.mkdirSync("/work/shots", { recursive: true });
    await page.screenshot({ path: "/work/shots/payouts-store-360-js-off.png", fullPage: true });
  }
});

test("an admin pays out the store's available balance through Paystack and the store's page shows it paid", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // The store needs a bank account (the vendor's test may run later or in parallel): set it through the API.
  const vendor = await token(request, DEMO_VENDOR.email, DEMO_VENDOR.password);
  const store = await (await request.get(`/api/v1/stores/${SLUG}/`)).json();
  const saved = await request.put(`/api/v1/stores/${store.id}/bank-account/`, {
    headers: { Authorization: `Bearer ${vendor}` },
    data: { bank_code: "058", account_number: "0123456789" },
  });
  expect(saved.status()).toBe(200);

  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, testInfo);
  await page.goto("/admin/payouts");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  const row = page.getByTestId(`payable-${SLUG}`);
  const button = row.getByRole("button", { name: /^Pay out/ });
  // The four projects share one server: whichever comes first pays the balance out; the others find it paid.
  if (await button.isVisible().catch(() => false)) {
    await button.click();
    await expect(page.getByTestId("flash")).toContainText(/Payout of ₦|already on its way|no available balance|not a verified business/);
  }
  await expect(async () => {
    await page.goto("/admin/payouts");
    await expect(page.getByTestId("admin-payouts").getByText("Lagos Building Depot").first()).toBeVisible();
    await expect(page.getByTestId("admin-payouts").locator("li", { hasText: "Lagos Building Depot" }).first()).toContainText("Paid");
  }).toPass({ timeout: 60_000 });
  if (!jsEnabled(testInfo) && isPhone(testInfo)) {
    fs.mkdirSync("/work/shots", { recursive: true });
    await page.screenshot({ path: "/work/shots/payouts-admin-360-js-off.png", fullPage: true });
  }

  // The vendor sees it paid on the store's page: paid out above zero and the history says Paid.
  await page.context().clearCookies();
  await login(page, DEMO_VENDOR.email, DEMO_VENDOR.password, testInfo);
  await page.goto(`/stores/${SLUG}/payouts`);
  await expect(page.getByTestId("payout-history").getByTestId("payout-status").first()).toHaveText("Paid");
  await expect(page.getByTestId("paid-out")).not.toHaveText("₦0");
  // The ledger (newest first) books the payout; other specs' orders of this store may have pushed
  // it off the first page meanwhile: look through the first pages.
  let booked = false;
  for (let p = 1; p <= 5 && !booked; p++) {
    if (p > 1) await page.goto(`/stores/${SLUG}/payouts?page=${p}`);
    booked = (await page.getByText(/Payout: To Guaranty Trust Bank/).count()) > 0;
  }
  expect(booked, "the payout's line in the store's ledger").toBe(true);
});

test("the payouts pages are not for everyone: a shopper gets 404 on the admin page and on a store's payouts", async ({ page }, testInfo) => {
  await login(page, "shopper@demo.buildmart.ng", "Shopper#2024", testInfo);
  for (const path of ["/admin/payouts", `/stores/${SLUG}/payouts`]) {
    const r = await page.goto(path);
    expect(r?.status()).toBe(404);
  }
});
