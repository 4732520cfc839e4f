/**
 * Claims that hold the payout (issue 36 item 5; rules app/domain/claim-rules.ts; decision 0034).
 * Plain functions over the caller's transaction; each step writes its line of the claim's thread,
 * its notifications and e-mails (recordEvent) in the same transaction as the change.
 *
 *  - openClaim: the buyer opens a claim on a delivered line paid online, within the window, with a
 *    note and photos; the line's ledger credit is held (payouts area: holdLineCredit);
 *  - answerClaim: the store refunds all or part (the refund is queued through the orders area's
 *    queueItemRefund, the one way an item's money goes back) or replies with evidence (an admin rules);
 *  - escalateOverdueClaims: the background job; an open claim past its answer time goes to the admins,
 *    once, whichever server runs it (FOR UPDATE SKIP LOCKED and a conditional UPDATE);
 *  - ruleClaim: an admin rules an answered or escalated claim: refund all, part or none;
 *  - claimRefundSettled: called by ./refunds.server.ts when a claim's refund is processed (its
 *    ledger refund booked by debitRefund in that transaction): the hold is released;
 *  - applyDisputeEvent: Paystack's charge.dispute.create / remind / resolve: a claim linked to the
 *    dispute on each line of the disputed payment, reminders and the resolution in its thread.
 */
import { holdLineCredit, releaseClaimHold } from "~/api/payouts/commands.server";
import type { Db, Queryable } from "~/db/client.server";
import {
  CLAIM_MESSAGES,
  claimAnswerDue,
  claimDeadline,
  claimRefundKobo,
  claimRefusal,
  type ClaimAnswerBody,
  type ClaimMessageKind,
  type ClaimOpenBody,
  type ClaimRulingBody,
} from "~/domain/claims";
import { formatKobo } from "~/domain/money";
import { orderNumber } from "~/domain/orders";
import { ApiError, badRequest, notFound } from "~/api/core/http";
import { indexImages, type StoredImage } from "~/api/core/uploads.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { recordEvent, type Notice } from "~/api/notifications/commands.server";
import { cardPaymentOf, queueItemRefund } from "~/api/orders/commands.server";
import { findOrder } from "~/api/orders/queries.server";
import type { OrderRow } from "~/api/orders/serialize";
import { claimableLines, type ClaimableLine } from "~/api/claims/queries.server";
import { claimEmail, type ClaimEmailStep } from "~/integrations/mail/claim-emails.server";
import { orderLanguage } from "~/integrations/mail/language.server";
import { link, orderLink } from "~/integrations/mail/layout.server";
import type { MailMessage } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";

const conflict = (detail: string) => new ApiError(409, { detail });

export const adminClaimPath = (claimId: number) => `/admin/claims/${claimId}`;
const buyerPath = (orderId: string) => `/users/orders/${orderId}`;
const storePath = (slug: string, orderId: string) => `/stores/${encodeURIComponent(slug)}/orders/${orderId}`;

/**
 * The line of `order` a claim is asked for, if the rule allows it now; else 404 (no such line) or
 * 400 {detail}. Run once before the photos are stored and again under the locks.
 */
export async function claimableLine(q: Queryable, order: OrderRow, itemId: string, windowDays: number, lock = false): Promise<ClaimableLine> {
  const [line] = await claimableLines(q, order.id, itemId, lock);
  if (!line) throw notFound();
  const paidOnline = !!(await cardPaymentOf(q, order, line.store_id));
  const why = claimRefusal({ status: line.status, deliveredAt: line.delivered_at, hasClaim: line.has_claim, hasReturn: line.has_return, paidOnline }, windowDays);
  if (why) throw badRequest({ detail: why });
  return line;
}

/** The lines of `order` a claim may be opened on now, each with the last moment to open it. */
export async function claimableNow(q: Queryable, order: OrderRow): Promise<Array<{ order_item_id: string; claim_by: string }>> {
  const out: Array<{ order_item_id: string; claim_by: string }> = [];
  for (const l of await claimableLines(q, order.id)) {
    const paidOnline = !!(await cardPaymentOf(q, order, l.store_id));
    if (!claimRefusal({ status: l.status, deliveredAt: l.delivered_at, hasClaim: l.has_claim, hasReturn: l.has_return, paidOnline }))
      out.push({ order_item_id: l.id, claim_by: claimDeadline(l.delivered_at!).toISOString() });
  }
  return out;
}

