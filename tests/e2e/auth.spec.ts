import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { isPhone, jsEnabled, linkInMail, login, newShopper, readOutbox, ready, waitForMail, waitForMailMatching } from "./utils";

const unique = (tag: string) => `${tag}.${Date.now().toString(36)}.${crypto.randomBytes(3).toString("hex")}@example.com`;
const PASSWORD = "Secure#pass2024";

/** Opens the header's account menu and checks the shopper's name in it. */
async function expectSignedIn(page: Page, fullName: string) {
  const menu = page.getByTestId("account-menu");
  await menu.locator("summary").click();
  await expect(menu.getByText(fullName)).toBeVisible();
}

async function logOut(page: Page) {
  const menu = page.getByTestId("account-menu");
  if (!(await menu.getAttribute("open").then((v) => v !== null))) await menu.locator("summary").click();
  await menu.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
}

const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};

test("register, confirm from the mail, log in, see the name in the header, log out", async ({ page }) => {
  const info = test.info();
  const email = unique("reg");
  await page.goto("/auth/register");
  await ready(page, info);
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  await page.getByLabel("First Name").fill("Chioma");
  await page.getByLabel("Last Name").fill("Eze");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone Number").fill("0803 555 1234");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
  // The password rule belongs to the password being chosen, not to its confirmation.
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/At least 8 characters/);
  await expect(page.getByLabel("Confirm Password", { exact: true })).not.toHaveAccessibleDescription(/At least 8 characters/);
  await page.getByLabel("Yes, send me the BuildMart newsletter by e-mail (I can unsubscribe any time)").check();
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/email\/verify$/);
  await expect(page.getByText("A verification link has been sent to your email address").first()).toBeVisible();

  // Two mails: the address confirmation, and (the newsletter box was ticked) the newsletter's own opt-in.
  const mail = await waitForMailMatching(email, /^Subject: Confirm your e-mail address/m);
  const link = linkInMail(mail, "/email/confirm/")!;
  expect(link).toBeTruthy();
  await page.goto(pathOf(link));
  await expect(page.getByRole("heading", { name: "Your email has been verified" })).toBeVisible();
  await page.getByRole("link", { name: "Login Now" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, email, PASSWORD, info);
  await expect(page).toHaveURL(/\/$/);
  if (!isPhone(info)) await expect(page.getByTestId("account-menu").locator("summary")).toContainText("Hi, Chioma");
  await expectSignedIn(page, "Chioma Eze");
  await expect(page.getByTestId(isPhone(info) ? "store-button-mobile" : "store-button")).toHaveText("Own a Store");
  await logOut(page);
});

test("a wrong password shows the API's message, keeps the e-mail and never echoes the password", async ({ page, request }) => {
  const info = test.info();
  const shopper = await newShopper(request);
  await page.goto("/auth/login");
  await ready(page, info);
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/forget-password");
  await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill("Wrong#pass99");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Unable to log in with provided credentials.");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(shopper.email);
  // Without JavaScript the page comes from the server, which never sends the password back.
  if (!jsEnabled(info)) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  expect(await page.content()).not.toContain("Wrong#pass99");
  if (jsEnabled(info)) {
    // the red banner can be dismissed, and comes back with the next failed attempt. (A click
    // before the login form's island came is a plain POST: its code then comes at the next touch.)
    await page.getByLabel("Password", { exact: true }).focus();
    await page.keyboard.press("Shift");
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel("Password", { exact: true }).fill("Wrong#pass98");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Unable to log in with provided credentials.");
  }
});

test("a phone number typed in the login's e-mail field points to phone sign-in, the number kept", async ({ page }) => {
  const info = test.info();
  await page.goto("/auth/login");
  await ready(page, info);
  await page.getByLabel("Email", { exact: true }).fill("0803 123 4567");
  await page.getByLabel("Password", { exact: true }).fill("Whatever#1");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("That is a phone number. Sign in with your phone number: use the button below.")).toBeVisible();
  await expect(page.getByText("Enter a valid email address")).toHaveCount(0);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("0803 123 4567");
  await page.getByRole("link", { name: "Use your phone number" }).click();
  await expect(page).toHaveURL(/\/auth\/phone$/);
});

