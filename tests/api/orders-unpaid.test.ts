/**
 * Card orders never paid do not hold stock forever: the job expireUnpaidOrders (app/jobs.server.ts)
 * cancels card orders still unpaid UNPAID_ORDER_TTL_HOURS after placement, after asking Paystack
 * (the local stand-in, configured as real Paystack) about their pending attempts. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { expireUnpaidOrders } from "~/jobs.server";
import { engines, useApi } from "./harness";
import { makeProduct, makeShopper, stockOf } from "./orders-helpers";

function setEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnvCache();
}

describe.each(engines())("unpaid card orders on %s", (engine) => {
  const api = useApi(engine);
  let paystack: PaystackStandin;
  const hook = () => `${api.origin}/api/v1/webhooks/paystack`;

  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: hook(), retryDelaysMs: [50, 100, 200], refundDelayMs: 50 });
    setEnv("PAYSTACK_SECRET_KEY", paystack.secretKey);
    setEnv("PAYSTACK_BASE_URL", paystack.url);
  });
  afterAll(async () => {
    await paystack.idle();
    await paystack.close();
    setEnv("PAYSTACK_SECRET_KEY", undefined);
    setEnv("PAYSTACK_BASE_URL", undefined);
  });

  /** A card order placed through the API by a new shopper: two lines of two fresh products (stock 10 each). */
  async function placeCardOrder() {
    const p = await makeProduct(api, { stock: 10, price_kobo: 1_200_000, size: "small" });
    const q = await makeProduct(api, { stock: 10, price_kobo: 700_000, size: "medium" });
    const me = await makeShopper(api, { state: "Lagos", items: [{ product_id: p.id, quantity: 2 }, { product_id: q.id, quantity: 1 }] });
    const r = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId, order_payment_method: "CardPayment" } });
    expect(r.status).toBe(201);
    expect([await stockOf(api, p.id), await stockOf(api, q.id)]).toEqual([8, 9]);
    return { me, orderId: r.body.id as string, products: [p.id, q.id] };
  }

  /** Placed `hours` ago (and not touched since). */
  const age = (orderId: string, hours: number) =>
    api.db.query("UPDATE orders SET created_at = now() - make_interval(hours => $2), updated_at = now() - make_interval(hours => $2) WHERE id = $1", [orderId, hours]);
  /** The job's lease on a claimed order has run out (another run may look at it again). */
  const leaseOver = (orderId: string) => api.db.query("UPDATE orders SET updated_at = now() - interval '10 minutes' WHERE id = $1", [orderId]);

  const make = (orderId: string, token: string) => api.call("/payments/paystack/make/", { token, json: { order_id: orderId } });
  const confirm = (reference: string, orderId: string) =>
    api.call("/payments/paystack/confirm_payment", { method: "PATCH", json: { reference, order_id: orderId } });
  async function press(authorizationUrl: string, button: "pay" | "decline") {
    const page = await (await fetch(authorizationUrl)).text();
    const action = new RegExp(`action="([^"]+/${button})"`).exec(page)?.[1];
    expect(action).toBeTruthy();
    await fetch(action!.replace(/&amp;/g, "&"), { method: "POST", redirect: "manual" });
  }

  const paymentStatus = async (orderId: string) =>
    (await api.db.query<{ s: string }>("SELECT order_payment_status AS s FROM orders WHERE id = $1", [orderId])).rows[0].s;
  const cancelledMails = async (email: string) =>
    (
      await api.db.query<{ text_body: string; html_body: string }>(
        "SELECT text_body, html_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%was cancelled: no payment received'",
        [email],
      )
    ).rows;

  it("cancels card orders unpaid past the TTL: stock back, cancelled events, the shopper e-mailed; leaves paid, pay-on-delivery, younger and still-paying orders", async () => {
    const none = await placeCardOrder(); // never tried to pay
    const declined = await placeCardOrder(); // the card was declined
    const paying = await placeCardOrder(); // the Paystack page is open right now
    const paidUnheard = await placeCardOrder(); // paid, but neither the redirect nor the webhook reached us
    const pod = await placeCardOrder(); // switched to pay on delivery
    const young = await placeCardOrder(); // 47 hours old

    const d = (await make(declined.orderId, declined.me.token)).body.data;
    await press(d.authorization_url, "decline");
    expect((await confirm(d.reference, declined.orderId)).body.status).toBe("Failed");
    const open = (await make(paying.orderId, paying.me.token)).body.data;
    const p = (await make(paidUnheard.orderId, paidUnheard.me.token)).body.data;
    paystack.setWebhookUrl(undefined);
    try {
      await press(p.authorization_url, "pay");
    } finally {
      paystack.setWebhookUrl(hook());
    }
    expect((await api.call("/payments/paystack/switch_to_pod/", { method: "PATCH", token: pod.me.token, json: { order_id: pod.orderId } })).status).toBe(200);
    for (const o of [none, declined, paying, paidUnheard, pod]) await age(o.orderId, 49);
    await age(young.orderId, 47);

    const run = await expireUnpaidOrders(api.db);
    expect(run).toEqual({ checked: 4, cancelled: 2, paid: 1, stillPending: 1, errors: 0 });
    // The never-paid ones: every item cancelled, stock back, payment Cancelled, one e-mail.
    for (const o of [none, declined]) {
      expect(await paymentStatus(o.orderId)).toBe("Cancelled");
      expect([await stockOf(api, o.products[0]), await stockOf(api, o.products[1])]).toEqual([10, 10]);
      const seen = await api.call(`/orders/${o.orderId}/`, { token: o.me.token });
      expect(seen.body.order_payment_status).toBe("Cancelled");
      expect(seen.body.order_items.map((i: { status: string; cancel_reason: string }) => [i.status, i.cancel_reason])).toEqual([
        ["Cancelled", "Payment not received in time"],
        ["Cancelled", "Payment not received in time"],
      ]);
      const cancelledEvents = seen.body.status_history.filter((e: { kind: string }) => e.kind === "cancelled");
      expect(cancelledEvents.map((e: { order_item_id: string }) => e.order_item_id).sort()).toEqual(seen.body.order_items.map((i: { id: string }) => i.id).sort());
      const mails = await cancelledMails(o.me.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text_body).toMatch(/did not receive the card payment of ₦\S+ for your order #[0-9A-F]{8} within 48 hours/);
      expect(mails[0].text_body).toContain(`/users/orders/${o.orderId}`);
      expect(mails[0].html_body).toContain("<table");
      // Nothing is left to pay.
      const again = await make(o.orderId, o.me.token);
      expect(again.status).toBe(400);
      expect(again.body.detail).toMatch(/cancelled/);
    }
    // Paid after all: found by verifying its attempt, kept and paid.
    expect(await paymentStatus(paidUnheard.orderId)).toBe("Complete");
    expect(await stockOf(api, paidUnheard.products[0])).toBe(8);
    // Pay on delivery and the younger order: untouched.
    for (const o of [pod, young]) {
      expect(await paymentStatus(o.orderId)).toBe("Pending");
      expect(await stockOf(api, o.products[0])).toBe(8);
      expect(await cancelledMails(o.me.email)).toEqual([]);
    }
    // The open page was started minutes ago: Paystack calls it abandoned, but the shopper may be on it.
    expect(await paymentStatus(paying.orderId)).toBe("Pending");
    const attempt = async () =>
      (await api.db.query<{ payment_status: string }>("SELECT payment_status FROM payment_transactions WHERE reference = $1", [open.reference])).rows[0].payment_status;
    expect(await attempt()).toBe("Pending");

    // Nothing twice: a second run right away finds nothing to do.
    expect(await expireUnpaidOrders(api.db)).toMatchObject({ checked: 0, cancelled: 0 });

    // Half an hour later the page is still unpaid. Paystack cannot be reached: the order is kept.
    await api.db.query("UPDATE payment_transactions SET created_at = now() - interval '31 minutes' WHERE reference = $1", [open.reference]);
    await leaseOver(paying.orderId);
    setEnv("PAYSTACK_BASE_URL", "http://127.0.0.1:9");
    try {
      expect(await expireUnpaidOrders(api.db)).toMatchObject({ checked: 1, cancelled: 0, stillPending: 1, errors: 1 });
    } finally {
      setEnv("PAYSTACK_BASE_URL", paystack.url);
    }
    expect(await paymentStatus(paying.orderId)).toBe("Pending");
    // Paystack answers again: the attempt is abandoned, the order cancelled.
    await leaseOver(paying.orderId);
    expect(await expireUnpaidOrders(api.db)).toMatchObject({ checked: 1, cancelled: 1 });
    expect(await attempt()).toBe("Abandoned");
    expect(await paymentStatus(paying.orderId)).toBe("Cancelled");
    expect(await stockOf(api, paying.products[0])).toBe(10);
    // If the shopper still pays that old page, the money goes back.
    await press(open.authorization_url, "pay");
    expect((await confirm(open.reference, paying.orderId)).body).toMatchObject({ paid: false, order_payment_status: "Cancelled" });
    const refund = await api.db.query<{ reason: string; amount_kobo: number }>("SELECT reason, amount_kobo FROM refunds WHERE order_id = $1", [paying.orderId]);
    expect(refund.rows).toEqual([{ reason: "Payment received after the order was cancelled", amount_kobo: paystack.transaction(open.reference)!.amount }]);
    await paystack.idle();

    // The TTL is a setting: UNPAID_ORDER_TTL_HOURS.
    const short = await placeCardOrder();
    await age(short.orderId, 3);
    setEnv("UNPAID_ORDER_TTL_HOURS", "2");
    try {
      // this one, and the 47-hour-old one (older than 2 hours too); the demo shopper's card order of an hour ago stays
      expect(await expireUnpaidOrders(api.db)).toMatchObject({ checked: 2, cancelled: 2 });
    } finally {
      setEnv("UNPAID_ORDER_TTL_HOURS", undefined);
    }
    expect(await paymentStatus(short.orderId)).toBe("Cancelled");
    expect(await paymentStatus(young.orderId)).toBe("Cancelled");
    expect((await cancelledMails(short.me.email))[0].text_body).toContain("within 2 hours");
  });

  it("cancels each order once when several servers run the job at once", async () => {
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await placeCardOrder());
    for (const o of orders) await age(o.orderId, 72);
    const runs = await Promise.all([expireUnpaidOrders(api.db), expireUnpaidOrders(api.db), expireUnpaidOrders(api.db)]);
    expect(runs.reduce((n, r) => n + r.cancelled, 0)).toBe(4);
    expect(runs.reduce((n, r) => n + r.errors, 0)).toBe(0);
    for (const o of orders) {
      expect(await paymentStatus(o.orderId)).toBe("Cancelled");
      expect([await stockOf(api, o.products[0]), await stockOf(api, o.products[1])]).toEqual([10, 10]);
      expect(await cancelledMails(o.me.email)).toHaveLength(1);
      const events = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'cancelled'", [o.orderId]);
      expect(events.rows[0].n).toBe(2);
    }
  });
});
