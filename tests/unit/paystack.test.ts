/**
 * The Paystack client against the local stand-in, over real HTTP: initialize, the hosted page and
 * its three buttons, verify, refunds, signed webhooks with retries, and the paid-only-if rule.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpPaystack, PaystackError, paysFor } from "~/integrations/paystack/client.server";
import { signWebhook, verifyWebhookSignature } from "~/integrations/paystack/signature.server";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";

interface Received {
  body: string;
  signature: string | undefined;
}

/** A webhook receiver that answers the statuses given, in order, then 200. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: req.headers["x-paystack-signature"] as string | undefined });
    res.writeHead(statuses.shift() ?? 200);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let standin: PaystackStandin;
let paystack: HttpPaystack;
let hook: Awaited<ReturnType<typeof receiver>>;
let n = 0;
const ref = () => `test-${Date.now()}-${++n}`;

beforeAll(async () => {
  hook = await receiver();
  standin = await startPaystackStandin({ webhookUrl: hook.url, retryDelaysMs: [20, 20, 20], refundDelayMs: 20 });
  paystack = new HttpPaystack({ secretKey: standin.secretKey, baseUrl: standin.url });
});
afterAll(async () => {
  await standin.close();
  await hook.close();
});

async function start(amount = 1_250_000, metadata: Record<string, unknown> = {}) {
  const reference = ref();
  const init = await paystack.initialize({
    email: "ada@example.com",
    amount,
    reference,
    callback_url: "http://shop.test/checkout/payment/success?order_id=42",
    metadata: { order_id: 42, cancel_action: "http://shop.test/checkout/payment?cancelled=1", ...metadata },
  });
  return { reference, init };
}

async function press(authorizationUrl: string, button: "pay" | "decline" | "cancel") {
  return fetch(`${authorizationUrl}/${button}`, { method: "POST", redirect: "manual" });
}

describe("Paystack client and stand-in", () => {
  it("initializes with our reference and shows a hosted page with the amount, email and three buttons", async () => {
    const { reference, init } = await start();
    expect(init.reference).toBe(reference);
    expect(init.access_code).toBeTruthy();
    expect(init.authorization_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
    const page = await (await fetch(init.authorization_url)).text();
    expect(page).toContain("₦12,500");
    expect(page).toContain("ada@example.com");
    for (const label of [">Pay<", ">Decline<", ">Cancel payment<"]) expect(page).toContain(label);
    expect(page).not.toContain("<script");
    // Nobody has paid yet: verify says abandoned, and that never pays for the order.
    const tx = await paystack.verify(reference);
    expect(tx?.status).toBe("abandoned");
    expect(paysFor(tx!, { amountKobo: 1_250_000 })).toBe(false);
  });

  it("Pay redirects to the callback with trxref and reference, verifies as success and sends a signed charge.success", async () => {
    const { reference, init } = await start(500_000);
    const res = await press(init.authorization_url, "pay");
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location")!);
    expect(back.pathname).toBe("/checkout/payment/success");
    expect(back.searchParams.get("order_id")).toBe("42");
    expect(back.searchParams.get("trxref")).toBe(reference);
    expect(back.searchParams.get("reference")).toBe(reference);

    const tx = await paystack.verify(reference);
    expect(tx).toMatchObject({ status: "success", amount: 500_000, currency: "NGN", reference, metadata: { order_id: 42 } });
    expect(paysFor(tx!, { amountKobo: 500_000 })).toBe(true);
    expect(paysFor(tx!, { amountKobo: 500_001 })).toBe(false);
    expect(paysFor(tx!, { amountKobo: 500_000, currency: "USD" })).toBe(false);

    await standin.idle();
    const got = hook.received.find((r) => JSON.parse(r.body).data?.reference === reference);
    expect(got).toBeTruthy();
    expect(JSON.parse(got!.body).event).toBe("charge.success");
    expect(verifyWebhookSignature(got!.body, got!.signature, standin.secretKey)).toBe(true);
    expect(verifyWebhookSignature(got!.body, got!.signature, "sk_test_other")).toBe(false);

    // Paying twice is not possible; the page now only states the outcome.
    await press(init.authorization_url, "pay");
    expect(standin.deliveries.filter((d) => d.event === "charge.success" && d.body.includes(reference))).toHaveLength(1);
    expect(await (await fetch(init.authorization_url)).text()).toContain("This payment is success");
  });

  it("Decline leaves the transaction failed; Cancel payment goes to cancel_action and never pays", async () => {
    const a = await start();
    expect((await press(a.init.authorization_url, "decline")).headers.get("location")).toContain(`reference=${a.reference}`);
    expect((await paystack.verify(a.reference))?.status).toBe("failed");

    const b = await start();
    const res = await press(b.init.authorization_url, "cancel");
    expect(res.headers.get("location")).toBe("http://shop.test/checkout/payment?cancelled=1");
    const tx = await paystack.verify(b.reference);
    expect(tx?.status).toBe("abandoned");
    expect(paysFor(tx!, { amountKobo: tx!.amount })).toBe(false);
  });

  it("refuses a duplicate reference, a bad amount and a wrong secret key with Paystack's messages", async () => {
    const { reference } = await start();
    await expect(paystack.initialize({ email: "a@b.co", amount: 100, reference })).rejects.toThrow("Duplicate Transaction Reference");
    await expect(paystack.initialize({ email: "a@b.co", amount: 0, reference: ref() })).rejects.toBeInstanceOf(PaystackError);
    const wrongKey = new HttpPaystack({ secretKey: "sk_test_wrong", baseUrl: standin.url });
    await expect(wrongKey.verify(reference)).rejects.toMatchObject({ status: 401 });
    expect(await paystack.verify("no-such-reference")).toBeNull();
  });

  it("reports an unreachable Paystack as a PaystackError with status 0", async () => {
    const down = new HttpPaystack({ secretKey: "sk_test_x", baseUrl: "http://127.0.0.1:9", timeoutMs: 2_000 });
    await expect(down.verify("x")).rejects.toMatchObject({ name: "PaystackError", status: 0 });
  });

  it("refunds a paid transaction (refund.pending then refund.processed), and never more than was paid", async () => {
    const { reference, init } = await start(300_000);
    await expect(paystack.refund({ transaction: reference })).rejects.toThrow(/not been paid/);
    await press(init.authorization_url, "pay");
    const partial = await paystack.refund({ transaction: reference, amount: 100_000 });
    expect(partial).toMatchObject({ status: "pending", amount: 100_000, transaction: { reference } });
    await expect(paystack.refund({ transaction: reference, amount: 200_001 })).rejects.toBeInstanceOf(PaystackError);
    await paystack.refund({ transaction: reference });
    await standin.idle();
    const events = standin.deliveries.filter((d) => d.body.includes(reference)).map((d) => d.event);
    expect(events.filter((e) => e === "refund.pending")).toHaveLength(2);
    expect(events.filter((e) => e === "refund.processed")).toHaveLength(2);
    expect((await paystack.verify(reference))?.status).toBe("reversed");
  });

  it("retries a webhook the receiver failed, until it answers 200", async () => {
    const flaky = await receiver([500, 503]);
    const s = await startPaystackStandin({ webhookUrl: flaky.url, retryDelaysMs: [10, 10, 10] });
    try {
      const client = new HttpPaystack({ secretKey: s.secretKey, baseUrl: s.url });
      const init = await client.initialize({ email: "b@example.com", amount: 10_000, reference: ref() });
      await press(init.authorization_url, "pay");
      await s.idle();
      expect(flaky.received).toHaveLength(3);
      expect(s.deliveries[0]).toMatchObject({ event: "charge.success", attempts: 3, delivered: true, lastStatus: 200 });
      // Every attempt carries the same body and a valid signature (receivers dedupe on event + reference).
      expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
      for (const r of flaky.received) expect(verifyWebhookSignature(r.body, r.signature, s.secretKey)).toBe(true);
    } finally {
      await s.close();
      await flaky.close();
    }
  });
});

describe("webhook signatures", () => {
  it("accept only the HMAC-SHA512 of the exact raw body", () => {
    const body = '{"event":"charge.success","data":{"reference":"r1","amount":100}}';
    const sig = signWebhook(body, "sk_test_key");
    expect(sig).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyWebhookSignature(body, sig, "sk_test_key")).toBe(true);
    expect(verifyWebhookSignature(body, sig.toUpperCase(), "sk_test_key")).toBe(true);
    expect(verifyWebhookSignature(body.replace("100", "1000"), sig, "sk_test_key")).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), sig, "sk_test_key")).toBe(false);
    expect(verifyWebhookSignature(body, sig.slice(0, 64), "sk_test_key")).toBe(false);
    expect(verifyWebhookSignature(body, null, "sk_test_key")).toBe(false);
    expect(verifyWebhookSignature(body, "zz".repeat(64), "sk_test_key")).toBe(false);
  });
});