interface Parties {
  orderId: string;
  productName: string;
  store: { id: number; name: string; slug: string; email: string | null; lang: string | null } | null;
  buyer: { userId: number | null; email: string | null; firstName: string | null; lang: string | null };
}

async function partiesOf(q: Queryable, claimId: number): Promise<Parties & { lineKobo: number; status: string; orderItemId: string }> {
  const r = await q.query<{
    order_id: string;
    order_item_id: string;
    product_name: string;
    line_kobo: number;
    status: string;
    store_id: number | null;
    store_name: string | null;
    store_slug: string | null;
    store_email: string | null;
    store_lang: string | null;
    user_id: number | null;
    email: string | null;
    first_name: string | null;
  }>(
    `SELECT c.order_id::text AS order_id, c.order_item_id::text AS order_item_id, oi.product_name, c.line_kobo, c.status,
            c.store_id, s.name AS store_name, s.slug AS store_slug, NULLIF(s.email::text, '') AS store_email, so.language AS store_lang,
            o.user_id, NULLIF(COALESCE(o.customer_email::text, u.email::text), '') AS email, u.first_name
       FROM claims c JOIN order_items oi ON oi.id = c.order_item_id JOIN orders o ON o.id = c.order_id
       LEFT JOIN users u ON u.id = o.user_id LEFT JOIN stores s ON s.id = c.store_id LEFT JOIN users so ON so.id = s.owner_id
      WHERE c.id = $1`,
    [claimId],
  );
  const x = r.rows[0];
  return {
    orderId: x.order_id,
    orderItemId: x.order_item_id,
    productName: x.product_name,
    lineKobo: Number(x.line_kobo),
    status: x.status,
    store: x.store_id && x.store_slug ? { id: x.store_id, name: x.store_name ?? "", slug: x.store_slug, email: x.store_email, lang: x.store_lang } : null,
    buyer: { userId: x.user_id, email: x.email, firstName: x.first_name, lang: await orderLanguage(q, x.order_id) },
  };
}

async function admins(q: Queryable): Promise<Array<{ id: number; email: string; lang: string | null; first_name: string | null }>> {
  const r = await q.query<{ id: number; email: string; lang: string | null; first_name: string | null }>(
    `SELECT id, email::text AS email, language AS lang, NULLIF(first_name, '') AS first_name FROM users
      WHERE role = 'admin' AND is_active AND deleted_at IS NULL AND NULLIF(email::text, '') IS NOT NULL ORDER BY id LIMIT 20`,
  );
  return r.rows;
}

async function addMessage(
  q: Queryable,
  claimId: number,
  m: { role: "buyer" | "store" | "admin" | "system"; authorId?: number | null; kind: ClaimMessageKind; body?: string | null; amountKobo?: number | null; photos?: StoredImage[] },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    "INSERT INTO claim_messages (claim_id, author_role, author_id, kind, body, amount_kobo) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    [claimId, m.role, m.authorId ?? null, m.kind, m.body ?? "", m.amountKobo ?? null],
  );
  const id = r.rows[0].id;
  if (m.photos?.length) {
    await indexImages(q, m.photos);
    for (const p of m.photos) await q.query("INSERT INTO claim_photos (claim_id, message_id, photo_key) VALUES ($1, $2, $3)", [claimId, id, p.key]);
  }
  return id;
}

