/**
 * Bank transfer and USSD (issue 33): one payment engine with cards. POST /payments/paystack/transfer/
 * and /ussd/ start an attempt through Paystack's POST /charge (the stand-in speaks it); the money
 * arrives as a signed charge.success, verified before anything is paid; a wrong amount is not paid
 * (Paystack returns it); an expired account takes nothing; a reference of another order is refused;
 * replays and concurrent verifies across channels make one paid transition and one e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCart, createOrder } from "~/db/seed/factories";
import { signWebhook } from "~/integrations/paystack/signature.server";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { processQueuedRefunds } from "~/jobs.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { inStockProducts } from "../guards/fixtures";
import { setPaystack, waitFor } from "./paystack-helpers";
import { engines, makeUser, useApi } from "./harness";

const SHIPPING = 350_000;

describe.each(engines())("bank transfer and USSD on %s", (engine) => {
  const api = useApi(engine);
  let paystack: PaystackStandin;
  const hook = () => `${api.origin}/api/v1/webhooks/paystack`;

  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: hook(), retryDelaysMs: [50, 100, 200], refundDelayMs: 50 });
    setPaystack(paystack.secretKey, paystack.url);
  });
  afterAll(async () => {
    await paystack.idle();
    await paystack.close();
    setPaystack(undefined, undefined);
  });

  async function order(userId: number | null) {
    const [a, b] = await inStockProducts(api.db, 2);
    const cart = await createCart(api.db, { user_id: userId });
    const o = await createOrder(api.db, {
      user_id: userId,
      items: [{ product_id: a, quantity: 2 }, { product_id: b }],
      payment_method: "CardPayment",
      shipping_kobo: SHIPPING,
      delivery_address: { receiver_first_name: "Ada", receiver_last_name: "Obi", street_address: "12 Allen Avenue", city: "Ikeja", state: "Lagos", email: "guest.buyer@example.com" },
    });
    await api.db.query("UPDATE orders SET source_cart_id = $2 WHERE id = $1", [o.id, cart.id]);
    const due = (await api.db.query<{ due: number }>("SELECT order_total_kobo + shipping_kobo AS due FROM orders WHERE id = $1", [o.id])).rows[0].due;
    return { orderId: o.id, due };
  }

  const transfer = (orderId: string, auth: { token?: string; guest?: string } = {}) =>
    api.call("/payments/paystack/transfer/", { token: auth.token, json: { order_id: orderId, token: auth.guest, amount: 1 } });
  const ussd = (orderId: string, bank: string, auth: { token?: string; guest?: string } = {}) =>
    api.call("/payments/paystack/ussd/", { token: auth.token, json: { order_id: orderId, token: auth.guest, bank } });
  const state = (reference: string, orderId: string) => api.call(`/payments/paystack/charge/${reference}/?order_id=${orderId}`);
  /** The stand-in's tester page: the shopper's bank sends the money (exact / a chosen amount / too late). */
  const bank = async (reference: string, what: "exact" | "short" | "late", naira?: number) => {
    const r = await fetch(`${paystack.url}/offline/${reference}/${what}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: naira === undefined ? "" : `naira=${naira}`,
    });
    expect(r.status).toBe(200);
    return r.text();
  };
  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params)).rows[0].n;
  const paidEvents = (orderId: string) => count("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'paid'", [orderId]);
  const paidMails = (orderId: string) =>
    count("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE 'Payment received%' AND text_body LIKE '%' || $1 || '%'", [orderId]);
  const orderStatus = async (id: string) => (await api.db.query<{ s: string }>("SELECT order_payment_status AS s FROM orders WHERE id = $1", [id])).rows[0].s;

  it("a transfer account for the order's exact amount; the exact transfer pays the order once; the attempt is listed with its channel", async () => {
    const me = await makeUser(api);
    const { orderId, due } = await order(me.id);
    const r = await transfer(orderId, { token: me.token });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ order_id: orderId, channel: "bank_transfer", status: "Pending", paid: false, expired: false, amount: due / 100, currency: "NGN", bank_name: "Paystack-Titan", account_name: "PAYSTACK CHECKOUT", received_amount: null });
    expect(r.body.account_number).toMatch(/^\d{10}$/);
    const left = Date.parse(r.body.expires_at) - Date.now();
    expect(left).toBeGreaterThan(29 * 60_000);
    expect(left).toBeLessThanOrEqual(30 * 60_000);
    // Paystack was asked for the order's amount, never the client's.
    expect(paystack.transaction(r.body.reference)).toMatchObject({ amount: due, channel: "bank_transfer" });
    // Asking again while the account is open answers the same account.
    const again = await transfer(orderId, { token: me.token });
    expect(again.status).toBe(201);
    expect(again.body.reference).toBe(r.body.reference);
    // Another shopper cannot start one; nobody signed in gets 401.
    const other = await makeUser(api);
    expect((await transfer(orderId, { token: other.token })).status).toBe(404);
    expect((await transfer(orderId)).status).toBe(401);

    expect((await state(r.body.reference, orderId)).body).toMatchObject({ status: "Pending", paid: false, message: "We have not received this payment yet." });
    await bank(r.body.reference, "exact");
    await waitFor("the order to be paid", async () => (await orderStatus(orderId)) === "Complete");
    const s = await state(r.body.reference, orderId);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ status: "Complete", paid: true, expired: false, order_payment_status: "Complete" });
    expect(await paidEvents(orderId)).toBe(1);
    expect(await paidMails(orderId)).toBe(1);
    const list = await api.call(`/payments/order/${orderId}/transaction/`, { token: me.token });
    expect(list.body.results).toEqual([expect.objectContaining({ reference: r.body.reference, channel: "bank_transfer", payment_status: "Complete", payment_method: "CardPayment" })]);
    // Paid: no new account.
    expect((await transfer(orderId, { token: me.token })).status).toBe(400);
    await paystack.idle();
  });

  it("a short transfer is not paid: Paystack returns what was sent, the order stays payable with a new account", async () => {
    const { orderId, due } = await order(null);
    const guest = guestTokenFor(orderId);
    expect((await transfer(orderId)).status).toBe(404); // a guest order needs its token
    const r = await transfer(orderId, { guest });
    expect(r.status).toBe(201);
    const shortNaira = Math.floor(due / 100 / 2);
    await bank(r.body.reference, "short", shortNaira);
    const s = await state(r.body.reference, orderId);
    expect(s.body).toMatchObject({ status: "Failed", paid: false, expired: false, received_amount: shortNaira });
    expect(s.body.message).toContain(`Paystack will return the ₦${shortNaira.toLocaleString("en-NG")} you sent`);
    expect(await orderStatus(orderId)).toBe("Pending");
    expect(await paidEvents(orderId)).toBe(0);
    // A signed charge.success replayed for it changes nothing: verify says failed.
    const body = JSON.stringify({ event: "charge.success", data: { reference: r.body.reference, amount: due, status: "success" } });
    const hookAnswer = await api.fetch("/webhooks/paystack", { method: "POST", body, headers: { "content-type": "application/json", "x-paystack-signature": signWebhook(body, paystack.secretKey) } });
    expect(hookAnswer.status).toBe(200);
    await waitFor("the event to be processed", async () => (await count("SELECT count(*)::int AS n FROM webhook_events WHERE reference = $1 AND processed_at IS NOT NULL", [r.body.reference])) === 1);
    expect(await orderStatus(orderId)).toBe("Pending");
    const next = await transfer(orderId, { guest });
    expect(next.status).toBe(201);
    expect(next.body.reference).not.toBe(r.body.reference);
    expect(next.body.status).toBe("Pending");
  });

  it("an expired account took nothing and says so; a new one can be started", async () => {
    const me = await makeUser(api);
    const { orderId } = await order(me.id);
    const r = await transfer(orderId, { token: me.token });
    await bank(r.body.reference, "late");
    const s = await state(r.body.reference, orderId);
    expect(s.body).toMatchObject({ status: "Abandoned", paid: false, expired: true, message: "This account has expired. Nothing was taken." });
    expect(await orderStatus(orderId)).toBe("Pending");
    const next = await transfer(orderId, { token: me.token });
    expect(next.body).toMatchObject({ status: "Pending", expired: false });
    expect(next.body.reference).not.toBe(r.body.reference);
  });

  it("a reference of another order is refused (state, confirm_payment); bad ids are 400 / 404, never 5xx", async () => {
    const me = await makeUser(api);
    const mine = await order(me.id);
    const theirs = await order(null);
    const r = await transfer(mine.orderId, { token: me.token });
    expect((await state(r.body.reference, theirs.orderId)).status).toBe(404);
    const c = await api.call("/payments/paystack/confirm_payment", { method: "PATCH", json: { reference: r.body.reference, order_id: theirs.orderId } });
    expect(c.status).toBe(404);
    expect((await api.call(`/payments/paystack/charge/${r.body.reference}/`)).status).toBe(400);
    expect((await api.call(`/payments/paystack/charge/no-such-ref/?order_id=${mine.orderId}`)).status).toBe(404);
    const badBank = await ussd(mine.orderId, "123", { token: me.token });
    expect(badBank.status).toBe(400);
    expect(badBank.body).toHaveProperty("bank");
    await bank(r.body.reference, "exact");
    await waitFor("the order to be paid", async () => (await orderStatus(mine.orderId)) === "Complete");
    expect(await orderStatus(theirs.orderId)).toBe("Pending");
  });

  it("across channels: a transfer and a USSD charge of one order both paid, webhooks replayed 500 times each with concurrent verifies: one paid transition, one e-mail, the other payment refunded", async () => {
    const me = await makeUser(api);
    const { orderId, due } = await order(me.id);
    const t = (await transfer(orderId, { token: me.token })).body;
    const u = await ussd(orderId, "737", { token: me.token });
    expect(u.status).toBe(201);
    expect(u.body).toMatchObject({ channel: "ussd", amount: due / 100, status: "Pending", paid: false });
    expect(u.body.ussd_code).toMatch(/^\*737\*000\*\d{4}#$/);
    paystack.setWebhookUrl(undefined); // we deliver these events ourselves
    try {
      await bank(t.reference, "exact");
      await bank(u.body.reference, "exact");
    } finally {
      paystack.setWebhookUrl(hook());
    }
    const bodies = [t.reference, u.body.reference].map((ref) => paystack.deliveries.find((d) => d.event === "charge.success" && d.body.includes(ref))!.body);
    const statuses: Record<number, number> = {};
    const replay = async (body: string) => {
      const r = await api.fetch("/webhooks/paystack", { method: "POST", body, headers: { "content-type": "application/json", "x-paystack-signature": signWebhook(body, paystack.secretKey) } });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      await r.arrayBuffer();
    };
    const reads: number[] = [];
    for (let i = 0; i < 500; i += 25) {
      await Promise.all([
        ...Array.from({ length: 25 }, () => replay(bodies[0])),
        ...Array.from({ length: 25 }, () => replay(bodies[1])),
        ...[t.reference, u.body.reference].map(async (ref) => reads.push((await state(ref, orderId)).status)),
        (async () => reads.push((await api.call("/payments/paystack/confirm_payment", { method: "PATCH", json: { reference: t.reference, order_id: orderId } })).status))(),
      ]);
    }
    expect(statuses).toEqual({ 200: 1000 });
    expect(reads.every((s) => s === 200)).toBe(true);
    await waitFor("both events processed", async () => (await count("SELECT count(*)::int AS n FROM webhook_events WHERE reference IN ($1, $2) AND processed_at IS NOT NULL", [t.reference, u.body.reference])) === 2);
    await waitFor("the order to be paid", async () => (await orderStatus(orderId)) === "Complete");
    expect(await paidEvents(orderId)).toBe(1);
    expect(await paidMails(orderId)).toBe(1);
    const attempts = await api.db.query<{ channel: string; payment_status: string }>("SELECT channel, payment_status FROM payment_transactions WHERE order_id = $1 ORDER BY id", [orderId]);
    expect(attempts.rows.map((a) => a.channel)).toEqual(["bank_transfer", "ussd"]);
    // Every attempt is on the admin Payments list with its channel.
    const admin = await makeUser(api, { role: "admin" });
    const listed = await api.call(`/admin/payments/?search=${orderId}&page_size=10`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((p: { reference: string; channel: string }) => [p.reference, p.channel]).sort()).toEqual(
      [[t.reference, "bank_transfer"], [u.body.reference, "ussd"]].sort(),
    );
    expect(attempts.rows.filter((a) => a.payment_status === "Complete")).toHaveLength(1);
    // The second payment is the shopper's money for an order already paid: refunded whole.
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1 AND kind = 'payment' AND amount_kobo = $2", [orderId, due])).toBe(1);
    await processQueuedRefunds(api.db);
    await paystack.idle();
  }, 120_000);
});
