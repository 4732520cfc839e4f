/**
 * Account pages in the shopper's language: a form message in Igbo next to the
 * field, with JavaScript off and on; the sign-in pages show no raw message key in any language;
 * the address book walked in Hausa.
 */
import fs from "node:fs";
import { expect, test, type BrowserContext } from "@playwright/test";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { isPhone, jsEnabled, login, newShopper, ready } from "./utils";
import { firstLga } from "./checkout-helpers";

/** The footer switch's cookie, as the server writes it (a remix cookie: base64 of the JSON value). */
async function speak(context: BrowserContext, lang: Lang) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(lang)).toString("base64"));
  await context.addCookies([{ name: "lang", value, url: `http://localhost:${process.env.E2E_PORT}` }]);
}

const messages = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(`app/i18n/messages/${lang}/${ns}.json`, "utf8")) as Record<string, string>;
const account = (lang: Lang) => messages(lang, "account");
const forms = (lang: Lang) => messages(lang, "forms");
const en = account("en");

test("a bad phone number on the phone sign-in gets its message in Igbo, next to the field, the number kept", async ({ page, context }, testInfo) => {
  await speak(context, "ig");
  await page.goto("/auth/phone");
  await ready(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "ig");
  await expect(page.getByRole("heading", { name: account("ig").phone_title })).toBeVisible();
  const phone = page.getByLabel(account("ig").phone_number);
  await phone.fill("0603 123 4567");
  await page.getByRole("button", { name: account("ig").send_code }).click();
  // With JavaScript the answer comes back without a new page: wait for the field to point at it.
  await expect(phone).toHaveAttribute("aria-describedby", /-error/);
  const error = page.locator("#" + (await phone.getAttribute("aria-describedby"))!.split(" ").find((id) => id.endsWith("-error"))!);
  await expect(error).toHaveText(forms("ig").ng_mobile);
  await expect(page.getByText("Enter a Nigerian mobile number")).toHaveCount(0);
  await expect(phone).toHaveValue("0603 123 4567");
});

for (const lang of LANGUAGES) {
  test(`sign-in pages in ${lang} show their texts and no raw key`, async ({ page, context }, testInfo) => {
    await speak(context, lang);
    for (const path of ["/auth/login", "/auth/phone"]) {
      await page.goto(path);
      await ready(page, testInfo);
      const text = await page.locator("body").innerText();
      // Keys with "_" cannot be real words (plain ones like "or" and "email" are words in Pidgin too).
      for (const key of Object.keys(en).filter((k) => k.includes("_"))) expect(text, `${path} shows the raw key ${key}`).not.toMatch(new RegExp(`(^|\\s)${key}(\\s|$)`));
    }
    await expect(page.getByRole("button", { name: account(lang).send_code })).toBeVisible();
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: account(lang).login_title })).toBeVisible();
    await expect(page.getByRole("link", { name: account(lang).use_phone })).toBeVisible();
  });
}

test("screenshot: sign in by phone in Yoruba at 360 px", async ({ page, context }, testInfo) => {
  test.skip(!isPhone(testInfo) || jsEnabled(testInfo), "one picture, phone with JavaScript off");
  await speak(context, "yo");
  await page.goto("/auth/phone");
  await ready(page, testInfo);
  await page.getByLabel(account("yo").phone_number).fill("0803 12");
  await page.getByRole("button", { name: account("yo").send_code }).click();
  await expect(page.getByText(forms("yo").ng_mobile)).toBeVisible();
  await page.screenshot({ path: "/work/briefs/out/shots/phone-login-yo-360.png", fullPage: true });
});

test("the address book in Hausa: a refused address says why in Hausa, then one is saved and deleted", async ({ page, context, request }, testInfo) => {
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, testInfo);
  await speak(context, "ha");
  const ha = account("ha") as unknown as Record<string, Record<string, string>>;
  const common = messages("ha", "common") as unknown as Record<string, Record<string, string>>;
  await page.goto("/users/account/addresses");
  await ready(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expect(page).toHaveTitle(`${ha.titles.addresses} | BuildMart NG`);
  await expect(page.getByRole("heading", { name: ha.addresses.book })).toBeVisible();
  await expect(page.getByText(ha.addresses.none)).toBeVisible();
  const form = page.locator("#add-address");
  // Saved without a street: the message comes next to the field, in Hausa.
  await form.getByRole("textbox", { name: common.address.firstName, exact: true }).fill("Aisha");
  await form.getByRole("textbox", { name: common.address.lastName, exact: true }).fill("Bello");
  await form.getByLabel(new RegExp(`^${common.address.phone}`)).fill("08031234567");
  await form.getByRole("textbox", { name: common.address.city, exact: true }).fill("Kano");
  await form.getByRole("combobox", { name: common.address.state, exact: true }).selectOption("Kano");
  await form.getByRole("combobox", { name: common.address.lga, exact: true }).selectOption(firstLga("Kano"));
  await form.getByRole("button", { name: ha.addresses.save }).click();
  const street = form.getByRole("textbox", { name: common.address.deliveryAddress, exact: true });
  await expect(street).toHaveAttribute("aria-describedby", /-error/);
  await expect(page.locator("#" + (await street.getAttribute("aria-describedby"))!.split(" ").find((id) => id.endsWith("-error"))!)).toHaveText(forms("ha").street);
  await expect(page.getByText("Please enter a valid delivery address")).toHaveCount(0);
  // With the street: saved, the flash and the card in Hausa.
  await street.fill("15 Zoo Road");
  await form.getByRole("button", { name: ha.addresses.save }).click();
  await expect(page.getByTestId("flash")).toHaveText(ha.addresses.added);
  const card = page.getByTestId("address-card").filter({ hasText: "Aisha Bello" });
  await expect(card).toContainText(ha.addresses.default_tag);
  await card.getByRole("link", { name: ha.addresses.delete_of.replace("{{name}}", "Aisha Bello") }).click();
  await expect(card.getByText(ha.addresses.confirm_delete)).toBeVisible();
  await card.getByRole("button", { name: ha.addresses.yes_delete }).click();
  await expect(page.getByTestId("flash")).toHaveText(ha.addresses.deleted);
  await expect(page.getByTestId("address-card")).toHaveCount(0);
});
