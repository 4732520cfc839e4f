/**
 * Returns of /api/v1 ("Returns and refunds"; rules and messages in app/domain/returns.ts).
 * Answer types: `ApiReturn`, `ApiOrderReturns`, `ApiReturnPage` in ./schemas.ts. Money is naira.
 *
 * POST /orders/{orderId}/items/{orderItemId}/return/   the order's buyer (or an admin), or for a guest order
 *   whoever holds its token (`?token=`, the signed link of the order e-mails; a wrong token: 404); multipart or JSON:
 *   {reason (one of RETURN_REASONS), details, photo? (file: JPEG/PNG/WebP ≤ 5 MB, judged by its bytes)}.
 *   Only an item not cancelled, of an order Delivered, within RETURN_WINDOW_DAYS (setting, default 7)
 *   of its `delivered` event, once per item. 201 → ApiReturn (status requested); the store is notified
 *   (notification + e-mail) and the order gets a `return_requested` event for the item.
 *   400 {field: [..]} bad body or photo; 400 {detail} the rule refuses (not delivered, window closed,
 *   already asked, cancelled item); 404 not the caller's order or no such item.
 * GET /orders/{orderId}/returns/{returnId}/photo/?w=   the buyer (or an admin; a guest order with ?token=);
 * GET /stores/{storeId}/returns/{returnId}/photo/?w=   store members (or an admin): the return's photo,
 *   `private, no-store`; others 404 (anonymous 401). An answer's `photo` is the caller's own one of these.
 * GET /orders/{orderId}/returns/   the buyer (or an admin), or a guest order with ?token= → ApiOrderReturns {window_days, returnable, results}.
 * GET /stores/{storeId}/returns/?status=&page=   store members → paged ApiReturn, newest first.
 * POST /stores/{storeId}/returns/{returnId}/decision/ {decision: accept|refuse, message}   store members;
 *   a refusal needs a message (400 {message: [..]}). 200 → ApiReturn. A decided return: 409 {detail}.
 *   Accepting a card-paid item queues the refund of that item (the cancellation's refund queue), sent
 *   to Paystack right after the commit; the return becomes `refunded` when Paystack processes it.
 *   A pay-on-delivery return stays `accepted` until an admin marks it refunded.
 * GET /admin/returns/?status=&page=   admins → paged ApiReturn (every store), newest first.
 * POST /admin/returns/{returnId}/refunded/ {note?}   admins: an accepted return paid back out of band
 *   (pay on delivery, or a card refund Paystack reported failed). 200 → ApiReturn; otherwise 409 {detail}.
 */
import type * as z from "zod";
import { env } from "~/config.server";
import { ReturnDecisionSchema, ReturnRefundedSchema, returnDeadline, returnRefusal } from "~/domain/returns";
import { flushMailQueue } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";
import { json, notFound, paged, pageParams } from "../core/http";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { checkImage, hasFile, putImages, sniffImage, type StoredImage } from "../core/uploads.server";
import { buyerOrder, linkToken } from "~/api/orders/buyer-access.server";
import { processQueuedRefunds } from "~/workflows/refunds.server";
import { decideReturn, markReturnRefunded, requestReturn, returnableItem } from "~/workflows/returns.server";
import { findReturn, listReturns, orderReturns, returnableItems } from "./queries.server";
import { OrderReturnsSchema, ReturnDecisionBody, ReturnPageSchema, ReturnRefundedBody, ReturnRequestBody, ReturnSchema, ReturnStatusQuery } from "./schemas";
import { serializeReturn, type ReturnViewer } from "./serialize";
import { getStorage, IMAGE_WIDTHS, type ImageWidth } from "~/integrations/storage.server";
import { variantBytes } from "~/integrations/image-variants.server";

const TAG = "returns";

