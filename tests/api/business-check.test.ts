/**
 * Verified businesses and new stores' daily order cap (issue 36 items 1 and 4, decision 0032),
 * over real HTTP against the registry stand-in that speaks Prembly's protocol (its answers chosen
 * by the number's last digits: 00 no record, 13 inactive, 17 another name, 99 down):
 * - the badge only on an active registry answer whose name is the store's and its payout
 *   account's; the store sees why not; the registry down is a 202 and a later retry, never a 5xx;
 *   an admin's approval after a manual check stands and is in the audit log;
 * - an unverified store is paid out at most UNVERIFIED_PAYOUT_LIMIT_NAIRA in 30 days, the rest held;
 * - a new store at its cap for the day: its lines cannot be ordered (400 on cart), the cap rises
 *   with its record, and its dashboard shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { createAddress, createCart, createOrder, createProduct, createStore } from "~/db/seed/factories";
import { BusinessCheckSchema } from "~/api/stores/schemas";
import { ensureRegistryStandin } from "~/integrations/registry/registry.server";
import { MISMATCHED_NAME, type RegistryStandin } from "~/integrations/registry/standin.server";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { retryBusinessChecks } from "~/workflows/business-check.server";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { setPaystack, waitFor } from "./paystack-helpers";
import { firstCategory, vendorCast } from "./vendor-helpers";

const DAY = 86_400_000;

describe.each(engines())("verified businesses on %s", (engine) => {
  const api = useApi(engine);
  let registry: RegistryStandin;

  beforeAll(async () => {
    registry = await ensureRegistryStandin();
  });
  afterAll(() => registry.setDown(false));

  async function namedStore(name: string) {
    const c = await vendorCast(api);
    await api.db.query("UPDATE stores SET name = $2 WHERE id = $1", [c.store.id, name]);
    const slug = (await api.db.query<{ slug: string }>("SELECT slug FROM stores WHERE id = $1", [c.store.id])).rows[0].slug;
    return { ...c, slug };
  }
  const check = (storeId: number, token: string, registration_number: string) =>
    api.call(`/stores/${storeId}/business-check/`, { method: "POST", token, json: { registration_number } });
  const badge = async (slug: string) => (await api.call(`/stores/${slug}/`)).body.verified as boolean;

  it("an active registry record in the store's name gives the Verified badge; inactive, another name or no record do not, each with its reason", async () => {
    const ok = await namedStore("Adeyemi Cement Works");
    let r = await check(ok.store.id, ok.owner.token, "rc-1234561");
    expect(r.status).toBe(200);
    expect(BusinessCheckSchema.parse(r.body)).toMatchObject({
      status: "verified",
      verified: true,
      verified_by: "registry",
      registration_number: "RC 1234561",
      registered_name: "ADEYEMI CEMENT WORKS LIMITED",
      registry_status: "ACTIVE",
      reasons: [],
      payout_limit: null,
    });
    expect(await badge(ok.slug)).toBe(true);
    // The store's own record of its number is what it gave.
    expect((await api.db.query("SELECT business_license_number FROM stores WHERE id = $1", [ok.store.id])).rows[0].business_license_number).toBe("RC 1234561");

    const inactive = await namedStore("Okafor Roofing Sheets");
    r = await check(inactive.store.id, inactive.owner.token, "RC 7654313");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "not_verified", verified: false, reasons: ["inactive"], registry_status: "INACTIVE", payout_limit: 250_000 });
    expect(await badge(inactive.slug)).toBe(false);

    const mismatch = await namedStore("Bello Blocks and Tiles");
    r = await check(mismatch.store.id, mismatch.owner.token, "RC 5550017");
    expect(r.body).toMatchObject({ status: "not_verified", reasons: ["store_name"], registered_name: MISMATCHED_NAME, store_name: "Bello Blocks and Tiles" });
    expect(await badge(mismatch.slug)).toBe(false);

    const unknown = await namedStore("Nnamdi Plumbing");
    r = await check(unknown.store.id, unknown.owner.token, "BN 3456700");
    expect(r.body).toMatchObject({ status: "not_verified", reasons: ["not_found"], company_type: "BN", registered_name: null });
    expect(await badge(unknown.slug)).toBe(false);

    // Its members read the outcome too (the seller area's page).
    const seen = await api.call(`/stores/${inactive.store.id}/business-check/`, { token: inactive.member.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: "not_verified", reasons: ["inactive"] });
  });

  it("the payout account must be in the registered name: a personal account keeps the badge away until the account is the business's", async () => {
    const c = await namedStore("Chukwu & Sons Hardware (Nig.) Ltd");
    await api.db.query(
      "INSERT INTO store_bank_accounts (store_id, bank_code, bank_name, account_number, account_name, recipient_code) VALUES ($1, '058', 'GTBank', '0123456789', 'ADAEZE OKONKWO', 'RCP_x')",
      [c.store.id],
    );
    let r = await check(c.store.id, c.owner.token, "RC 888881");
    expect(r.body).toMatchObject({ status: "not_verified", reasons: ["account_name"], account_name: "ADAEZE OKONKWO" });
    expect(await badge(c.slug)).toBe(false);
    await api.db.query("UPDATE store_bank_accounts SET account_name = 'CHUKWU AND SONS HARDWARE NIGERIA LIMITED' WHERE store_id = $1", [c.store.id]);
    r = await check(c.store.id, c.owner.token, "RC 888881");
    expect(r.body).toMatchObject({ status: "verified", reasons: [], verified: true });
    expect(await badge(c.slug)).toBe(true);
    // A later check that fails takes a badge the registry gave away again.
    r = await check(c.store.id, c.owner.token, "RC 888813");
    expect(r.body).toMatchObject({ status: "not_verified", verified: false, reasons: ["inactive"] });
    expect(await badge(c.slug)).toBe(false);
  });

  it("the registry down: 202 pending (never a 5xx), no badge; the background job asks again and settles it once the provider is back", async () => {
    const c = await namedStore("Garba Steel Rods");
    registry.setDown(true);
    let r = await check(c.store.id, c.owner.token, "RC 4242421");
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: "pending", verified: false, reasons: [] });
    expect(r.body.next_attempt_at).not.toBeNull();
    expect(await badge(c.slug)).toBe(false);
    // Still down when the job runs: still pending, tried again later.
    await api.db.query("UPDATE store_business_checks SET next_attempt_at = now() WHERE store_id = $1", [c.store.id]);
    expect((await retryBusinessChecks(api.db)).settled).toBe(0);
    const row = (await api.db.query<{ status: string; attempts: number }>("SELECT status, attempts FROM store_business_checks WHERE store_id = $1", [c.store.id])).rows[0];
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    // Not due yet: the job leaves it.
    registry.setDown(false);
    const before = registry.lookups.length;
    await retryBusinessChecks(api.db);
    expect(registry.lookups.slice(before)).not.toContain("RC 4242421");
    // Due, provider back: verified.
    await api.db.query("UPDATE store_business_checks SET next_attempt_at = now() WHERE store_id = $1", [c.store.id]);
    await retryBusinessChecks(api.db);
    r = await api.call(`/stores/${c.store.id}/business-check/`, { token: c.owner.token });
    expect(r.body).toMatchObject({ status: "verified", verified: true, verified_by: "registry", next_attempt_at: null });
    expect(await badge(c.slug)).toBe(true);

    // A number the provider always fails on: 202 too.
    const d = await namedStore("Ibrahim Paints");
    r = await check(d.store.id, d.owner.token, "RC 1000099");
    expect(r.status).toBe(202);
  });

  it("an admin's approval after a manual check gives the badge, is in the audit log, and a failing registry answer does not take it away", async () => {
    const c = await namedStore("Eze Timber Yard");
    let r = await check(c.store.id, c.owner.token, "RC 300013");
    expect(r.body.reasons).toEqual(["inactive"]);
    const ok = await api.call(`/admin/stores/${c.store.id}/verify/`, { method: "POST", token: c.admin.token, json: { reason: "CAC status report of 2026 seen: active" } });
    expect(ok.status).toBe(200);
    r = await api.call(`/stores/${c.store.id}/business-check/`, { token: c.owner.token });
    expect(r.body).toMatchObject({ verified: true, verified_by: "admin", payout_limit: null });
    expect(await badge(c.slug)).toBe(true);
    const audit = await api.db.query<{ action: string; reason: string; actor_id: number }>(
      "SELECT action, reason, actor_id FROM audit_log WHERE target_type = 'store' AND target_id = $1 ORDER BY id",
      [String(c.store.id)],
    );
    expect(audit.rows).toEqual([{ action: "store.verify", reason: "CAC status report of 2026 seen: active", actor_id: c.admin.id }]);
    r = await check(c.store.id, c.owner.token, "RC 300013");
    expect(r.body).toMatchObject({ status: "not_verified", verified: true, verified_by: "admin" });
    expect(await badge(c.slug)).toBe(true);
  });

  it("a number that is not an RC or BN number is a 400 on registration_number; only the owner (or an admin) asks, members read, others get 404", async () => {
    // A member is not the owner: 404 (as the bank details are; the house rule for store-owner routes).
    const c = await namedStore("Musa Electricals");
    let r = await check(c.store.id, c.owner.token, "twelve");
    expect(r.status).toBe(400);
    expect(r.body.registration_number[0]).toMatch(/RC 1234567/);
    r = await check(c.store.id, c.owner.token, "");
    expect(r.status).toBe(400);
    expect(r.body.registration_number).toBeDefined();
    expect((await api.call(`/stores/${c.store.id}/business-check/`, { token: c.owner.token })).body).toMatchObject({ status: "none", verified: false });
    expect((await check(c.store.id, c.member.token, "RC 1234561")).status).toBe(404);
    expect((await check(c.store.id, c.otherOwner.token, "RC 1234561")).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/business-check/`, { token: c.otherOwner.token })).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/business-check/`)).status).toBe(401);
    expect((await check(c.store.id, c.admin.token, "RC 1234561")).status).toBe(200);
  });
});

describe.each(engines())("payouts of unverified stores on %s", (engine) => {
  const api = useApi(engine);
  let paystack: PaystackStandin;

  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: `${api.origin}/api/v1/webhooks/paystack`, retryDelaysMs: [50, 100, 200], transferDelayMs: 30 });
    setPaystack(paystack.secretKey, paystack.url);
  });
  afterAll(async () => {
    await paystack.idle();
    await paystack.close();
    setPaystack(undefined, undefined);
  });

  it("an unverified store is paid ₦250,000 in 30 days and the rest is held; verified, it is paid the rest", async () => {
    const c = await vendorCast(api);
    const saved = await api.call(`/stores/${c.store.id}/bank-account/`, { method: "PUT", token: c.owner.token, json: { bank_code: "058", account_number: "0123456789" } });
    expect(saved.status).toBe(200);
    // ₦400,000 of delivered sales, past the return window.
    await api.db.query("INSERT INTO store_ledger (store_id, kind, amount_kobo, description, available_at) VALUES ($1, 'sale', 40000000, 'Delivered sales', now() - interval '1 day')", [c.store.id]);

    let r = await api.call("/admin/payouts/", { method: "POST", token: c.admin.token, json: { store_id: c.store.id } });
    expect(r.status).toBe(201);
    expect(r.body.amount).toBe(250_000);
    const first = r.body.reference as string;
    await waitFor("the first payout paid", async () => (await api.db.query("SELECT 1 FROM payouts WHERE reference = $1 AND status = 'success'", [first])).rows.length > 0);
    let ledger = await api.call(`/stores/${c.store.id}/ledger/`, { token: c.owner.token });
    expect(ledger.body.balance).toBe(150_000);

    // The limit is used up: nothing more until the store is verified.
    r = await api.call("/admin/payouts/", { method: "POST", token: c.admin.token, json: { store_id: c.store.id } });
    expect(r.status).toBe(400);
    expect(r.body.store_id[0]).toMatch(/not a verified business/);
    expect(r.body.store_id[0]).toContain("₦150,000");
    ledger = await api.call(`/stores/${c.store.id}/ledger/`, { token: c.owner.token });
    expect(ledger.body.balance).toBe(150_000);

    expect((await api.call(`/admin/stores/${c.store.id}/verify/`, { method: "POST", token: c.admin.token, json: { reason: "Documents checked" } })).status).toBe(200);
    r = await api.call("/admin/payouts/", { method: "POST", token: c.admin.token, json: { store_id: c.store.id } });
    expect(r.status).toBe(201);
    expect(r.body.amount).toBe(150_000);
    const second = r.body.reference as string;
    await waitFor("the second payout paid", async () => (await api.db.query("SELECT 1 FROM payouts WHERE reference = $1 AND status = 'success'", [second])).rows.length > 0);
  });
});

describe.each(engines())("new stores' daily order cap on %s", (engine) => {
  const api = useApi(engine);

  beforeAll(() => {
    process.env.NEW_STORE_ORDER_CAP = "on";
    resetEnvCache();
  });
  afterAll(() => {
    process.env.NEW_STORE_ORDER_CAP = "off";
    resetEnvCache();
  });

  async function storeWithProduct(api: TestApi, opts: { ageDays?: number } = {}) {
    const owner = await makeUser(api);
    const store = await createStore(api.db, { owner_id: owner.id, name: `Fresh Depot ${Math.random().toString(36).slice(2, 7)}`, created_at: new Date(Date.now() - (opts.ageDays ?? 3) * DAY) });
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat, name: "Cement 50kg", selling_price_kobo: 950_000, stock_quantity: 500 });
    return { owner, store, product: p };
  }
  async function ordersToday(productId: number, n: number) {
    const buyer = await makeUser(api);
    for (let i = 0; i < n; i++) await createOrder(api.db, { user_id: buyer.id, items: [{ product_id: productId }], payment_method: "PayOnDelivery" });
  }
  async function checkout(items: Array<{ product_id: number; quantity?: number }>) {
    const me = await makeUser(api);
    const address = await createAddress(api.db, me.id, { state: "Lagos" });
    const cart = await createCart(api.db, { user_id: me.id, items });
    return api.call("/orders/", { token: me.token, json: { cart_id: cart.id, delivery_address_id: address.id, order_payment_method: "PayOnDelivery" } });
  }

  it("a new store with no record takes 5 orders a day: the 6th is refused with a message naming it, nothing taken; its dashboard shows the cap", async () => {
    const s = await storeWithProduct(api);
    const other = await storeWithProduct(api, { ageDays: 200 });
    await ordersToday(s.product.id, 4);
    const fifth = await checkout([{ product_id: s.product.id }]);
    expect(fifth.status).toBe(201);

    const stock = async () => (await api.db.query<{ stock_quantity: number }>("SELECT stock_quantity FROM products WHERE id = $1", [other.product.id])).rows[0].stock_quantity;
    const before = await stock();
    const sixth = await checkout([{ product_id: other.product.id, quantity: 2 }, { product_id: s.product.id }]);
    expect(sixth.status).toBe(400);
    const name = (await api.db.query<{ name: string }>("SELECT name FROM stores WHERE id = $1", [s.store.id])).rows[0].name;
    expect(sixth.body.cart[0]).toContain(name);
    expect(sixth.body.cart[0]).toMatch(/up to 5 orders a day/);
    expect(sixth.body).toMatchObject({ code: "store_daily_cap", store_id: s.store.id, cap: 5 });
    // Nothing was written: the other store's stock is as it was.
    expect(await stock()).toBe(before);
    // Without the capped store's line the order goes through; an old store has no cap.
    expect((await checkout([{ product_id: other.product.id }])).status).toBe(201);

    const dash = await api.call(`/stores/${s.store.id}/dashboard/`, { token: s.owner.token });
    expect(dash.status).toBe(200);
    expect(dash.body.order_cap).toEqual({ cap: 5, today: 5, remaining: 0, delivered: 0, cancelled: 0 });
    const old = await api.call(`/stores/${other.store.id}/dashboard/`, { token: other.owner.token });
    expect(old.body.order_cap.cap).toBeNull();
    expect(old.body.order_cap.remaining).toBeNull();
  });

  it("the cap rises with the store's record: three delivered orders in the last 90 days make it 8", async () => {
    const s = await storeWithProduct(api, { ageDays: 30 });
    const buyer = await makeUser(api);
    for (let i = 0; i < 3; i++)
      await createOrder(api.db, {
        user_id: buyer.id,
        items: [{ product_id: s.product.id }],
        payment_method: "PayOnDelivery",
        payment_status: "Complete",
        delivery_status: "Delivered",
        stepHours: 2,
        created_at: new Date(Date.now() - 10 * DAY),
      });
    await ordersToday(s.product.id, 7);
    expect((await checkout([{ product_id: s.product.id }])).status).toBe(201);
    const ninth = await checkout([{ product_id: s.product.id }]);
    expect(ninth.status).toBe(400);
    expect(ninth.body).toMatchObject({ code: "store_daily_cap", cap: 8 });
    const dash = await api.call(`/stores/${s.store.id}/dashboard/`, { token: s.owner.token });
    expect(dash.body.order_cap).toMatchObject({ cap: 8, today: 8, remaining: 0, delivered: 3 });
  });
});