/** Who hears of a step: the buyer, the store and/or the admins, each a notice and an e-mail in their language. */
async function tell(
  q: Queryable,
  claimId: number,
  p: Parties,
  step: ClaimEmailStep,
  to: { buyer?: boolean; store?: boolean; admins?: boolean },
  extra: { amountKobo?: number | null; words?: string | null } = {},
): Promise<void> {
  const notices: Notice[] = [];
  const mails: MailMessage[] = [];
  const base = { step, orderId: p.orderId, productName: p.productName, storeName: p.store?.name ?? "", amountKobo: extra.amountKobo ?? null, words: extra.words ?? null };
  const kind = step === "opened" || step === "dispute" ? "claim_opened" : step === "escalated" || step === "dispute_remind" ? "claim_escalated" : step.startsWith("ruled") || step === "refund" ? "claim_resolved" : "claim_answered";
  const titleKey = kind === "claim_opened" ? "claim_answered" : kind; // a buyer never gets "opened" (they opened it)
  if (to.buyer) {
    notices.push({ kind, userId: p.buyer.userId, text: { title: titleKey, params: { product: p.productName, number: orderNumber(p.orderId) } }, link: buyerPath(p.orderId) });
    if (p.buyer.email)
      mails.push(
        claimEmail({
          ...base,
          to: p.buyer.email,
          firstName: p.buyer.firstName,
          lang: p.buyer.lang,
          href: orderLink(p.orderId, p.buyer.userId === null ? guestTokenFor(p.orderId) : null),
        }),
      );
  }
  if (to.store && p.store) {
    // A key and its values, said in the reader's language (~/domain/notices); the body is the words
    // of the buyer or the admin as written.
    const title =
      step === "opened" || step === "dispute"
        ? "store_claim_opened"
        : step === "escalated"
          ? "store_claim_escalated"
          : step === "dispute_remind"
            ? "store_dispute_remind"
            : step.startsWith("ruled")
              ? "store_claim_ruled"
              : "store_claim_updated";
    notices.push({ kind, storeId: p.store.id, text: { title, params: { number: orderNumber(p.orderId), product: p.productName } }, body: extra.words ?? "", link: storePath(p.store.slug, p.orderId) });
    if (p.store.email) mails.push(claimEmail({ ...base, to: p.store.email, lang: p.store.lang, href: link(storePath(p.store.slug, p.orderId)) }));
  }
  if (to.admins)
    for (const a of await admins(q)) {
      notices.push({ kind: "claim_escalated", userId: a.id, text: { title: "claim_escalated", params: { product: p.productName, number: orderNumber(p.orderId) } }, link: adminClaimPath(claimId) });
      mails.push(claimEmail({ ...base, to: a.email, firstName: a.first_name, lang: a.lang, href: link(adminClaimPath(claimId)) }));
    }
  await recordEvent(q, { notices, mails });
}

/** The buyer opens a claim on one line. Returns the claim's id. */
export async function openClaim(
  tx: Queryable,
  input: { orderId: string; itemId: string; body: ClaimOpenBody; photos: StoredImage[]; windowDays: number; userId: number | null },
): Promise<number> {
  const order = await findOrder(tx, input.orderId, true);
  if (!order) throw notFound();
  const line = await claimableLine(tx, order, input.itemId, input.windowDays, true);
  const ins = await tx.query<{ id: number }>(
    `INSERT INTO claims (order_item_id, order_id, store_id, user_id, reason, line_kobo, answer_due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_item_id) DO NOTHING RETURNING id`,
    [line.id, order.id, line.store_id, order.user_id, input.body.reason, line.line_total_kobo, claimAnswerDue(new Date()).toISOString()],
  );
  if (!ins.rows[0]) throw badRequest({ detail: CLAIM_MESSAGES.already });
  const id = ins.rows[0].id;
  await addMessage(tx, id, { role: "buyer", authorId: input.userId, kind: "opened", body: input.body.note, photos: input.photos });
  await holdLineCredit(tx, { orderItemId: line.id, claimId: id });
  await tell(tx, id, await partiesOf(tx, id), "opened", { store: true }, { words: input.body.note });
  return id;
}

/**
 * Resolves claim `claimId` (locked by the caller) with a refund of `refundKobo` (0: none): a refund
 * is queued against the line's online payment and the hold stays until it is processed; none
 * releases the hold at once. Returns whether a refund was queued.
 */
