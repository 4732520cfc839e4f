/**
 * Store members, JavaScript on and off: the owner invites by e-mail, the invitation
 * e-mail's link opens /invitations/{token}; the invitee logs in (the Accept POST sends them to the
 * login page and back), accepts and lands on the store's dashboard; as a Member they open the
 * store's orders and customers but the Members page is 404. Inviting them again: a message on the field.
 */
import { expect, test } from "@playwright/test";
import { linkInMail, login, newShopper, ready, waitForMail } from "./utils";

const VENDOR = { email: "vendor@demo.buildmart.ng", password: "Vendor#2024" };

// Several sign-ins and a checkout on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

test("the owner invites a member who logs in, accepts and can work in the store but not manage members", async ({ page, request }, testInfo) => {
  const invitee = await newShopper(request);
  await login(page, VENDOR.email, VENDOR.password, testInfo);
  const auth = await request.post("/api/v1/users/auth/login/", { data: VENDOR });
  const { access, user } = (await auth.json()) as { access: string; user: { id: number } };
  const stores = (await (await request.get(`/api/v1/stores/owner/${user.id}/`, { headers: { authorization: `Bearer ${access}` } })).json()) as Array<{ slug: string; name: string }>;
  const store = stores.at(-1)!;

  await page.goto(`/stores/${store.slug}/members`);
  await expect(page.getByRole("heading", { name: "Members", exact: true })).toBeVisible();
  await expect(page.getByTestId("member-row").filter({ hasText: VENDOR.email })).toContainText("Owner");
  await ready(page, testInfo);
  // a bad address: the message next to the field, what was typed kept
  await page.getByPlaceholder("Enter a member's email to invite").fill("not-an-email");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByPlaceholder("Enter a member's email to invite")).toHaveValue("not-an-email");
  await page.getByPlaceholder("Enter a member's email to invite").fill(invitee.email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByTestId("flash")).toContainText(`Invitation sent to ${invitee.email}`);
  const pending = page.getByTestId("member-row").filter({ hasText: invitee.email });
  await expect(pending.getByTestId("member-pending")).toHaveText("Invitation pending");

  const link = linkInMail(await waitForMail(invitee.email, 1), "/invitations/");
  expect(link).not.toBeNull();
  const path = new URL(link!).pathname;

  // the invitee
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page.getByRole("heading", { name: `Join ${store.name}` })).toBeVisible();
  await expect(page.getByText(invitee.email).first()).toBeVisible();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Log in to accept" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await login(page, invitee.email, invitee.password, testInfo);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.slug}/dashboard$`));

  // a Member now: the store's products (and a product's edit form), orders and customers open, the Members page does not
  for (const [p, heading] of [
    ["products", "Products"],
    ["orders/history", "Orders"],
    ["customers", "Customers"],
  ]) {
    const r = await page.goto(`/stores/${store.slug}/${p}`);
    expect(r?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await page.goto(`/stores/${store.slug}/products`);
  await page.getByRole("link", { name: /^Edit / }).first().click();
  await expect(page.getByRole("heading", { name: /^Edit Product/ })).toBeVisible();
  const members = await page.goto(`/stores/${store.slug}/members`);
  expect(members?.status()).toBe(404);

  // the owner sees them as a Member, and inviting them again is refused on the field
  await page.context().clearCookies();
  await login(page, VENDOR.email, VENDOR.password, testInfo);
  await page.goto(`/stores/${store.slug}/members`);
  const row = page.getByTestId("member-row").filter({ hasText: invitee.email });
  await expect(row).toContainText("Member");
  await expect(row.getByTestId("member-pending")).toHaveCount(0);
  await ready(page, testInfo);
  await page.getByPlaceholder("Enter a member's email to invite").fill(invitee.email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByText("This person is already a member of this store.")).toBeVisible();

  // remove them, with a confirmation step
  await row.getByRole("link", { name: /^Delete/ }).click();
  await expect(page.getByRole("alertdialog")).toContainText("They will no longer see or manage this store.");
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByTestId("flash")).toContainText("The member was removed.");
  await expect(page.getByTestId("member-row").filter({ hasText: invitee.email })).toHaveCount(0);
});
