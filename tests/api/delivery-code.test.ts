/**
 * The delivery code of a pay-on-delivery shipment (issue 33 item 5, docs/decisions/0025-delivery-code.md):
 * made when the store ships, sent to the buyer (SMS / WhatsApp as chosen, their order page);
 * Delivered only with it; wrong codes refused (400, a message) and counted; after 5 locked until an
 * admin unlocks; an admin may deliver without it with a reason (audited); the store's answers
 * never carry it; concurrent wrong tries never pass the limit.
 */
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/seed/factories";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { engines, useApi, type TestApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";
import { deliveryCodeOf } from "./delivery-code-helpers";
import { shopperWithPhone } from "./order-messages-helpers";
import { smsTo, whatsappTo } from "./phone-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

/** A pay-on-delivery order of one product of the cast's store, shipped by the store (the code is made then). */
async function shippedPod(api: TestApi, c: Cast, buyer: { id: number; email: string } | null = c.shopper, method = "PayOnDelivery") {
  const cat = await firstCategory(api);
  const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Dangote cement 50kg" });
  const order = await createOrder(api.db, {
    user_id: buyer?.id ?? null,
    customer_email: buyer?.email ?? "guest@example.com",
    items: [{ product_id: p.id, quantity: 2 }],
    payment_method: method as "PayOnDelivery",
    ...(method === "CardPayment" ? { payment_status: "Complete" } : {}),
  });
  for (const status of ["Confirmed", "Shipped"]) expect((await move(api, c, order.id, { status })).status).toBe(200);
  return order;
}

const move = (api: TestApi, c: Cast, orderId: string, json: Record<string, unknown>, token = c.member.token) =>
  api.call(`/orders/${c.store.id}/store/${orderId}/status/`, { method: "PATCH", token, json });
const cash = (api: TestApi, c: Cast, orderId: string, json: Record<string, unknown>) =>
  api.call(`/orders/${c.store.id}/store/${orderId}/cash/`, { method: "POST", token: c.member.token, json });
const shipmentRow = async (api: TestApi, orderId: string) =>
  (
    await api.db.query<{ id: number; status: string; delivery_code_attempts: number; locked: boolean }>(
      "SELECT id, status, delivery_code_attempts, delivery_code_locked_at IS NOT NULL AS locked FROM shipments WHERE order_id = $1",
      [orderId],
    )
  ).rows[0];
/** A 4-digit code that is not `code`. */
const wrongFor = (code: string, n = 1) => String((Number(code) + n) % 10_000).padStart(4, "0");

