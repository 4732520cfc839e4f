/**
 * The one money rule as a property (issue 32; app/domain/pricing.ts, docs/payouts.md): random
 * multi-store orders (lines from three stores, some with priced options), paid by card or cash on
 * delivery, then random steps (a store moves its shipment on, records its cash, a line is
 * cancelled, a delivered line returned and refunded, a store paid out, a store settling the
 * commission it owes). After placement and after EVERY step, on both engines:
 *
 *  - every line costs its unit price (the option's when chosen) × quantity, from the test's own
 *    catalogue; each shipment's items are its active lines; the shopper's total is the sum of the
 *    shipments (items + shipping); the store's order page shows the same amount for its shipment,
 *    and the cash a store recorded is exactly that amount;
 *  - the card money the platform holds for an order (paid less refunds processed) is what its
 *    shipments still cost, less the returns refunded;
 *  - the ledger books, per order, by who received the money: card sales and shipping of delivered
 *    shipments (less refunds) as the platform's to pay on; cash as held by the store (cash received
 *    less cash paid back); 10% commission on every booked line, given back with a refund;
 *  - no store was ever paid out more than the card money the platform received for it (net of
 *    refunds) plus the commission it paid directly; a store's `owed` is its balance below zero.
 *
 * MONEY_RUNS sets the number of generated scenarios per engine (default 10).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "~/api/core/http";
import { findOrder, loadOrder } from "~/api/orders/queries.server";
import { storeView } from "~/api/orders/store-routes";
import { createPayout } from "~/api/payouts/commands.server";
import { createAddress, createProduct, createStore } from "~/db/seed/factories";
import { setPaystack } from "./paystack-helpers";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { cancelOrderItem } from "~/workflows/cancellation.server";
import { placeOrder } from "~/workflows/checkout.server";
import { moveShipment, recordCashReceived } from "~/workflows/order-delivery.server";
import { createAttempt, markPaid } from "~/workflows/payments.server";
import { settleRefund } from "~/workflows/refunds.server";
import { decideReturn, markReturnRefunded, requestReturn } from "~/workflows/returns.server";
import { settleCommission } from "~/workflows/settlements.server";
import { DELIVERY_TRANSITIONS, type DeliveryStatus } from "~/domain/orders";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { deliveryCodeOf } from "./delivery-code-helpers";

const RUNS = Number(process.env.MONEY_RUNS ?? 10);
const COMMISSION = 0.1;

interface Product {
  id: number;
  priceKobo: number;
  options: { id: number; priceKobo: number }[];
}
interface Store {
  id: number;
  ownerId: number;
  ownerToken: string;
  products: Product[];
}

const line = fc.record({ store: fc.nat(2), product: fc.nat(1), option: fc.nat(1), qty: fc.integer({ min: 1, max: 4 }) });
/** Steps name a store by its place among the order's stores (modulo), so they act on the order. */
const extra = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("advance" as const), store: fc.nat(5) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("cash" as const), store: fc.nat(5) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("cancel" as const), line: fc.nat(3) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("return" as const), line: fc.nat(3) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("payout" as const), store: fc.nat(5) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("settle" as const), store: fc.nat(5) }), weight: 1 },
);
type Step = typeof extra extends fc.Arbitrary<infer T> ? T : never;
/**
 * Each of the order's stores moves its shipment towards a target (mostly Delivered) and may record
 * its cash there; other steps (cancels, returns, payouts, settlements, more moves) are mixed in
 * between, in an order the generator picks.
 */
const scenario = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    method: fc.constantFrom("CardPayment" as const, "PayOnDelivery" as const),
    payFirst: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
    targets: fc.array(fc.oneof({ arbitrary: fc.constant(3), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 2 }), weight: 2 }), { minLength: 3, maxLength: 3 }),
    cash: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    extras: fc.array(extra, { maxLength: 8 }),
    mix: fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
  })
  .map((sc) => {
    const queues: Step[][] = [0, 1, 2].map((i) => [
      ...Array.from({ length: sc.targets[i] }, () => ({ kind: "advance" as const, store: i })),
      ...(sc.cash[i] ? [{ kind: "cash" as const, store: i }] : []),
    ]);
    queues.push([...sc.extras]);
    const steps: Step[] = [];
    for (let k = 0; queues.some((q) => q.length); k++) {
      const open = queues.filter((q) => q.length);
      steps.push(open[(sc.mix[k % sc.mix.length] ?? 0) % open.length].shift()!);
    }
    return { lines: sc.lines, method: sc.method, payFirst: sc.payFirst, steps };
  });
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

