/**
 * Order lines after placement, on both engines: POST /orders/{id}/orderitems/create/ and
 * POST /orders/{orderItemId}/orderitem/cancel (reasons, until shipped, stock back, refunds row
 * only for card-paid orders, idempotent, e-mails).
 */
import { describe, expect, it } from "vitest";
import { CANCEL_REASONS } from "~/domain/orders";
import { FEE_KOBO } from "~/domain/shipping";
import { createCart } from "~/db/seed/factories";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { GUEST_ADDRESS, makeProduct, makeShopper, mailsTo, stockOf } from "./orders-helpers";

async function placeFor(api: TestApi, opts: { method?: "PayOnDelivery" | "CardPayment"; quantity?: number; stock?: number; price_kobo?: number } = {}) {
  const p = await makeProduct(api, { stock: opts.stock ?? 20, price_kobo: opts.price_kobo ?? 1_500_000, size: "small" });
  const me = await makeShopper(api, { state: "Oyo", items: [{ product_id: p.id, quantity: opts.quantity ?? 2 }] });
  const r = await api.call("/orders/", { token: me.token, json: { cartItems: [], delivery_address_id: me.addressId, order_payment_method: opts.method ?? "PayOnDelivery" } });
  expect(r.status).toBe(201);
  return { me, product: p, order: r.body, itemId: r.body.order_items[0].id as string };
}

/** What payments-api does on a verified card payment (a Complete attempt and the order paid). */
async function markPaid(api: TestApi, orderId: string, userId: number | null, amountKobo: number) {
  const t = await api.db.query<{ id: number }>(
    `INSERT INTO payment_transactions (order_id, user_id, reference, amount_kobo, customer_email, payment_method, payment_status, verified_at)
     VALUES ($1, $2, $3, $4, 'payer@example.com', 'CardPayment', 'Complete', now()) RETURNING id`,
    [orderId, userId, `ord_${orderId}_1`, amountKobo],
  );
  await api.db.query("UPDATE orders SET order_payment_status = 'Complete' WHERE id = $1", [orderId]);
  return t.rows[0].id;
}

const refundsOf = (api: TestApi, orderId: string) =>
  api.db
    .query<{ order_item_id: string; amount_kobo: number; status: string; payment_transaction_id: number; reason: string }>(
      "SELECT order_item_id::text AS order_item_id, amount_kobo, status, payment_transaction_id, reason FROM refunds WHERE order_id = $1",
      [orderId],
    )
    .then((r) => r.rows);