async function resolve(tx: Queryable, claimId: number, p: Parties & { lineKobo: number; orderItemId: string }, by: { role: "store" | "admin"; userId: number }, refundKobo: number, why: string): Promise<boolean> {
  let refundId: number | null = null;
  if (refundKobo > 0) {
    const order = (await findOrder(tx, p.orderId))!;
    const paid = await cardPaymentOf(tx, order, p.store?.id ?? null);
    if (!paid) throw conflict(CLAIM_MESSAGES.notOnline);
    refundId = await queueItemRefund(tx, p.orderId, { id: p.orderItemId, line_total_kobo: refundKobo }, paid, `Claim ${claimId}: ${why}`.slice(0, 200));
    if (refundId === null) throw conflict(CLAIM_MESSAGES.returned);
  } else await releaseClaimHold(tx, claimId);
  await tx.query(
    `UPDATE claims SET status = 'resolved', resolved_at = now(), resolved_by_role = $2, resolved_by = $3, refund_kobo = $4, refund_id = $5 WHERE id = $1`,
    [claimId, by.role, by.userId, refundKobo, refundId],
  );
  return refundId !== null;
}

/** Locks the claim's order then the claim (the order first, as every order change does). */
async function lockClaim(tx: Queryable, claimId: number) {
  const ref = await tx.query<{ order_id: string }>("SELECT order_id::text AS order_id FROM claims WHERE id = $1", [claimId]);
  if (!ref.rows[0]) throw notFound();
  await findOrder(tx, ref.rows[0].order_id, true);
  await tx.query("SELECT id FROM claims WHERE id = $1 FOR UPDATE", [claimId]);
  return partiesOf(tx, claimId);
}

/** A member of store `storeId` answers an open claim: refund all or part, or reply with evidence. */
export async function answerClaim(
  tx: Queryable,
  input: { storeId: number; claimId: number; body: ClaimAnswerBody; userId: number; photo: StoredImage | null },
): Promise<{ refundQueued: boolean }> {
  const p = await lockClaim(tx, input.claimId);
  if (p.store?.id !== input.storeId) throw notFound();
  if (p.status !== "open") throw conflict(CLAIM_MESSAGES.notOpen);
  const message = input.body.message ?? null;
  if (input.body.answer === "reply") {
    await tx.query("UPDATE claims SET status = 'answered' WHERE id = $1", [input.claimId]);
    await addMessage(tx, input.claimId, { role: "store", authorId: input.userId, kind: "reply", body: message, photos: input.photo ? [input.photo] : [] });
    await tell(tx, input.claimId, p, "reply", { buyer: true, admins: true }, { words: message });
    return { refundQueued: false };
  }
  const refundKobo = claimRefundKobo(input.body.answer, p.lineKobo, input.body.amount);
  if (refundKobo === null) throw badRequest({ amount: [CLAIM_MESSAGES.amountPart] });
  await addMessage(tx, input.claimId, { role: "store", authorId: input.userId, kind: "refund", body: message, amountKobo: refundKobo, photos: input.photo ? [input.photo] : [] });
  const refundQueued = await resolve(tx, input.claimId, p, { role: "store", userId: input.userId }, refundKobo, `the store refunds ${formatKobo(refundKobo)}`);
  await tell(tx, input.claimId, p, "refund", { buyer: true }, { amountKobo: refundKobo, words: message });
  return { refundQueued };
}

/** An admin rules a claim waiting for them (answered or escalated): refund all, part or none. */
export async function ruleClaim(tx: Queryable, input: { claimId: number; body: ClaimRulingBody; adminId: number }): Promise<{ refundQueued: boolean }> {
  const p = await lockClaim(tx, input.claimId);
  if (p.status !== "answered" && p.status !== "escalated") throw conflict(CLAIM_MESSAGES.notForAdmin);
  const refundKobo = claimRefundKobo(input.body.ruling, p.lineKobo, input.body.amount);
  if (refundKobo === null) throw badRequest({ amount: [CLAIM_MESSAGES.amountPart] });
  await addMessage(tx, input.claimId, { role: "admin", authorId: input.adminId, kind: "ruling", body: input.body.message, amountKobo: refundKobo });
  const refundQueued = await resolve(tx, input.claimId, p, { role: "admin", userId: input.adminId }, refundKobo, input.body.message);
  await tell(tx, input.claimId, p, refundKobo > 0 ? "ruled" : "ruled_none", { buyer: true, store: true }, { amountKobo: refundKobo, words: input.body.message });
  return { refundQueued };
}

