/**
 * The shopper's order pages in each language, as the server renders them (what a phone without
 * JavaScript gets), signed in as the demo shopper with real orders: the list, every order's page
 * (placed, awaiting a card payment, confirmed with a cancelled item, shipped, delivered long ago,
 * delivered with a refused return), the tracking page, the cancel page (reasons, confirmation,
 * a reason that is not one of the list, a failed POST), the return page (the form, the form sent
 * empty, an item past its window, an item already returned) and a guest's order page from the
 * e-mail link. A page fails when it shows a message key or, in another language, an English
 * sentence of ours (the English of a key whose text differs in the page's language); the order's
 * own words (statuses, reasons) must show in the page's language.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SHOPPER, DEMO_VENDOR } from "~/db/seed/catalog-data";
import { englishLeaks, messageKeys, messages, pageProblems } from "./i18n-helpers";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { cookieHeader, cookiesFrom, pageClient, rawRequest, type RunningServer, startAppServer } from "./harness";

/** The namespaces these pages speak (the layout's, the orders', the form messages'). */
const NAMESPACES = ["common", "orders", "forms"] as const;
const DIR = path.resolve("app/i18n/messages");
const SLUG = "lagos-building-depot";

const msg = (lang: Lang, ns: string, key: string) => {
  const v = messages(lang, ns).get(key);
  if (v === undefined) throw new Error(`no ${lang} ${ns}:${key}`);
  return v;
};

const KEYS = messageKeys(NAMESPACES);
/** The groups of the orders messages ("status", "cancelReason"): `status.Shipped` on a page is a key. */
const GROUPS = Object.entries(JSON.parse(fs.readFileSync(path.join(DIR, "en", "orders.json"), "utf8")) as Record<string, unknown>)
  .filter(([, v]) => typeof v === "object")
  .map(([k]) => k);

/** English sentences of ours that must not show in another language (as in i18n-pages.test.ts). */
const englishLeaksOf = (lang: Lang) => englishLeaks(lang, NAMESPACES);

const decode = (s: string) =>
  s.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&");

/**
 * What a reader gets from the page: its text and the texts of labels that are attributes
 * (aria-label, alt, placeholder, title); not the values a form sends (a reason's value stays the
 * API's English), nor the scripts.
 */
function shown(html: string): string {
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, " ").replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, " ");
  const text = body.replace(/<[^>]+>/g, (tag) => {
    const said = [...tag.matchAll(/\b(?:aria-label|alt|placeholder|title)="([^"]*)"/g)].map((m) => m[1]);
    return ` ${said.join(" ")} `;
  });
  return decode(text).replace(/\s+/g, " ");
}

function rawKeys(page: string): string[] {
  const found = new Set<string>();
  for (const m of page.matchAll(/\b(?:(common|shop|checkout|account|orders|forms):)?([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)/g)) {
    if (m[1] || KEYS.has(m[2])) found.add(m[0]);
  }
  for (const m of page.matchAll(new RegExp(`\\b(?:${GROUPS.join("|")})\\.[A-Z][A-Za-z]+`, "g"))) found.add(m[0]);
  return [...found];
}

let app: RunningServer;
const client = () => pageClient(app.url);
const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };

