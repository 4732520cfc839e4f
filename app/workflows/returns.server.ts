/**
 * Returns: writes. Plain functions over the caller's transaction ("Returns and refunds";
 * rules in app/domain/returns.ts). Every step records its order event (the order page's history),
 * its notification and its e-mail (recordEvent) in the same transaction as the change.
 *
 *  - requestReturn: the buyer asks (store notified);
 *  - decideReturn: a store member accepts or refuses (buyer notified). Accepting the return of a
 *    card-paid item queues the refund of that item, through the cancellation's own refund queue
 *    (queueItemRefund in app/api/orders/commands.server.ts), in the same transaction;
 *  - returnRefundSettled: called by ./refunds.server.ts when that refund is processed
 *    (settleRefund in app/api/payments/refunds.server.ts): the return becomes refunded;
 *  - markReturnRefunded: an admin paid a pay-on-delivery return back out of band (or a card refund
 *    that Paystack refused) and says so.
 */
import { debitRefund } from "~/api/payouts/commands.server";
import type { Queryable } from "~/db/client.server";
import { RETURN_MESSAGES, returnRefusal, type ReturnDecisionBody, type ReturnRequest } from "~/domain/returns";
import { returnAcceptedEmail, returnRefundedEmail, returnRefusedEmail, returnRequestedEmail } from "~/integrations/mail/return-emails.server";
import { orderLanguage } from "~/integrations/mail/language.server";
import { ApiError, badRequest, notFound } from "~/api/core/http";
import { indexImages, type StoredImage } from "~/api/core/uploads.server";
import { recordEvent } from "~/api/notifications/commands.server";
import { cardPaymentOf, queueItemRefund, recordOrderEvent } from "~/api/orders/commands.server";
import { guestTokenFor } from "~/api/core/guest-token.server";
import { findOrder } from "~/api/orders/queries.server";
import type { OrderRow } from "~/api/orders/serialize";
import { returnableItems, type ReturnableItem } from "~/api/returns/queries.server";

const conflict = (detail: string) => new ApiError(409, { detail });

const orderPath = (orderId: string) => `/users/orders/${orderId}`;

/**
 * The item of `order` a return is asked for, if the rule allows it now; else 404 (no such item on
 * the order) or 400 {detail} with the domain's message. Run once before the photo is stored and
 * again under the locks in the transaction.
 */
export async function returnableItem(q: Queryable, order: OrderRow, itemId: string, windowDays: number, lock = false): Promise<ReturnableItem> {
  const [item] = await returnableItems(q, order.id, itemId, lock);
  if (!item) throw notFound();
  const why = returnRefusal({ status: item.status, deliveredAt: item.delivered_at, hasReturn: item.has_return }, windowDays);
  if (why) throw badRequest({ detail: why });
  return item;
}