describe.each(engines())("delivery code on %s", (engine) => {
  const api = useApi(engine);

  it("the buyer reads the code on their order, the store never: right code → Delivered once; the same again is a no-op", async () => {
    const c = await vendorCast(api);
    const order = await shippedPod(api, c);
    const code = (await deliveryCodeOf(api.db, order.id, c.store.id))!;
    expect(code).toMatch(/^\d{4}$/);
    // The buyer's answer carries it on the shipment.
    const mine = await api.call(`/orders/${order.id}/`, { token: c.shopper.token });
    expect(mine.body.shipments[0]).toMatchObject({ status: "Shipped", delivery_code: code });
    // The store's answers (its order, its list, the order path as a member, the step's answer): never.
    const storeAnswers = [
      await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.member.token }),
      await api.call(`/orders/${c.store.id}/store`, { token: c.owner.token }),
      await api.call(`/orders/${order.id}/`, { token: c.member.token }),
    ];
    for (const r of storeAnswers) {
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain("delivery_code\":\"");
      expect(JSON.stringify(r.body)).not.toMatch(new RegExp(`"${code}"`));
    }
    expect(storeAnswers[0].body).toMatchObject({ delivery_code_required: true, delivery_code_tries_left: 5, delivery_code_locked: false, next_status: "Delivered" });
    // An admin reading the order does not get it either.
    expect((await api.call(`/orders/${order.id}/`, { token: c.admin.token })).body.shipments[0].delivery_code ?? null).toBeNull();

    const ok = await move(api, c, order.id, { status: "Delivered", delivery_code: code.slice(0, 2) + " " + code.slice(2) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ order_delivery_status: "Delivered", delivery_code_required: false });
    expect(JSON.stringify(ok.body)).not.toMatch(new RegExp(`"${code}"`));
    const again = await move(api, c, order.id, { status: "Delivered", delivery_code: code });
    expect(again.status).toBe(200);
    const events = await api.db.query("SELECT 1 FROM order_events WHERE order_id = $1 AND kind = 'delivered' AND order_item_id IS NULL", [order.id]);
    expect(events.rows.length).toBe(1);
    // Delivered: the buyer's answer no longer shows a code.
    expect((await api.call(`/orders/${order.id}/`, { token: c.shopper.token })).body.shipments[0].delivery_code).toBeUndefined();
  });

  it("without the code, or with a wrong one: 400 with a message on delivery_code, nothing delivered; wrong ones counted, malformed not", async () => {
    const c = await vendorCast(api);
    const order = await shippedPod(api, c);
    const code = (await deliveryCodeOf(api.db, order.id, c.store.id))!;
    // An existing client that sets Delivered as before gets a 400 naming the field.
    const missing = await move(api, c, order.id, { status: "Delivered" });
    expect(missing).toMatchObject({ status: 400, body: { delivery_code: [expect.stringContaining("4-digit delivery code")] } });
    const malformed = await move(api, c, order.id, { status: "Delivered", delivery_code: "12a" });
    expect(malformed).toMatchObject({ status: 400, body: { delivery_code: [expect.stringContaining("4 digits")] } });
    expect((await shipmentRow(api, order.id)).delivery_code_attempts).toBe(0);

    const wrong = await move(api, c, order.id, { status: "Delivered", delivery_code: wrongFor(code) });
    expect(wrong).toMatchObject({ status: 400, body: { delivery_code: ["That is not the shopper's delivery code. 4 tries left."] } });
    // The cash route delivers a Shipped shipment too: the same gate, the same count.
    const wrongCash = await cash(api, c, order.id, { delivery_code: wrongFor(code, 2) });
    expect(wrongCash).toMatchObject({ status: 400, body: { delivery_code: ["That is not the shopper's delivery code. 3 tries left."] } });
    expect(await shipmentRow(api, order.id)).toMatchObject({ status: "Shipped", delivery_code_attempts: 2, locked: false });
    const view = await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.member.token });
    expect(view.body).toMatchObject({ delivery_code_tries_left: 3, order_delivery_status: "Shipped", can_record_cash: true });
    expect((await api.db.query("SELECT 1 FROM store_ledger WHERE store_id = $1", [c.store.id])).rows.length).toBe(0);
    // Then the right code with the cash: Delivered and paid in one step.
    const paid = await cash(api, c, order.id, { delivery_code: code });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ order_delivery_status: "Delivered", order_payment_status: "Complete" });
  });

  it("5 wrong codes lock the delivery (even the right code is refused, 409) until an admin unlocks it, audited", async () => {
    const c = await vendorCast(api);
    const order = await shippedPod(api, c);
    const code = (await deliveryCodeOf(api.db, order.id, c.store.id))!;
    for (let i = 1; i <= 4; i++) expect((await move(api, c, order.id, { status: "Delivered", delivery_code: wrongFor(code, i) })).status).toBe(400);
    const fifth = await move(api, c, order.id, { status: "Delivered", delivery_code: wrongFor(code, 5) });
    expect(fifth).toMatchObject({ status: 400, body: { delivery_code: [expect.stringContaining("No tries left")] } });
    expect(await shipmentRow(api, order.id)).toMatchObject({ delivery_code_attempts: 5, locked: true });
    const locked = await move(api, c, order.id, { status: "Delivered", delivery_code: code });
    expect(locked).toMatchObject({ status: 409, body: { detail: expect.stringContaining("locked until an admin unlocks it") } });
    expect((await shipmentRow(api, order.id)).status).toBe("Shipped");
    expect((await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.member.token })).body).toMatchObject({ delivery_code_locked: true, delivery_code_tries_left: 0 });

    const { id: shipmentId } = await shipmentRow(api, order.id);
    // The admin's list shows it, without the code; only admins may unlock (others 404, as if absent).
    const list = await api.call("/admin/deliveries/?status=locked", { token: c.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([expect.objectContaining({ shipment_id: shipmentId, locked: true, wrong_tries: 5, tries_left: 0 })]);
    expect(JSON.stringify(list.body)).not.toMatch(new RegExp(`"${code}"`));
    expect((await api.call(`/admin/deliveries/${shipmentId}/unlock/`, { method: "POST", token: c.owner.token, json: {} })).status).toBe(404);
    const unlocked = await api.call(`/admin/deliveries/${shipmentId}/unlock/`, { method: "POST", token: c.admin.token, json: { reason: "Store called: the shopper misread the SMS" } });
    expect(unlocked).toMatchObject({ status: 200, body: { locked: false, tries_left: 5, wrong_tries: 0 } });
    const audit = await api.call(`/admin/audit/?target_type=shipment&target_id=${shipmentId}`, { token: c.admin.token });
    expect(audit.body.results).toEqual([
      expect.objectContaining({ action: "shipment.unlock_delivery_code", reason: "Store called: the shopper misread the SMS", before: expect.objectContaining({ locked: true, delivery_code_attempts: 5 }) }),
    ]);
    expect((await move(api, c, order.id, { status: "Delivered", delivery_code: code })).status).toBe(200);
  });

  it("an admin marks a shipment Delivered without the code only with a reason, audited; the store's steps follow", async () => {
    const c = await vendorCast(api);
    const order = await shippedPod(api, c);
    const { id: shipmentId } = await shipmentRow(api, order.id);
    const noReason = await api.call(`/admin/deliveries/${shipmentId}/deliver/`, { method: "POST", token: c.admin.token, json: {} });
    expect(noReason).toMatchObject({ status: 400, body: { reason: [expect.stringContaining("Say why")] } });
    const short = await api.call(`/admin/deliveries/${shipmentId}/deliver/`, { method: "POST", token: c.admin.token, json: { reason: "ok" } });
    expect(short.status).toBe(400);
    expect((await shipmentRow(api, order.id)).status).toBe("Shipped");
    expect((await api.call(`/admin/deliveries/${shipmentId}/deliver/`, { method: "POST", token: c.member.token, json: { reason: "The shopper confirmed by phone" } })).status).toBe(404);

    const reason = "The shopper confirmed delivery by phone; the SMS never arrived";
    const done = await api.call(`/admin/deliveries/${shipmentId}/deliver/`, { method: "POST", token: c.admin.token, json: { reason } });
    expect(done).toMatchObject({ status: 200, body: { status: "Delivered", override_reason: reason } });
    expect((await api.call(`/orders/${order.id}/`, { token: c.shopper.token })).body.order_delivery_status).toBe("Delivered");
    const audit = await api.call(`/admin/audit/?target_type=shipment&target_id=${shipmentId}`, { token: c.admin.token });
    expect(audit.body.results).toEqual([
      expect.objectContaining({ action: "shipment.deliver_without_code", reason, actor_email: c.admin.email, before: expect.objectContaining({ status: "Shipped" }), after: expect.objectContaining({ status: "Delivered" }) }),
    ]);
    // Again: a no-op, no second audit row; the store records its cash as usual.
    expect((await api.call(`/admin/deliveries/${shipmentId}/deliver/`, { method: "POST", token: c.admin.token, json: { reason } })).status).toBe(200);
    expect((await api.db.query("SELECT 1 FROM audit_log WHERE target_type = 'shipment' AND target_id = $1", [String(shipmentId)])).rows.length).toBe(1);
    expect((await cash(api, c, order.id, {})).body).toMatchObject({ order_payment_status: "Complete" });
  });

  it("concurrent wrong codes never pass the limit: 12 at once, 5 counted, the rest refused as locked", async () => {
    const c = await vendorCast(api);
    const order = await shippedPod(api, c);
    const code = (await deliveryCodeOf(api.db, order.id, c.store.id))!;
    const tries = await Promise.all(Array.from({ length: 12 }, (_, i) => move(api, c, order.id, { status: "Delivered", delivery_code: wrongFor(code, i + 1) })));
    const statuses = tries.map((t) => t.status).sort();
    expect(statuses.filter((s) => s === 400).length).toBe(5);
    expect(statuses.filter((s) => s === 409).length).toBe(7);
    expect(statuses.every((s) => s === 400 || s === 409)).toBe(true);
    expect(await shipmentRow(api, order.id)).toMatchObject({ status: "Shipped", delivery_code_attempts: 5, locked: true });
  });

  it("the code goes to the buyer by SMS and WhatsApp as they chose; a guest reads it with the token; card orders need none", async () => {
    const c = await vendorCast(api);
    const buyer = await shopperWithPhone(api, { firstName: "Ngozi", phonePrefix: "0803", channels: { sms: true, whatsapp: true } });
    const order = await shippedPod(api, c, buyer);
    const code = (await deliveryCodeOf(api.db, order.id, c.store.id))!;
    const sms = (await smsTo(api, buyer.phone.e164)).map((m) => m.text ?? "");
    const codeSms = sms.find((t) => t.includes("delivery code"));
    expect(codeSms).toContain(code);
    expect(codeSms!.length).toBeLessThanOrEqual(160);
    const wa = await whatsappTo(api, buyer.phone.e164);
    expect(wa.find((m) => m.template === "order_delivery_code")?.params).toEqual(["Ngozi", expect.any(String), code, expect.stringContaining(`/users/orders/${order.id}`)]);

    const guestOrder = await shippedPod(api, c, null);
    const guestCode = (await deliveryCodeOf(api.db, guestOrder.id, c.store.id))!;
    const guest = await api.call(`/orders/${guestOrder.id}/?token=${encodeURIComponent(guestTokenFor(guestOrder.id))}`);
    expect(guest.body.shipments[0].delivery_code).toBe(guestCode);

    const card = await shippedPod(api, c, c.shopper, "CardPayment");
    expect(await deliveryCodeOf(api.db, card.id, c.store.id)).toBeUndefined();
    expect((await move(api, c, card.id, { status: "Delivered" })).status).toBe(200);
  });
});
