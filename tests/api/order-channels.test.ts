/**
 * Order updates by SMS and WhatsApp: a paid card order's messages land in the
 * stand-ins' outboxes for a shopper who chose those channels, none for one who did not; the
 * channel choices need a verified phone; a STOP reply through the webhooks opts the number out.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { recordEvent } from "~/api/notifications/commands.server";
import { buyerNotice, storeNotices } from "~/api/notifications/events.server";
import { resetEnvCache } from "~/config.server";
import { createOrder, createProduct, createStore } from "~/db/seed/factories";
import { gsm7Length } from "~/domain/phone";
import { inStockProducts } from "../guards/fixtures";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { payCardOrder as payOrder, shopperWithPhone, usePaystackStandin } from "./order-messages-helpers";
import { smsTo, whatsappTo } from "./phone-helpers";

/** A shopper with a verified phone and the given channels. */
const shopper = (api: TestApi, channels: { sms: boolean; whatsapp: boolean }) => shopperWithPhone(api, { firstName: "Chidi", phonePrefix: "0802", channels });

describe.each(engines())("order updates by SMS and WhatsApp on %s", (engine) => {
  const api = useApi(engine);
  usePaystackStandin();

  const payCardOrder = (userId: number, token: string) =>
    payOrder(api, userId, token, {
      delivery_address: { receiver_first_name: "Chidi", receiver_last_name: "Eze", street_address: "4 Awolowo Road", city: "Ikoyi", state: "Lagos", email: "chidi@example.com" },
    });

  it("a paid order texts and WhatsApps a shopper who opted in, and nobody who opted out", async () => {
    const yes = await shopper(api, { sms: true, whatsapp: true });
    const no = await shopper(api, { sms: false, whatsapp: false });
    const paidYes = await payCardOrder(yes.id, yes.token);
    await payCardOrder(no.id, no.token);

    const number = `#${paidYes.split("-")[0].toUpperCase()}`;
    const sms = await smsTo(api, yes.phone.e164);
    const paidSms = sms.find((m) => m.text?.includes("we got your payment"));
    expect(paidSms?.text).toContain(`Hi Chidi, we got your payment of N`);
    expect(paidSms?.text).toContain(`order ${number}`);
    expect(paidSms?.text).toContain(`/users/orders/${paidYes}`);
    expect(gsm7Length(paidSms!.text!)).toBeLessThanOrEqual(160);
    const wa = await whatsappTo(api, yes.phone.e164);
    expect(wa.find((m) => m.template === "order_paid")?.params).toEqual(["Chidi", number, expect.stringMatching(/^₦/), expect.stringContaining(`/users/orders/${paidYes}`)]);

    expect(await smsTo(api, no.phone.e164)).toEqual([]);
    expect(await whatsappTo(api, no.phone.e164)).toEqual([]);
  });

  it("SMS and WhatsApp need a verified phone; STOP through the webhooks opts the number out", async () => {
    const plain = await makeUser(api);
    const refused = await api.call(`/users/${plain.id}/channels/`, { method: "PUT", token: plain.token, json: { email: true, sms: true, whatsapp: false } });
    expect(refused).toMatchObject({ status: 400, body: { sms: ["Verify a phone number first to get updates by SMS or WhatsApp."] } });
    // A missing or non-boolean field is a 400 naming it, and changes nothing (never "off").
    const u0 = await shopper(api, { sms: true, whatsapp: false });
    const empty = await api.call(`/users/${u0.id}/channels/`, { method: "PUT", token: u0.token, json: {} });
    expect(empty).toMatchObject({ status: 400, body: { email: [expect.any(String)], sms: [expect.any(String)], whatsapp: [expect.any(String)] } });
    const wrong = await api.call(`/users/${u0.id}/channels/`, { method: "PUT", token: u0.token, json: { email: "no", sms: true, whatsapp: false } });
    expect(wrong).toMatchObject({ status: 400, body: { email: ["Must be true or false."] } });
    expect(Object.keys(wrong.body as object)).toEqual(["email"]);
    expect((await api.call(`/users/${u0.id}/channels/`, { token: u0.token })).body).toMatchObject({ email: true, sms: true, whatsapp: false });
    // Someone else's channels: refused.
    expect((await api.call(`/users/${plain.id}/channels/`, { token: (await makeUser(api)).token })).status).toBe(403);

    const u = await shopper(api, { sms: true, whatsapp: true });
    const hub = {
      object: "whatsapp_business_account",
      entry: [{ changes: [{ field: "messages", value: { messages: [{ from: u.phone.e164.slice(1), type: "text", text: { body: "Stop" } }] } }] }],
    };
    const r = await api.call("/webhooks/whatsapp", { method: "POST", json: hub });
    expect(r).toMatchObject({ status: 200, body: { opted_out: 1 } });
    expect((await api.call(`/users/${u.id}/channels/`, { token: u.token })).body).toMatchObject({ sms: true, whatsapp: false });

    const s = await api.call("/webhooks/sms", { method: "POST", json: { from: u.phone.e164.slice(1), text: "STOP" } });
    expect(s).toMatchObject({ status: 200, body: { opted_out: 1 } });
    expect((await api.call(`/users/${u.id}/channels/`, { token: u.token })).body).toMatchObject({ email: true, sms: false, whatsapp: false });

    // An opted-out shopper's paid order sends nothing on those channels.
    await payCardOrder(u.id, u.token);
    expect(await smsTo(api, u.phone.e164)).toEqual([]);
    expect(await whatsappTo(api, u.phone.e164)).toEqual([]);
  });

  it("outside development the SMS and WhatsApp webhooks refuse unsigned messages (403) while their secret is unset; signed ones opt out", async () => {
    const u = await shopper(api, { sms: true, whatsapp: true });
    const hub = JSON.stringify({ object: "whatsapp_business_account", entry: [{ changes: [{ field: "messages", value: { messages: [{ from: u.phone.e164.slice(1), type: "text", text: { body: "STOP" } }] } }] }] });
    const sms = { from: u.phone.e164.slice(1), text: "STOP" };
    const keys = ["NODE_ENV", "WHATSAPP_APP_SECRET", "WHATSAPP_TOKEN", "SMS_WEBHOOK_TOKEN", "TERMII_API_KEY"] as const;
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    const setEnv = (vars: Partial<Record<(typeof keys)[number], string>>) => {
      for (const k of keys) delete process.env[k];
      Object.assign(process.env, vars);
      resetEnvCache();
    };
    const postHub = (headers: Record<string, string> = {}) =>
      api.call("/webhooks/whatsapp", { method: "POST", body: hub, headers: { "content-type": "application/json", ...headers } });
    try {
      setEnv({ NODE_ENV: "production" });
      expect(await postHub()).toMatchObject({ status: 403, body: { detail: "This webhook is not configured." } });
      expect(await api.call("/webhooks/sms", { method: "POST", json: sms })).toMatchObject({ status: 403, body: { detail: "This webhook is not configured." } });
      expect((await api.call(`/users/${u.id}/channels/`, { token: u.token })).body).toMatchObject({ sms: true, whatsapp: true });

      setEnv({ NODE_ENV: "production", WHATSAPP_APP_SECRET: "app-secret", SMS_WEBHOOK_TOKEN: "sms-token" });
      expect((await postHub()).status).toBe(401);
      expect((await postHub({ "x-hub-signature-256": `sha256=${crypto.createHmac("sha256", "wrong").update(hub).digest("hex")}` })).status).toBe(401);
      expect((await api.call("/webhooks/sms?token=nope", { method: "POST", json: sms })).status).toBe(401);
      expect((await api.call(`/users/${u.id}/channels/`, { token: u.token })).body).toMatchObject({ sms: true, whatsapp: true });
      const signed = await postHub({ "x-hub-signature-256": `sha256=${crypto.createHmac("sha256", "app-secret").update(hub).digest("hex")}` });
      expect(signed).toMatchObject({ status: 200, body: { opted_out: 1 } });
      expect(await api.call("/webhooks/sms?token=sms-token", { method: "POST", json: sms })).toMatchObject({ status: 200, body: { opted_out: 1 } });
      expect((await api.call(`/users/${u.id}/channels/`, { token: u.token })).body).toMatchObject({ sms: false, whatsapp: false });
    } finally {
      for (const k of keys) delete process.env[k];
      Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
      resetEnvCache();
    }
  });

  it("shipped, delivered and whole-order cancellations reach the shopper; one cancelled line does not; the store's owner gets New order", async () => {
    const buyer = await shopper(api, { sms: true, whatsapp: false });
    const owner = await shopper(api, { sms: true, whatsapp: true });
    const store = await createStore(api.db, { owner_id: owner.id, name: "Ikeja Roofing Depot" });
    const [a] = await inStockProducts(api.db, 1);
    const order = await createOrder(api.db, { user_id: buyer.id, items: [{ product_id: a, quantity: 1 }], payment_method: "PayOnDelivery", shipping_kobo: 150_000 });
    const number = `#${order.id.split("-")[0].toUpperCase()}`;
    // Each change in its own send window (flushed in between): each its own message.
    await api.db.tx(async (tx) => {
      await recordEvent(tx, { notices: [buyerNotice(buyer.id, order.id, "order_placed", { title: "order_placed", params: { number: "BM-1" } }), ...storeNotices([store], order.id, "order_placed", { title: "store_new_order", params: { number: "BM-1" } })] });
      await recordEvent(tx, { notices: [buyerNotice(buyer.id, order.id, "item_cancelled", { title: "item_cancelled", params: { number: "BM-1" } })] }); // the order still has an active line
    });
    await smsTo(api, buyer.phone.e164);
    await recordEvent(api.db, { notices: [buyerNotice(buyer.id, order.id, "order_shipped", { title: "order_shipped", params: { number: "BM-1" } })] });
    await smsTo(api, buyer.phone.e164);
    await recordEvent(api.db, { notices: [buyerNotice(buyer.id, order.id, "order_delivered", { title: "order_delivered", params: { number: "BM-1" } })] });
    const texts = (await smsTo(api, buyer.phone.e164)).map((m) => m.text!);
    expect(texts).toEqual([
      expect.stringContaining(`order ${number} (`),
      expect.stringContaining("is on its way"),
      expect.stringContaining("was delivered"),
    ]);
    expect(texts[0]).toMatch(/is placed/);
    expect(await whatsappTo(api, buyer.phone.e164)).toEqual([]); // WhatsApp not chosen
    const ownerSms = await smsTo(api, owner.phone.e164);
    // The store's name when it fits beside the whole link (here it does not: the link is never cut).
    expect(ownerSms.map((m) => m.text)).toEqual([expect.stringMatching(new RegExp(`^New order ${number}( for Ikeja Roofing Depot)?: N[\\d,.]+\\. Open it: http\\S+/orders/${order.id}$`))]);
    expect((await whatsappTo(api, owner.phone.e164)).map((m) => m.template)).toEqual(["order_new_order"]);

    await api.db.query("UPDATE order_items SET status = 'Cancelled' WHERE order_id = $1", [order.id]);
    await recordEvent(api.db, { notices: [buyerNotice(buyer.id, order.id, "item_cancelled", { title: "order_cancelled", params: { number: "BM-1" } })] });
    expect((await smsTo(api, buyer.phone.e164)).at(-1)?.text).toContain("was cancelled");
  });

  it("a store's shipment messages name the store and carry its amount; changes inside the send window become one message, and a state already overtaken is never sent", async () => {
    const buyer = await shopper(api, { sms: true, whatsapp: true });
    const owner = await makeUser(api);
    const lagos = await createStore(api.db, { owner_id: owner.id, name: "Lagos Building Depot" });
    const abuja = await createStore(api.db, { owner_id: owner.id, name: "Abuja Roofing Hub", state: "Federal Capital Territory" });
    const cat = (await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1")).rows[0].id;
    const p1 = await createProduct(api.db, { store_id: lagos.id, user_id: owner.id, category_id: cat, selling_price_kobo: 900_000 });
    const p2 = await createProduct(api.db, { store_id: abuja.id, user_id: owner.id, category_id: cat, selling_price_kobo: 2_000_000 });
    const order = await createOrder(api.db, {
      user_id: buyer.id,
      items: [{ product_id: p1.id }, { product_id: p2.id }],
      payment_method: "PayOnDelivery",
      shipping_kobo: 250_000, // on the first store's shipment (Lagos): ₦9,000 + ₦2,500
    });
    // Lagos delivers and records its cash a moment apart: one message with the latest state.
    await recordEvent(api.db, { notices: [buyerNotice(buyer.id, order.id, "order_delivered", { title: "order_delivered", params: { number: "BM-1" } }, lagos.id)] });
    await recordEvent(api.db, { notices: [buyerNotice(buyer.id, order.id, "order_paid", { title: "order_paid", params: { number: "BM-1" } }, lagos.id)] });
    let texts = (await smsTo(api, buyer.phone.e164)).map((m) => m.text!);
    expect(texts).toEqual([expect.stringMatching(/Lagos Building Depot.*delivered.*N11,500 cash/)]);
    expect((await whatsappTo(api, buyer.phone.e164)).map((m) => [m.template, m.params])).toEqual([
      ["order_delivered_cash", ["Chidi", "Lagos Building Depot", "₦11,500", expect.stringContaining(`/users/orders/${order.id}`)]],
    ]);
    // Abuja: "on its way" arrives late, after "delivered" was sent: never sent.
    await recordEvent(api.db, { notices: [buyerNotice(buyer.id, order.id, "order_delivered", { title: "order_delivered", params: { number: "BM-1" } }, abuja.id)] });
    texts = (await smsTo(api, buyer.phone.e164)).map((m) => m.text!);
    expect(texts.at(-1)).toMatch(/Abuja Roofing Hub were delivered/);
    await recordEvent(api.db, { notices: [buyerNotice(buyer.id, order.id, "order_shipped", { title: "order_shipped", params: { number: "BM-1" } }, abuja.id)] });
    const after = (await smsTo(api, buyer.phone.e164)).map((m) => m.text!);
    expect(after).toHaveLength(texts.length);
    expect(after.some((t) => /Abuja Roofing Hub are on their way/.test(t))).toBe(false);
    const superseded = await api.db.query("SELECT 1 FROM sms_queue WHERE to_phone = $1 AND superseded_at IS NOT NULL", [buyer.phone.e164]);
    expect(superseded.rows.length).toBe(2); // Lagos's "delivered" and Abuja's late "on its way"
  });
});
