/**
 * Vendor payouts over real HTTP against the local Paystack stand-in: delivered items
 * credit their store less the commission once, refunds debit, balance/pending/paid-out, bank
 * details resolved through Paystack, payouts through Transfers (idempotent reference) settled by
 * signed transfer.* webhooks, and who may see and do what.
 */
import { setPaystack, waitFor } from "./paystack-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookDeliveredShipments, dailyPayoutReference, payOutAvailableBalances } from "~/api/payouts/commands.server";
import { AdminPayoutsSchema, BankAccountAnswerSchema, BankListSchema, LedgerPageSchema, PayoutPageSchema, PayoutSchema } from "~/api/payouts/schemas";
import { settleRefund } from "~/workflows/refunds.server";
import { createOrder, createProduct, createStore } from "~/db/seed/factories";
import { signWebhook } from "~/integrations/paystack/signature.server";
import { startPaystackStandin, STANDIN_ACCOUNT_NAME, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { engines, randomIp, useApi, type TestApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

const GTB = "058";

describe.each(engines())("vendor payouts on %s", (engine) => {
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

  /** A shipped order with two lines of the cast's store (one cancelled) and one of the other store; a member delivers the store's shipment (and records the cash of a pay-on-delivery one). */
  async function deliveredOrder(c: Cast, opts: { payment?: "CardPayment" | "PayOnDelivery" } = {}) {
    const cat = await firstCategory(api);
    const mine = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Dangote cement 50kg", selling_price_kobo: 1_234_567 });
    const gone = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Cancelled tiles", selling_price_kobo: 500_000 });
    const theirs = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Other store paint", selling_price_kobo: 1_000_000 });
    const order = await createOrder(api.db, {
      user_id: c.shopper.id,
      customer_email: c.shopper.email,
      items: [{ product_id: mine.id, quantity: 3 }, { product_id: gone.id, status: "Cancelled", cancel_reason: "Changed my mind" }, { product_id: theirs.id }],
      payment_method: opts.payment ?? "PayOnDelivery",
      payment_status: opts.payment === "CardPayment" ? "Complete" : "Pending",
      delivery_status: "Shipped",
    });
    // A pay-on-delivery shipment is credited once it is paid: the store delivers and records the cash in one step.
    const r =
      (opts.payment ?? "PayOnDelivery") === "PayOnDelivery"
        ? await api.call(`/orders/${c.store.id}/store/${order.id}/cash/`, { method: "POST", token: c.member.token, json: {} })
        : await api.call(`/orders/${c.store.id}/store/${order.id}/status/`, { method: "PATCH", token: c.member.token, json: { status: "Delivered" } });
    expect(r.status).toBe(200);
    return { order, mine, theirs };
  }

  const ledger = (c: Cast, token = c.member.token, storeId = c.store.id) => api.call(`/stores/${storeId}/ledger/`, { token });
  const passReturnWindow = (storeId: number) =>
    api.db.query("UPDATE store_ledger SET available_at = now() - interval '1 day' WHERE store_id = $1 AND kind NOT IN ('payout', 'payout_reversal')", [storeId]);
  const saveBank = (c: Cast, account_number = "0123456789", token = c.owner.token) =>
    api.call(`/stores/${c.store.id}/bank-account/`, { method: "PUT", token, json: { bank_code: GTB, account_number } });
  const payOut = (c: Cast, reference?: string, token = c.admin.token) => api.call("/admin/payouts/", { method: "POST", token, json: { store_id: c.store.id, reference } });
  const payoutStatus = async (reference: string) => (await api.db.query<{ status: string }>("SELECT status FROM payouts WHERE reference = $1", [reference])).rows[0]?.status;

  it("cash on delivery is money the store already holds: its sale, the cash it collected and the 10% commission it owes are booked once; no payout pays it again", async () => {
    const c = await vendorCast(api);
    const { order } = await deliveredOrder(c);
    const gross = 1_234_567 * 3; // kobo
    const commission = Math.round(gross * 0.1);
    let r = await ledger(c);
    expect(r.status).toBe(200);
    // Nothing for the store to be paid: it holds the cash; it owes the commission, at once.
    expect(r.body).toMatchObject({ balance: -commission / 100, pending: 0, paid_out: 0, commission_percent: 10, return_window_days: 7, count: 3 });
    expect(r.body).toMatchObject({ owed: commission / 100, sales: gross / 100, commission: commission / 100, cash_collected: gross / 100, settled: 0 });
    expect(r.body.results.map((e: { kind: string; amount: number; order_id: string }) => [e.kind, e.amount, e.order_id]).sort()).toEqual(
      [
        ["sale", gross / 100, order.id],
        ["commission", -commission / 100, order.id],
        ["cash_held", -gross / 100, order.id],
      ].sort(),
    );
    // Delivered again (a no-op) and the booking run again: still booked once.
    expect((await api.call(`/orders/${c.store.id}/store/${order.id}/status/`, { method: "PATCH", token: c.owner.token, json: { status: "Delivered" } })).status).toBe(200);
    expect(await api.db.tx((q) => bookDeliveredShipments(q, order.id))).toBe(0);
    r = await ledger(c);
    expect(r.body.count).toBe(3);
    // No payout: the store's own cash is never sent to it again.
    expect((await saveBank(c)).status).toBe(200);
    expect(await payOut(c)).toMatchObject({ status: 400 });
    // The other store's shipment is its own: nothing until it too is delivered and its cash is in.
    expect((await ledger(c, c.otherOwner.token, c.otherStore.id)).body).toMatchObject({ pending: 0, count: 0 });
    expect((await api.call(`/orders/${c.otherStore.id}/store/${order.id}/cash/`, { method: "POST", token: c.otherOwner.token, json: {} })).status).toBe(200);
    const other = await ledger(c, c.otherOwner.token, c.otherStore.id);
    expect(other.body).toMatchObject({ balance: -1_000, pending: 0, owed: 1_000, cash_collected: 10_000, count: 3 });
  });

  it("card money is the platform's to pay on: sale less commission, after the return window; a processed refund gives back the sale and its commission", async () => {
    const c = await vendorCast(api);
    const { order } = await deliveredOrder(c, { payment: "CardPayment" });
    const gross = 1_234_567 * 3;
    const credit = gross - Math.round(gross * 0.1);
    let r = await ledger(c);
    expect(r.body).toMatchObject({ balance: 0, pending: credit / 100, owed: 0, cash_collected: 0 });
    const days = (Date.parse(r.body.results[0].available_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    await passReturnWindow(c.store.id);
    r = await ledger(c);
    expect(r.body).toMatchObject({ balance: credit / 100, pending: 0, paid_out: 0 });
    expect(r.body.results.every((e: { available: boolean }) => e.available)).toBe(true);
    // A refund of the whole item, processed by Paystack: the sale goes back with its commission.
    const item = (await api.db.query<{ id: string; total: number }>(
      "SELECT id::text AS id, line_total_kobo AS total FROM order_items WHERE order_id = $1 AND store_id = $2 AND status = 'Active'",
      [order.id, c.store.id],
    )).rows[0];
    const pt = await api.db.query<{ id: number }>(
      `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, customer_email, payment_method, payment_status)
       VALUES ($1, $2, $3, $4, $5, 'CardPayment', 'Complete') RETURNING id`,
      [order.id, c.shopper.id, `ord-test-${order.id.slice(0, 8)}`, item.total, c.shopper.email],
    );
    const refund = await api.db.query<{ id: number }>(
      "INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo, kind, status) VALUES ($1, $2, $3, $4, 'item', 'pending') RETURNING id",
      [order.id, item.id, pt.rows[0].id, item.total],
    );
    expect(await settleRefund(api.db, refund.rows[0].id, "processed", {})).toBe(true);
    expect(await settleRefund(api.db, refund.rows[0].id, "processed", {})).toBe(false);
    r = await ledger(c);
    expect(r.body).toMatchObject({ balance: 0, pending: 0, count: 4, sales: 0, commission: 0 });
    expect(r.body.results.map((e: { kind: string; amount: number }) => [e.kind, e.amount]).sort()).toEqual(
      [
        ["refund", -gross / 100],
        ["commission_refund", (gross - credit) / 100],
        ["sale", gross / 100],
        ["commission", -(gross - credit) / 100],
      ].sort(),
    );
  });

  it("commission a store owes comes off its next card payout, or an admin records it paid (once per reference, never above what it owes)", async () => {
    const c = await vendorCast(api);
    await deliveredOrder(c); // cash: owes 10% of ₦37,037.01
    const owed = Math.round(1_234_567 * 3 * 0.1);
    const settle = (amount: number, reference: string, token = c.admin.token) =>
      api.call("/admin/payouts/settlements/", { method: "POST", token, json: { store_id: c.store.id, amount, reference, note: "Transfer to BuildMart" } });
    expect((await settle(1, "ref-shopper", c.shopper.token)).status).toBe(404);
    expect(await settle(owed / 100 + 1, "ref-too-much")).toMatchObject({ status: 400, body: { amount: [expect.stringContaining("owes")] } });
    expect(await settle(1_000, "ref-part-1")).toMatchObject({ status: 201, body: { amount: 1_000, owed: (owed - 100_000) / 100 } });
    expect(await settle(1_000, "ref-part-1")).toMatchObject({ status: 200, body: { owed: (owed - 100_000) / 100 } });
    const audits = await api.db.query("SELECT 1 FROM audit_log WHERE action = 'payouts.settlement' AND target_id = $1", [String(c.store.id)]);
    expect(audits.rows).toHaveLength(1);
    // Two admins record 60% of the rest at the same moment with different references: the store's
    // row lock lets one through; the other is above what is then owed (never beyond the debt).
    const part = Math.round((owed - 100_000) * 0.6); // kobo
    const both = await Promise.all([settle(part / 100, "ref-part-a"), settle(part / 100, "ref-part-b")]);
    expect(both.map((x) => x.status).sort()).toEqual([201, 400]);
    const settled = 100_000 + part;
    expect((await ledger(c)).body).toMatchObject({ owed: (owed - settled) / 100, settled: settled / 100 });
    // A card sale later: its credit, available after the window, first covers what is still owed.
    const { order: card } = await deliveredOrder(c, { payment: "CardPayment" });
    expect(card.id).toBeTruthy();
    await passReturnWindow(c.store.id);
    const gross = 1_234_567 * 3;
    const r = await ledger(c);
    expect(r.body.owed).toBe(0);
    expect(r.body.balance).toBe((gross - Math.round(gross * 0.1) - (owed - settled)) / 100);
    expect((await saveBank(c)).status).toBe(200);
    const p = await payOut(c);
    expect(p).toMatchObject({ status: 201, body: { amount: r.body.balance } });
  });

  it("limits bank account lookups (resolve and save) per store, per user and per address, with Retry-After", async () => {
    const lookups = (c: Cast, ip: string, storeId = c.store.id) => ({
      resolve: () => api.call(`/stores/${storeId}/bank-account/resolve/`, { method: "POST", token: c.owner.token, json: { bank_code: GTB, account_number: "0123456789" }, headers: { "X-Test-Client-Ip": ip } }),
      save: () => api.call(`/stores/${storeId}/bank-account/`, { method: "PUT", token: c.owner.token, json: { bank_code: GTB, account_number: "0123456789" }, headers: { "X-Test-Client-Ip": ip } }),
    });
    // Per store: ten lookups an hour, from any address; a save counts as one.
    const c = await vendorCast(api);
    for (let i = 0; i < 9; i++) expect((await lookups(c, randomIp()).resolve()).status).toBe(200);
    expect((await lookups(c, randomIp()).save()).status).toBe(200);
    for (const r of [await lookups(c, randomIp()).resolve(), await lookups(c, randomIp()).save()]) {
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(r.body.detail).toMatch(/Too many bank account checks for this store/);
    }
    // Per user: an owner of several stores gets ten in all.
    const d = await vendorCast(api);
    const second = await createStore(api.db, { owner_id: d.owner.id });
    for (let i = 0; i < 10; i++) expect((await lookups(d, randomIp(), i % 2 ? second.id : d.store.id).resolve()).status).toBe(200);
    const third = await createStore(api.db, { owner_id: d.owner.id });
    expect((await lookups(d, randomIp(), third.id).resolve()).status).toBe(429);
    // Per address: thirty from one network, whoever asks; another address still gets answers.
    const ip = randomIp();
    for (let i = 0; i < 6; i++) {
      const e = await vendorCast(api);
      for (let j = 0; j < 5; j++) expect((await lookups(e, ip).resolve()).status).toBe(200);
    }
    const f = await vendorCast(api);
    const refused = await lookups(f, ip).resolve();
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/from your network/);
    expect((await lookups(f, randomIp()).resolve()).status).toBe(200);
  });

  it("\"Is this you?\": resolve shows the bank's name and whether it is the owner's without saving; a save with a confirmed name the bank no longer gives is refused", async () => {
    const c = await vendorCast(api);
    const resolve = (json: unknown, token = c.owner.token) => api.call(`/stores/${c.store.id}/bank-account/resolve/`, { method: "POST", token, json });
    await api.db.query("UPDATE users SET first_name = 'Emeka', last_name = 'Obi' WHERE id = $1", [c.owner.id]);
    let r = await resolve({ bank_code: GTB, account_number: "012 345 6789" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      bank_code: GTB,
      bank_name: "Guaranty Trust Bank",
      account_last4: "6789",
      account_name: STANDIN_ACCOUNT_NAME,
      owner_name: "Emeka Obi",
      name_matches: false,
    });
    // Nothing is saved by resolving.
    expect((await api.call(`/stores/${c.store.id}/bank-account/`, { token: c.owner.token })).body).toEqual({ bank_account: null });
    // The owner's name in another case, order and punctuation still matches the bank's.
    await api.db.query("UPDATE users SET first_name = 'okonkwo,', last_name = 'Adaeze' WHERE id = $1", [c.owner.id]);
    expect((await resolve({ bank_code: GTB, account_number: "0123456789" })).body).toMatchObject({ account_name: STANDIN_ACCOUNT_NAME, name_matches: true });
    // Unknown account or bank: the same 400s as saving; members and other owners: 404; anonymous: 401.
    r = await resolve({ bank_code: GTB, account_number: "0000000000" });
    expect(r.status).toBe(400);
    expect(r.body.account_number[0]).toMatch(/could not find this account/);
    expect((await resolve({ bank_code: "999", account_number: "0123456789" })).body.bank_code).toBeTruthy();
    expect((await resolve({ bank_code: GTB, account_number: "0123456789" }, c.member.token)).status).toBe(404);
    expect((await resolve({ bank_code: GTB, account_number: "0123456789" }, c.otherOwner.token)).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/bank-account/resolve/`, { method: "POST", json: { bank_code: GTB, account_number: "0123456789" } })).status).toBe(401);
    // Saving with a confirmed name the bank does not give: 400, nothing saved.
    const put = (json: unknown) => api.call(`/stores/${c.store.id}/bank-account/`, { method: "PUT", token: c.owner.token, json });
    r = await put({ bank_code: GTB, account_number: "0123456789", confirm_account_name: "Emeka Obi" });
    expect(r.status).toBe(400);
    expect(r.body.account_number[0]).toMatch(/another name/);
    expect(await api.db.query("SELECT 1 FROM store_bank_accounts WHERE store_id = $1", [c.store.id]).then((x) => x.rows.length)).toBe(0);
    // The confirmed name (case and spaces aside) saves.
    r = await put({ bank_code: GTB, account_number: "0123456789", confirm_account_name: ` ${STANDIN_ACCOUNT_NAME.toLowerCase()} ` });
    expect(r.status).toBe(200);
    expect(r.body.bank_account).toMatchObject({ account_name: STANDIN_ACCOUNT_NAME, account_last4: "6789" });
  });

  it("bank details: resolved through Paystack before saving (unknown account: 400 on account_number, nothing saved); only the last four digits come back; the owner only", async () => {
    const c = await vendorCast(api);
    let r = await saveBank(c, "0000000000");
    expect(r.status).toBe(400);
    expect(r.body.account_number[0]).toMatch(/could not find this account/);
    expect((await api.call(`/stores/${c.store.id}/bank-account/`, { token: c.owner.token })).body).toEqual({ bank_account: null });
    r = await api.call(`/stores/${c.store.id}/bank-account/`, { method: "PUT", token: c.owner.token, json: { bank_code: "999", account_number: "0123456789" } });
    expect(r.status).toBe(400);
    expect(r.body.bank_code).toBeTruthy();
    r = await api.call(`/stores/${c.store.id}/bank-account/`, { method: "PUT", token: c.owner.token, json: { bank_code: GTB, account_number: "12345" } });
    expect(r.status).toBe(400);
    expect(r.body.account_number[0]).toMatch(/10-digit/);
    // A Member cannot change (or read) the bank details; another store's owner cannot either.
    expect((await saveBank(c, "0123456789", c.member.token)).status).toBe(404);
    expect((await saveBank(c, "0123456789", c.otherOwner.token)).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/bank-account/`, { token: c.member.token })).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/bank-account/`, { method: "PUT", json: { bank_code: GTB, account_number: "0123456789" } })).status).toBe(401);
    expect(await api.db.query("SELECT 1 FROM store_bank_accounts WHERE store_id = $1", [c.store.id]).then((x) => x.rows.length)).toBe(0);
    r = await saveBank(c, "0123456789");
    expect(r.status).toBe(200);
    expect(r.body.bank_account).toMatchObject({ bank_code: GTB, bank_name: "Guaranty Trust Bank", account_last4: "6789", account_name: STANDIN_ACCOUNT_NAME });
    expect(JSON.stringify(r.body)).not.toContain("0123456789");
    const row = await api.db.query<{ recipient_code: string }>("SELECT recipient_code FROM store_bank_accounts WHERE store_id = $1", [c.store.id]);
    expect(row.rows[0].recipient_code).toMatch(/^RCP_/);
    // the bank list is public
    const banks = await api.call("/payouts/banks/");
    expect(banks.status).toBe(200);
    expect(banks.body.results).toContainEqual({ code: GTB, name: "Guaranty Trust Bank" });
  });

  it("the ledger is the store's: members and admins read it, another store's owner and shoppers get 404", async () => {
    const c = await vendorCast(api);
    expect((await ledger(c, c.member.token)).status).toBe(200);
    expect((await ledger(c, c.admin.token)).status).toBe(200);
    expect((await ledger(c, c.otherOwner.token)).status).toBe(404);
    expect((await ledger(c, c.shopper.token)).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/payouts/`, { token: c.otherOwner.token })).status).toBe(404);
    for (const who of [c.owner, c.member, c.shopper]) expect((await payOut(c, undefined, who.token)).status).toBe(404);
    expect((await api.call("/admin/payouts/", { token: c.owner.token })).status).toBe(404);
  });

  it("an admin pays out the available balance: refused without a bank account or balance; the same reference twice is one transfer; transfer.success settles it as paid out", async () => {
    const c = await vendorCast(api);
    await deliveredOrder(c, { payment: "CardPayment" });
    const credit = (1_234_567 * 3 - Math.round(1_234_567 * 3 * 0.1)) / 100;
    let r = await payOut(c);
    expect(r.status).toBe(400);
    expect(r.body.store_id[0]).toMatch(/no bank account/);
    expect((await saveBank(c)).status).toBe(200);
    r = await payOut(c);
    expect(r.status).toBe(400);
    expect(r.body.store_id[0]).toMatch(/no available balance/);
    expect(await api.db.query("SELECT 1 FROM payouts WHERE store_id = $1", [c.store.id]).then((x) => x.rows.length)).toBe(0);
    await passReturnWindow(c.store.id);
    const reference = `payout-test-${c.store.id}-${Date.now()}`;
    const [a, b] = await Promise.all([payOut(c, reference), payOut(c, reference)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(a.body).toMatchObject({ store_id: c.store.id, amount: credit, reference, account_last4: "6789" });
    expect(paystack.transfers().filter((t) => t.reference === reference)).toHaveLength(1);
    // While it is on its way the money is out of the balance, and a second payout is refused.
    r = await ledger(c);
    expect(r.body.balance).toBe(0);
    await waitFor("transfer.success settled", async () => (await payoutStatus(reference)) === "success");
    // Asked again after it settled: the same payout, still one transfer.
    expect((await payOut(c, reference)).body).toMatchObject({ id: a.body.id, status: "success" });
    expect(paystack.transfers().filter((t) => t.reference === reference)).toHaveLength(1);
    r = await ledger(c);
    expect(r.body).toMatchObject({ balance: 0, pending: 0, paid_out: credit });
    const history = await api.call(`/stores/${c.store.id}/payouts/`, { token: c.member.token });
    expect(history.body.results[0]).toMatchObject({ reference, status: "success", amount: credit });
    expect(history.body.results[0].settled_at).toBeTruthy();
    const notes = await api.db.query<{ kind: string; title: string }>("SELECT kind, title FROM notifications WHERE store_id = $1", [c.store.id]);
    expect(notes.rows.map((n) => n.kind)).toContain("payout_sent");
    const mail = await api.db.query<{ subject: string }>("SELECT subject FROM mail_queue WHERE to_address = $1", [c.owner.email]);
    expect(mail.rows.some((m) => /Payout of .* sent/.test(m.subject))).toBe(true);
    const admin = await api.call("/admin/payouts/", { token: c.admin.token });
    expect(admin.status).toBe(200);
    // The answers are what the storefront's types (api-types.ts) say they are.
    AdminPayoutsSchema.parse(admin.body);
    PayoutPageSchema.parse(history.body);
    PayoutSchema.parse(a.body);
    LedgerPageSchema.parse(r.body);
    BankAccountAnswerSchema.parse((await api.call(`/stores/${c.store.id}/bank-account/`, { token: c.owner.token })).body);
    BankListSchema.parse((await api.call("/payouts/banks/")).body);
    expect(admin.body.results.some((p: { reference: string }) => p.reference === reference)).toBe(true);
  });

  it("transfer.failed and transfer.reversed put the money back in the balance", async () => {
    const c = await vendorCast(api);
    await deliveredOrder(c, { payment: "CardPayment" });
    const credit = (1_234_567 * 3 - Math.round(1_234_567 * 3 * 0.1)) / 100;
    await passReturnWindow(c.store.id);
    // The stand-in fails transfers to accounts ending in 13.
    expect((await saveBank(c, "0123456713")).status).toBe(200);
    const failed = await payOut(c);
    expect(failed.status).toBe(201);
    await waitFor("transfer.failed settled", async () => (await payoutStatus(failed.body.reference)) === "failed");
    let r = await ledger(c);
    expect(r.body).toMatchObject({ balance: credit, paid_out: 0 });
    expect(r.body.results[0]).toMatchObject({ kind: "payout_reversal", amount: credit });
    const notes = await api.db.query<{ kind: string }>("SELECT kind FROM notifications WHERE store_id = $1", [c.store.id]);
    expect(notes.rows.map((n) => n.kind)).toContain("payout_failed");
    // A good account: paid, then reversed by the bank.
    expect((await saveBank(c, "0123456789")).status).toBe(200);
    const ok = await payOut(c);
    expect(ok.status).toBe(201);
    await waitFor("transfer.success settled", async () => (await payoutStatus(ok.body.reference)) === "success");
    expect((await ledger(c)).body).toMatchObject({ balance: 0, paid_out: credit });
    expect(paystack.reverseTransfer(ok.body.reference)).toBe(true);
    await waitFor("transfer.reversed settled", async () => (await payoutStatus(ok.body.reference)) === "reversed");
    r = await ledger(c);
    expect(r.body).toMatchObject({ balance: credit, paid_out: 0 });
  });

  it("transfer webhooks: a bad signature is refused (401, nothing stored or settled); a signed event is only a hint: Paystack's verify decides", async () => {
    const c = await vendorCast(api);
    expect((await saveBank(c)).status).toBe(200);
    // A payout Paystack never heard of (as if the transfer call was lost).
    const reference = `payout-forged-${c.store.id}-${Date.now()}`;
    const p = await api.db.query<{ id: number }>(
      `INSERT INTO payouts (store_id, amount_kobo, reference, recipient_code, bank_name, account_last4) VALUES ($1, 500000, $2, 'RCP_x', 'Guaranty Trust Bank', '6789') RETURNING id`,
      [c.store.id, reference],
    );
    await api.db.query("INSERT INTO store_ledger (store_id, kind, payout_id, amount_kobo) VALUES ($1, 'payout', $2, -500000)", [c.store.id, p.rows[0].id]);
    const body = JSON.stringify({ event: "transfer.failed", data: { reference, amount: 500000, status: "failed" } });
    const forged = await api.fetch("/webhooks/paystack", { method: "POST", body, headers: { "content-type": "application/json", "x-paystack-signature": signWebhook(body, "sk_test_not_ours") } });
    expect(forged.status).toBe(401);
    const unsigned = await api.fetch("/webhooks/paystack", { method: "POST", body, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(401);
    expect(await api.db.query("SELECT 1 FROM webhook_events WHERE reference = $1", [reference]).then((x) => x.rows.length)).toBe(0);
    const signed = await api.fetch("/webhooks/paystack", { method: "POST", body, headers: { "content-type": "application/json", "x-paystack-signature": signWebhook(body, paystack.secretKey) } });
    expect(signed.status).toBe(200);
    await waitFor("event processed", async () => (await api.db.query("SELECT 1 FROM webhook_events WHERE reference = $1 AND processed_at IS NOT NULL", [reference])).rows.length > 0);
    // Paystack does not know this transfer: the event did not settle (or refund) anything.
    expect(await payoutStatus(reference)).toBe("pending");
    expect(await api.db.query("SELECT 1 FROM store_ledger WHERE payout_id = $1 AND kind = 'payout_reversal'", [p.rows[0].id]).then((x) => x.rows.length)).toBe(0);
  });

  it("the payout job pays each store with a bank account and a balance once a day", async () => {
    const c = await vendorCast(api);
    await deliveredOrder(c, { payment: "CardPayment" });
    expect((await saveBank(c)).status).toBe(200);
    await passReturnWindow(c.store.id);
    const day = new Date();
    await payOutAvailableBalances(api.db, day);
    await payOutAvailableBalances(api.db, day);
    const rows = await api.db.query<{ reference: string }>("SELECT reference FROM payouts WHERE store_id = $1", [c.store.id]);
    expect(rows.rows.map((x) => x.reference)).toEqual([dailyPayoutReference(c.store.id, day)]);
    await waitFor("job payout settled", async () => (await payoutStatus(dailyPayoutReference(c.store.id, day))) === "success");
  });
});

export type { TestApi };
