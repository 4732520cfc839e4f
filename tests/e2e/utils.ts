import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";

export const jsEnabled = (testInfo: TestInfo) => !testInfo.project.name.startsWith("js-off");
export const isPhone = (testInfo: TestInfo) => testInfo.project.name.endsWith("phone");
/** The data dir of this run's app server (mail outbox under outbox/). */
export const E2E_DATA_DIR = `tests/.tmp/e2e-data-${process.env.E2E_PORT}`;

/** Waits for hydration when JavaScript is on (root sets html[data-hydrated]), so clicks hit React's handlers. */
export async function ready(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * With JavaScript on, waits until React has hydrated the element (an island's part: its code
 * comes at the first interaction, and a submit before that is a plain POST, by design). React
 * keeps its props on the elements it has hydrated, never on a server-rendered part still waiting.
 */
export async function islandReady(page: Page, testInfo: TestInfo, selector: string) {
  if (!jsEnabled(testInfo)) return;
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps$"));
  }, selector);
}

/**
 * An axe scan of the page once it is still, as "rule: selectors" lines (serious and critical
 * violations only when `serious` is set). A form that has just answered re-enables its button,
 * and the button's opacity transition (`btn`: disabled:opacity-50, transition) runs for 150 ms;
 * scanned mid-way, a half-faded button fails colour contrast though neither end state does.
 */
export async function axeScan(page: Page, scope: { include?: string; exclude?: string[]; serious?: boolean } = {}): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  let axe = new AxeBuilder({ page });
  if (scope.include) axe = axe.include(scope.include);
  for (const selector of scope.exclude ?? []) axe = axe.exclude(selector);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => !scope.serious || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// ---- Accounts: outbox, a fresh verified shopper, logging in through the form ----

/** Raw RFC 822 messages in the e2e app's outbox addressed to `toEmail`, oldest first, newest last. */
export async function readOutbox(toEmail: string): Promise<string[]> {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const dir = path.resolve(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  const to = new RegExp(`^To: (?:.*<)?${toEmail.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}>?\\s*$`, "mi");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((raw) => to.test(raw.split(/\r?\n\r?\n/)[0]));
}

/** Messages the app's SMS or WhatsApp stand-in wrote (JSON files) to `to`, oldest first. */
export async function readPhoneOutbox(
  kind: "sms-outbox" | "whatsapp-outbox",
  to: string,
): Promise<Array<{ to: string; text?: string; template?: string; params?: string[] }>> {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const dir = path.resolve(E2E_DATA_DIR, kind);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")))
    .filter((m) => m.to === to);
}

/** The code of the newest SMS to `e164` in the e2e app's SMS outbox (waits for it). */
export async function smsCodeFor(e164: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const code = /\b(\d{6})\b/.exec((await readPhoneOutbox("sms-outbox", e164)).at(-1)?.text ?? "")?.[1];
    if (code) return code;
    if (Date.now() > end) throw new Error(`no SMS to ${e164}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A raw message with its quoted-printable undone (soft line breaks joined, =XX bytes decoded as UTF-8). */
export function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
}

/** The first link in a raw message whose path starts with `pathPrefix` (quoted-printable undone). */
export function linkInMail(raw: string, pathPrefix: string): string | null {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const m = new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<>]*`).exec(text);
  return m ? m[0] : null;
}

/** Waits until a mail to `toEmail` (beyond `already` earlier ones) shows up in the outbox. */
export async function waitForMail(toEmail: string, already = 0, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(toEmail);
    if (mails.length > already) return mails[mails.length - 1];
    if (Date.now() > end) throw new Error(`No mail to ${toEmail} arrived in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until a mail to `toEmail` whose raw text matches `pattern` (e.g. its Subject line) shows up. */
export async function waitForMailMatching(toEmail: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(toEmail)).find((m) => pattern.test(m));
    if (found) return found;
    if (Date.now() > end) throw new Error(`No mail to ${toEmail} matching ${pattern} arrived in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Registers a new shopper through the API (unique e-mail) and confirms the address with the key
 * of the verification mail. Returns what `login()` needs.
 */
export async function newShopper(request: APIRequestContext): Promise<{ email: string; password: string; firstName: string }> {
  const crypto = await import("node:crypto");
  const email = `shopper.${Date.now().toString(36)}.${crypto.randomBytes(4).toString("hex")}@example.com`;
  const password = "Test#pass2024";
  const firstName = `Ada${crypto.randomBytes(2).toString("hex")}`;
  const reg = await request.post("/api/v1/users/auth/registration/", {
    data: { first_name: firstName, last_name: "Okafor", email, phone: "08031234567", password1: password, password2: password },
  });
  if (reg.status() !== 201) throw new Error(`registration failed: ${reg.status()} ${await reg.text()}`);
  const link = linkInMail(await waitForMail(email), "/email/confirm/");
  const key = link?.split("/email/confirm/")[1];
  if (!key) throw new Error(`no verification link in the mail to ${email}`);
  const ok = await request.post("/api/v1/users/auth/registration/verify-email/", { data: { key: decodeURIComponent(key) } });
  if (ok.status() !== 200) throw new Error(`verify-email failed: ${ok.status()} ${await ok.text()}`);
  return { email, password, firstName };
}

/** Logs in through /auth/login (labels "Email" and "Password", button "Login") and waits until signed in. */
export async function login(page: Page, email: string, password: string, testInfo: TestInfo) {
  if (!/\/auth\/login/.test(page.url())) await page.goto("/auth/login");
  await ready(page, testInfo);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByTestId("account-menu").waitFor({ state: "attached" });
}

/**
 * Signs in afresh as `who` (whoever was signed in is signed out first) and opens an order page:
 * the shopper's `/users/orders/{id}` (`/track`), a store's `/stores/{slug}/orders/{id}` or its order list.
 */
export async function openOrderAs(page: Page, testInfo: TestInfo, who: { email: string; password: string }, orderPath: string) {
  await page.context().clearCookies();
  await login(page, who.email, who.password, testInfo);
  await page.goto(orderPath);
}

export const DEMO_VENDOR = { email: "vendor@demo.buildmart.ng", password: "Vendor#2024" };

/**
 * The demo vendor's token, first store and that store's own published products sold one at a time
 * (minimum 1, step 1) with more than 20 in stock, newest first (its public product list, so every product of the store is there,
 * not only those on the catalogue's first page). Specs that change products share this list and
 * each takes its own indexes, so no two specs touch the same product.
 */
export async function demoVendorProducts<P extends { id: number; name: string; stock_quantity: number; min_quantity: number; quantity_step: number }>(
  request: APIRequestContext,
): Promise<{ access: string; storeId: number; products: P[] }> {
  const r = await request.post("/api/v1/users/auth/login/", { data: DEMO_VENDOR });
  if (r.status() !== 200) throw new Error(`demo vendor login: ${r.status()}`);
  const { access, user } = await r.json();
  const stores = await (await request.get(`/api/v1/stores/owner/${user.id}/`, { headers: { authorization: `Bearer ${access}` } })).json();
  const list = await (await request.get(`/api/v1/stores/${stores[0].slug}/products/?page_size=100`)).json();
  const products = (list.results as P[]).filter((p) => p.stock_quantity > 20 && p.min_quantity === 1 && p.quantity_step === 1);
  return { access, storeId: stores[0].id, products };
}