/**
 * The payments area processed refund `refundId` (its ledger refund booked by debitRefund in this
 * transaction): a claim's refund releases the claim's hold and closes its thread. Idempotent.
 */
export async function claimRefundSettled(q: Queryable, refundId: number): Promise<void> {
  const r = await q.query<{ id: number; refund_kobo: number }>(
    "UPDATE claims SET refunded_at = now() WHERE refund_id = $1 AND refunded_at IS NULL RETURNING id, refund_kobo",
    [refundId],
  );
  const c = r.rows[0];
  if (!c) return;
  await releaseClaimHold(q, c.id);
  await addMessage(q, c.id, { role: "system", kind: "refunded", amountKobo: Number(c.refund_kobo) });
}

export interface EscalationRun {
  checked: number;
  escalated: number;
}

/**
 * Sends every open claim past its answer time to the admins, once: each claim is taken under its
 * row lock FOR UPDATE SKIP LOCKED (another server has it: skipped) and moved by a conditional
 * UPDATE (status still open), so two servers running at the same moment escalate it once.
 */
export async function escalateOverdueClaims(db: Db, opts: { now?: Date; limit?: number } = {}): Promise<EscalationRun> {
  const now = (opts.now ?? new Date()).toISOString();
  const due = await db.query<{ id: number }>("SELECT id FROM claims WHERE status = 'open' AND answer_due_at <= $1 ORDER BY answer_due_at, id LIMIT $2", [
    now,
    opts.limit ?? 100,
  ]);
  const run: EscalationRun = { checked: 0, escalated: 0 };
  for (const { id } of due.rows) {
    run.checked++;
    const done = await db.tx(async (tx) => {
      const locked = await tx.query("SELECT id FROM claims WHERE id = $1 AND status = 'open' AND answer_due_at <= $2 FOR UPDATE SKIP LOCKED", [id, now]);
      if (!locked.rows[0]) return false;
      const moved = await tx.query("UPDATE claims SET status = 'escalated', escalated_at = $2 WHERE id = $1 AND status = 'open'", [id, now]);
      if (!moved.rowCount) return false;
      await addMessage(tx, id, { role: "system", kind: "escalated" });
      await tell(tx, id, await partiesOf(tx, id), "escalated", { buyer: true, store: true, admins: true });
      return true;
    });
    if (done) run.escalated++;
  }
  return run;
}

// ---------------------------------------------------------------------------------------------
// Paystack disputes: charge.dispute.create | remind | resolve (PaystackOSS/openapi: the dispute
// object {id, refund_amount, currency, status, resolution, category, due_at, transaction: {reference, amount}})

/** The webhook key of a dispute event (webhook_events.reference): one per dispute; a reminder per due date. */
export function disputeEventKey(event: string, data: Record<string, unknown>): string | null {
  const id = data.id;
  if ((typeof id !== "number" && typeof id !== "string") || String(id).length > 60) return null;
  if (event === "charge.dispute.remind") return `dispute-${String(id)}-${String(data.due_at ?? data.updatedAt ?? data.updated_at ?? "").slice(0, 40)}`;
  return `dispute-${String(id)}`;
}

const disputeReference = (data: Record<string, unknown>): string | null => {
  const t = data.transaction as { reference?: unknown } | undefined;
  return typeof t?.reference === "string" ? t.reference : typeof data.transaction_reference === "string" ? data.transaction_reference : null;
};

