/**
 * Guest order links have a lifetime (issue 37 item 9; docs/decisions/0029-guest-order-links.md):
 * a link opens its order for GUEST_LINK_DAYS after it was sent, then answers 410 with a detail
 * (not 404, not 500); links from before (no end in them) open until the order's
 * guest_link_legacy_until, else 30 days after placing. POST /orders/guest-link/ sends a fresh
 * link to the order's e-mail and phone when the order number and the contact match, and answers
 * the same whether or not they do; it is rate-limited per order number.
 */
import { describe, expect, it } from "vitest";
import { guestTokenFor, legacyGuestTokenFor } from "~/api/core/guest-token.server";
import { createOrder, createProduct } from "~/db/seed/factories";
import { GUEST_LINK_DAYS, GUEST_LINK_MESSAGES, orderNumber } from "~/domain/order-rules";
import { engines, randomIp, useApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";

const DAY = 86_400_000;

describe.each(engines())("guest order links on %s", (engine) => {
  const api = useApi(engine);

  async function guestOrder(over: { createdDaysAgo?: number; phone?: string } = {}) {
    const c = await vendorCast(api);
    const cat = await firstCategory(api);
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Link cement" });
    const email = `guest-${crypto.randomUUID()}@example.com`;
    const phone = over.phone ?? `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const order = await createOrder(api.db, {
      user_id: null,
      customer_email: email,
      items: [{ product_id: p.id }],
      payment_method: "PayOnDelivery",
      delivery_address: { receiver_first_name: "Ada", receiver_last_name: "Guest", receiver_phone_one: phone, street_address: "1 Marina", city: "Lagos", state: "Lagos", country: "NGA", email },
      created_at: new Date(Date.now() - (over.createdDaysAgo ?? 1) * DAY),
    });
    return { id: order.id, email, phone };
  }

  const open = (id: string, token: string) => api.call(`/orders/${id}/?token=${encodeURIComponent(token)}`);

  it("a link opens its order for its lifetime, then answers 410 with a detail; a forged end is 404", async () => {
    const o = await guestOrder();
    expect((await open(o.id, guestTokenFor(o.id))).status).toBe(200);
    expect((await open(o.id, guestTokenFor(o.id, Date.now() - (GUEST_LINK_DAYS - 1) * DAY))).status).toBe(200);
    const old = guestTokenFor(o.id, Date.now() - (GUEST_LINK_DAYS + 1) * DAY);
    const gone = await open(o.id, old);
    expect(gone.status).toBe(410);
    expect(gone.body.detail).toBe(GUEST_LINK_MESSAGES.expired);
    // The same expired link on the order's other guest routes (payments, returns): 410 too.
    expect((await api.call(`/orders/${o.id}/returns/?token=${encodeURIComponent(old)}`)).status).toBe(410);
    // Moving the end forward breaks the signature: not this order's link at all.
    const forged = `${(Math.floor(Date.now() / 1000) + DAY / 1000).toString(36)}${old.slice(old.indexOf("."))}`;
    expect((await open(o.id, forged)).status).toBe(404);
    // Another order's (live) link: 404 as before.
    const other = await guestOrder();
    expect((await open(o.id, guestTokenFor(other.id))).status).toBe(404);
  });

  it("links from before (no end in them) keep working until the order's legacy end, else 30 days after placing", async () => {
    const recent = await guestOrder({ createdDaysAgo: 10 });
    expect((await open(recent.id, legacyGuestTokenFor(recent.id))).status).toBe(200);
    const placedLongAgo = await guestOrder({ createdDaysAgo: 90 });
    expect((await open(placedLongAgo.id, legacyGuestTokenFor(placedLongAgo.id))).status).toBe(410);
    // What migration 0036 gives every guest order that existed when it ran: 30 days from then.
    await api.db.query("UPDATE orders SET guest_link_legacy_until = now() + interval '30 days' WHERE id = $1", [placedLongAgo.id]);
    expect((await open(placedLongAgo.id, legacyGuestTokenFor(placedLongAgo.id))).status).toBe(200);
    await api.db.query("UPDATE orders SET guest_link_legacy_until = now() - interval '1 minute' WHERE id = $1", [placedLongAgo.id]);
    expect((await open(placedLongAgo.id, legacyGuestTokenFor(placedLongAgo.id))).status).toBe(410);
  });

  it("a fresh link goes to the order's e-mail and phone when the number and the contact match; the answer is the same when they do not", async () => {
    const o = await guestOrder({ createdDaysAgo: 60 });
    const ip = randomIp();
    const ask = (order_number: string, contact: string) => api.call("/orders/guest-link/", { json: { order_number, contact }, ip });
    const mailFor = async () =>
      (await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = $1 ORDER BY id", [o.email])).rows;
    const smsFor = async () => (await api.db.query<{ body: string }>("SELECT body FROM sms_queue WHERE to_phone = $1 ORDER BY id", [o.phone])).rows;

    const miss = await ask(orderNumber(o.id), "someone-else@example.com");
    expect(miss.status).toBe(202);
    expect(await mailFor()).toHaveLength(0);
    expect(await smsFor()).toHaveLength(0);

    const hit = await ask(orderNumber(o.id).toLowerCase(), o.email.toUpperCase());
    expect(hit.status).toBe(202);
    expect(hit.body).toEqual(miss.body);
    const mail = await mailFor();
    expect(mail).toHaveLength(1);
    const token = decodeURIComponent(/\/orders\/[0-9a-f-]{36}\?t=([^\s]+)/.exec(mail[0].text_body)![1]);
    expect((await open(o.id, token)).status).toBe(200);
    const sms = await smsFor();
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain(`/orders/${o.id}?t=`);

    // By the phone number, written the way people type it.
    const local = `0${o.phone.slice(4)}`;
    expect((await ask(o.id, local)).status).toBe(202);
    expect(await smsFor()).toHaveLength(2);
  });

  it("input that cannot be an order number or a contact is a 400 on its field; the 6th ask for one order number in an hour is a 429", async () => {
    const bad = await api.call("/orders/guest-link/", { json: { order_number: "my order", contact: "not a contact" }, ip: randomIp() });
    expect(bad.status).toBe(400);
    expect(bad.body.order_number).toEqual([GUEST_LINK_MESSAGES.orderInvalid]);
    expect(bad.body.contact).toEqual([GUEST_LINK_MESSAGES.contactInvalid]);
    const o = await guestOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.call("/orders/guest-link/", { json: { order_number: orderNumber(o.id), contact: o.email }, ip: randomIp() })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await api.db.query("SELECT 1 FROM mail_queue WHERE to_address = $1", [o.email])).rows).toHaveLength(5);
  });
});