async function apiCall<T = Record<string, unknown>>(method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; data: T }> {
  const r = await rawRequest(app.url, {
    method,
    path: `/api/v1${p}`,
    headers: { ...JSON_HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, data: (r.body ? JSON.parse(r.body) : null) as T };
}
const tokenOf = async (email: string, password: string) => {
  const r = await apiCall<{ access: string }>("POST", "/users/auth/login/", { email, password });
  expect(r.status).toBe(200);
  return r.data.access;
};

const ADDRESS = {
  email: "chioma.guest@example.com",
  receiver_first_name: "Chioma",
  receiver_last_name: "Okeke",
  receiver_phone_one: "08031234567",
  street_address: "12 Allen Avenue, Ikeja",
  city: "Ikeja",
  state: "Lagos",
  zip_code: "100001",
  country: "NGN",
};

/** Orders made for this test: two delivered to the demo shopper (one with a refused return) and a guest's. */
const fresh = { returnable: { order: "", item: "" }, returned: { order: "", item: "" }, late: { order: "", item: "" }, guest: { order: "", token: "" } };

beforeAll(async () => {
  app = await startAppServer();
  const shopper = await tokenOf(DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  const vendor = await tokenOf(DEMO_VENDOR.email, DEMO_VENDOR.password);
  const store = (await apiCall<{ id: number }>("GET", `/stores/${SLUG}/`)).data;
  const products = (await apiCall<{ results: Array<{ id: number; stock_quantity: number; published?: boolean }> }>("GET", `/products/store/${store.id}/`, undefined, vendor)).data.results.filter(
    (p) => p.published !== false && p.stock_quantity > 5,
  );
  expect(products.length).toBeGreaterThan(2);
  const deliveredOrder = async (productId: number) => {
    const placed = await apiCall<{ id: string; order_items: Array<{ id: string }> }>("POST", "/orders/", { guest_delivery_address: ADDRESS, order_payment_method: "PayOnDelivery", buy: productId, quantity: 1 }, shopper);
    expect(placed.status, JSON.stringify(placed.data)).toBe(201);
    for (const status of ["Confirmed", "Shipped", "Delivered"]) {
      // Delivered with the buyer's delivery code, read from the buyer's order (a pay-on-delivery shipment, issue 33)
      const code = status === "Delivered" ? (await apiCall<{ shipments: Array<{ delivery_code?: string }> }>("GET", `/orders/${placed.data.id}/`, undefined, shopper)).data.shipments[0]?.delivery_code : undefined;
      expect((await apiCall("PATCH", `/orders/${store.id}/store/${placed.data.id}/status/`, code ? { status, delivery_code: code } : { status }, vendor)).status).toBe(200);
    }
    return { order: placed.data.id, item: placed.data.order_items[0].id };
  };
  fresh.returnable = await deliveredOrder(products[0].id);
  fresh.returned = await deliveredOrder(products[1].id);
  const asked = await apiCall<{ id: number }>("POST", `/orders/${fresh.returned.order}/items/${fresh.returned.item}/return/`, { reason: "Wrong item", details: "Not the colour I ordered." }, shopper);
  expect(asked.status, JSON.stringify(asked.data)).toBe(201);
  const refused = await apiCall("POST", `/stores/${store.id}/returns/${asked.data.id}/decision/`, { decision: "refuse", message: "Wrong colour is not a defect." }, vendor);
  expect(refused.status).toBe(200);
  // The demo shopper's order delivered 41 days ago: past its return window.
  const me = (await apiCall<{ user: { id: number } }>("POST", "/users/auth/login/", { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password })).data.user;
  const mine = await apiCall<{ results: Array<{ id: string; order_delivery_status: string; created_at: string; order_items: Array<{ id: string }> }> }>("GET", `/orders/user/${me.id}`, undefined, shopper);
  const old = mine.data.results.find((o) => o.order_delivery_status === "Delivered" && Date.now() - Date.parse(o.created_at) > 30 * 86_400_000);
  expect(old, "the demo shopper's old delivered order").toBeTruthy();
  fresh.late = { order: old!.id, item: old!.order_items[0].id };
  const guest = await apiCall<{ id: string; guest_token: string }>("POST", "/orders/", { guest_delivery_address: ADDRESS, order_payment_method: "PayOnDelivery", buy: products[2].id, quantity: 1 });
  expect(guest.status).toBe(201);
  fresh.guest = { order: guest.data.id, token: guest.data.guest_token };
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

/** The demo shopper signed in, having chosen `lang` in the footer; their order pages. */
async function visit(lang: Lang) {
  const jar: Record<string, string> = {};
  const login = await client().post("/auth/login", { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password, redirectTo: "/" });
  expect(login.status).toBe(303);
  cookiesFrom(login, jar);
  const switched = await client().post("/language", { lang, redirectTo: "/" }, { Cookie: cookieHeader(jar) });
  expect(switched.status).toBe(303);
  cookiesFrom(switched, jar);
  const get = async (p: string, status = 200) => {
    const r = await client().get(p, { Cookie: cookieHeader(jar) });
    expect(r.status, `${lang} ${p}`).toBe(status);
    return r.body;
  };
  const post = async (p: string, body: Record<string, string>, status: number) => {
    const r = await client().post(p, body, { Cookie: cookieHeader(jar) });
    expect(r.status, `${lang} POST ${p}`).toBe(status);
    return r.body;
  };

  const pages: Record<string, string> = {};
  pages.list = await get("/users/orders");
  const ids = [...new Set([...pages.list.matchAll(/href="\/users\/orders\/([0-9a-f-]{36})"/g)].map((m) => m[1]))];
  expect(ids.length, "the demo shopper's orders and this test's").toBeGreaterThanOrEqual(7);
  for (const id of ids) pages[`order ${id}`] = await get(`/users/orders/${id}`);
  pages.track = await get(`/users/orders/${ids[0]}/track`);

  const cancelHref = Object.values(pages)
    .map((html) => /href="(\/users\/orders\/[0-9a-f-]{36}\/confirm-cancel\?item=[0-9a-f-]{36})"/.exec(html)?.[1])
    .find(Boolean);
  expect(cancelHref, "a Cancel link on an order").toBeTruthy();
  pages.cancel = await get(cancelHref!);
  pages.cancelConfirm = await get(`${cancelHref}&reason=${encodeURIComponent("Security Reasons")}`);
  pages.cancelBadReason = await get(`${cancelHref}&reason=because`);
  // The confirmation's POST with a reason that is not one of the list (a tampered form).
  pages.cancelBadPost = await post(`${cancelHref}&reason=${encodeURIComponent("Security Reasons")}`, { order_item_cancel_reason: "because" }, 400);

  const returnPath = `/users/orders/${fresh.returnable.order}/return/${fresh.returnable.item}`;
  pages.returnForm = await get(returnPath);
  pages.returnEmpty = await post(returnPath, { reason: "", details: "" }, 400);
  pages.returnDone = await get(`/users/orders/${fresh.returned.order}/return/${fresh.returned.item}`);
  pages.returnLate = await get(`/users/orders/${fresh.late.order}/return/${fresh.late.item}`);
  pages.guestOrder = await get(`/orders/${fresh.guest.order}?t=${encodeURIComponent(fresh.guest.token)}`);
  return pages;
}

describe("order pages in every language", () => {
  for (const lang of LANGUAGES) {
    it(`renders ${lang} order pages with no key and no English sentence of ours`, async () => {
      const pages = await visit(lang);
      const leaks = lang === "en" ? new Map<string, string>() : englishLeaksOf(lang);
      expect(pageProblems(lang, pages, leaks, shown, rawKeys)).toEqual([]);

      // The pages say the order's own words in the language, not only their frame.
      const o = (key: string) => msg(lang, "orders", key);
      const all = Object.values(pages).map(shown).join("\n");
      expect(shown(pages.list)).toContain(o("title"));
      expect(shown(pages.list)).toContain(o("status.Delivered"));
      expect(all).toContain(`${o("status.Cancelled")} · ${o("cancelReason.Incorrect Product or Quantity Ordered")}`);
      expect(shown(pages[`order ${fresh.returned.order}`])).toContain(o("returnStatus.refused"));
      expect(shown(pages[`order ${fresh.returned.order}`])).toContain(o("returnReason.Wrong item"));
      expect(shown(pages.cancel)).toContain(o("cancelReason.Security Reasons"));
      expect(shown(pages.cancelConfirm)).toContain(o("cancelPage.confirmTitle"));
      expect(shown(pages.cancelBadReason)).toContain(msg(lang, "forms", "cancel_reason"));
      expect(shown(pages.cancelBadPost)).toContain(msg(lang, "forms", "cancel_reason"));
      expect(shown(pages.returnForm)).toContain(o("returnReason.Damaged or defective"));
      expect(shown(pages.returnEmpty)).toContain(msg(lang, "forms", "return_reason"));
      expect(shown(pages.returnEmpty)).toContain(msg(lang, "forms", "return_details"));
      expect(shown(pages.returnDone)).toContain(`${o("returnStatus.refused")}.`);
      expect(shown(pages.returnLate)).toContain(msg(lang, "forms", "return_window").replace("{{days}}", "7"));
      expect(shown(pages.guestOrder)).toContain(o("progressHeading"));
      // The title follows the language.
      expect(pages.cancel).toContain(`<title>${o("cancelPage.title")} | BuildMart NG</title>`);
    }, 180_000);
  }
});