/** Handles one stored dispute event; marks it processed. */
export async function applyDisputeEvent(db: Db, eventId: number, event: string, data: Record<string, unknown>): Promise<void> {
  const disputeId = String(data.id ?? "");
  const done = () => db.query("UPDATE webhook_events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL", [eventId]);
  if (event === "charge.dispute.create") {
    const reference = disputeReference(data);
    const attempt = reference
      ? (await db.query<{ order_id: string | null; shipment_id: number | null }>("SELECT order_id::text AS order_id, shipment_id FROM payment_transactions WHERE reference = $1", [reference])).rows[0]
      : undefined;
    if (!attempt?.order_id) {
      log().warn({ eventId, disputeId, reference }, "PAYSTACK DISPUTE for a payment we do not know: needs a person");
      await done();
      return;
    }
    await db.tx((tx) => openDisputeClaims(tx, attempt.order_id!, attempt.shipment_id, disputeId, data));
    await done();
    return;
  }
  const claims = await db.query<{ id: number }>("SELECT id FROM claims WHERE dispute_id = $1 ORDER BY id", [disputeId]);
  if (!claims.rows.length) {
    log().warn({ eventId, event, disputeId }, "Paystack dispute event for a dispute with no claim: kept for a person");
    await done();
    return;
  }
  await db.tx(async (tx) => {
    for (const { id } of claims.rows) {
      const p = await lockClaim(tx, id);
      if (event === "charge.dispute.remind") {
        await addMessage(tx, id, { role: "system", kind: "dispute_remind", body: typeof data.due_at === "string" ? data.due_at : "" });
        await tell(tx, id, p, "dispute_remind", { store: true, admins: true });
      } else if (event === "charge.dispute.resolve") {
        const resolution = typeof data.resolution === "string" ? data.resolution : "";
        await addMessage(tx, id, { role: "system", kind: "dispute_resolved", body: resolution, amountKobo: Number.isInteger(data.refund_amount) ? Number(data.refund_amount) : null });
        // The bank's word is in; what the store's ledger does is the admin's ruling.
        await tx.query("UPDATE claims SET status = 'escalated', escalated_at = COALESCE(escalated_at, now()) WHERE id = $1 AND status = 'open'", [id]);
        await tell(tx, id, p, "dispute_resolved", { admins: true }, { words: resolution });
      }
    }
  });
  await done();
}

/** One claim per active line of the disputed payment (a shipment's own payment: that store's lines), linked to the dispute. */
async function openDisputeClaims(tx: Queryable, orderId: string, shipmentId: number | null, disputeId: string, data: Record<string, unknown>): Promise<void> {
  await findOrder(tx, orderId, true);
  const lines = await tx.query<{ id: string; store_id: number | null; line_total_kobo: number }>(
    `SELECT oi.id::text AS id, oi.store_id, oi.line_total_kobo FROM order_items oi
      WHERE oi.order_id = $1 AND oi.status = 'Active'
        AND ($2::int IS NULL OR oi.store_id IS NOT DISTINCT FROM (SELECT store_id FROM shipments WHERE id = $2))
      ORDER BY oi.created_at, oi.id FOR UPDATE OF oi`,
    [orderId, shipmentId],
  );
  const category = typeof data.category === "string" ? data.category : "";
  const asked = Number.isInteger(data.refund_amount) ? Number(data.refund_amount) : null;
  const note = `Card dispute ${disputeId} raised with the bank${category ? ` (${category})` : ""}${asked ? `: ${formatKobo(asked)} asked back` : ""}.`;
  for (const l of lines.rows) {
    const ins = await tx.query<{ id: number }>(
      `INSERT INTO claims (order_item_id, order_id, store_id, user_id, reason, source, dispute_id, line_kobo, answer_due_at)
       SELECT $1, $2, $3, o.user_id, 'card_dispute', 'paystack', $4, $5, $6 FROM orders o WHERE o.id = $2
       ON CONFLICT (order_item_id) DO NOTHING RETURNING id`,
      [l.id, orderId, l.store_id, disputeId, l.line_total_kobo, claimAnswerDue(new Date()).toISOString()],
    );
    let id = ins.rows[0]?.id;
    if (!id) {
      // A claim on the line already: linked to the dispute, its thread told.
      const x = await tx.query<{ id: number }>("UPDATE claims SET dispute_id = COALESCE(dispute_id, $2) WHERE order_item_id = $1 RETURNING id", [l.id, disputeId]);
      id = x.rows[0].id;
    } else await holdLineCredit(tx, { orderItemId: l.id, claimId: id });
    await addMessage(tx, id, { role: "system", kind: "dispute", body: note, amountKobo: asked });
    await tell(tx, id, await partiesOf(tx, id), "dispute", { store: true, admins: true }, { words: note });
  }
}
