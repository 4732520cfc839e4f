/**
 * Claims that hold the payout (issue 36 item 5; decision 0034): a buyer's claim on a delivered line
 * paid online holds the line's credit in the store's ledger; the store refunds all or part, or replies
 * and an admin rules (all, part, none); the refund goes through Paystack (the local stand-in) and the
 * ledger books it to the kobo when it is processed, releasing the hold. The 7-day window; escalation
 * after 48 hours by two "servers" at once (on PostgreSQL a second pool, as a second app server has)
 * happens once; a Paystack dispute webhook opens a linked claim.
 */
import { setPaystack, waitFor } from "./paystack-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Db } from "~/db/client.server";
import { createOrder, createProduct } from "~/db/seed/factories";
import { CLAIM_MESSAGES } from "~/domain/claims";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { processQueuedRefunds } from "~/jobs.server";
import { escalateOverdueClaims } from "~/workflows/claims.server";
import { engines, useApi } from "./harness";
import { file, firstCategory, form, image, vendorCast } from "./vendor-helpers";
import { pgUrlFor } from "../setup/templates";

type Cast = Awaited<ReturnType<typeof vendorCast>>;

/** ₦12,345.67 a bag: a line of 2 is 2,469,134 kobo; the 10% commission on it 246,913 kobo (rounded). */
const PRICE = 1_234_567;
const QTY = 2;
const LINE = PRICE * QTY;
const COMMISSION = Math.round(LINE * 0.1);