function afterCommit(ctx: ApiContext, refunds = false) {
  void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending return mail failed; the job retries"));
  if (refunds) void processQueuedRefunds(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending a return's refund failed; the job retries"));
}

async function answer(ctx: ApiContext, id: number, status = 200, viewer: ReturnViewer = { as: "store" }) {
  const r = await findReturn(ctx.db, id);
  if (!r) throw notFound();
  return json(serializeReturn(r, ctx.url.origin, viewer), status);
}


/**
 * A return's photo, to its parties only (issue 37: it was public to anyone with the link). Not
 * under /media: the bytes come from storage through here, `private, no-store`. `?w=` (one of
 * IMAGE_WIDTHS): a WebP of that width, as /media makes them.
 */
async function photoOf(ctx: ApiContext, r: { photo_key: string | null } | null) {
  if (!r?.photo_key) throw notFound();
  const w = Number(ctx.url.searchParams.get("w"));
  const sized = IMAGE_WIDTHS.includes(w as ImageWidth);
  const bytes = sized ? await variantBytes(r.photo_key, w) : await getStorage().get(r.photo_key);
  if (!bytes) throw notFound();
  // The type its bytes announce (uploads are checked the same way), as /media serves them.
  const type = sniffImage(bytes);
  return new Response(Buffer.from(bytes), {
    headers: { "Content-Type": type ?? "application/octet-stream", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

async function buyerPhoto(ctx: ApiContext) {
  const order = await buyerOrder(ctx);
  const r = await findReturn(ctx.db, ctx.intParam("returnId"));
  return photoOf(ctx, r && r.order_id === order.id ? r : null);
}

async function storePhoto(ctx: ApiContext) {
  const r = await findReturn(ctx.db, ctx.intParam("returnId"));
  return photoOf(ctx, r && r.store_id === ctx.intParam("storeId") ? r : null);
}


async function request(ctx: ApiContext<typeof ReturnRequestBody>) {
  const order = await buyerOrder(ctx);
  const itemId = ctx.uuidParam("orderItemId");
  const body = await ctx.input();
  const windowDays = env().RETURN_WINDOW_DAYS;
  // The rule before the photo is stored (nothing is written on a 4xx), and again under the locks.
  await returnableItem(ctx.db, order, itemId, windowDays);
  let photo: StoredImage | null = null;
  if (hasFile(body.photo)) {
    const checked = await checkImage(body.photo, "photo");
    photo = (await putImages("returns", new Map([["photo", checked]]))).get("photo")!;
  }
  const id = await ctx.db.tx((tx) => requestReturn(tx, { orderId: order.id, itemId, body, photo, windowDays }));
  afterCommit(ctx);
  return answer(ctx, id, 201, { as: "buyer", token: linkToken(ctx) });
}

async function forOrder(ctx: ApiContext) {
  const order = await buyerOrder(ctx);
  const windowDays = env().RETURN_WINDOW_DAYS;
  const items = await returnableItems(ctx.db, order.id);
  const returnable = items
    .filter((i) => !returnRefusal({ status: i.status, deliveredAt: i.delivered_at, hasReturn: i.has_return }, windowDays))
    .map((i) => ({ order_item_id: i.id, return_by: returnDeadline(i.delivered_at!, windowDays).toISOString() }));
  const rows = await orderReturns(ctx.db, order.id);
  return json({ window_days: windowDays, returnable, results: rows.map((r) => serializeReturn(r, ctx.url.origin, { as: "buyer", token: linkToken(ctx) })) });
}

async function list(ctx: ApiContext<z.ZodType, typeof ReturnStatusQuery>, storeId: number | null) {
  const q = ctx.query();
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 50);
  const { rows, count } = await listReturns(ctx.db, { storeId, status: q.status }, pageSize, offset);
  if (page > 1 && rows.length === 0) throw notFound();
  return json(paged(ctx.url, rows.map((r) => serializeReturn(r, ctx.url.origin, { as: "store" })), count, page, pageSize));
}

async function decide(ctx: ApiContext<typeof ReturnDecisionSchema>) {
  const storeId = ctx.intParam("storeId");
  const returnId = ctx.intParam("returnId");
  const user = await ctx.requireStoreRole(storeId, "member");
  // Another store's return (or none) is 404 before the body is judged.
  const mine = await ctx.db.query("SELECT 1 FROM returns WHERE id = $1 AND store_id = $2", [returnId, storeId]);
  if (!mine.rows[0]) throw notFound();
  const body = await ctx.input();
  const { refundQueued } = await ctx.db.tx((tx) => decideReturn(tx, { storeId, returnId, body, userId: user.id }));
  afterCommit(ctx, refundQueued);
  return answer(ctx, returnId);
}

async function refunded(ctx: ApiContext<typeof ReturnRefundedSchema>) {
  const admin = await ctx.requireAdmin();
  const returnId = ctx.intParam("returnId");
  if (!(await findReturn(ctx.db, returnId))) throw notFound();
  const body = await ctx.input();
  await ctx.db.tx((tx) => markReturnRefunded(tx, { returnId, adminId: admin.id, note: body.note }));
  afterCommit(ctx);
  return answer(ctx, returnId);
}

export const routes: RouteDef[] = [
  {
    method: "POST",
    path: "/orders/:orderId/items/:orderItemId/return/",
    access: "owner",
    summary: "Ask to return a delivered item (reason, details, optional photo); a guest order with ?token=",
    tag: TAG,
    auth: "optional",
    body: ReturnRequestBody,
    multipart: true,
    response: ReturnSchema,
    status: 201,
    handler: request,
  },
  {
    method: "GET",
    path: "/orders/:orderId/returns/",
    access: "owner",
    summary: "An order's returns and the items that may still be returned (a guest order with ?token=)",
    tag: TAG,
    auth: "optional",
    response: OrderReturnsSchema,
    handler: forOrder,
  },
  {
    method: "GET",
    path: "/orders/:orderId/returns/:returnId/photo/",
    access: "owner",
    summary: "The buyer's photo of a return (?w= a width; a guest order with ?token=); others 404",
    tag: TAG,
    auth: "optional",
    handler: buyerPhoto,
  },
  {
    method: "GET",
    path: "/stores/:storeId/returns/:returnId/photo/",
    access: "store-member",
    summary: "The shopper's photo of one of the store's returns (?w= a width); others 404",
    tag: TAG,
    auth: "required",
    handler: storePhoto,
  },
  route({
    method: "GET",
    path: "/stores/:storeId/returns/",
    access: "store-member",
    summary: "A store's returns (?status=requested|accepted|refused|refunded)",
    tag: TAG,
    auth: "required",
    query: ReturnStatusQuery,
    response: ReturnPageSchema,
    handler: (ctx) => list(ctx, ctx.intParam("storeId")),
  }),
  {
    method: "POST",
    path: "/stores/:storeId/returns/:returnId/decision/",
    access: "store-member",
    summary: "Accept or refuse a return (a refusal needs a message)",
    tag: TAG,
    auth: "required",
    body: ReturnDecisionBody,
    response: ReturnSchema,
    handler: decide,
  },
  route({
    method: "GET",
    path: "/admin/returns/",
    access: "admin",
    summary: "Every store's returns (?status=)",
    tag: TAG,
    auth: "required",
    query: ReturnStatusQuery,
    response: ReturnPageSchema,
    handler: (ctx) => list(ctx, null),
  }),
  {
    method: "POST",
    path: "/admin/returns/:returnId/refunded/",
    access: "admin",
    summary: "Mark an accepted return refunded (paid back out of band)",
    tag: TAG,
    auth: "required",
    body: ReturnRefundedBody,
    response: ReturnSchema,
    handler: refunded,
  },
];
