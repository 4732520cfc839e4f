/**
 * Pay at the door by transfer (issue 33 item 4, docs/decisions/0028-pay-at-the-door.md): the buyer of
 * a pay-on-delivery order pays ONE store's shipment (its items + its shipping) by bank transfer
 * (POST /payments/paystack/transfer/ with `shipment`). The stand-in's bank sends the money; the
 * shipment is then "paid by transfer": the store collects nothing (no cash to record), still
 * delivers with the buyer's code, and its ledger books platform money (no cash held), while the
 * other store collects its cash; the order is paid once both are in. Replays pay once; a cancelled
 * item of a paid shipment is refunded through that transfer; refusals are 400/404 with messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/seed/factories";
import { signWebhook } from "~/integrations/paystack/signature.server";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { reconcilePendingPayments } from "~/jobs.server";
import { setPaystack, waitFor } from "./paystack-helpers";
import { engines, makeUser, useApi } from "./harness";
import { firstCategory, vendorCast } from "./vendor-helpers";
import { deliveryCodeOf } from "./delivery-code-helpers";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

const SHIP_A = 250_000;
const SHIP_B = 400_000;

describe.each(engines())("pay at the door by transfer on %s", (engine) => {
  const api = useApi(engine);
  let paystack: PaystackStandin;

  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: `${api.origin}/api/v1/webhooks/paystack`, retryDelaysMs: [50, 100, 200], refundDelayMs: 50 });
    setPaystack(paystack.secretKey, paystack.url);
  });
  afterAll(async () => {
    await paystack.idle();
    await paystack.close();
    setPaystack(undefined, undefined);
  });

  /** A pay-on-delivery order with two lines from store A and one from store B, each store its own shipping fee. */
  async function twoStoreOrder(c: Cast, buyer: { id: number; email: string } | null, method: "PayOnDelivery" | "CardPayment" = "PayOnDelivery") {
    const cat = await firstCategory(api);
    const a1 = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Iron rods 12mm", selling_price_kobo: 950_000 });
    const a2 = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Binding wire", selling_price_kobo: 120_000 });
    const b1 = await createProduct(api.db, { store_id: c.otherStore.id, user_id: c.otherOwner.id, category_id: cat, name: "Roofing sheet", selling_price_kobo: 730_000 });
    const order = await createOrder(api.db, {
      user_id: buyer?.id ?? null,
      customer_email: buyer?.email ?? "door.guest@example.com",
      items: [
        { product_id: a1.id, quantity: 3 },
        { product_id: a2.id, quantity: 1 },
        { product_id: b1.id, quantity: 2 },
      ],
      payment_method: method,
      shipping_kobo: SHIP_A + SHIP_B,
      shipping_by_store: { [c.store.id]: SHIP_A, [c.otherStore.id]: SHIP_B },
    });
    const shipments = (
      await api.db.query<{ id: number; store_id: number }>("SELECT id, store_id FROM shipments WHERE order_id = $1 ORDER BY store_id", [order.id])
    ).rows;
    const a = shipments.find((s) => s.store_id === c.store.id)!;
    const b = shipments.find((s) => s.store_id === c.otherStore.id)!;
    return { order, a: { id: a.id, totalKobo: 3 * 950_000 + 120_000 + SHIP_A }, b: { id: b.id, totalKobo: 2 * 730_000 + SHIP_B } };
  }

  const transfer = (orderId: string, shipment: number | string | undefined, auth: { token?: string; guest?: string } = {}) =>
    api.call("/payments/paystack/transfer/", { token: auth.token, json: { order_id: orderId, token: auth.guest, ...(shipment === undefined ? {} : { shipment }) } });
  const state = (reference: string, orderId: string) => api.call(`/payments/paystack/charge/${reference}/?order_id=${orderId}`);
  const bank = async (reference: string, what: "exact" | "short") => {
    const r = await fetch(`${paystack.url}/offline/${reference}/${what}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect(r.status).toBe(200);
  };
  const row = async (shipmentId: number) =>
    (
      await api.db.query<{ transfer_paid_at: Date | null; transfer_paid_kobo: string | null; transfer_attempt_id: number | null; cash_received_at: Date | null }>(
        "SELECT transfer_paid_at, transfer_paid_kobo, transfer_attempt_id, cash_received_at FROM shipments WHERE id = $1",
        [shipmentId],
      )
    ).rows[0];
  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params)).rows[0].n;
  const move = (c: Cast, storeId: number, orderId: string, json: Record<string, unknown>, token: string) =>
    api.call(`/orders/${storeId}/store/${orderId}/status/`, { method: "PATCH", token, json });
  const ship = async (c: Cast, storeId: number, orderId: string, token: string) => {
    for (const status of ["Confirmed", "Shipped"]) expect((await move(c, storeId, orderId, { status }, token)).status).toBe(200);
  };
  const ledger = async (storeId: number, orderId: string) =>
    (
      await api.db.query<{ kind: string; amount: string }>(
        `SELECT l.kind, sum(l.amount_kobo)::bigint AS amount FROM store_ledger l
          LEFT JOIN order_items oi ON oi.id = l.order_item_id LEFT JOIN shipments sh ON sh.id = l.shipment_id
          WHERE l.store_id = $1 AND (oi.order_id = $2 OR sh.order_id = $2) GROUP BY l.kind ORDER BY l.kind`,
        [storeId, orderId],
      )
    ).rows.map((r) => [r.kind, Number(r.amount)]);

  it("store A's delivery paid by transfer: nothing to collect, delivered with the code, booked as platform money; store B collects cash; the order is paid once", async () => {
    const c = await vendorCast(api);
    const { order, a, b } = await twoStoreOrder(c, c.shopper);
    await ship(c, c.store.id, order.id, c.member.token);
    await ship(c, c.otherStore.id, order.id, c.otherOwner.token);

    const r = await transfer(order.id, a.id, { token: c.shopper.token });
    expect(r.status).toBe(201);
    // The shipment's own total (its items + its shipping), never the order's.
    expect(r.body).toMatchObject({ order_id: order.id, shipment: a.id, channel: "bank_transfer", status: "Pending", paid: false, amount: a.totalKobo / 100 });
    expect(paystack.transaction(r.body.reference)).toMatchObject({ amount: a.totalKobo, channel: "bank_transfer" });
    // Asked again while open: the same account.
    expect((await transfer(order.id, a.id, { token: c.shopper.token })).body.reference).toBe(r.body.reference);

    await bank(r.body.reference, "exact");
    await waitFor("store A's delivery to be paid", async () => (await row(a.id)).transfer_paid_at !== null);
    // Replays of the webhook and concurrent verifies: one transition.
    const body = JSON.stringify({ event: "charge.success", data: { reference: r.body.reference, amount: a.totalKobo, status: "success" } });
    const replays = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        api.fetch("/webhooks/paystack", { method: "POST", body, headers: { "content-type": "application/json", "x-paystack-signature": signWebhook(body, paystack.secretKey) } }),
      ),
      ...Array.from({ length: 5 }, () => state(r.body.reference, order.id)),
    ]);
    for (const x of replays) expect(x.status).toBe(200);
    const s = await state(r.body.reference, order.id);
    expect(s.body).toMatchObject({ status: "Complete", paid: true, shipment: a.id });
    expect(s.body.message).toContain("Pay nothing at the door");
    const paidA = await row(a.id);
    expect(Number(paidA.transfer_paid_kobo)).toBe(a.totalKobo);
    expect(await count("SELECT count(*)::int AS n FROM payment_transactions WHERE shipment_id = $1 AND payment_status = 'Complete'", [a.id])).toBe(1);
    // The order is not paid yet: store B's cash is still to come.
    const mine = await api.call(`/orders/${order.id}/`, { token: c.shopper.token });
    expect(mine.body.order_payment_status).toBe("Partly paid");
    const shipA = mine.body.shipments.find((x: { id: number }) => x.id === a.id);
    const shipB = mine.body.shipments.find((x: { id: number }) => x.id === b.id);
    expect(shipA).toMatchObject({ paid_by_transfer: true, cash_received: false });
    expect(shipB).toMatchObject({ paid_by_transfer: false, cash_received: false });
    expect(await count("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'paid'", [order.id])).toBe(0);
    // Paid: no second account for it.
    const again = await transfer(order.id, a.id, { token: c.shopper.token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe("This delivery has already been paid.");

    // Store A: nothing to collect; "Cash received" refused; Delivered with the buyer's code.
    const storeA = await api.call(`/orders/${c.store.id}/store/${order.id}/`, { token: c.member.token });
    expect(storeA.body).toMatchObject({ can_record_cash: false, delivery_code_required: true });
    expect(storeA.body.shipments[0]).toMatchObject({ paid_by_transfer: true });
    const cashA = await api.call(`/orders/${c.store.id}/store/${order.id}/cash/`, { method: "POST", token: c.member.token, json: { delivery_code: await deliveryCodeOf(api.db, order.id, c.store.id) } });
    expect(cashA.status).toBe(409);
    expect(cashA.body.detail).toContain("paid this delivery by bank transfer");
    expect((await move(c, c.store.id, order.id, { status: "Delivered" }, c.member.token)).status).toBe(400);
    const deliveredA = await move(c, c.store.id, order.id, { status: "Delivered", delivery_code: await deliveryCodeOf(api.db, order.id, c.store.id) }, c.member.token);
    expect(deliveredA.status).toBe(200);
    // Platform money: the sale and its commission, the shipping, and no cash held by the store.
    const bookedA = await ledger(c.store.id, order.id);
    expect(bookedA.map(([k]) => k)).toEqual(["commission", "sale", "shipping"]);
    expect(bookedA.find(([k]) => k === "sale")![1]).toBe(a.totalKobo - SHIP_A);
    expect(bookedA.find(([k]) => k === "shipping")![1]).toBe(SHIP_A);

    // Store B collects its cash with the code: booked as cash the store holds.
    const cashB = await api.call(`/orders/${c.otherStore.id}/store/${order.id}/cash/`, { method: "POST", token: c.otherOwner.token, json: { delivery_code: await deliveryCodeOf(api.db, order.id, c.otherStore.id) } });
    expect(cashB.status).toBe(200);
    expect((await ledger(c.otherStore.id, order.id)).find(([k]) => k === "cash_held")![1]).toBe(-b.totalKobo);
    // Both in: the order is paid, once.
    const done = await api.call(`/orders/${order.id}/`, { token: c.shopper.token });
    expect(done.body.order_payment_status).toBe("Complete");
    expect(await count("SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'paid'", [order.id])).toBe(1);
    await paystack.idle();
  });

  it("refusals: a card order, another order's shipment, someone else's order, a shipment whose cash is in; a guest pays with the order's token", async () => {
    const c = await vendorCast(api);
    const card = await twoStoreOrder(c, c.shopper, "CardPayment");
    const refused = await transfer(card.order.id, card.a.id, { token: c.shopper.token });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain("Only a pay-on-delivery order");

    const { order, a, b } = await twoStoreOrder(c, c.shopper);
    // Another order's shipment: not found.
    expect((await transfer(order.id, card.b.id, { token: c.shopper.token })).status).toBe(404);
    expect((await transfer(order.id, "abc", { token: c.shopper.token })).status).toBe(400);
    // Someone else: 404; nobody signed in: 401.
    const stranger = await makeUser(api);
    expect((await transfer(order.id, a.id, { token: stranger.token })).status).toBe(404);
    expect((await transfer(order.id, a.id)).status).toBe(401);
    // Store B's cash is in: nothing to pay by transfer for it.
    await ship(c, c.otherStore.id, order.id, c.otherOwner.token);
    expect((await api.call(`/orders/${c.otherStore.id}/store/${order.id}/cash/`, { method: "POST", token: c.otherOwner.token, json: { delivery_code: await deliveryCodeOf(api.db, order.id, c.otherStore.id) } })).status).toBe(200);
    const cashIn = await transfer(order.id, b.id, { token: c.shopper.token });
    expect(cashIn.status).toBe(400);
    expect(cashIn.body.detail).toBe("The store already received the cash for this delivery.");
    // An order-wide transfer is refused once a delivery was paid at the door.
    expect((await transfer(order.id, undefined, { token: c.shopper.token })).status).toBe(400);

    // A guest's order: its token opens it (the SMS / e-mail link carries it).
    const guest = await twoStoreOrder(c, null);
    expect((await transfer(guest.order.id, guest.a.id)).status).toBe(404);
    const g = await transfer(guest.order.id, guest.a.id, { guest: guestTokenFor(guest.order.id) });
    expect(g.status).toBe(201);
    expect(g.body).toMatchObject({ shipment: guest.a.id, amount: guest.a.totalKobo / 100 });
  });

  it("the reconcile job settles a delivery's transfer nobody watched: past its expiry it is Abandoned (nothing taken) and the delivery stays payable", async () => {
    const c = await vendorCast(api);
    const { order, a } = await twoStoreOrder(c, c.shopper);
    const r = await transfer(order.id, a.id, { token: c.shopper.token });
    expect(r.status).toBe(201);
    await api.db.query(
      "UPDATE payment_transactions SET expires_at = now() - interval '1 minute', created_at = now() - interval '2 hours', updated_at = now() - interval '2 hours' WHERE reference = $1",
      [r.body.reference],
    );
    const run = await reconcilePendingPayments(api.db, { olderThanMinutes: 60 });
    expect(run).toMatchObject({ abandoned: 1 });
    const after = await state(r.body.reference, order.id);
    expect(after.body).toMatchObject({ status: "Abandoned", expired: true, paid: false, shipment: a.id });
    expect((await row(a.id)).transfer_paid_at).toBeNull();
    expect((await transfer(order.id, a.id, { token: c.shopper.token })).status).toBe(201);
  });

  it("a line cancelled after its delivery was paid by transfer is refunded through that transfer; a transfer that comes after the cash is refunded whole", async () => {
    const c = await vendorCast(api);
    const { order, a, b } = await twoStoreOrder(c, c.shopper);
    const r = await transfer(order.id, a.id, { token: c.shopper.token });
    await bank(r.body.reference, "exact");
    await waitFor("store A's delivery to be paid", async () => (await row(a.id)).transfer_paid_at !== null);
    const wire = (await api.db.query<{ id: string }>("SELECT oi.id::text AS id FROM order_items oi WHERE oi.order_id = $1 AND oi.product_name = 'Binding wire'", [order.id])).rows[0].id;
    const cancel = await api.call(`/orders/${wire}/orderitem/cancel`, { token: c.shopper.token, json: { order_item_cancel_reason: "Financial Constraint" } });
    expect(cancel.status).toBe(200);
    const refund = await api.db.query<{ amount_kobo: string; kind: string; payment_transaction_id: number }>(
      "SELECT amount_kobo, kind, payment_transaction_id FROM refunds WHERE order_id = $1",
      [order.id],
    );
    const attempt = (await row(a.id)).transfer_attempt_id;
    expect(refund.rows.map((x) => ({ ...x, amount_kobo: Number(x.amount_kobo) }))).toEqual([{ amount_kobo: 120_000, kind: "item", payment_transaction_id: attempt }]);

    // Store B: the buyer starts a transfer, then pays the rider cash anyway; the transfer that
    // arrives after is refunded whole and the delivery stays paid by cash.
    const late = await transfer(order.id, b.id, { token: c.shopper.token });
    expect(late.status).toBe(201);
    await ship(c, c.otherStore.id, order.id, c.otherOwner.token);
    expect((await api.call(`/orders/${c.otherStore.id}/store/${order.id}/cash/`, { method: "POST", token: c.otherOwner.token, json: { delivery_code: await deliveryCodeOf(api.db, order.id, c.otherStore.id) } })).status).toBe(200);
    await bank(late.body.reference, "exact");
    await waitFor("the late transfer to be refunded", async () =>
      (await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1 AND kind = 'payment' AND payment_transaction_id = (SELECT id FROM payment_transactions WHERE reference = $2)", [order.id, late.body.reference])) === 1,
    );
    const rowB = await row(b.id);
    expect(rowB.transfer_paid_at).toBeNull();
    expect(rowB.cash_received_at).not.toBeNull();
    await paystack.idle();
  });
});