describe.each(engines())("claims on %s", (engine) => {
  const api = useApi(engine);
  let paystack: PaystackStandin;
  let other: Db;

  beforeAll(async () => {
    paystack = await startPaystackStandin({ webhookUrl: `${api.origin}/api/v1/webhooks/paystack`, retryDelaysMs: [50, 100, 200], refundDelayMs: 30 });
    setPaystack(paystack.secretKey, paystack.url);
    if (engine === "postgres") {
      const name = (await api.db.query<{ d: string }>("SELECT current_database() AS d")).rows[0].d;
      other = await openPostgres(pgUrlFor(name), 3);
    } else other = api.db;
  });
  afterAll(async () => {
    await paystack.idle();
    await paystack.close();
    setPaystack(undefined, undefined);
    if (other !== api.db) await other.close();
  });

  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params)).rows[0].n;
  const ledger = async (c: Cast) => (await api.call(`/stores/${c.store.id}/ledger/`, { token: c.owner.token })).body;
  /** Past the return window: what is not held is available to pay out. */
  const passReturnWindow = (c: Cast) => api.db.query("UPDATE store_ledger SET available_at = now() - interval '1 day' WHERE store_id = $1", [c.store.id]);

  /** A card order of two bags of the store's cement, paid through the stand-in and delivered by the store (which books the ledger). */
  async function paidDelivered(c: Cast, opts: { payment?: "CardPayment" | "PayOnDelivery" } = {}) {
    const cat = await firstCategory(api);
    const cement = await createProduct(api.db, { store_id: c.store.id, user_id: c.owner.id, category_id: cat, name: "Dangote cement 50kg", selling_price_kobo: PRICE });
    const method = opts.payment ?? "CardPayment";
    const order = await createOrder(api.db, {
      user_id: c.shopper.id,
      customer_email: c.shopper.email,
      items: [{ product_id: cement.id, quantity: QTY }],
      payment_method: method,
      payment_status: "Pending",
      delivery_status: "Shipped",
      shipping_kobo: 0,
    });
    let reference = "";
    if (method === "CardPayment") {
      const made = await api.call("/payments/paystack/make/", { token: c.shopper.token, json: { order_id: order.id } });
      expect(made.status).toBe(201);
      reference = made.body.data.reference;
      const page = await (await fetch(made.body.data.authorization_url)).text();
      const action = /action="([^"]+\/pay)"/.exec(page)![1].replace(/&amp;/g, "&");
      await fetch(action, { method: "POST", redirect: "manual" });
      await api.call("/payments/paystack/confirm_payment", { method: "PATCH", json: { trx_ref: reference, order_id: order.id } });
      await waitFor("the order to be paid", async () => (await count("SELECT count(*)::int AS n FROM orders WHERE id = $1 AND order_payment_status = 'Complete'", [order.id])) === 1);
      const d = await api.call(`/orders/${c.store.id}/store/${order.id}/status/`, { method: "PATCH", token: c.member.token, json: { status: "Delivered" } });
      expect(d.status).toBe(200);
    } else {
      expect((await api.call(`/orders/${c.store.id}/store/${order.id}/cash/`, { method: "POST", token: c.member.token, json: {} })).status).toBe(200);
    }
    const item = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM order_items WHERE order_id = $1", [order.id])).rows[0];
    return { orderId: order.id, itemId: item.id, reference };
  }

  const open = (orderId: string, itemId: string, token: string, fields: Record<string, string | File> = { reason: "wrong_quantity", note: "The bags weigh 28 kg, not 50 kg." }) =>
    api.call(`/orders/${orderId}/items/${itemId}/claim/`, { token, form: form(fields) });
  const storeAnswer = (c: Cast, claimId: number, json: unknown, token = c.member.token) => api.call(`/stores/${c.store.id}/claims/${claimId}/answer/`, { token, json });
  const rule = (c: Cast, claimId: number, json: unknown) => api.call(`/admin/claims/${claimId}/ruling/`, { token: c.admin.token, json });
  const refundDone = async (orderId: string) => {
    await processQueuedRefunds(api.db);
    await paystack.idle();
    await waitFor("the claim's refund to be processed", async () => (await count("SELECT count(*)::int AS n FROM claims WHERE order_id = $1 AND refunded_at IS NOT NULL", [orderId])) === 1);
  };

  it("the store refunds all: the claim holds the line's credit, then the ledger books the refund to the kobo and nothing is left to pay out", async () => {
    const c = await vendorCast(api);
    const { orderId, itemId, reference } = await paidDelivered(c);
    await passReturnWindow(c);
    expect(await ledger(c)).toMatchObject({ balance: (LINE - COMMISSION) / 100, held: 0 });

    const r = await open(orderId, itemId, c.shopper.token, { reason: "damaged", note: "Three bags burst.", photo: file(await image("jpeg", 5), "bags.jpg", "image/jpeg") });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "open", reason: "damaged", amount: LINE / 100, held: (LINE - COMMISSION) / 100, source: "buyer", refund: null });
    expect(r.body.messages).toHaveLength(1);
    expect(r.body.messages[0]).toMatchObject({ author: "buyer", kind: "opened", body: "Three bags burst." });
    const photo = r.body.messages[0].photos[0] as string;
    expect(photo).toMatch(new RegExp(`/orders/${orderId}/claims/${r.body.id}/photos/\\d+/$`));
    // The credit is held: counted in pending, not in the balance; no payout can take it.
    expect(await ledger(c)).toMatchObject({ balance: 0, held: (LINE - COMMISSION) / 100, pending: (LINE - COMMISSION) / 100 });
    // The photo goes to the claim's parties only.
    const got = await api.fetch(photo, { token: c.shopper.token });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/jpeg");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    await got.arrayBuffer();
    expect((await api.call(photo, { token: c.otherOwner.token })).status).toBe(404);
    const storeView = await api.call(`/stores/${c.store.id}/claims/${r.body.id}/`, { token: c.member.token });
    expect(storeView.status).toBe(200);
    const storePhoto = await api.fetch(storeView.body.messages[0].photos[0], { token: c.member.token });
    expect(storePhoto.status).toBe(200);
    await storePhoto.arrayBuffer();
    expect((await api.call(`/stores/${c.otherStore.id}/claims/${r.body.id}/`, { token: c.otherOwner.token })).status).toBe(404);
    // The store is told; the buyer's order shows the thread and no more claimable lines.
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'claim_opened'", [c.store.id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE 'Claim on order %: Dangote cement 50kg'", [])).toBeGreaterThanOrEqual(1);
    const mine = await api.call(`/orders/${orderId}/claims/`, { token: c.shopper.token });
    expect(mine.body).toMatchObject({ window_days: 7, claimable: [] });
    expect(mine.body.results.map((x: { id: number }) => x.id)).toEqual([r.body.id]);

    // Another store cannot answer it; the store refunds all.
    expect((await api.call(`/stores/${c.otherStore.id}/claims/${r.body.id}/answer/`, { token: c.otherOwner.token, json: { answer: "refund_all" } })).status).toBe(404);
    const a = await storeAnswer(c, r.body.id, { answer: "refund_all", message: "Sorry, we will refund you." });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: "resolved", refund: LINE / 100, resolved_by: "store" });
    // Still held until Paystack has refunded it.
    expect(await ledger(c)).toMatchObject({ balance: 0, held: (LINE - COMMISSION) / 100 });
    expect((await storeAnswer(c, r.body.id, { answer: "reply", message: "again" })).status).toBe(409);

    await refundDone(orderId);
    expect(paystack.transaction(reference)?.refunded).toBe(LINE);
    const after = await ledger(c);
    expect(after).toMatchObject({ balance: 0, held: 0, pending: 0 });
    const kinds = (after.results as Array<{ kind: string; amount: number }>).map((e) => [e.kind, e.amount]).sort();
    expect(kinds).toEqual(
      [
        ["sale", LINE / 100],
        ["commission", -COMMISSION / 100],
        ["refund", -LINE / 100],
        ["commission_refund", COMMISSION / 100],
      ].sort(),
    );
    const thread = (await api.call(`/orders/${orderId}/claims/`, { token: c.shopper.token })).body.results[0];
    expect(thread.messages.map((m: { kind: string }) => m.kind)).toEqual(["opened", "refund", "refunded"]);
    expect(thread).toMatchObject({ refund_status: "processed", held: 0 });
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'claim_resolved'", [c.shopper.id])).toBe(1);
  });

  it("the store refunds part: ₦4,321.09 back; the commission on that share comes back to the store, to the kobo", async () => {
    const c = await vendorCast(api);
    const { orderId, itemId, reference } = await paidDelivered(c);
    await passReturnWindow(c);
    const id = (await open(orderId, itemId, c.shopper.token)).body.id as number;
    // A part must be less than the line and more than nothing: nothing written on a 400.
    const tooMuch = await storeAnswer(c, id, { answer: "refund_part", amount: LINE / 100 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.amount).toEqual([CLAIM_MESSAGES.amountPart]);
    expect((await storeAnswer(c, id, { answer: "refund_part" })).body.amount).toEqual([CLAIM_MESSAGES.amount]);
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1", [orderId])).toBe(0);

    const part = 432_109;
    const a = await storeAnswer(c, id, { answer: "refund_part", amount: "4,321.09", message: "Six bags short: we refund them." });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: "resolved", refund: part / 100 });
    await refundDone(orderId);
    expect(paystack.transaction(reference)?.refunded).toBe(part);
    const commissionBack = Math.round((COMMISSION * part) / LINE); // 43,211 kobo
    expect(commissionBack).toBe(43_211);
    expect(await ledger(c)).toMatchObject({ balance: (LINE - COMMISSION - part + commissionBack) / 100, held: 0 });
  });

  it("the store replies with evidence; the admin rules none: the hold is released and the store keeps the line", async () => {
    const c = await vendorCast(api);
    const { orderId, itemId } = await paidDelivered(c);
    await passReturnWindow(c);
    const id = (await open(orderId, itemId, c.shopper.token, { reason: "never_delivered", note: "Nothing came." })).body.id as number;
    // A reply needs words; an admin cannot rule a claim still waiting for the store.
    expect((await storeAnswer(c, id, { answer: "reply" })).body.message).toEqual([CLAIM_MESSAGES.message]);
    expect((await rule(c, id, { ruling: "refund_none", message: "x" })).status).toBe(409);
    const reply = await api.call(`/stores/${c.store.id}/claims/${id}/answer/`, {
      token: c.owner.token,
      form: form({ answer: "reply", message: "Signed for by the buyer's site manager.", photo: file(await image("png", 4), "waybill.png", "image/png") }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("answered");
    expect(reply.body.messages[1]).toMatchObject({ author: "store", kind: "reply" });
    expect(reply.body.messages[1].photos).toHaveLength(1);
    expect(await ledger(c)).toMatchObject({ balance: 0, held: (LINE - COMMISSION) / 100 });
    // Only admins see the admin's list and rule.
    expect((await api.call(`/admin/claims/${id}/`, { token: c.owner.token })).status).toBe(404);
    expect((await api.call(`/admin/claims/?status=answered`, { token: c.admin.token })).body.results.map((x: { id: number }) => x.id)).toContain(id);

    const r = await rule(c, id, { ruling: "refund_none", message: "The waybill is signed: the delivery happened." });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "resolved", refund: 0, resolved_by: "admin", held: 0 });
    expect(await count("SELECT count(*)::int AS n FROM refunds WHERE order_id = $1", [orderId])).toBe(0);
    expect(await ledger(c)).toMatchObject({ balance: (LINE - COMMISSION) / 100, held: 0 });
    expect((await rule(c, id, { ruling: "refund_all", message: "again" })).status).toBe(409);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'claim_resolved'", [c.shopper.id])).toBe(1);
  });

  it("no answer in 48 hours: two servers escalate it once; the admin rules part and the ledger follows to the kobo", async () => {
    const c = await vendorCast(api);
    const { orderId, itemId, reference } = await paidDelivered(c);
    await passReturnWindow(c);
    const id = (await open(orderId, itemId, c.shopper.token)).body.id as number;
    const due = new Date((await api.db.query<{ d: Date }>("SELECT answer_due_at AS d FROM claims WHERE id = $1", [id])).rows[0].d);
    const bothAt = async (now: Date) => {
      const [a, b] = await Promise.all([escalateOverdueClaims(api.db, { now }), escalateOverdueClaims(other, { now })]);
      return a.escalated + b.escalated;
    };
    const mineEscalated = () => count("SELECT count(*)::int AS n FROM claim_messages WHERE claim_id = $1 AND kind = 'escalated'", [id]);
    await bothAt(new Date(due.getTime() - 60_000));
    expect(await mineEscalated()).toBe(0);
    await bothAt(due);
    await bothAt(new Date(due.getTime() + 3_600_000));
    expect(await mineEscalated()).toBe(1);
    expect((await api.call(`/stores/${c.store.id}/claims/${id}/`, { token: c.member.token })).body.status).toBe("escalated");
    // Told once each: the admin, the store, the buyer.
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'claim_escalated' AND link = $2", [c.admin.id, `/admin/claims/${id}`])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'claim_escalated'", [c.store.id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'claim_escalated'", [c.shopper.id])).toBe(1);
    // Too late for the store now.
    expect((await storeAnswer(c, id, { answer: "refund_all" })).status).toBe(409);

    const part = 1_000_001;
    const r = await rule(c, id, { ruling: "refund_part", amount: "10000.01", message: "Short weight shown in the photos: half back." });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "resolved", refund: part / 100, resolved_by: "admin" });
    await refundDone(orderId);
    expect(paystack.transaction(reference)?.refunded).toBe(part);
    const commissionBack = Math.round((COMMISSION * part) / LINE);
    expect(await ledger(c)).toMatchObject({ balance: (LINE - COMMISSION - part + commissionBack) / 100, held: 0 });
  });

  it("the 7-day window and the other refusals, writing nothing", async () => {
    const c = await vendorCast(api);
    const late = await paidDelivered(c);
    await api.db.query("UPDATE shipments SET delivered_at = now() - interval '7 days 1 minute' WHERE order_id = $1", [late.orderId]);
    const r8 = await open(late.orderId, late.itemId, c.shopper.token);
    expect(r8.status).toBe(400);
    expect(r8.body.detail).toBe(CLAIM_MESSAGES.tooLate(7));
    await api.db.query("UPDATE shipments SET delivered_at = now() - interval '6 days 23 hours' WHERE order_id = $1", [late.orderId]);
    expect((await api.call(`/orders/${late.orderId}/claims/`, { token: c.shopper.token })).body.claimable).toHaveLength(1);

    const cash = await paidDelivered(c, { payment: "PayOnDelivery" });
    expect((await open(cash.orderId, cash.itemId, c.shopper.token)).body.detail).toBe(CLAIM_MESSAGES.notOnline);
    // Someone else's order: 404; a bad body: 400 per field.
    expect((await open(late.orderId, late.itemId, c.otherOwner.token)).status).toBe(404);
    const bad = await open(late.orderId, late.itemId, c.shopper.token, { reason: "because", note: "" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ reason: [CLAIM_MESSAGES.reason], note: [CLAIM_MESSAGES.note] });
    const fake = await open(late.orderId, late.itemId, c.shopper.token, { reason: "damaged", note: "Torn.", photo_2: file("<html></html>", "x.png", "image/png") });
    expect(fake.status).toBe(400);
    expect(fake.body.photo_2).toBeDefined();
    expect(await count("SELECT count(*)::int AS n FROM claims WHERE order_id = ANY($1::uuid[])", [[late.orderId, cash.orderId]])).toBe(0);
    // Once per line.
    expect((await open(late.orderId, late.itemId, c.shopper.token)).status).toBe(201);
    expect((await open(late.orderId, late.itemId, c.shopper.token)).body.detail).toBe(CLAIM_MESSAGES.already);
  });

  it("a Paystack dispute webhook opens a claim linked to it, holding the line; reminders and the resolution reach the thread", async () => {
    const c = await vendorCast(api);
    const { orderId, reference } = await paidDelivered(c);
    const disputeId = paystack.openDispute(reference, { refundAmount: LINE, category: "chargeback" });
    expect(disputeId).not.toBeNull();
    await paystack.idle();
    const claim = await waitFor("the dispute's claim", async () => (await api.call(`/stores/${c.store.id}/claims/`, { token: c.member.token })).body.results[0]);
    expect(claim).toMatchObject({ order_id: orderId, source: "paystack", reason: "card_dispute", dispute_id: String(disputeId), status: "open", held: (LINE - COMMISSION) / 100 });
    expect(claim.messages[0]).toMatchObject({ author: "system", kind: "dispute", amount: LINE / 100 });
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'claim_escalated'", [c.admin.id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM notifications WHERE store_id = $1 AND kind = 'claim_opened'", [c.store.id])).toBe(1);

    const kinds = async () => ((await api.call(`/stores/${c.store.id}/claims/${claim.id}/`, { token: c.member.token })).body.messages as Array<{ kind: string }>).map((m) => m.kind);
    paystack.remindDispute(disputeId!);
    await paystack.idle();
    await waitFor("the reminder in the thread", async () => (await kinds()).includes("dispute_remind"));
    paystack.resolveDispute(disputeId!, "declined");
    await paystack.idle();
    const thread = await waitFor("the resolution in the thread", async () => {
      const x = (await api.call(`/stores/${c.store.id}/claims/${claim.id}/`, { token: c.member.token })).body;
      return x.messages.some((m: { kind: string }) => m.kind === "dispute_resolved") ? x : null;
    });
    expect(thread.messages.map((m: { kind: string }) => m.kind)).toEqual(["dispute", "dispute_remind", "dispute_resolved"]);
    expect(thread.status).toBe("escalated");
    expect(await count("SELECT count(*)::int AS n FROM claims WHERE order_id = $1", [orderId])).toBe(1);
  });
});