test("registration shows the spec's messages next to the fields and keeps the input", async ({ page }) => {
  const info = test.info();
  await page.goto("/auth/register");
  await ready(page, info);
  if (jsEnabled(info)) {
    // With JavaScript, the same schema checks the empty form in the browser.
    await page.getByRole("button", { name: "Create Account" }).click();
    for (const m of ["Enter your first name", "Enter your last name", "Enter your email", "Enter your phone number", "Enter Password", "Password didn't match"]) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
  }
  await page.getByLabel("First Name").fill("Bola");
  await page.getByLabel("Last Name").fill("Ade");
  await page.getByLabel("Email", { exact: true }).fill("bola@example");
  await page.getByLabel("Phone Number").fill("0803123");
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm Password", { exact: true }).fill("abd");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters long.")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Bola");
  await expect(page.getByLabel("Phone Number")).toHaveValue("0803123");
  // the message sits under its field, tied to it for assistive technology
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email", { exact: true }).fill("bola@example.com");
  await page.getByLabel("Phone Number").fill("08031234567");
  await page.getByLabel("Password", { exact: true }).fill("abcdefgh1");
  await page.getByLabel("Confirm Password", { exact: true }).fill("abcdefgh1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password should include letters, numbers, and special characters.")).toBeVisible();
  if (!jsEnabled(info)) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  fs.mkdirSync("/tmp/shots", { recursive: true });
  if (isPhone(info)) await page.screenshot({ path: `/tmp/shots/register-${info.project.name}.png`, fullPage: true });
});

test("a taken e-mail address is reported by the server next to the e-mail field", async ({ page, request }) => {
  const info = test.info();
  const shopper = await newShopper(request);
  await page.goto("/auth/register");
  await ready(page, info);
  await page.getByLabel("First Name").fill("Bola");
  await page.getByLabel("Last Name").fill("Ade");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Phone Number").fill("08031234567");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.locator("#register-email-error")).toHaveText("A user is already registered with this e-mail address.");
});

test("forgot password: mail, reset with a new password, log in with it", async ({ page, request }) => {
  const info = test.info();
  const shopper = await newShopper(request);
  await page.goto("/auth/login");
  await ready(page, info);
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgotten your Password?" })).toBeVisible();
  await ready(page, info);
  const before = (await readOutbox(shopper.email)).length;
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText(`We have sent a password reset link to ${shopper.email}`)).toBeVisible();

  const link = linkInMail(await waitForMail(shopper.email, before), "/reset-password/")!;
  await page.goto(pathOf(link));
  await ready(page, info);
  const NEW = "Brand#new2025";
  await page.getByLabel("New Password").fill(NEW);
  await page.getByLabel("Confirm Password").fill("Brand#new2026");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password didn't match")).toBeVisible();
  await page.getByLabel("New Password").fill(NEW);
  await page.getByLabel("Confirm Password").fill(NEW);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Your password has been reset successfully" })).toBeVisible();

  // the link works once
  await page.goto(pathOf(link));
  await ready(page, info);
  await page.getByLabel("New Password").fill("Other#pass2025");
  await page.getByLabel("Confirm Password").fill("Other#pass2025");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid");

  await page.goto("/auth/login");
  await login(page, shopper.email, NEW, info);
  await expectSignedIn(page, `${shopper.firstName} Okafor`);
});

// /users/orders is the orders issue's page; the /users layout's guard is the same for every page under it.
for (const area of ["/users/orders", "/users/wishlist"]) {
  test(`${area} sends a signed-out visitor to log in and back there`, async ({ page, request }) => {
    const info = test.info();
    const shopper = await newShopper(request);
    await page.goto(area);
    await expect(page).toHaveURL(new RegExp(`/auth/login\\?redirectTo=${encodeURIComponent(area)}$`));
    await login(page, shopper.email, shopper.password, info);
    await expect(page).toHaveURL(new RegExp(`${area}$`));
  });
}

test("password fields are real password inputs; Show/Hide exists only with JavaScript", async ({ page }) => {
  const info = test.info();
  for (const path of ["/auth/login", "/auth/register"]) {
    await page.goto(path);
    await ready(page, info);
    const inputs = page.locator("input[autocomplete$='-password']");
    expect(await inputs.count()).toBeGreaterThan(0);
    for (const input of await inputs.all()) await expect(input).toHaveAttribute("type", "password");
    // no CSS mask on a text input any more
    expect(await page.locator("input[type=text][autocomplete$='-password']").count()).toBe(0);
    if (!jsEnabled(info)) await expect(page.getByRole("button", { name: /^(Show|Hide)/ })).toHaveCount(0);
  }
  await page.goto("/auth/login");
  await ready(page, info);
  const input = page.getByLabel("Password", { exact: true });
  await input.fill("Peek#a-boo1");
  await expect(input).toHaveAttribute("type", "password");
  if (!jsEnabled(info)) {
    await expect(page.getByText("Show", { exact: true })).toHaveCount(0);
    return;
  }
  const toggle = page.getByTestId("password-toggle");
  await expect(toggle).toHaveText("Show");
  await toggle.click();
  await expect(toggle).toHaveText("Hide");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(input).toHaveAttribute("type", "text");
  await toggle.click();
  await expect(input).toHaveAttribute("type", "password");
  await expect(input).toHaveValue("Peek#a-boo1");
});

