/**
 * Shared by the tests that read what a paid card order sends (order-channels, languages): the
 * Paystack stand-in for the file, a shopper with a verified phone and chosen channels, and a card
 * order paid through the stand-in's checkout page as a shopper would.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { createCart, createOrder } from "~/db/seed/factories";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { inStockProducts } from "../guards/fixtures";
import { makeUser, type TestApi } from "./harness";
import { setPaystack } from "./paystack-helpers";
import { newPhone } from "./phone-helpers";

/** A Paystack stand-in (no webhook) for the tests of a describe block, the app pointed at it. */
export function usePaystackStandin(): () => PaystackStandin {
  let paystack: PaystackStandin | undefined;
  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: undefined, retryDelaysMs: [50], refundDelayMs: 50 });
    setPaystack(paystack.secretKey, paystack.url);
  });
  afterAll(async () => {
    await paystack?.idle();
    await paystack?.close();
    setPaystack(undefined, undefined);
  });
  return () => paystack!;
}

/** A shopper named `firstName` (speaking `lang` when given) with a verified phone and the given channels. */
export async function shopperWithPhone(
  api: TestApi,
  opts: { firstName: string; lang?: string; phonePrefix?: string; channels?: { sms: boolean; whatsapp: boolean } },
) {
  const channels = opts.channels ?? { sms: false, whatsapp: false };
  const u = await makeUser(api, { first_name: opts.firstName });
  const phone = newPhone(opts.phonePrefix);
  await api.db.query("UPDATE users SET phone = $2, phone_verified_at = now(), first_name = $3, language = COALESCE($4, language) WHERE id = $1", [
    u.id,
    phone.e164,
    opts.firstName,
    opts.lang ?? null,
  ]);
  const r = await api.call(`/users/${u.id}/channels/`, { method: "PUT", token: u.token, json: { email: true, ...channels } });
  expect(r).toMatchObject({ status: 200, body: { email: true, ...channels, phone_verified: true, phone: phone.e164 } });
  return { ...u, phone };
}

/** A card order of one in-stock product, paid on the stand-in's page; its id. */
export async function payCardOrder(
  api: TestApi,
  userId: number,
  token: string,
  opts: { quantity?: number; delivery_address?: Parameters<typeof createOrder>[1]["delivery_address"] } = {},
): Promise<string> {
  const [a] = await inStockProducts(api.db, 1);
  const cart = await createCart(api.db, { user_id: userId });
  const order = await createOrder(api.db, {
    user_id: userId,
    items: [{ product_id: a, quantity: opts.quantity ?? 1 }],
    payment_method: "CardPayment",
    shipping_kobo: 250_000,
    ...(opts.delivery_address ? { delivery_address: opts.delivery_address } : {}),
  });
  await api.db.query("UPDATE orders SET source_cart_id = $2 WHERE id = $1", [order.id, cart.id]);
  const made = await api.call("/payments/paystack/make/", { token, json: { order_id: order.id } });
  expect(made.status).toBe(201);
  const page = await (await fetch(made.body.data.authorization_url)).text();
  const action = /action="([^"]+\/pay)"/.exec(page)![1].replace(/&amp;/g, "&");
  const back = new URL((await fetch(action, { method: "POST", redirect: "manual" })).headers.get("location")!);
  const done = await api.call("/payments/paystack/confirm_payment", { method: "PATCH", json: { trx_ref: back.searchParams.get("trxref"), order_id: order.id, payment_status: "Complete" } });
  expect(done.body).toMatchObject({ paid: true });
  return order.id;
}
