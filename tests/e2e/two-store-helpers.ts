/**
 * The cast of the two-store pay-on-delivery specs (orders-shipments, pay-at-door): store A is the
 * demo vendor's current store, store B a fresh vendor's store in Kano; the shopper has a verified
 * phone with SMS and WhatsApp updates on; the stand-in's bank plays the shopper's banking app.
 */
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { newVendorStore } from "./store-helpers";
import { smsCodeFor } from "./utils";

export const VENDOR = { email: "vendor@demo.buildmart.ng", password: "Vendor#2024" };
const PROJECTS = ["js-on-phone", "js-off-phone", "js-on-desktop", "js-off-desktop"];

export async function token(request: APIRequestContext, email: string, password: string) {
  const r = await request.post("/api/v1/users/auth/login/", { data: { email, password } });
  expect(r.status()).toBe(200);
  const j = (await r.json()) as { access: string; user: { id: number } };
  return { headers: { Authorization: `Bearer ${j.access}` }, userId: j.user.id };
}

/**
 * Store A: the demo vendor's current store and one of its products in stock (with `oneAtATime`,
 * only those sold one at a time): products[offset + the project's index].
 */
export async function demoStoreProduct(request: APIRequestContext, testInfo: TestInfo, offset: number, oneAtATime = false) {
  const { headers, userId } = await token(request, VENDOR.email, VENDOR.password);
  const stores = (await (await request.get(`/api/v1/stores/owner/${userId}/`, { headers })).json()) as Array<{ id: number; slug: string; name: string }>;
  const store = stores.at(-1)!;
  const list = await request.get(`/api/v1/products/store/${store.id}/?page_size=50`, { headers });
  const products = (
    (await list.json()).results as Array<{ id: number; name: string; selling_price: number; published: boolean; stock_quantity: number; min_quantity?: number; quantity_step?: number }>
  ).filter((p) => p.published && p.stock_quantity >= 20 && (!oneAtATime || ((p.min_quantity ?? 1) === 1 && (p.quantity_step ?? 1) === 1)));
  const product = products[offset + Math.max(0, PROJECTS.indexOf(testInfo.project.name))];
  expect(product).toBeTruthy();
  return { store, product };
}

/** Store B: a new vendor's store in Kano with one product. */
export function kanoStore(request: APIRequestContext, tag: string) {
  return newVendorStore(request, {
    tag,
    storeName: `Kano Solar ${tag}`,
    address: "15 Bello Road, Kano",
    state: "Kano",
    productName: `Solar panel ${tag}`,
    price: "45000",
    size: "medium",
    vocabulary: ["solar", "inverter", "battery", "reliable", "clean", "power"],
    colour: { r: 250, g: 180, b: 20 },
  });
}

/** A verified phone on the shopper's account (code from the SMS outbox), with SMS and WhatsApp updates on. */
export async function phoneWithUpdates(request: APIRequestContext, headers: Record<string, string>, userId: number): Promise<string> {
  const phone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  expect((await request.post("/api/v1/users/auth/phone/request/", { headers, data: { phone, purpose: "verify" } })).status()).toBe(202);
  const code = await smsCodeFor(phone, 15_000);
  expect((await request.post("/api/v1/users/auth/phone/add/", { headers, data: { phone, code } })).status()).toBe(200);
  expect((await request.put(`/api/v1/users/${userId}/channels/`, { headers, data: { email: true, sms: true, whatsapp: true } })).status()).toBe(200);
  return phone;
}

/** Plays the shopper's bank on the stand-in's tester page (the transfer page's test link), in another tab. */
export async function onBank(page: Page, button: RegExp, naira?: number) {
  const href = await page.getByTestId("standin-page").getAttribute("href");
  expect(href).toBeTruthy();
  const bank = await page.context().newPage();
  await bank.goto(href!);
  if (naira !== undefined) await bank.getByLabel(/Amount to send/).fill(String(naira));
  await bank.getByRole("button", { name: button }).click();
  await expect(bank.getByTestId("state")).toBeVisible();
  await bank.close();
}
