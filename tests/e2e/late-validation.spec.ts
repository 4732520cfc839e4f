/**
 * The seller's and admin's forms validate in the browser, but zod is not in the page's first view:
 * the validators arrive at the form's first focus (app/components/ui/late-validation.ts). Until
 * they are here, a submit goes to the action, which answers with the same message next to the
 * field. JavaScript on only (with it off, every form is the action's: the other specs).
 * The admin's "Add category" form is the example: it checks the name as the admin leaves the field.
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import { jsEnabled, login, ready } from "./utils";

const ADMIN = { email: "admin@demo.buildmart.ng", password: "Admin#2024" };
const NAME_REQUIRED = "Enter the category's name.";

/** Whether a response is a script holding zod (its error class is in every build of it). */
async function isZod(r: Response): Promise<boolean> {
  if (!r.url().endsWith(".js")) return false;
  return (await r.text().catch(() => "")).includes("ZodError");
}

/** Every script the page fetches from now on, checked for zod. */
function watchZod(page: Page) {
  const seen: Promise<boolean>[] = [];
  page.on("response", (r) => void seen.push(isZod(r)));
  return async () => (await Promise.all(seen)).some(Boolean);
}

test.beforeEach(() => {
  test.skip(!jsEnabled(test.info()), "browser validation needs JavaScript");
});

test("zod arrives at the form's first focus, then the name is checked as the admin leaves the field, with no request", async ({ page }, testInfo) => {
  await login(page, ADMIN.email, ADMIN.password, testInfo);
  const zodFetched = watchZod(page);
  await page.goto("/admin/categories");
  await ready(page, testInfo);
  const name = page.getByLabel("New category name");
  await expect(name).toBeVisible();
  expect(await zodFetched(), "zod in the first view").toBe(false);

  const arrived = page.waitForResponse(isZod);
  await name.focus();
  await arrived;
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET") posts.push(r.url());
  });
  // The validator takes effect on the render after it arrived: leave the field until it answers.
  await expect(async () => {
    await name.fill("x");
    await name.fill("");
    await name.press("Tab");
    await expect(page.getByText(NAME_REQUIRED)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});

test("before the validators have arrived, a submit is the action's: the same message next to the field, the parent kept", async ({ page }, testInfo) => {
  await login(page, ADMIN.email, ADMIN.password, testInfo);
  // The validators never arrive (a slow or lost request).
  await page.route("**/build/**/*.js", async (route) => {
    try {
      const r = await route.fetch();
      if ((await r.text()).includes("ZodError")) return await route.abort();
      return await route.fulfill({ response: r });
    } catch {
      // The page navigated away while a script was in flight ("Response has been disposed"): nothing to answer.
    }
  });
  await page.goto("/admin/categories");
  await ready(page, testInfo);
  const parent = page.getByLabel("Parent", { exact: true });
  const choice = await parent.locator("option").nth(1).getAttribute("value");
  expect(choice).toBeTruthy();
  await parent.selectOption(choice!);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/categories"));
  await page.getByRole("button", { name: "Add category" }).click();
  await answer;
  await expect(page.getByText(NAME_REQUIRED)).toBeVisible();
  await expect(page.getByLabel("New category name")).toHaveAttribute("aria-invalid", "true");
  await expect(parent).toHaveValue(choice!);
});
