/**
 * Card payments over real HTTP against the local Paystack stand-in (the app is configured with
 * its sk_test key and URL, exactly as with real Paystack): make → the hosted page's buttons →
 * confirm / signed webhooks; the paid-only-if rule; replays; the reconcile job; refunds; outages.
 */
import { setPaystack, waitFor } from "./paystack-helpers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { settleAttempt } from "~/workflows/payments.server";
import { findAttempt } from "~/api/payments/queries.server";
import { MAX_REFUND_ATTEMPTS, sendDueRefunds } from "~/workflows/refunds.server";
import { createCart, createOrder } from "~/db/seed/factories";
import { signWebhook } from "~/integrations/paystack/signature.server";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { processQueuedRefunds, reconcilePendingPayments } from "~/jobs.server";
import { resetEnvCache } from "~/config.server";
import { log } from "~/ops/logger.server";
import { inStockProducts } from "../guards/fixtures";
import { engines, makeUser, useApi } from "./harness";

const SHIPPING = 350_000;

describe.each(engines())("card payments on %s", (engine) => {
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

  /** An unpaid card order (two lines) of `userId` (null: a guest), made from a cart holding its products. */
  async function cardOrder(userId: number | null, opts: { quantity?: number } = {}) {
    const [a, b] = await inStockProducts(api.db, 2);
    // A member has one cart: reuse it.
    const mine = userId === null ? null : (await api.db.query<{ id: string }>("SELECT id::text AS id FROM carts WHERE user_id = $1", [userId])).rows[0];
    const cart = mine ?? (await createCart(api.db, { user_id: userId }));
    for (const [product, quantity] of [[a, opts.quantity ?? 2], [b, 1]])
      await api.db.query(
        "INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, $3) ON CONFLICT (cart_id, product_id, option_id) DO UPDATE SET quantity = EXCLUDED.quantity",
        [cart.id, product, quantity],
      );
    const order = await createOrder(api.db, {
      user_id: userId,
      items: [{ product_id: a, quantity: opts.quantity ?? 2 }, { product_id: b }],
      payment_method: "CardPayment",
      shipping_kobo: SHIPPING,
      delivery_address: { receiver_first_name: "Ada", receiver_last_name: "Obi", street_address: "12 Allen Avenue", city: "Ikeja", state: "Lagos", email: "guest.buyer@example.com" },
    });
    await api.db.query("UPDATE orders SET source_cart_id = $2 WHERE id = $1", [order.id, cart.id]);
    const o = await api.db.query<{ due: number }>("SELECT order_total_kobo + shipping_kobo AS due FROM orders WHERE id = $1", [order.id]);
    return { orderId: order.id, cartId: cart.id, due: o.rows[0].due };
  }

  const make = (orderId: string, auth: { token?: string; guest?: string } = {}) =>
    api.call("/payments/paystack/make/", {
      token: auth.token,
      // what an old client sends: amount and status are ignored
      json: { order_id: orderId, token: auth.guest, amount: 100, payment_status: "Complete", currency: "USD", customer_email: "x@y.z" },
    });

  const confirm = (reference: string | null, orderId: string | null, key: "tx_ref" | "trx_ref" | "reference" = "trx_ref") =>
    api.call("/payments/paystack/confirm_payment", { method: "PATCH", json: { [key]: reference, order_id: orderId, payment_status: "Complete" } });

  /** Presses a button of the stand-in's hosted page (a plain form post, as a browser without JS does). */
  async function press(authorizationUrl: string, button: "pay" | "decline" | "cancel") {
    const page = await (await fetch(authorizationUrl)).text();
    const action = new RegExp(`action="([^"]+/${button})"`).exec(page)?.[1];
    expect(action, `the page has a ${button} form`).toBeTruthy();
    const r = await fetch(action!.replace(/&amp;/g, "&"), { method: "POST", redirect: "manual" });
    return r.headers.get("location");
  }

  const orderRow = async (id: string) =>
    (
      await api.db.query<{ order_payment_status: string; order_payment_method: string }>(
        "SELECT order_payment_status, order_payment_method FROM orders WHERE id = $1",
        [id],
      )
    ).rows[0];
  const attemptRow = async (reference: string) =>
    (
      await api.db.query<{ payment_status: string; provider_status: string | null; provider_payload: Record<string, unknown> | null; amount_kobo: number }>(
        "SELECT payment_status, provider_status, provider_payload, amount_kobo FROM payment_transactions WHERE reference = $1",
        [reference],
      )
    ).rows[0];
  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params)).rows[0].n;
  const paidEvents = (orderId: string) => count("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'paid'", [orderId]);
  const paidMails = (orderId: string) =>
    count("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE 'Payment received%' AND text_body LIKE '%' || $1 || '%'", [orderId]);

  it("make → Pay on the hosted page → confirm marks the order paid, empties its cart and queues one paid e-mail", async () => {
    const me = await makeUser(api);
    const { orderId, cartId, due } = await cardOrder(me.id);
    const r = await make(orderId, { token: me.token });
    expect(r.status).toBe(201);
    const { authorization_url, access_code, reference } = r.body.data;
    expect(r.body).toMatchObject({ status: true, message: "Authorization URL created" });
    expect(access_code).toBeTruthy();
    expect(reference).toMatch(/^ord-[0-9a-f]{12}-1-[0-9a-f]{6}$/);
    // The amount asked is the order's (items + shipping), never the client's 100 kobo.
    expect(paystack.transaction(reference)).toMatchObject({ amount: due, currency: "NGN", email: me.email });
    expect(paystack.transaction(reference)?.callback_url).toBe(`http://localhost:3000/checkout/payment/success?order_id=${orderId}`);
    expect(paystack.transaction(reference)?.metadata).toMatchObject({ order_id: orderId, cancel_action: expect.stringContaining(`/checkout/payment?order_id=${orderId}`) });
    expect(await attemptRow(reference)).toMatchObject({ payment_status: "Pending", amount_kobo: due });
    // Not paid yet: confirming says so, and nothing changes.
    const early = await confirm(reference, orderId);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ paid: false, status: "Pending", order_payment_status: "Pending" });

    // Only the redirect reaches us for now (the webhook comes later), so the confirmation alone must mark it paid.
    paystack.setWebhookUrl(undefined);
    let back: URL;
    try {
      back = new URL((await press(authorization_url, "pay"))!);
    } finally {
      paystack.setWebhookUrl(hook());
    }
    // confirm asks Paystack at most once a second per reference (clients call it in a loop)
    await new Promise((r) => setTimeout(r, 1_050));
    expect(back.pathname).toBe("/checkout/payment/success");
    expect(back.searchParams.get("reference")).toBe(reference);
    const done = await confirm(back.searchParams.get("trxref"), back.searchParams.get("order_id"));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ paid: true, status: "Complete", order_payment_status: "Complete", order_payment_method: "CardPayment", amount: due / 100, reference });
    // Then Paystack's signed charge.success arrives: stored, verified, and nothing happens twice.
    const delivery = paystack.deliveries.find((d) => d.event === "charge.success" && d.body.includes(reference))!;
    const late = await api.fetch("/webhooks/paystack", { method: "POST", body: delivery.body, headers: { "x-paystack-signature": signWebhook(delivery.body, paystack.secretKey) } });
    expect(late.status).toBe(200);
    await waitFor("the webhook to be processed", async () => (await count("SELECT count(*)::int AS n FROM webhook_events WHERE reference = $1 AND processed_at IS NOT NULL", [reference])) === 1);
    expect(await orderRow(orderId)).toEqual({ order_payment_status: "Complete", order_payment_method: "CardPayment" });
    expect(await paidEvents(orderId)).toBe(1);
    expect(await paidMails(orderId)).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1", [cartId])).toBe(0);
    const mail = await api.db.query<{ html_body: string; text_body: string; to_address: string }>(
      "SELECT html_body, text_body, to_address FROM mail_queue WHERE subject LIKE 'Payment received%' AND text_body LIKE '%' || $1 || '%'",
      [orderId],
    );
    expect(mail.rows[0].to_address).toBe(me.email);
    expect(mail.rows[0].text_body).toContain(reference);
    expect(mail.rows[0].html_body).toContain("<table");

    // Idempotent: confirming again changes nothing; paying again is refused.
    expect((await confirm(reference, orderId, "tx_ref")).body).toMatchObject({ paid: true, status: "Complete" });
    expect(await paidMails(orderId)).toBe(1);
    const again = await make(orderId, { token: me.token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/already been paid/);

    const list = await api.call(`/payments/order/${orderId}/transaction/`, { token: me.token });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({
      amount: due / 100,
      customer_email: me.email,
      order_id: orderId,
      user_id: me.id,
      payment_method: "CardPayment",
      payment_status: "Complete",
      currency: "NGN",
      reference,
    });
  });

  it("with PUBLIC_URL unset, Paystack sends the shopper back to the origin they are on (Host 127.0.0.1:PORT), not to localhost", async () => {
    const me = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    const saved = process.env.PUBLIC_URL;
    delete process.env.PUBLIC_URL;
    resetEnvCache();
    try {
      const r = await make(orderId, { token: me.token });
      expect(r.status).toBe(201);
      const tx = paystack.transaction(r.body.data.reference)!;
      expect(api.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(tx.callback_url).toBe(`${api.origin}/checkout/payment/success?order_id=${orderId}`);
      expect(tx.metadata).toMatchObject({ cancel_action: `${api.origin}/checkout/payment?order_id=${orderId}&cancelled=1` });
    } finally {
      process.env.PUBLIC_URL = saved;
      resetEnvCache();
    }
  });

  it("Decline leaves the attempt failed; a retry with a new reference then Pay marks the order paid", async () => {
    const me = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    const first = (await make(orderId, { token: me.token })).body.data;
    const back = new URL((await press(first.authorization_url, "decline"))!);
    const declined = await confirm(back.searchParams.get("reference"), orderId, "reference");
    expect(declined.body).toMatchObject({ paid: false, status: "Failed", order_payment_status: "Pending" });
    expect(declined.body.message).toMatch(/pay on delivery/i);

    const retry = await make(orderId, { token: me.token });
    expect(retry.status).toBe(201);
    const second = retry.body.data;
    expect(second.reference).not.toBe(first.reference);
    expect(second.reference).toMatch(/-2-/);
    await press(second.authorization_url, "pay");
    expect((await confirm(second.reference, orderId)).body).toMatchObject({ paid: true, status: "Complete" });
    const list = await api.call(`/payments/order/${orderId}/transaction/`, { token: me.token });
    expect(list.body.results.map((t: { payment_status: string }) => t.payment_status)).toEqual(["Complete", "Failed"]);
    // Cancel payment goes back to the checkout (cancel_action) and never pays.
    const other = await cardOrder(me.id);
    const third = (await make(other.orderId, { token: me.token })).body.data;
    expect(await press(third.authorization_url, "cancel")).toBe(`http://localhost:3000/checkout/payment?order_id=${other.orderId}&cancelled=1`);
    expect((await confirm(third.reference, other.orderId)).body).toMatchObject({ paid: false, status: "Pending" });
  });

  it("never marks paid when Paystack's amount or currency differs from the stored attempt, and records the mismatch", async () => {
    const me = await makeUser(api);
    const error = vi.spyOn(log(), "error");
    try {
      for (const tamper of ["UPDATE payment_transactions SET amount_kobo = amount_kobo + 100 WHERE reference = $1", "UPDATE payment_transactions SET currency = 'USD' WHERE reference = $1"]) {
        const { orderId } = await cardOrder(me.id);
        const { authorization_url, reference } = (await make(orderId, { token: me.token })).body.data;
        await api.db.query(tamper, [reference]);
        await press(authorization_url, "pay");
        const r = await confirm(reference, orderId);
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ paid: false, status: "Failed", order_payment_status: "Pending" });
        await paystack.idle();
        await waitFor("the webhook", async () => (await count("SELECT count(*)::int AS n FROM webhook_events WHERE reference = $1 AND processed_at IS NOT NULL", [reference])) === 1);
        const a = await attemptRow(reference);
        expect(a.payment_status).toBe("Failed");
        expect(a.provider_status).toBe("mismatch");
        expect(a.provider_payload).toMatchObject({ reason: "amount or currency", verify: { status: "success", reference } });
        expect((await orderRow(orderId)).order_payment_status).toBe("Pending");
        expect(await paidEvents(orderId)).toBe(0);
        expect(await paidMails(orderId)).toBe(0);
      }
      expect(error.mock.calls.some((c) => String(c[1]).includes("does NOT match"))).toBe(true);
    } finally {
      error.mockRestore();
    }
  });

  it("refuses webhooks with a bad or missing signature and stores nothing; a signed event is only a hint to verify", async () => {
    const me = await makeUser(api);
    const { orderId, due } = await cardOrder(me.id);
    const { reference } = (await make(orderId, { token: me.token })).body.data;
    const body = JSON.stringify({ event: "charge.success", data: { reference, amount: due, currency: "NGN", status: "success" } });
    const before = await count("SELECT count(*)::int AS n FROM webhook_events", []);
    const send = (b: string, signature?: string) =>
      api.fetch("/webhooks/paystack", { method: "POST", body: b, headers: { "content-type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) } });
    for (const [b, sig] of [
      [body, undefined],
      [body, signWebhook(body, "sk_test_someone_else")],
      [body, "zz"],
      [body.replace(String(due), "1"), signWebhook(body, paystack.secretKey)], // changed after signing
      [JSON.stringify(JSON.parse(body), null, 2), signWebhook(body, paystack.secretKey)], // re-serialised
    ] as Array<[string, string | undefined]>) {
      const r = await send(b, sig);
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ detail: expect.stringMatching(/signature/) });
    }
    expect(await count("SELECT count(*)::int AS n FROM webhook_events", [])).toBe(before);
    // Correctly signed but untrue (nobody paid): stored once, verified, and the order stays unpaid.
    const forged = await send(body, signWebhook(body, paystack.secretKey));
    expect(forged.status).toBe(200);
    await waitFor("processing", async () => (await count("SELECT count(*)::int AS n FROM webhook_events WHERE reference = $1 AND processed_at IS NOT NULL", [reference])) === 1);
    expect((await orderRow(orderId)).order_payment_status).toBe("Pending");
    expect((await attemptRow(reference)).payment_status).toBe("Pending");
    // Junk with a good signature is a 4xx, never a 5xx.
    for (const junk of ["not json", "[]", '{"event":1}', '{"event":"charge.success","data":[]}']) {
      const r = await send(junk, signWebhook(junk, paystack.secretKey));
      expect(r.status).toBe(400);
    }
  });

  it("1,000 replays of a signed charge.success and concurrent confirms give exactly one paid transition and one e-mail", async () => {
    const me = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    const { authorization_url, reference } = (await make(orderId, { token: me.token })).body.data;
    paystack.setWebhookUrl(undefined); // we deliver this event ourselves
    try {
      await press(authorization_url, "pay");
    } finally {
      paystack.setWebhookUrl(hook());
    }
    const delivery = paystack.deliveries.find((d) => d.event === "charge.success" && d.body.includes(reference))!;
    const signature = signWebhook(delivery.body, paystack.secretKey);
    const statuses: Record<number, number> = {};
    const replay = async () => {
      const r = await api.fetch("/webhooks/paystack", { method: "POST", body: delivery.body, headers: { "content-type": "application/json", "x-paystack-signature": signature } });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      await r.arrayBuffer();
    };
    const confirms: number[] = [];
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all([
        ...Array.from({ length: 50 }, replay),
        ...Array.from({ length: 5 }, async () => confirms.push((await confirm(reference, orderId)).status)),
      ]);
    }
    expect(statuses).toEqual({ 200: 1000 });
    expect(confirms.every((s) => s === 200)).toBe(true);
    await waitFor("the order to be paid", async () => (await orderRow(orderId)).order_payment_status === "Complete");
    await waitFor("the event to be processed", async () => (await count("SELECT count(*)::int AS n FROM webhook_events WHERE reference = $1 AND processed_at IS NOT NULL", [reference])) === 1);
    expect(await count("SELECT count(*)::int AS n FROM webhook_events WHERE reference = $1", [reference])).toBe(1);
    expect(await paidEvents(orderId)).toBe(1);
    expect(await paidMails(orderId)).toBe(1);
    expect((await attemptRow(reference)).payment_status).toBe("Complete");

    // Underneath the dedupe: the webhook, the success page and the job racing, each holding the
    // attempt as it was while Pending, still make one transition.
    const race = await cardOrder(me.id);
    const started = (await make(race.orderId, { token: me.token })).body.data;
    const stale = (await findAttempt(api.db, started.reference))!;
    await press(started.authorization_url, "pay");
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => settleAttempt(api.db, stale, i % 2 ? "webhook" : "job")));
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "paid").every((o) => o === "already")).toBe(true);
    await paystack.idle();
    expect(await paidMails(race.orderId)).toBe(1);
    expect(await paidEvents(race.orderId)).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1", [race.orderId])).toBe(0);
  }, 120_000);

  it("reconciles stale pending attempts with Paystack: paid, failed and abandoned; fresh ones wait", async () => {
    const me = await makeUser(api);
    const paid = await cardOrder(me.id);
    const declined = await cardOrder(me.id);
    const left = await cardOrder(me.id);
    const fresh = await cardOrder(me.id);
    const p = (await make(paid.orderId, { token: me.token })).body.data;
    const d = (await make(declined.orderId, { token: me.token })).body.data;
    const l = (await make(left.orderId, { token: me.token })).body.data;
    const f = (await make(fresh.orderId, { token: me.token })).body.data;
    paystack.setWebhookUrl(undefined); // the shopper paid but neither the callback nor the webhook reached us
    try {
      await press(p.authorization_url, "pay");
      await press(d.authorization_url, "decline");
    } finally {
      paystack.setWebhookUrl(hook());
    }
    // An attempt Paystack never saw (initialize lost).
    await api.db.query(
      `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, customer_email, payment_method) VALUES ($1, $2, $3, 100, $4, 'CardPayment')`,
      [left.orderId, me.id, `ord-lost-${Date.now()}`, me.email],
    );
    const stale = [p.reference, d.reference, l.reference, `ord-lost-%`];
    await api.db.query(
      `UPDATE payment_transactions SET created_at = now() - interval '31 minutes', updated_at = now() - interval '31 minutes'
        WHERE reference = ANY($1::text[]) OR reference LIKE $2`,
      [stale.slice(0, 3), stale[3]],
    );
    const run = await reconcilePendingPayments(api.db);
    expect(run).toMatchObject({ checked: 4, paid: 1, failed: 1, abandoned: 2, errors: 0 });
    expect((await attemptRow(p.reference)).payment_status).toBe("Complete");
    expect((await orderRow(paid.orderId)).order_payment_status).toBe("Complete");
    expect(await paidMails(paid.orderId)).toBe(1);
    expect((await attemptRow(d.reference)).payment_status).toBe("Failed");
    expect((await attemptRow(l.reference)).payment_status).toBe("Abandoned");
    expect((await attemptRow(f.reference)).payment_status).toBe("Pending");
    expect((await orderRow(left.orderId)).order_payment_status).toBe("Pending"); // the shopper may retry or pay on delivery
    // Nothing is left for a second run (or a second server).
    expect((await reconcilePendingPayments(api.db)).checked).toBe(0);
    // A shopper who comes back to an abandoned page and pays after all is still found (webhook off: by confirm).
    paystack.setWebhookUrl(undefined);
    try {
      await press(l.authorization_url, "pay");
    } finally {
      paystack.setWebhookUrl(hook());
    }
    expect((await confirm(l.reference, left.orderId)).body).toMatchObject({ paid: true, status: "Complete" });
    // The delay is configurable (PAYMENT_RECONCILE_AFTER_MINUTES, or the job's option).
    await api.db.query("UPDATE payment_transactions SET created_at = now() - interval '2 minutes', updated_at = now() - interval '2 minutes' WHERE reference = $1", [f.reference]);
    expect((await reconcilePendingPayments(api.db, { olderThanMinutes: 1 })).checked).toBeGreaterThanOrEqual(1);
    expect((await attemptRow(f.reference)).payment_status).toBe("Abandoned");
  });

  it("refunds cancelled items through Paystack: queued → pending → processed by webhook; the order is Refunded when every paid item is", async () => {
    const me = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    const { authorization_url, reference } = (await make(orderId, { token: me.token })).body.data;
    await press(authorization_url, "pay");
    await confirm(reference, orderId);
    const items = (
      await api.db.query<{ id: string; total: number }>("SELECT id::text AS id, item_price_kobo * quantity AS total FROM order_items WHERE order_id = $1 ORDER BY created_at, id", [orderId])
    ).rows;
    const attemptId = (await api.db.query<{ id: number }>("SELECT id FROM payment_transactions WHERE reference = $1", [reference])).rows[0].id;
    // What orders-api's cancel does in one transaction: the item Cancelled, a refunds row queued.
    const cancel = async (item: { id: string; total: number }) => {
      await api.db.query("UPDATE order_items SET status = 'Cancelled', cancel_reason = 'Financial Constraint', cancelled_at = now() WHERE id = $1", [item.id]);
      return (
        await api.db.query<{ id: number }>(
          "INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo, reason) VALUES ($1, $2, $3, $4, 'Financial Constraint') RETURNING id",
          [orderId, item.id, attemptId, item.total],
        )
      ).rows[0].id;
    };
    const refund = async (id: number) =>
      (await api.db.query<{ status: string; provider_refund_id: string | null; attempts: number; last_error: string | null; due_later: boolean }>(
        "SELECT status, provider_refund_id, attempts, last_error, next_attempt_at > now() AS due_later FROM refunds WHERE id = $1",
        [id],
      )).rows[0];

    // Paystack down: retried with back-off, nothing lost.
    const first = await cancel(items[0]);
    setPaystack(paystack.secretKey, "http://127.0.0.1:9");
    try {
      expect(await processQueuedRefunds(api.db)).toMatchObject({ sent: 0, retried: 1 });
    } finally {
      setPaystack(paystack.secretKey, paystack.url);
    }
    expect(await refund(first)).toMatchObject({ status: "queued", attempts: 1, due_later: true, last_error: expect.stringMatching(/could not be reached/) });
    expect(await processQueuedRefunds(api.db)).toMatchObject({ sent: 0 }); // not due yet
    await api.db.query("UPDATE refunds SET next_attempt_at = now() WHERE id = $1", [first]);
    expect(await processQueuedRefunds(api.db)).toMatchObject({ sent: 1 });
    expect((await refund(first)).provider_refund_id).toBeTruthy();
    await paystack.idle();
    await waitFor("refund.processed", async () => (await refund(first)).status === "processed");
    expect((await orderRow(orderId)).order_payment_status).toBe("Complete"); // one item is still paid for
    expect(paystack.transaction(reference)?.refunded).toBe(items[0].total);

    const second = await cancel(items[1]);
    expect(await processQueuedRefunds(api.db)).toMatchObject({ sent: 1 });
    await paystack.idle();
    await waitFor("the order to be refunded", async () => (await orderRow(orderId)).order_payment_status === "Refunded");
    expect((await refund(second)).status).toBe("processed");
    expect((await attemptRow(reference)).payment_status).toBe("Refunded");
    expect(await count("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'refunded'", [orderId])).toBe(3); // two items + the order
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE 'Your refund%' AND text_body LIKE '%' || $1 || '%'", [orderId.split("-")[0].toUpperCase()])).toBe(2);
    // Replayed refund webhooks change nothing.
    for (const d of paystack.deliveries.filter((x) => x.event.startsWith("refund.") && x.body.includes(reference))) {
      const r = await api.fetch("/webhooks/paystack", { method: "POST", body: d.body, headers: { "x-paystack-signature": signWebhook(d.body, paystack.secretKey) } });
      expect(r.status).toBe(200);
    }
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE 'Your refund%' AND text_body LIKE '%' || $1 || '%'", [orderId.split("-")[0].toUpperCase()])).toBe(2);
  });

  it("cancelling a paid item through the API queues its refund and sends it to Paystack at once, without waiting for the job", async () => {
    const me = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    const { authorization_url, reference } = (await make(orderId, { token: me.token })).body.data;
    await press(authorization_url, "pay");
    await confirm(reference, orderId);
    expect((await orderRow(orderId)).order_payment_status).toBe("Complete");
    const item = (
      await api.db.query<{ id: string; total: number }>("SELECT id::text AS id, item_price_kobo * quantity AS total FROM order_items WHERE order_id = $1 ORDER BY created_at, id LIMIT 1", [orderId])
    ).rows[0];
    const r = await api.call(`/orders/${item.id}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Financial Constraint" } });
    expect(r.status).toBe(200);
    // No processQueuedRefunds() here: the cancel path itself hands the refund to Paystack.
    await waitFor("the refund to reach Paystack", async () => (paystack.transaction(reference)?.refunded ?? 0) === item.total);
    await paystack.idle();
    await waitFor("refund.processed", async () => {
      const row = (await api.db.query<{ status: string }>("SELECT status FROM refunds WHERE order_item_id = $1", [item.id])).rows[0];
      return row?.status === "processed";
    });
    // Cancelling again neither queues nor sends a second refund.
    expect((await api.call(`/orders/${item.id}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Financial Constraint" } })).status).toBe(200);
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_item_id = $1", [item.id])).toBe(1);
    expect(paystack.transaction(reference)?.refunded).toBe(item.total);
  });

  it("never does one job twice when several servers run the jobs at once", async () => {
    const me = await makeUser(api);
    const refs: string[] = [];
    const refundIds: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { orderId } = await cardOrder(me.id);
      const { authorization_url, reference } = (await make(orderId, { token: me.token })).body.data;
      refs.push(reference);
      if (i % 2 === 0) continue;
      // half of them paid (by confirm), each with a refund queued for one item
      await press(authorization_url, "pay");
      expect((await confirm(reference, orderId)).body.paid).toBe(true);
      const id = (
        await api.db.query<{ id: number }>(
          `INSERT INTO refunds (order_id, order_item_id, payment_transaction_id, amount_kobo)
           SELECT o.id, (SELECT oi.id FROM order_items oi WHERE oi.order_id = o.id ORDER BY oi.created_at, oi.id LIMIT 1), p.id, 5000
             FROM orders o JOIN payment_transactions p ON p.order_id = o.id WHERE p.reference = $1 RETURNING id`,
          [reference],
        )
      ).rows[0].id;
      refundIds.push(id);
    }
    await paystack.idle();
    await api.db.query("UPDATE payment_transactions SET created_at = now() - interval '40 minutes', updated_at = now() - interval '40 minutes' WHERE reference = ANY($1::text[]) AND payment_status = 'Pending'", [refs]);
    // Two "servers" at once (on PostgreSQL these are two connections racing for the same rows).
    const [a, b] = await Promise.all([reconcilePendingPayments(api.db), reconcilePendingPayments(api.db)]);
    expect(a.checked + b.checked).toBe(3);
    const [x, y] = await Promise.all([sendDueRefunds(api.db), sendDueRefunds(api.db)]);
    expect(x.sent + y.sent).toBe(3);
    await paystack.idle();
    for (const ref of refs.filter((_, i) => i % 2 === 1)) expect(paystack.transaction(ref)?.refunded).toBe(5000);
    const attempts = await api.db.query<{ attempts: number }>("SELECT attempts FROM refunds WHERE id = ANY($1::int[])", [refundIds]);
    expect(attempts.rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it("reports a refund Paystack refuses as failed (logged at error), without retrying it forever", async () => {
    const me = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    const { reference } = (await make(orderId, { token: me.token })).body.data;
    // Our books say Complete, but Paystack never took the money: it refuses the refund (4xx).
    await api.db.query("UPDATE payment_transactions SET payment_status = 'Complete' WHERE reference = $1", [reference]);
    const attemptId = (await api.db.query<{ id: number }>("SELECT id FROM payment_transactions WHERE reference = $1", [reference])).rows[0].id;
    const id = (
      await api.db.query<{ id: number }>("INSERT INTO refunds (order_id, payment_transaction_id, amount_kobo) VALUES ($1, $2, 1000) RETURNING id", [orderId, attemptId])
    ).rows[0].id;
    const error = vi.spyOn(log(), "error");
    try {
      expect(await processQueuedRefunds(api.db)).toMatchObject({ failed: 1 });
      expect(error.mock.calls.some((c) => String(c[1]).includes("REFUND FAILED"))).toBe(true);
    } finally {
      error.mockRestore();
    }
    const r = (await api.db.query<{ status: string; last_error: string }>("SELECT status, last_error FROM refunds WHERE id = $1", [id])).rows[0];
    expect(r).toMatchObject({ status: "failed", last_error: expect.stringMatching(/not been paid/) });
    // An outage that outlasts every retry is reported too.
    const late = (
      await api.db.query<{ id: number }>(
        `INSERT INTO refunds (order_id, payment_transaction_id, amount_kobo, attempts) VALUES ($1, $2, 1000, ${MAX_REFUND_ATTEMPTS - 1}) RETURNING id`,
        [orderId, attemptId],
      )
    ).rows[0].id;
    setPaystack(paystack.secretKey, "http://127.0.0.1:9");
    try {
      expect(await processQueuedRefunds(api.db)).toMatchObject({ failed: 1, retried: 0 });
    } finally {
      setPaystack(paystack.secretKey, paystack.url);
    }
    expect((await api.db.query<{ status: string }>("SELECT status FROM refunds WHERE id = $1", [late])).rows[0].status).toBe("failed");
  });

  it("keeps the order and answers a clear 503 when Paystack is down during make; a retry works once it is back", async () => {
    const me = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    setPaystack(paystack.secretKey, "http://127.0.0.1:9");
    let r;
    try {
      r = await make(orderId, { token: me.token });
    } finally {
      setPaystack(paystack.secretKey, paystack.url);
    }
    expect(r.status).toBe(503);
    expect(r.body.detail).toMatch(/order is saved/);
    expect(await orderRow(orderId)).toEqual({ order_payment_status: "Pending", order_payment_method: "CardPayment" });
    const failed = await api.db.query<{ payment_status: string; provider_status: string }>("SELECT payment_status, provider_status FROM payment_transactions WHERE order_id = $1", [orderId]);
    expect(failed.rows).toEqual([{ payment_status: "Failed", provider_status: "initialize_failed" }]);
    const retry = await make(orderId, { token: me.token });
    expect(retry.status).toBe(201);
    // Paystack down while the success page confirms: still a 200, Pending, with a message; nothing marked.
    await press(retry.body.data.authorization_url, "decline");
    setPaystack(paystack.secretKey, "http://127.0.0.1:9");
    let c;
    try {
      c = await confirm(retry.body.data.reference, orderId);
    } finally {
      setPaystack(paystack.secretKey, paystack.url);
    }
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ paid: false, status: "Pending", message: expect.stringMatching(/could not reach/) });
    await new Promise((r) => setTimeout(r, 1_050));
    expect((await confirm(retry.body.data.reference, orderId)).body).toMatchObject({ paid: false, status: "Failed" });
  });

  it("confirm_payment answers 400 at once for missing ids, 404 for a reference of another order", async () => {
    const me = await makeUser(api);
    const a = await cardOrder(me.id);
    const b = await cardOrder(me.id);
    const { reference } = (await make(a.orderId, { token: me.token })).body.data;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 200 }, () => confirm(null, null)));
    expect(answers.every((x) => x.status === 400 && x.body.tx_ref && x.body.order_id)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await confirm(reference, "not-a-uuid")).body).toEqual({ order_id: ["Must be a valid order id."] });
    expect((await confirm("", a.orderId)).status).toBe(400);
    expect((await confirm(reference, b.orderId)).status).toBe(404);
    expect((await confirm("ord-nope", a.orderId)).status).toBe(404);
    const missing = await api.call("/payments/paystack/confirm_payment/", { method: "PATCH", json: {} });
    expect(missing.status).toBe(400);
  });

  it("lets only the buyer (or an admin) pay a member's order, and the token holder pay a guest order", async () => {
    const me = await makeUser(api);
    const other = await makeUser(api);
    const { orderId } = await cardOrder(me.id);
    expect((await make(orderId)).status).toBe(401);
    expect((await make(orderId, { token: other.token })).status).toBe(404);
    expect((await api.call(`/payments/order/${orderId}/transaction/`, { token: other.token })).status).toBe(404);
    const guest = await cardOrder(null);
    expect((await make(guest.orderId)).status).toBe(404);
    expect((await make(guest.orderId, { guest: "wrong" })).status).toBe(404);
    const ok = await make(guest.orderId, { guest: guestTokenFor(guest.orderId) });
    expect(ok.status).toBe(201);
    const tx = paystack.transaction(ok.body.data.reference)!;
    expect(tx.email).toBe("guest.buyer@example.com");
    expect(tx.callback_url).toBe(`http://localhost:3000/checkout/payment/success?order_id=${guest.orderId}&g=y`);
    // Guests pay and confirm like members.
    await press(ok.body.data.authorization_url, "pay");
    expect((await confirm(ok.body.data.reference, guest.orderId)).body).toMatchObject({ paid: true });
    const mail = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = 'guest.buyer@example.com' AND text_body LIKE '%' || $1 || '%'", [guest.orderId]);
    expect(mail.rows[0].text_body).toContain(`/orders/${guest.orderId}?t=${encodeURIComponent(guestTokenFor(guest.orderId))}`);
  });

  it("switches an unpaid order to pay on delivery; money that still arrives for it is kept as a card payment, a second payment is refunded", async () => {
    const me = await makeUser(api);
    const { orderId, cartId } = await cardOrder(me.id);
    const first = (await make(orderId, { token: me.token })).body.data;
    const second = (await make(orderId, { token: me.token })).body.data;
    const sw = await api.call("/payments/paystack/switch_to_pod/", { method: "PATCH", token: me.token, json: { order_id: orderId } });
    expect(sw.status).toBe(200);
    expect(sw.body).toMatchObject({ order_id: orderId, paid: false, order_payment_method: "PayOnDelivery", order_payment_status: "Pending" });
    expect(await count("SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1", [cartId])).toBe(0);
    // The shopper had both Paystack tabs open and pays both.
    await press(first.authorization_url, "pay");
    await press(second.authorization_url, "pay");
    expect((await confirm(first.reference, orderId)).body).toMatchObject({ paid: true, status: "Complete" });
    expect(await orderRow(orderId)).toEqual({ order_payment_status: "Complete", order_payment_method: "CardPayment" });
    const dup = await confirm(second.reference, orderId);
    expect(dup.body).toMatchObject({ paid: true, status: "Complete" });
    await paystack.idle();
    // The webhooks are answered 200 first and reconciled after, in whatever order they arrive: the
    // payment settled first pays the order and the other one is refunded, whichever that is.
    const refunds = await waitFor("the duplicate payment's refund", async () => {
      const r = await api.db.query<{ reference: string; amount_kobo: number; reason: string; order_item_id: string | null }>(
        "SELECT p.reference, r.amount_kobo, r.reason, r.order_item_id FROM refunds r JOIN payment_transactions p ON p.id = r.payment_transaction_id WHERE p.reference = ANY($1::text[])",
        [[first.reference, second.reference]],
      );
      return r.rows.length ? r : null;
    });
    expect(refunds.rows).toHaveLength(1);
    const refunded = refunds.rows[0].reference;
    expect(refunds.rows).toEqual([{ reference: refunded, amount_kobo: (await attemptRow(refunded)).amount_kobo, reason: expect.stringMatching(/Duplicate payment/), order_item_id: null }]);
    expect(await paidMails(orderId)).toBe(1);
    // Paid orders cannot switch.
    expect((await api.call("/payments/paystack/switch_to_pod/", { method: "PATCH", token: me.token, json: { order_id: orderId } })).status).toBe(400);
  });

  // ---- money edge cases: the amount due changes after a payment page was opened -------------------

  const dueOf = async (orderId: string) =>
    (await api.db.query<{ due: number }>("SELECT order_total_kobo + shipping_kobo AS due FROM orders WHERE id = $1", [orderId])).rows[0].due;
  const itemsOf = async (orderId: string) =>
    (
      await api.db.query<{ id: string; total: number }>(
        "SELECT id::text AS id, item_price_kobo * quantity AS total FROM order_items WHERE order_id = $1 ORDER BY created_at, id",
        [orderId],
      )
    ).rows;
  const refundsOf = async (orderId: string) =>
    (
      await api.db.query<{ id: number; order_item_id: string | null; amount_kobo: number; reason: string; kind: string; status: string; provider_refund_id: string | null }>(
        "SELECT id, order_item_id::text AS order_item_id, amount_kobo, reason, kind, status, provider_refund_id FROM refunds WHERE order_id = $1 ORDER BY id",
        [orderId],
      )
    ).rows;

  it("a payment started before items were cancelled pays the order, and what it brought above the new amount due is refunded", async () => {
    const me = await makeUser(api);
    const { orderId, due } = await cardOrder(me.id);
    const stale = (await make(orderId, { token: me.token })).body.data;
    expect(paystack.transaction(stale.reference)?.amount).toBe(due);
    // The shopper cancels an item before paying: the amount due drops.
    const [first] = await itemsOf(orderId);
    const c = await api.call(`/orders/${first.id}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Financial Constraint" } });
    expect(c.status).toBe(200);
    const newDue = await dueOf(orderId);
    expect(newDue).toBeLessThan(due);
    // Complete Payment now starts a new attempt for the new amount (the earlier one is never offered
    // again); the earlier attempt stays Pending, so money paid on its page is still found.
    const fresh = (await make(orderId, { token: me.token })).body.data;
    expect(fresh.reference).toMatch(/-2-/);
    expect(paystack.transaction(fresh.reference)?.amount).toBe(newDue);
    expect(await attemptRow(stale.reference)).toMatchObject({ payment_status: "Pending", amount_kobo: due });

    // But the old Paystack tab was still open, and the shopper pays the old, higher amount there.
    await press(stale.authorization_url, "pay");
    const r = await confirm(stale.reference, orderId);
    expect(r.body).toMatchObject({ paid: true, status: "Complete", order_payment_status: "Complete" });
    expect(await paidEvents(orderId)).toBe(1);
    // The difference is queued for a refund in the same transaction, never kept.
    const excess = due - newDue;
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ order_item_id: null, amount_kobo: excess, kind: "overpayment", reason: expect.stringMatching(/^Overpayment: .* was paid while .* was due \(items were cancelled/) }),
    ]);
    // ... and reaches Paystack without waiting for the job; once processed, the payment itself stays
    // Complete (only part of it went back) and so does the order (its remaining item is paid for).
    await waitFor("the excess to be refunded at Paystack", async () => (paystack.transaction(stale.reference)?.refunded ?? 0) === excess);
    await paystack.idle();
    await waitFor("refund.processed", async () => (await refundsOf(orderId))[0].status === "processed");
    expect((await attemptRow(stale.reference)).payment_status).toBe("Complete");
    expect((await orderRow(orderId)).order_payment_status).toBe("Complete");
    const mail = await api.db.query<{ text_body: string }>(
      "SELECT text_body FROM mail_queue WHERE subject LIKE 'Payment received%' AND text_body LIKE '%' || $1 || '%'",
      [orderId],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].text_body).toMatch(/To be refunded: ₦/);
    // The new page, paid as well, is a duplicate payment: refunded in full.
    await press(fresh.authorization_url, "pay");
    expect((await confirm(fresh.reference, orderId)).body).toMatchObject({ paid: true, status: "Complete" });
    expect((await refundsOf(orderId)).map((x) => [x.kind, x.amount_kobo])).toEqual([
      ["overpayment", excess],
      ["payment", newDue],
    ]);
  });

  it("a payment for less than the current amount due (items added after it was started) never pays the order and is reported", async () => {
    const me = await makeUser(api);
    const { orderId, due } = await cardOrder(me.id);
    const started = (await make(orderId, { token: me.token })).body.data;
    const [, , extra] = await inStockProducts(api.db, 3);
    const add = await api.call(`/orders/${orderId}/orderitems/create/`, { token: me.token, json: { product_id: extra, quantity: 1 } });
    expect(add.status).toBe(201);
    const newDue = await dueOf(orderId);
    expect(newDue).toBeGreaterThan(due);
    const error = vi.spyOn(log(), "error");
    try {
      await press(started.authorization_url, "pay");
      const r = await confirm(started.reference, orderId);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ paid: false, status: "Failed", order_payment_status: "Pending" });
      await paystack.idle();
      expect(error.mock.calls.some((c) => String(c[1]).includes("LESS than the order's amount due"))).toBe(true);
    } finally {
      error.mockRestore();
    }
    const a = await attemptRow(started.reference);
    expect(a).toMatchObject({ payment_status: "Failed", provider_status: "mismatch" });
    expect(a.provider_payload).toMatchObject({ reason: "less than the amount due", due: { amount: newDue }, verify: { status: "success", amount: due } });
    expect(await paidEvents(orderId)).toBe(0);
    expect(await paidMails(orderId)).toBe(0);
    // The shopper can pay the full amount with a new attempt.
    const again = (await make(orderId, { token: me.token })).body.data;
    expect(paystack.transaction(again.reference)?.amount).toBe(newDue);
    await press(again.authorization_url, "pay");
    expect((await confirm(again.reference, orderId)).body).toMatchObject({ paid: true, status: "Complete", amount: newDue / 100 });
  });

  it("cancelling every item of a card-paid order refunds the shipping too, queued with the last cancellation, once; the order is Refunded when all are processed", async () => {
    const me = await makeUser(api);
    const { orderId, due } = await cardOrder(me.id);
    const { authorization_url, reference } = (await make(orderId, { token: me.token })).body.data;
    await press(authorization_url, "pay");
    expect((await confirm(reference, orderId)).body.paid).toBe(true);
    await paystack.idle();
    const items = await itemsOf(orderId);
    await api.db.query("UPDATE orders SET customer_email = $2 WHERE id = $1", [orderId, me.email]); // as a placement through the API sets it
    const cancel = (id: string) => api.call(`/orders/${id}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Financial Constraint" } });
    // Refund webhooks are held back, so each refund is settled when this test says.
    paystack.setWebhookUrl(undefined);
    try {
      expect((await cancel(items[0].id)).status).toBe(200);
      expect((await refundsOf(orderId)).map((x) => x.kind)).toEqual(["item"]);
      // The last item, cancelled twice at once, and once more later.
      const [a, b] = await Promise.all([cancel(items[1].id), cancel(items[1].id)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await cancel(items[1].id)).status).toBe(200);
      const rows = await refundsOf(orderId);
      expect(rows.map((x) => [x.kind, x.order_item_id, x.amount_kobo])).toEqual([
        ["item", items[0].id, items[0].total],
        ["item", items[1].id, items[1].total],
        ["shipping", null, SHIPPING],
      ]);
      expect(rows[2].reason).toBe("Shipping of a fully cancelled shipment");
      // All of it goes back to the card: the items and the shipping are everything that was paid.
      await waitFor("every refund to reach Paystack", async () => (await refundsOf(orderId)).every((x) => x.provider_refund_id));
      expect(paystack.transaction(reference)?.refunded).toBe(due);
      await paystack.idle();
    } finally {
      paystack.setWebhookUrl(hook());
    }
    const rows = await refundsOf(orderId);
    const processed = (row: { provider_refund_id: string | null }) =>
      paystack.deliveries.find((d) => d.event === "refund.processed" && String(JSON.parse(d.body).data.id) === row.provider_refund_id)!;
    const deliver = async (row: { id: number; provider_refund_id: string | null }) => {
      const d = processed(row);
      const r = await api.fetch("/webhooks/paystack", { method: "POST", body: d.body, headers: { "x-paystack-signature": signWebhook(d.body, paystack.secretKey) } });
      expect(r.status).toBe(200);
      await waitFor("the refund to be processed", async () => (await refundsOf(orderId)).find((x) => x.id === row.id)?.status === "processed");
    };
    // Both items refunded, the shipping not yet: the order is not Refunded.
    await deliver(rows[0]);
    await deliver(rows[1]);
    expect((await orderRow(orderId)).order_payment_status).toBe("Complete");
    expect((await attemptRow(reference)).payment_status).toBe("Complete");
    await deliver(rows[2]);
    await waitFor("the order to be Refunded", async () => (await orderRow(orderId)).order_payment_status === "Refunded");
    expect((await attemptRow(reference)).payment_status).toBe("Refunded");
    expect(await count("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'refunded' AND order_item_id IS NULL", [orderId])).toBe(1);
    // The shopper was told: the last cancellation e-mail names the shipping refund; one refunded e-mail per refund.
    const cancelled = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%was cancelled%' ORDER BY id", [me.email]);
    expect(cancelled.rows.filter((m) => m.text_body.includes(orderId))).toHaveLength(2);
    expect(cancelled.rows.filter((m) => /also refunding the shipping fee of ₦3,500/.test(m.text_body))).toHaveLength(1);
    const num = orderId.split("-")[0].toUpperCase();
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE 'Your refund%' AND text_body LIKE '%' || $1 || '%'", [num])).toBe(3);
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE text_body LIKE '%the shipping fee of order #' || $1 || '%'", [num])).toBe(1);
  });
});