describe.each(engines())("order items on %s", (engine) => {
  const api = useApi(engine);

  describe("POST /orders/{id}/orderitems/create/", () => {
    it("adds a line priced from the catalogue, takes stock and recomputes the totals", async () => {
      const { me, order } = await placeFor(api, { method: "CardPayment", quantity: 1 });
      const extra = await makeProduct(api, { price_kobo: 990_000, size: "large", stock: 4 });
      const r = await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: extra.id, item_price: 1, quantity: 3 } });
      expect(r.status).toBe(201);
      expect(r.body.item).toMatchObject({ product_id: extra.id, quantity: 3, item_price: 9_900, status: "Active" });
      expect(r.body.order.order_items).toHaveLength(2);
      expect(r.body.order.order_total_price).toBe(15_000 + 29_700);
      // Two stores, two shipments from Lagos to Oyo (the same zone): each its own fee.
      const shipping = FEE_KOBO.same_zone.small + Math.min(FEE_KOBO.same_zone.large * 3, 2_500_000);
      expect(r.body.order.shipping_cost).toBe(shipping / 100);
      expect(r.body.order.shipments).toHaveLength(2);
      expect(await stockOf(api, extra.id)).toBe(1);
      // the same product again raises that line
      const again = await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: extra.id, quantity: 1 } });
      expect(again.status).toBe(201);
      expect(again.body.item.id).toBe(r.body.item.id);
      expect(again.body.item.quantity).toBe(4);
      expect(await stockOf(api, extra.id)).toBe(0);
      const short = await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: extra.id, quantity: 1 } });
      expect(short.status).toBe(409);
      expect(short.body.product_id).toBe(extra.id);
    });

    it("is for the order's owner only, while it is placed and unpaid", async () => {
      const { me, order } = await placeFor(api, { method: "CardPayment" });
      const extra = await makeProduct(api);
      const other = await makeUser(api);
      expect((await api.call(`/orders/${order.id}/orderitems/create/`, { token: other.token, json: { product_id: extra.id, quantity: 1 } })).status).toBe(404);
      expect((await api.call(`/orders/${order.id}/orderitems/create/`, { json: { product_id: extra.id, quantity: 1 } })).status).toBe(401);
      const hidden = await makeProduct(api, { published: false });
      const h = await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: hidden.id, quantity: 1 } });
      expect(h.status).toBe(400);
      expect(h.body.product_id).toEqual(["This product is not available."]);
      await markPaid(api, order.id, me.id, 100);
      const paid = await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: extra.id, quantity: 1 } });
      expect(paid.status).toBe(409);
      expect(await stockOf(api, extra.id)).toBe(100);
      const { me: me2, order: o2 } = await placeFor(api);
      await api.db.query("UPDATE orders SET order_delivery_status = 'Confirmed' WHERE id = $1", [o2.id]);
      await api.db.query("UPDATE shipments SET status = 'Confirmed' WHERE order_id = $1", [o2.id]);
      expect((await api.call(`/orders/${o2.id}/orderitems/create/`, { token: me2.token, json: { product_id: extra.id, quantity: 1 } })).status).toBe(409);
    });
  });

  describe("POST /orders/{orderItemId}/orderitem/cancel", () => {
    it("cancels a pay-on-delivery item with one of the seven reasons: stock back, no refund, event and e-mail", async () => {
      const { me, product, order, itemId } = await placeFor(api, { quantity: 3 });
      expect(await stockOf(api, product.id)).toBe(17);
      const bad = await api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Changed my mind" } });
      expect(bad.status).toBe(400);
      expect(bad.body.order_item_cancel_reason).toEqual(["Please choose one of the listed reasons."]);
      expect((await api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: {} })).status).toBe(400);
      expect(await stockOf(api, product.id)).toBe(17);

      const r = await api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: CANCEL_REASONS[1] } });
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(order.id);
      const item = r.body.order_items[0];
      expect(item).toMatchObject({ id: itemId, status: "Cancelled", cancel_reason: "Incorrect Product or Quantity Ordered", cancellable: false });
      expect(item.cancelled_at).toEqual(expect.any(String));
      expect(r.body.status_history.map((e: { kind: string }) => e.kind)).toEqual(["placed", "cancelled"]);
      expect(r.body.status_history[1].order_item_id).toBe(itemId);
      // the only item went: nothing is owed on delivery any more
      expect(r.body.order_payment_status).toBe("Cancelled");
      expect(await stockOf(api, product.id)).toBe(20);
      expect(await refundsOf(api, order.id)).toEqual([]);
      const mails = await mailsTo(api, me.email, 2);
      expect(mails.some((m) => /^Subject: .*was cancelled/m.test(m))).toBe(true);
      // cancelling again answers the same and changes nothing
      const again = await api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: CANCEL_REASONS[0] } });
      expect(again.status).toBe(200);
      expect(again.body.order_items[0].cancel_reason).toBe("Incorrect Product or Quantity Ordered");
      expect(await stockOf(api, product.id)).toBe(20);
    });

    it("queues one refund of the item total for a card-paid order, never twice", async () => {
      const p2 = await makeProduct(api, { price_kobo: 800_000 });
      const { me, order, itemId, product } = await placeFor(api, { method: "CardPayment", quantity: 2, price_kobo: 1_500_000 });
      await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: p2.id, quantity: 1 } });
      const txId = await markPaid(api, order.id, me.id, 3_800_000);
      const [r1, r2] = await Promise.all([
        api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Financial Constraint" } }),
        api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Financial Constraint" } }),
      ]);
      expect([r1.status, r2.status]).toEqual([200, 200]);
      const refunds = await refundsOf(api, order.id);
      // One refund row, committed with the cancellation. The cancel path hands it to the payments
      // area at once (tests/api/payments.test.ts follows it through Paystack); this order's payment
      // was written straight into the database, so what Paystack then says of it is not asserted here.
      // Its store's shipment has nothing left in it, so that shipment's shipping fee goes back too
      // (each test product has its own store: the other line ships apart).
      expect(refunds.filter((x) => x.order_item_id !== null)).toEqual([
        { order_item_id: itemId, amount_kobo: 3_000_000, status: expect.any(String), payment_transaction_id: txId, reason: "Financial Constraint" },
      ]);
      expect(refunds.filter((x) => x.order_item_id === null)).toEqual([
        { order_item_id: null, amount_kobo: FEE_KOBO.same_zone.small * 2, status: expect.any(String), payment_transaction_id: txId, reason: "Shipping of a fully cancelled shipment" },
      ]);
      expect(await stockOf(api, product.id)).toBe(20);
      // the other line stays; the order stays paid: "Complete" until the refund, which runs on its
      // own through payments, has gone through, "Partly refunded" after (never "Refunded")
      const o = await api.call(`/orders/${order.id}/`, { token: me.token });
      expect(["Complete", "Partly refunded"]).toContain(o.body.order_payment_status);
      expect(o.body.order_items.map((i: { status: string }) => i.status).sort()).toEqual(["Active", "Cancelled"]);
      const q = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%cancelled%'", [me.email]);
      expect(q.rows).toHaveLength(1);
      expect(q.rows[0].text_body).toContain("We are refunding ₦30,000 to your card");
    });

    it("lowers an unpaid order's amount due with the cancelled item; a paid order's total follows its shipments, the refunds giving back the rest", async () => {
      const extra = await makeProduct(api, { price_kobo: 600_000, size: "large" });
      const { me, order, itemId } = await placeFor(api, { method: "CardPayment", quantity: 2, price_kobo: 1_500_000 });
      const added = await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: extra.id, quantity: 1 } });
      expect(added.body.order.order_total_price).toBe(36_000);
      const r = await api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Financial Constraint" } });
      expect(r.body.order_total_price).toBe(6_000);
      expect(r.body.shipping_cost).toBe(FEE_KOBO.same_zone.large / 100);
      expect(r.body.total).toBe(6_000 + FEE_KOBO.same_zone.large / 100);
      expect(r.body.order_payment_status).toBe("Pending");

      const paid = await placeFor(api, { method: "CardPayment", quantity: 2, price_kobo: 1_500_000 });
      await api.call(`/orders/${paid.order.id}/orderitems/create/`, { token: paid.me.token, json: { product_id: extra.id, quantity: 1 } });
      await markPaid(api, paid.order.id, paid.me.id, 3_600_000);
      const before = await api.call(`/orders/${paid.order.id}/`, { token: paid.me.token });
      const c = await api.call(`/orders/${paid.itemId}/orderitem/cancel`, { token: paid.me.token, json: { order_item_cancel_reason: "Financial Constraint" } });
      // The order now costs its one shipment left, as charged (the large item's fee stays);
      // the cancelled shipment's item and shipping go back by refund.
      expect(c.body.order_total_price).toBe(6_000);
      expect(c.body.shipping_cost).toBe(FEE_KOBO.same_zone.large / 100);
      expect(c.body.total).toBe(c.body.shipments.reduce((t: number, sh: { items_total: number; shipping_cost: number }) => t + sh.items_total + sh.shipping_cost, 0));
      const refunded = (await refundsOf(api, paid.order.id)).map((x) => x.amount_kobo).sort((a, b) => a - b);
      expect(refunded).toEqual([FEE_KOBO.same_zone.small * 2, 3_000_000]);
      // What was charged = what the order costs now + what goes back.
      expect(Math.round(before.body.total * 100)).toBe(Math.round(c.body.total * 100) + refunded.reduce((t, x) => t + x, 0));
    });

    it("cancelling the last item of a card-paid order's shipment queues that shipment's shipping refund with it, once; never for pay on delivery or an unpaid order", async () => {
      const p2 = await makeProduct(api, { price_kobo: 800_000, size: "small" });
      const { me, order, itemId } = await placeFor(api, { method: "CardPayment", quantity: 2, price_kobo: 1_500_000 });
      const added = await api.call(`/orders/${order.id}/orderitems/create/`, { token: me.token, json: { product_id: p2.id, quantity: 1 } });
      const shipping = Math.round(added.body.order.shipping_cost * 100);
      const fees = new Map<number, number>(added.body.order.shipments.map((sh: { store: number; shipping_cost: number }) => [sh.store, Math.round(sh.shipping_cost * 100)]));
      expect(fees.size).toBe(2);
      expect(shipping).toBe([...fees.values()].reduce((t, x) => t + x, 0));
      const txId = await markPaid(api, order.id, me.id, 3_800_000 + shipping);
      const cancel = (id: string) => api.call(`/orders/${id}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Security Reasons" } });
      expect((await cancel(itemId)).status).toBe(200);
      // The first store's shipment is empty: its fee goes back; the other store's still ships.
      const first = await refundsOf(api, order.id);
      expect(first.map((r) => [r.order_item_id, r.amount_kobo]).sort()).toEqual([[itemId, 3_000_000], [null, fees.get(order.shipments.find((sh: { items: string[] }) => sh.items.includes(itemId)).store)]].sort());
      // The last one, cancelled twice at once and again later.
      const lastId = added.body.item.id as string;
      const [a, b] = await Promise.all([cancel(lastId), cancel(lastId)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await cancel(lastId)).status).toBe(200);
      const rows = await refundsOf(api, order.id);
      expect(rows).toHaveLength(4);
      expect(rows.filter((r) => r.order_item_id === null).map((r) => r.amount_kobo).sort((x, y) => x - y)).toEqual([...fees.values()].sort((x, y) => x - y));
      expect(rows.filter((r) => r.order_item_id === null).every((r) => r.payment_transaction_id === txId && r.reason === "Shipping of a fully cancelled shipment")).toBe(true);
      // Everything paid goes back: the items and every shipment's fee.
      expect(rows.reduce((t, r) => t + r.amount_kobo, 0)).toBe(3_800_000 + shipping);
      // It was written by the last cancellation itself (same transaction as the item's refund).
      const at = await api.db.query<{ same: boolean }>(
        `SELECT (SELECT created_at FROM refunds WHERE order_id = $1 AND order_item_id IS NULL
                   AND shipment_id = (SELECT sh.id FROM shipments sh JOIN order_items oi ON oi.order_id = sh.order_id AND oi.store_id = sh.store_id WHERE oi.id = $2))
              = (SELECT created_at FROM refunds WHERE order_item_id = $2) AS same`,
        [order.id, lastId],
      );
      expect(at.rows[0].same).toBe(true);
      const mail = await api.db.query<{ text_body: string }>("SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%cancelled%' ORDER BY id", [me.email]);
      expect(mail.rows).toHaveLength(2);
      const lastFee = fees.get(added.body.item.store)!;
      expect(mail.rows[0].text_body).toContain(`also refunding the shipping fee of ₦${((shipping - lastFee) / 100).toLocaleString("en-NG")}`);
      expect(mail.rows[1].text_body).toContain(`also refunding the shipping fee of ₦${(lastFee / 100).toLocaleString("en-NG")}`);

      // Pay on delivery, and an unpaid card order: nothing was charged, nothing to refund.
      for (const method of ["PayOnDelivery", "CardPayment"] as const) {
        const o = await placeFor(api, { method });
        expect((await api.call(`/orders/${o.itemId}/orderitem/cancel`, { token: o.me.token, json: { order_item_cancel_reason: "Security Reasons" } })).status).toBe(200);
        expect(await refundsOf(api, o.order.id)).toEqual([]);
      }
    });

    it("queues no refund for an unpaid card order", async () => {
      const { me, order, itemId } = await placeFor(api, { method: "CardPayment" });
      const r = await api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Security Reasons" } });
      expect(r.status).toBe(200);
      expect(await refundsOf(api, order.id)).toEqual([]);
    });

    it("is allowed while Placed or Confirmed, refused (409) once Shipped or Delivered", async () => {
      for (const [status, ok] of [
        ["Confirmed", true],
        ["Shipped", false],
        ["Delivered", false],
      ] as const) {
        const { me, order, itemId, product } = await placeFor(api);
        await api.db.query("UPDATE orders SET order_delivery_status = $2 WHERE id = $1", [order.id, status]);
        await api.db.query("UPDATE shipments SET status = $2 WHERE order_id = $1", [order.id, status]);
        const r = await api.call(`/orders/${itemId}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Seller Reputation" } });
        expect(r.status, status).toBe(ok ? 200 : 409);
        expect(await stockOf(api, product.id)).toBe(ok ? 20 : 18);
        if (!ok) expect(r.body.detail).toMatch(/shipped/);
      }
    });

    it("is for the owner (or an admin); a guest cancels with the order's token", async () => {
      const { order, itemId } = await placeFor(api);
      const other = await makeUser(api);
      const peek = await api.call(`/orders/${itemId}/orderitem/cancel`, { token: other.token, json: { order_item_cancel_reason: "Security Reasons" } });
      expect(peek.status).toBe(404);
      expect(peek.body).toEqual({ detail: "Not found." });
      expect((await api.call(`/orders/${itemId}/orderitem/cancel`, { json: { order_item_cancel_reason: "Security Reasons" } })).status).toBe(401);
      const admin = await makeUser(api, { role: "admin" });
      expect((await api.call(`/orders/${itemId}/orderitem/cancel`, { token: admin.token, json: { order_item_cancel_reason: "Security Reasons" } })).status).toBe(200);
      expect(order.id).toBeTruthy();

      const p = await makeProduct(api, { stock: 5 });
      const cart = await createCart(api.db, { user_id: null, items: [{ product_id: p.id, quantity: 2 }] });
      const g = await api.call("/orders/", { json: { guest_delivery_address: GUEST_ADDRESS, order_payment_method: "PayOnDelivery", cart_id: cart.id } });
      const gItem = g.body.order_items[0].id;
      expect((await api.call(`/orders/${gItem}/orderitem/cancel?token=wrong`, { json: { order_item_cancel_reason: "Security Reasons" } })).status).toBe(404);
      const ok = await api.call(`/orders/${gItem}/orderitem/cancel?token=${encodeURIComponent(g.body.guest_token)}`, {
        json: { order_item_cancel_reason: "Poor Customer Service Experience" },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.order_items[0].status).toBe("Cancelled");
      expect(await stockOf(api, p.id)).toBe(5);
    });

    it("answers 404 for an unknown or malformed item id", async () => {
      const me = await makeUser(api);
      for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
        const r = await api.call(`/orders/${id}/orderitem/cancel`, { token: me.token, json: { order_item_cancel_reason: "Security Reasons" } });
        expect(r.status).toBe(404);
      }
    });
  });
});
