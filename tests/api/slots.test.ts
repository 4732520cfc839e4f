/**
 * Delivery slots, bulk goods and collection from the yard (issue 35 item 5, decision 0037):
 * a store publishes slots on business days only (no Sundays, no public holidays); a full slot is
 * refused and two checkouts racing for the last truck make one booking; bulk goods are never paid
 * at the door (placement and the later switch); collecting from the yard costs no shipping and the
 * order's total is its items.
 */
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/seed/factories";
import { addDays, isPublicHoliday, lagosDate } from "~/domain/delivery";
import { SLOT_MESSAGES } from "~/domain/slot-rules";
import { engines, useApi } from "./harness";
import { GUEST_ADDRESS } from "./orders-helpers";
import { firstCategory, vendorCast } from "./vendor-helpers";

describe.each(engines())("delivery slots on %s", (engine) => {
  const api = useApi(engine);

  async function bulkProduct(c: Awaited<ReturnType<typeof vendorCast>>, price = 2_500_000) {
    const p = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: await firstCategory(api), name: "Sharp sand, 20 t trip", price_kobo: price, size: "large" });
    const set = await api.call(`/products/${p.id}/`, { method: "PATCH", token: c.owner.token, json: { bulk: true } });
    expect(set.status).toBe(200);
    expect(set.body.bulk).toBe(true);
    return p;
  }

  /** A guest's Buy Now of `productId`, paid online (CardPayment) unless said. */
  const place = (productId: number, extra: Record<string, unknown> = {}, method = "CardPayment") =>
    api.call("/orders/", { json: { guest_delivery_address: { ...GUEST_ADDRESS, state: "Lagos" }, order_payment_method: method, buy: productId, quantity: 1, ...extra } });

  it("publishes slots on business days only (Sundays and public holidays skipped), for the store's members", async () => {
    const c = await vendorCast(api);
    expect((await api.call(`/stores/${c.store.id}/slots/`, { token: c.shopper.token, json: { layout: "halves", days: 40, cap: 2 } })).status).toBe(404);
    expect((await api.call(`/stores/${c.store.id}/slots/`, { json: { layout: "halves", days: 40, cap: 2 } })).status).toBe(401);
    const bad = await api.call(`/stores/${c.store.id}/slots/`, { token: c.member.token, json: { layout: "night", days: 0, cap: 500 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["cap", "days", "layout"]);
    const r = await api.call(`/stores/${c.store.id}/slots/`, { token: c.member.token, json: { layout: "halves", days: 40, cap: 2 } });
    expect(r.status).toBe(200);
    const today = lagosDate(new Date());
    const expected: string[] = [];
    for (let i = 1; i <= 40; i++) {
      const d = addDays(today, i);
      if (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0 && !isPublicHoliday(d)) expected.push(d);
    }
    const days = [...new Set(r.body.slots.map((s: { day: string }) => s.day))];
    expect(days).toEqual(expected);
    expect(r.body.slots).toHaveLength(expected.length * 2);
    for (const s of r.body.slots) expect(new Date(`${s.day}T00:00:00Z`).getUTCDay()).not.toBe(0);
    // 25 and 26 December and 1 January are never delivery days, whatever year the window covers.
    expect(days.some((d) => /-(12-25|12-26|01-01)$/.test(d as string))).toBe(false);
    expect(r.body.slots[0]).toMatchObject({ window: "morning", starts: "08:00", ends: "12:00", cap: 2, booked: 0, free: 2, full: false });
    // Anyone reads them.
    const pub = await api.call(`/stores/${c.store.id}/slots/`);
    expect(pub.status).toBe(200);
    expect(pub.body.slots).toHaveLength(expected.length * 2);
  });

  it("refuses a full slot: two checkouts race for the last truck, one wins, never overbooked", async () => {
    const c = await vendorCast(api);
    // An established store (no new-store daily cap, whose lock would queue the two checkouts anyway).
    await api.db.query("UPDATE stores SET created_at = now() - interval '400 days' WHERE id = $1", [c.store.id]);
    const sand = await bulkProduct(c);
    // Two different products, so no product row's lock queues the racing checkouts either: only the slot's.
    const granite = await bulkProduct(c);
    const pub = await api.call(`/stores/${c.store.id}/slots/`, { token: c.owner.token, json: { layout: "day", days: 7, cap: 1 } });
    const slot = pub.body.slots[0];
    const choice = { delivery_choices: [{ store_id: c.store.id, slot_id: slot.id }] };
    // Without a slot (and no yard offered) a bulk shipment is refused.
    const none = await place(sand.id);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: "slot_required", store_id: c.store.id, delivery_choices: [SLOT_MESSAGES.required] });
    // Another store's slot is not this store's.
    const otherSlots = await api.call(`/stores/${c.otherStore.id}/slots/`, { token: c.otherOwner.token, json: { layout: "day", days: 7, cap: 5 } });
    const foreign = await place(sand.id, { delivery_choices: [{ store_id: c.store.id, slot_id: otherSlots.body.slots[0].id }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("slot_unknown");

    const [a, b] = await Promise.all([place(sand.id, choice), place(granite.id, choice)]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const lost = a.status === 400 ? a : b;
    const won = a.status === 201 ? a : b;
    expect(lost.body).toMatchObject({ code: "slot_full", delivery_choices: [SLOT_MESSAGES.full] });
    expect(won.body.shipments[0].delivery_slot).toMatchObject({ id: slot.id, day: slot.day, window: "day", starts: "08:00", ends: "17:00" });
    const booked = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM shipments WHERE slot_id = $1", [slot.id]);
    expect(booked.rows[0].n).toBe(1);
    // The losing checkout wrote nothing (its stock is back, no order).
    const stock = await api.db.query<{ stock_quantity: number }>("SELECT stock_quantity FROM products WHERE id = ANY($1::int[]) ORDER BY id", [[sand.id, granite.id]]);
    expect(stock.rows.map((r) => r.stock_quantity).sort((x, y) => x - y)).toEqual([99, 100]);
    const after = await api.call(`/stores/${c.store.id}/slots/`);
    expect(after.body.slots[0]).toMatchObject({ id: slot.id, booked: 1, free: 0, full: true });
    // A third try later is refused the same way; the next day's slot is free.
    expect((await place(sand.id, choice)).body.code).toBe("slot_full");
    const next = await place(sand.id, { delivery_choices: [{ store_id: c.store.id, slot_id: pub.body.slots[1].id }] });
    expect(next.status).toBe(201);
    // The buyer's order answer (the order page) carries the slot.
    const read = await api.call(`/orders/${won.body.id}/?token=${won.body.guest_token}`);
    expect(read.body.shipments[0].delivery_slot.day).toBe(slot.day);
    // Closing a booked slot keeps its booking; an unbooked one goes.
    const closed = await api.call(`/stores/${c.store.id}/slots/close/`, { token: c.member.token, json: { slot_id: slot.id } });
    expect(closed.body.result).toBe("closed");
    const removed = await api.call(`/stores/${c.store.id}/slots/close/`, { token: c.member.token, json: { slot_id: pub.body.slots[2].id } });
    expect(removed.body.result).toBe("removed");
    expect((await api.call(`/stores/${c.otherStore.id}/slots/close/`, { token: c.otherOwner.token, json: { slot_id: slot.id } })).status).toBe(404);
  });

  it("never takes cash at the door for bulk goods: placement and the switch to pay on delivery are refused", async () => {
    const c = await vendorCast(api);
    const sand = await bulkProduct(c);
    const pod = await place(sand.id, {}, "PayOnDelivery");
    expect(pod.status).toBe(400);
    expect(pod.body).toMatchObject({ code: "bulk_no_pod", order_payment_method: [SLOT_MESSAGES.bulkNoPod] });
    expect((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_items WHERE product_id = $1", [sand.id])).rows[0].n).toBe(0);
    // A card order of bulk goods may not switch to paying at the door.
    const card = await place(sand.id);
    expect(card.status).toBe(201);
    const sw = await api.call("/payments/paystack/switch_to_pod/", { method: "PATCH", json: { order_id: card.body.id, token: card.body.guest_token } });
    expect(sw.status).toBe(400);
    expect(sw.body.code).toBe("bulk_no_pod");
    const still = await api.db.query<{ m: string }>("SELECT order_payment_method AS m FROM orders WHERE id = $1", [card.body.id]);
    expect(still.rows[0].m).toBe("CardPayment");
    // Goods not marked bulk may still be paid at the door.
    const cement = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: await firstCategory(api), name: "Cement 50kg" });
    expect((await place(cement.id, {}, "PayOnDelivery")).status).toBe(201);
  });

  it("collect from the yard: no shipping, the order's total is its items, the yard shown on the order", async () => {
    const c = await vendorCast(api);
    const sand = await bulkProduct(c, 3_000_000);
    await api.call(`/stores/${c.store.id}/slots/`, { token: c.owner.token, json: { layout: "day", days: 7, cap: 3 } });
    // Not offered yet: refused.
    const early = await place(sand.id, { delivery_choices: [{ store_id: c.store.id, collect: true }] });
    expect(early.body.code).toBe("collect_not_offered");
    const bad = await api.call(`/stores/${c.store.id}/collection/`, { method: "PUT", token: c.owner.token, json: { enabled: true, address: "", hours: "" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["address", "hours"]);
    const yard = { enabled: true, address: "Plot 4, Ikorodu Road yard, Ketu, Lagos", hours: "Mon–Sat 8am–5pm" };
    const saved = await api.call(`/stores/${c.store.id}/collection/`, { method: "PUT", token: c.member.token, json: yard });
    expect(saved.status).toBe(200);
    expect((await api.call(`/stores/${c.store.id}/collection/`)).body).toEqual(yard);

    const delivered = await place(sand.id, { delivery_choices: [{ store_id: c.store.id, slot_id: (await api.call(`/stores/${c.store.id}/slots/`)).body.slots[0].id }] });
    expect(delivered.status).toBe(201);
    expect(delivered.body.shipments[0].shipping_cost).toBeGreaterThan(0);
    const collected = await place(sand.id, { delivery_choices: [{ store_id: c.store.id, collect: true }] });
    expect(collected.status).toBe(201);
    const sh = collected.body.shipments[0];
    expect(sh.shipping_cost).toBe(0);
    expect(sh.collection).toEqual({ address: yard.address, hours: yard.hours });
    expect(sh.delivery_slot).toBeNull();
    expect(collected.body.total).toBe(30_000);
    expect(sh.total).toBe(30_000);
    const row = await api.db.query<{ order_total_kobo: string; shipping_kobo: string }>("SELECT order_total_kobo, shipping_kobo FROM orders WHERE id = $1", [collected.body.id]);
    expect(Number(row.rows[0].shipping_kobo)).toBe(0);
    expect(Number(row.rows[0].order_total_kobo)).toBe(3_000_000);
    // The order e-mail says where and when to collect.
    const mail = await api.db.query<{ body: string }>("SELECT COALESCE(text_body, '') || COALESCE(html_body, '') AS body FROM mail_queue WHERE to_address = $1 ORDER BY id DESC LIMIT 1", [GUEST_ADDRESS.email]);
    expect(mail.rows[0]?.body ?? "").toContain(yard.address);
    // Checkout's view of the products' stores.
    const opts = await api.call(`/slots/delivery-options/?products=${sand.id}`);
    expect(opts.body.stores).toEqual([expect.objectContaining({ store: c.store.id, bulk: true, offers_slots: true, collection: yard })]);
  });
});