test("logout is a POST: GET /logout changes nothing, its button logs out, the old cookie opens nothing", async ({ page, request, context }) => {
  const info = test.info();
  const shopper = await newShopper(request);
  await login(page, shopper.email, shopper.password, info);
  const oldSession = (await context.cookies()).find((c) => c.name === "__session");
  expect(oldSession).toBeTruthy();

  // GET /logout: a page with a button, and the shopper is still signed in
  const res = await page.goto("/logout");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Log out of BuildMart NG?" })).toBeVisible();
  await page.goto("/users/account/addresses");
  await expect(page).toHaveURL(/\/users\/account\/addresses$/);
  await expect(page.getByTestId("account-menu")).toHaveCount(1);

  // the button on /logout logs out (a POST)
  await page.goto("/logout");
  await ready(page, info);
  await page.locator("main").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(page.getByTestId("account-menu")).toHaveCount(0);

  // the session ended on the server: the old cookie, put back, no longer opens the account page
  await context.addCookies([oldSession!]);
  await page.goto("/users/account/addresses");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fusers%2Faccount%2Faddresses$/);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
});

test("login offers 'Checkout as guest' for a buy-now visitor, keeping the product", async ({ page }) => {
  await page.goto("/auth/login?buy=7&redirectTo=%2Fcheckout%2Fpayment%3Fbuy%3D7");
  await expect(page.getByRole("link", { name: "Checkout as guest" })).toHaveAttribute("href", "/checkout/payment?g=y&buy=7");
  await page.goto("/auth/login");
  await expect(page.getByRole("link", { name: "Checkout as guest" })).toHaveCount(0);
});

test("login page at 360px with an error (screenshot)", async ({ page }) => {
  const info = test.info();
  test.skip(!isPhone(info), "phone screenshot");
  await page.goto("/auth/login");
  await ready(page, info);
  await page.getByLabel("Email", { exact: true }).fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Wrong#pass99");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  fs.mkdirSync("/tmp/shots", { recursive: true });
  await page.screenshot({ path: `/tmp/shots/login-${info.project.name}.png`, fullPage: true });
});

test.describe("Google sign-in against the stand-in issuer", () => {
  async function startGoogle(page: Page) {
    await page.goto("/auth/login?redirectTo=%2Fcart");
    await ready(page, test.info());
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("heading", { name: "Sign in as" })).toBeVisible();
  }

  test("signs in a new user with plain redirects and returns to the origin page", async ({ page }) => {
    const email = unique("google");
    await startGoogle(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name").fill("Ngozi Bello");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expectSignedIn(page, "Ngozi Bello");
  });

  test("a sign-in the app must refuse ends on the login page with a message", async ({ page }) => {
    const info = test.info();
    test.skip(info.project.name !== "js-on-desktop" && info.project.name !== "js-off-phone", "one JS-on and one JS-off run cover it");
    const cases: [string, RegExp][] = [
      ["wrong_audience", /not meant for this site/],
      ["wrong_issuer", /does not come from Google/],
      ["expired", /has expired/],
      ["unverified", /not verified/],
      ["bad_state", /could not be matched to this browser/],
      ["bad_signature", /could not be verified/],
    ];
    for (const [scenario, message] of cases) {
      await startGoogle(page);
      await page.getByLabel("Email").fill(unique(scenario.replace("_", "")));
      await page.getByLabel("Scenario").selectOption(scenario);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByTestId("flash"), scenario).toHaveText(message);
      await expect(page.getByTestId("account-menu")).toHaveCount(0);
    }
    // Cancelling at the provider just comes back: nothing happens.
    await startGoogle(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByTestId("flash")).toHaveCount(0);
  });
});

test("the guest cart moves into the account on login", async ({ page, request }) => {
  const info = test.info();
  const shopper = await newShopper(request);
  const products = await (await request.get("/api/v1/products/?page_size=1")).json();
  const productId = products.results[0].id as number;
  // as a guest: put a product in the cart (the cartId cookie lands in this browser context)
  const add = await page.request.post("/cart", { form: { intent: "add", productId: String(productId), redirectTo: "/" } });
  expect(add.ok()).toBe(true);
  await page.goto("/auth/login");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await login(page, shopper.email, shopper.password, info);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "cartId")).toBeUndefined();
});

test("a sign-in form posted from another site is refused (login CSRF)", async ({ request }) => {
  test.skip(test.info().project.name !== "js-on-desktop", "server behaviour; one project is enough");
  const shopper = await newShopper(request);
  const r = await request.post("/auth/login", {
    headers: { Origin: "https://evil.example" },
    form: { email: shopper.email, password: shopper.password },
    maxRedirects: 0,
  });
  // Remix's own origin check (a 500) or ours (403): refused either way, and no session cookie
  expect(r.status()).toBeGreaterThanOrEqual(400);
  expect(r.headers()["set-cookie"] ?? "").not.toContain("__session");
});