const kobo = (naira: number) => Math.round(naira * 100);
const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
/** -x without a negative zero (toBe compares with Object.is). */
const neg = (x: number) => (x === 0 ? 0 : -x);

describe.each(engines())("the one money rule on %s", (engine) => {
  const api = useApi(engine);
  let paystack: PaystackStandin;
  let stores: Store[] = [];
  let buyer: { id: number; email: string; token: string; addressId: number };
  let admin: { id: number };
  let n = 0;

  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: `${api.origin}/api/v1/webhooks/paystack`, retryDelaysMs: [50, 100, 200], transferDelayMs: 20 });
    setPaystack(paystack.secretKey, paystack.url);
    const cat = (await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1")).rows[0].id;
    const variant = (await api.db.query<{ id: number }>("INSERT INTO variants (name) VALUES ('Money rule size') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id")).rows[0].id;
    stores = [];
    for (const [i, state] of (["Lagos", "Federal Capital Territory", "Kano"] as const).entries()) {
      const owner = await makeUser(api);
      const store = await createStore(api.db, { owner_id: owner.id, name: `Money Rule Store ${i} ${Date.now()}`, state });
      const products: Product[] = [];
      for (const [j, [price, size]] of ([[1_234_567, "large"], [905_050, "small"]] as const).entries()) {
        const p = await createProduct(api.db, { store_id: store.id, user_id: owner.id, category_id: cat, selling_price_kobo: price + i * 10_001, price_kobo: price + i * 10_001, size, stock_quantity: 100_000 });
        // The second product has two options priced apart from it and from each other.
        const options: Product["options"] = [];
        if (j === 1)
          for (const [k, op] of [800_033, 1_100_000].entries()) {
            const o = await api.db.query<{ id: number }>("INSERT INTO product_options (product_id, variant_id, value, price_kobo) VALUES ($1, $2, $3, $4) RETURNING id", [p.id, variant, `Size ${k}`, op + i]);
            options.push({ id: o.rows[0].id, priceKobo: op + i });
          }
        products.push({ id: p.id, priceKobo: price + i * 10_001, options });
      }
      const bank = await api.call(`/stores/${store.id}/bank-account/`, { method: "PUT", token: owner.token, json: { bank_code: "058", account_number: `012345678${i}` } });
      expect(bank.status).toBe(200);
      stores.push({ id: store.id, ownerId: owner.id, ownerToken: owner.token, products });
    }
    const u = await makeUser(api);
    const address = await createAddress(api.db, u.id, { state: "Oyo" });
    buyer = { ...u, addressId: address.id };
    admin = await makeUser(api, { role: "admin" });
  });
  afterAll(async () => {
    await paystack.idle();
    await paystack.close();
    setPaystack(undefined, undefined);
  });

  /** Runs `fn`; a refusal (4xx) means the step does not apply now, anything else fails the run. */
  async function attempt(fn: () => Promise<unknown>): Promise<boolean> {
    try {
      await fn();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) return false;
      throw e;
    }
  }

  /** Settles every refund of the order Paystack would settle (as its refund.processed webhook). */
  async function processRefunds(orderId: string) {
    const open = await api.db.query<{ id: number }>("SELECT id FROM refunds WHERE order_id = $1 AND status IN ('queued', 'pending', 'processing') ORDER BY id", [orderId]);
    for (const r of open.rows) await settleRefund(api.db, r.id, "processed", {});
  }

  async function place(sc: Scenario): Promise<{ orderId: string; expectedUnit: Map<string, number> }> {
    const cart = (await api.db.query<{ id: string }>("INSERT INTO carts (user_id) VALUES (NULL) RETURNING id::text AS id")).rows[0].id;
    const unitOf = new Map<string, number>(); // `${product}:${option}` → the test's own unit price
    for (const l of sc.lines) {
      const p = stores[l.store].products[l.product];
      const option = p.options.length ? p.options[l.option] : null;
      const key = `${p.id}:${option?.id ?? 0}`;
      if (unitOf.has(key)) continue;
      unitOf.set(key, option?.priceKobo ?? p.priceKobo);
      await api.db.query("INSERT INTO cart_items (cart_id, product_id, quantity, option_id) VALUES ($1, $2, $3, $4)", [cart, p.id, l.qty, option?.id ?? null]);
    }
    const placed = await api.db.tx((q) =>
      placeOrder(q, {
        user: { id: buyer.id, email: buyer.email },
        paymentMethod: sc.method,
        address: { kind: "book", id: buyer.addressId },
        source: { kind: "cart", cartId: cart },
        idempotencyKey: `money-rule-${engine}-${n++}-${Date.now()}`,
      }),
    );
    return { orderId: placed.order.id, expectedUnit: unitOf };
  }

  async function payByCard(orderId: string) {
    const { attempt: a } = await createAttempt(api.db, orderId);
    expect(
      await markPaid(api.db, a.id, {
        id: a.id,
        status: "success",
        reference: a.reference,
        amount: a.amount_kobo,
        currency: "NGN",
        paid_at: new Date().toISOString(),
        channel: "card",
        gateway_response: "Approved",
        customer: { email: buyer.email, customer_code: "CUS_test" },
        metadata: null,
      }),
    ).toBe("paid");
  }

  async function act(orderId: string, s: Scenario["steps"][number], lineIds: string[], present: Store[]) {
    const store = "store" in s ? present[s.store % present.length] : null;
    if (s.kind === "advance" && store) {
      await attempt(() =>
        api.db.tx(async (q) => {
          const o = (await findOrder(q, orderId, true))!;
          const sh = await q.query<{ status: DeliveryStatus }>("SELECT status FROM shipments WHERE order_id = $1 AND store_id = $2", [orderId, store.id]);
          const next = sh.rows[0] ? DELIVERY_TRANSITIONS[sh.rows[0].status][0] : undefined;
          if (next) await moveShipment(q, o, store.id, next, { code: await deliveryCodeOf(q, orderId, store.id) });
        }),
      );
    } else if (s.kind === "cash" && store) {
      await attempt(() => api.db.tx(async (q) => recordCashReceived(q, (await findOrder(q, orderId, true))!, store.id, store.ownerId, { code: await deliveryCodeOf(q, orderId, store.id) })));
    } else if (s.kind === "cancel") {
      const id = lineIds[s.line % lineIds.length];
      await attempt(() => api.db.tx((q) => cancelOrderItem(q, id, "Financial Constraint", () => undefined)));
    } else if (s.kind === "return") {
      const id = lineIds[s.line % lineIds.length];
      const asked = await attempt(async () => {
        const returnId = await api.db.tx((q) => requestReturn(q, { orderId, itemId: id, body: { reason: "Damaged or defective", details: "Cracked on arrival." }, photo: null, windowDays: 7 }));
        const storeId = (await api.db.query<{ store_id: number }>("SELECT store_id FROM order_items WHERE id = $1", [id])).rows[0].store_id;
        const owner = stores.find((x) => x.id === storeId)!;
        const { refundQueued } = await api.db.tx((q) => decideReturn(q, { storeId, returnId, body: { decision: "accept", message: null }, userId: owner.ownerId }));
        // Cash on delivery: the store paid the buyer back; an admin records it.
        if (!refundQueued) await api.db.tx((q) => markReturnRefunded(q, { returnId, adminId: admin.id, note: "Paid back in cash by the store" }));
      });
      void asked;
    } else if (s.kind === "payout" && store) {
      // Time passes: the return window closes for the store's delivered shipments (no return
      // after this) and what they booked becomes available.
      await api.db.query("UPDATE shipments SET delivered_at = delivered_at - interval '8 days' WHERE store_id = $1 AND delivered_at IS NOT NULL", [store.id]);
      await api.db.query("UPDATE store_ledger SET available_at = now() - interval '1 day' WHERE store_id = $1 AND available_at > now()", [store.id]);
      await attempt(() => createPayout(api.db, { storeId: store.id, requestedBy: admin.id, reference: `payout-mr-${store.id}-${n++}-${Date.now()}` }));
    } else if (s.kind === "settle" && store) {
      const owed = kobo((await api.call(`/stores/${store.id}/ledger/`, { token: store.ownerToken })).body.owed);
      if (owed > 0) await settleCommission(api.db, { storeId: store.id, amountKobo: Math.ceil(owed / 2), reference: `settle-${store.id}-${n++}-${Date.now()}`, note: null, adminId: admin.id });
    }
    await processRefunds(orderId);
  }

  /** Every invariant of the file comment, for one order and the stores' ledgers. */
  async function check(orderId: string, expectedUnit: Map<string, number>, where: string) {
    const row = (await findOrder(api.db, orderId))!;
    const o = await loadOrder(api.db, row, api.origin);
    // Lines and shipments by the rule, against the test's own prices.
    for (const i of o.order_items) {
      const unit = expectedUnit.get(`${i.product_id}:${i.option_id ?? 0}`)!;
      expect(kobo(i.item_price), where).toBe(unit);
      expect(kobo(i.line_total), where).toBe(unit * i.quantity);
    }
    for (const sh of o.shipments) {
      const active = o.order_items.filter((i) => sh.items.includes(i.id) && i.status === "Active");
      expect(kobo(sh.items_total), where).toBe(sum(active.map((i) => kobo(i.line_total))));
      expect(kobo(sh.total), where).toBe(kobo(sh.items_total) + kobo(sh.shipping_cost));
      // The store's page shows the same amount for its shipment.
      const view = await storeView(api.db, row, sh.store!, api.origin);
      expect(kobo(view.total), where).toBe(kobo(sh.total));
      const cash = await api.db.query<{ cash_received_kobo: number | null }>("SELECT cash_received_kobo FROM shipments WHERE id = $1", [sh.id]);
      if (sh.cash_received) expect(Number(cash.rows[0].cash_received_kobo), where).toBe(kobo(sh.total));
    }
    expect(kobo(o.total), where).toBe(sum(o.shipments.map((sh) => kobo(sh.total))));
    expect(kobo(o.order_total_price), where).toBe(sum(o.shipments.map((sh) => kobo(sh.items_total))));
    expect(kobo(o.shipping_cost), where).toBe(sum(o.shipments.map((sh) => kobo(sh.shipping_cost))));

    // Money the platform holds for a card order = what its shipments still cost, less returns refunded.
    const money = (
      await api.db.query<{ paid: number; refunded: number; returned: number }>(
        `SELECT COALESCE((SELECT sum(amount_kobo) FROM payment_transactions WHERE order_id = $1 AND payment_status IN ('Complete', 'Refunded')), 0)::bigint AS paid,
                COALESCE((SELECT sum(amount_kobo) FROM refunds WHERE order_id = $1 AND status = 'processed'), 0)::bigint AS refunded,
                -- returns refunded of money that was received (a card payment, or the cash the store recorded)
                COALESCE((SELECT sum(oi.line_total_kobo) FROM returns r JOIN order_items oi ON oi.id = r.order_item_id JOIN orders o ON o.id = r.order_id
                            JOIN shipments sh ON sh.order_id = oi.order_id AND sh.store_id = oi.store_id
                           WHERE r.order_id = $1 AND r.status = 'refunded' AND (o.order_payment_method = 'CardPayment' OR sh.cash_received_at IS NOT NULL)), 0)::bigint AS returned`,
        [orderId],
      )
    ).rows[0];
    const paid = Number(money.paid);
    if (paid > 0) expect(paid - Number(money.refunded), where).toBe(kobo(o.total) - Number(money.returned));

    // The ledger of this order, by who received the money.
    const entries = (
      await api.db.query<{ kind: string; amount_kobo: number; line: number | null; returned: boolean }>(
        `SELECT l.kind, l.amount_kobo, oi.line_total_kobo AS line,
                EXISTS (SELECT 1 FROM returns r WHERE r.order_item_id = l.order_item_id AND r.status = 'refunded') AS returned
           FROM store_ledger l
           LEFT JOIN order_items oi ON oi.id = l.order_item_id
           LEFT JOIN shipments sh ON sh.id = l.shipment_id
          WHERE oi.order_id = $1 OR sh.order_id = $1`,
        [orderId],
      )
    ).rows.map((e) => ({ ...e, amount: Number(e.amount_kobo) }));
    const ofKind = (...kinds: string[]) => sum(entries.filter((e) => kinds.includes(e.kind)).map((e) => e.amount));
    const delivered = o.shipments.filter((sh) => sh.status === "Delivered" && sh.active_items > 0);
    const returnedRefunded = Number(money.returned);
    if (o.order_payment_method === "CardPayment") {
      const paidDelivered = paid > 0 ? sum(delivered.map((sh) => kobo(sh.total))) : 0;
      expect(ofKind("sale", "shipping", "refund"), where).toBe(paidDelivered - returnedRefunded);
      expect(ofKind("cash_held", "cash_refund"), where).toBe(0);
    } else {
      const cashIn = sum(o.shipments.filter((sh) => sh.cash_received).map((sh) => kobo(sh.total)));
      expect(neg(ofKind("cash_held", "cash_refund")), where).toBe(cashIn - returnedRefunded);
      expect(ofKind("sale", "shipping", "refund"), where).toBe(cashIn - returnedRefunded);
    }
    // 10% commission on every booked line, given back with its refund.
    const booked = entries.filter((e) => e.kind === "sale");
    expect(neg(ofKind("commission", "commission_refund")), where).toBe(sum(booked.filter((e) => !e.returned).map((e) => Math.round(e.amount * COMMISSION))));

    // Every store: never paid out more than the card money received for it (net of refunds) plus
    // the commission it paid directly; `owed` is its balance below zero.
    for (const s of stores) {
      const t = (
        await api.db.query<{ card: number; settled: number; paid_out: number; balance: number }>(
          `SELECT COALESCE(sum(l.amount_kobo) FILTER (WHERE l.kind IN ('sale', 'shipping', 'refund') AND NOT EXISTS (
                    SELECT 1 FROM store_ledger h WHERE h.kind = 'cash_held' AND (h.order_item_id = l.order_item_id OR h.shipment_id = l.shipment_id))), 0)::bigint AS card,
                  COALESCE(sum(l.amount_kobo) FILTER (WHERE l.kind = 'settlement'), 0)::bigint AS settled,
                  COALESCE(-sum(l.amount_kobo) FILTER (WHERE l.kind IN ('payout', 'payout_reversal')), 0)::bigint AS paid_out,
                  COALESCE(sum(l.amount_kobo) FILTER (WHERE l.available_at <= now()), 0)::bigint AS balance
             FROM store_ledger l WHERE l.store_id = $1`,
          [s.id],
        )
      ).rows[0];
      expect(Number(t.paid_out), `${where}: store ${s.id} paid out`).toBeLessThanOrEqual(Number(t.card) + Number(t.settled));
      const ledger = (await api.call(`/stores/${s.id}/ledger/`, { token: s.ownerToken })).body;
      expect(kobo(ledger.owed), where).toBe(Math.max(0, -Number(t.balance)));
    }
  }

  it("keeps every figure one computation and the ledger balanced to the kobo, step after step", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const { orderId, expectedUnit } = await place(sc);
        await check(orderId, expectedUnit, "placed");
        if (sc.method === "CardPayment" && sc.payFirst) {
          await payByCard(orderId);
          await check(orderId, expectedUnit, "paid");
        }
        const lineIds = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1 ORDER BY created_at, id", [orderId])).rows.map((r) => r.id);
        const present = stores.filter((st) => sc.lines.some((l) => stores[l.store] === st));
        for (const [k, s] of sc.steps.entries()) {
          await act(orderId, s, lineIds, present);
          await check(orderId, expectedUnit, `step ${k} (${JSON.stringify(s)})`);
        }
      }),
      {
        numRuns: RUNS,
        examples: [
          // Found by this property: a pay-on-delivery item returned and paid back before the store
          // pressed "Cash received"; the cash it then records must book that refund too.
          [
            {
              lines: [{ store: 0, product: 0, option: 0, qty: 1 }],
              method: "PayOnDelivery",
              payFirst: false,
              steps: [{ kind: "advance", store: 0 }, { kind: "advance", store: 0 }, { kind: "advance", store: 0 }, { kind: "return", line: 0 }, { kind: "cash", store: 0 }],
            },
          ],
        ],
      },
    );
  });
});

export type { TestApi };