async function buyerOf(q: Queryable, orderId: string) {
  const r = await q.query<{ user_id: number | null; email: string | null; first_name: string | null }>(
    `SELECT o.user_id, NULLIF(COALESCE(o.customer_email::text, u.email::text), '') AS email, u.first_name
       FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
    [orderId],
  );
  return r.rows[0];
}

/** The buyer asks to return one item. Returns the new return's id. */
export async function requestReturn(
  tx: Queryable,
  input: { orderId: string; itemId: string; body: ReturnRequest; photo: StoredImage | null; windowDays: number },
): Promise<number> {
  // The order first, then its item (the order in which cancel, payment and refunds lock them).
  const order = await findOrder(tx, input.orderId, true);
  if (!order) throw notFound();
  const item = await returnableItem(tx, order, input.itemId, input.windowDays, true);
  if (input.photo) await indexImages(tx, [input.photo]);
  const ins = await tx.query<{ id: number }>(
    `INSERT INTO returns (order_item_id, order_id, store_id, user_id, reason, details, photo_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_item_id) WHERE status IN ('requested', 'accepted') DO NOTHING RETURNING id`,
    [item.id, order.id, item.store_id, order.user_id, input.body.reason, input.body.details, input.photo?.key ?? null],
  );
  if (!ins.rows[0]) throw badRequest({ detail: RETURN_MESSAGES.already });
  await recordOrderEvent(tx, order.id, "return_requested", item.id);
  const store = item.store_id
    ? (
        await tx.query<{ name: string; slug: string; email: string; language: string | null }>(
          "SELECT s.name, s.slug, s.email::text AS email, u.language FROM stores s LEFT JOIN users u ON u.id = s.owner_id WHERE s.id = $1",
          [item.store_id],
        )
      ).rows[0]
    : undefined;
  if (store)
    await recordEvent(tx, {
      notices: [
        {
          kind: "return_requested",
          storeId: item.store_id,
          text: { title: "return_requested", body: "return_requested", params: { product: item.product_name, return_reason: input.body.reason, details: input.body.details } },
          link: `/stores/${store.slug}/returns`,
        },
      ],
      mails: [
        returnRequestedEmail({
          to: store.email,
          orderId: order.id,
          productName: item.product_name,
          storeName: store.name,
          storeSlug: store.slug,
          reason: input.body.reason,
          details: input.body.details,
          lang: store.language,
        }),
      ],
    });
  return ins.rows[0].id;
}

/** A member of store `storeId` accepts or refuses one of its returns. */
export async function decideReturn(
  tx: Queryable,
  input: { storeId: number; returnId: number; body: ReturnDecisionBody; userId: number },
): Promise<{ refundQueued: boolean }> {
  const ref = await tx.query<{ order_id: string; store_id: number | null }>("SELECT order_id::text AS order_id, store_id FROM returns WHERE id = $1", [input.returnId]);
  if (!ref.rows[0] || ref.rows[0].store_id !== input.storeId) throw notFound();
  const order = (await findOrder(tx, ref.rows[0].order_id, true))!;
  const r = await tx.query<{ status: string; order_item_id: string; reason: string; product_name: string; line_total_kobo: number }>(
    `SELECT r.status, r.order_item_id::text AS order_item_id, r.reason, oi.product_name, oi.line_total_kobo
       FROM returns r JOIN order_items oi ON oi.id = r.order_item_id WHERE r.id = $1 FOR UPDATE OF r`,
    [input.returnId],
  );
  const ret = r.rows[0];
  if (ret.status !== "requested") throw conflict(RETURN_MESSAGES.notRequested);
  const buyer = await buyerOf(tx, order.id);
  const message = input.body.message ?? null;
  const base = {
    to: buyer.email ?? "",
    orderId: order.id,
    productName: ret.product_name,
    firstName: buyer.first_name,
    guestToken: buyer.user_id === null ? guestTokenFor(order.id) : undefined,
    lang: await orderLanguage(tx, order.id),
  };
  if (input.body.decision === "refuse") {
    await tx.query(`UPDATE returns SET status = 'refused', vendor_message = $2, decided_at = now(), decided_by = $3 WHERE id = $1`, [
      input.returnId,
      message,
      input.userId,
    ]);
    await recordOrderEvent(tx, order.id, "return_refused", ret.order_item_id);
    await recordEvent(tx, {
      notices: [{ kind: "return_refused", userId: buyer.user_id, text: { title: "return_refused", params: { product: ret.product_name } }, body: message ?? "", link: orderPath(order.id) }],
      mails: buyer.email ? [returnRefusedEmail({ ...base, message: message ?? "" })] : [],
    });
    return { refundQueued: false };
  }
  // Accepted: a card-paid item's money goes back through the refunds queue (the cancellation's own
  // path), in this transaction; pay on delivery waits for the admin (markReturnRefunded).
  const paid = await cardPaymentOf(tx, order, input.storeId);
  let refundId: number | null = null;
  if (paid) {
    refundId = await queueItemRefund(
      tx,
      order.id,
      { id: ret.order_item_id, line_total_kobo: ret.line_total_kobo },
      paid,
      `Return: ${ret.reason}`,
    );
    if (refundId === null) throw conflict("This item's payment has already been refunded.");
  }
  await tx.query(`UPDATE returns SET status = 'accepted', vendor_message = $2, decided_at = now(), decided_by = $3, refund_id = $4 WHERE id = $1`, [
    input.returnId,
    message,
    input.userId,
    refundId,
  ]);
  await recordOrderEvent(tx, order.id, "return_accepted", ret.order_item_id);
  const amountKobo = Number(ret.line_total_kobo);
  await recordEvent(tx, {
    notices: [
      {
        kind: "return_accepted",
        userId: buyer.user_id,
        text: { title: "return_accepted", body: message ? null : paid ? "refund_on_way" : "money_back", params: { product: ret.product_name } },
        body: message ?? "",
        link: orderPath(order.id),
      },
    ],
    mails: buyer.email ? [returnAcceptedEmail({ ...base, card: !!paid, amountKobo, message })] : [],
  });
  return { refundQueued: refundId !== null };
}

/**
 * The payments area processed refund `refundId` (in its transaction): if it was an accepted
 * return's, the return becomes refunded and the buyer is notified (the payments area's refunded
 * e-mail tells them too, so no second e-mail). Idempotent.
 */
export async function returnRefundSettled(q: Queryable, refundId: number): Promise<void> {
  const r = await q.query<{ order_id: string; user_id: number | null; product_name: string }>(
    `UPDATE returns r SET status = 'refunded', refunded_at = now() FROM order_items oi
      WHERE r.refund_id = $1 AND r.status = 'accepted' AND oi.id = r.order_item_id
      RETURNING r.order_id::text AS order_id, r.user_id, oi.product_name`,
    [refundId],
  );
  const ret = r.rows[0];
  if (!ret) return;
  await recordEvent(q, {
    notices: [{ kind: "return_refunded", userId: ret.user_id, text: { title: "return_refunded", params: { product: ret.product_name } }, link: orderPath(ret.order_id) }],
  });
}

/**
 * An admin paid an accepted return back out of band (pay on delivery, or a card refund Paystack
 * reported failed): the return becomes refunded with the admin's note, the item's `refunded`
 * event is recorded and the buyer is notified.
 */
export async function markReturnRefunded(tx: Queryable, input: { returnId: number; adminId: number; note: string | null }): Promise<void> {
  const ref = await tx.query<{ order_id: string }>("SELECT order_id::text AS order_id FROM returns WHERE id = $1", [input.returnId]);
  if (!ref.rows[0]) throw notFound();
  const order = (await findOrder(tx, ref.rows[0].order_id, true))!;
  const r = await tx.query<{ status: string; refund_id: number | null; refund_status: string | null; order_item_id: string; product_name: string; amount: number }>(
    `SELECT r.status, r.refund_id, f.status AS refund_status, r.order_item_id::text AS order_item_id, oi.product_name, oi.line_total_kobo AS amount
       FROM returns r JOIN order_items oi ON oi.id = r.order_item_id LEFT JOIN refunds f ON f.id = r.refund_id
      WHERE r.id = $1 FOR UPDATE OF r`,
    [input.returnId],
  );
  const ret = r.rows[0];
  if (ret.status !== "accepted") throw conflict(RETURN_MESSAGES.notAccepted);
  if (ret.refund_id !== null && ret.refund_status !== "failed") throw conflict(RETURN_MESSAGES.notPod);
  await tx.query(`UPDATE returns SET status = 'refunded', refunded_at = now(), refunded_by = $2, refund_note = $3 WHERE id = $1`, [
    input.returnId,
    input.adminId,
    input.note,
  ]);
  await recordOrderEvent(tx, order.id, "refunded", ret.order_item_id);
  // The store gives back its credit for the item, as for a card refund (docs/payouts.md).
  await debitRefund(tx, { orderItemId: ret.order_item_id, amountKobo: ret.amount });
  const buyer = await buyerOf(tx, order.id);
  await recordEvent(tx, {
    notices: [{ kind: "return_refunded", userId: buyer.user_id, text: { title: "return_refunded", params: { product: ret.product_name } }, link: orderPath(order.id) }],
    mails: buyer.email
      ? [
          returnRefundedEmail({
            to: buyer.email,
            orderId: order.id,
            productName: ret.product_name,
            firstName: buyer.first_name,
            guestToken: buyer.user_id === null ? guestTokenFor(order.id) : undefined,
            amountKobo: ret.amount,
            lang: await orderLanguage(tx, order.id),
          }),
        ]
      : [],
  });
}


