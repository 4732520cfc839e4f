/**
 * Claims of /api/v1 (issue 36 item 5; rules and messages app/domain/claims.ts; decision 0034).
 * Answer types: `ApiClaim`, `ApiOrderClaims`, `ApiClaimPage` in ./schemas.ts. Money is naira.
 *
 * POST /orders/{orderId}/items/{orderItemId}/claim/   the order's buyer (or an admin), or a guest order's
 *   link holder (`?token=`); multipart or JSON {reason (wrong_quantity | damaged | not_as_described |
 *   never_delivered), note, photo?, photo_2?, photo_3?}. Only a line not cancelled, delivered, paid
 *   online (card or transfer), within CLAIM_WINDOW_DAYS (7) of its shipment's delivery, once per line,
 *   and not already returned or refunded. 201 → ApiClaim (status open): the line's ledger credit is
 *   held; the store is told (notice, e-mail). 400 {field} / {detail}; 404 not the caller's order or line.
 * GET /orders/{orderId}/claims/   the buyer (or an admin; a guest with ?token=) → ApiOrderClaims.
 * GET /orders/{orderId}/claims/{claimId}/photos/{photoId}/   the buyer's view of a claim's photo.
 * GET /stores/{storeId}/claims/?status=&order=&page=   members → paged ApiClaim, newest first.
 * GET /stores/{storeId}/claims/{claimId}/   members → ApiClaim (the thread).
 * GET /stores/{storeId}/claims/{claimId}/photos/{photoId}/   members: a claim's photo.
 * POST /stores/{storeId}/claims/{claimId}/answer/   members, within the claim's open time; multipart or
 *   JSON {answer: refund_all | refund_part | reply, amount? (naira, refund_part: more than 0 and less
 *   than the line), message? (required for reply), photo? (evidence)}. A refund is queued at once
 *   (sent to Paystack after the commit); a reply sends the claim to an admin. 200 → ApiClaim; 409 not open.
 * GET /admin/claims/?status=&page=   admins → paged ApiClaim (every store).
 * GET /admin/claims/{claimId}/   admins → ApiClaim.
 * GET /admin/claims/{claimId}/photos/{photoId}/   admins: a claim's photo.
 * POST /admin/claims/{claimId}/ruling/ {ruling: refund_all | refund_part | refund_none, amount?, message}
 *   admins, on an answered or escalated claim. 200 → ApiClaim; 409 otherwise.
 * Claims opened by a Paystack dispute (charge.dispute.create) come from the webhook
 * (app/workflows/claims.server.ts), not from these routes.
 */
import type * as z from "zod";
import { CLAIM_PHOTO_FIELDS, CLAIM_WINDOW_DAYS, type ClaimStatus } from "~/domain/claims";
import { flushMailQueue } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";
import { json, notFound, paged, pageParams } from "../core/http";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { checkImage, hasFile, putImages, sniffImage, type CheckedImage, type StoredImage } from "../core/uploads.server";
import { buyerOrder, linkToken } from "~/api/orders/buyer-access.server";
import { processQueuedRefunds } from "~/workflows/refunds.server";
import { answerClaim, claimableLine, claimableNow, openClaim, ruleClaim } from "~/workflows/claims.server";
import { claimMessages, claimPhotoKey, findClaim, listClaims, orderClaims, type ClaimRow } from "./queries.server";
import { ClaimAnswerBody, ClaimOpenBody, ClaimPageSchema, ClaimRulingBody, ClaimSchema, ClaimStatusQuery, OrderClaimsSchema } from "./schemas";
import { serializeClaim, type ClaimViewer } from "./serialize";
import { getStorage, IMAGE_WIDTHS, type ImageWidth } from "~/integrations/storage.server";
import { variantBytes } from "~/integrations/image-variants.server";

const TAG = "claims";

function afterCommit(ctx: ApiContext, refunds = false) {
  void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending claim mail failed; the job retries"));
  if (refunds) void processQueuedRefunds(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending a claim's refund failed; the job retries"));
}

async function serialized(ctx: ApiContext, rows: ClaimRow[], viewer: ClaimViewer) {
  const threads = await claimMessages(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => serializeClaim(r, threads.get(r.id) ?? [], ctx.url.origin, viewer));
}

async function answer(ctx: ApiContext, id: number, viewer: ClaimViewer, status = 200) {
  const c = await findClaim(ctx.db, id);
  if (!c) throw notFound();
  return json((await serialized(ctx, [c], viewer))[0], status);
}



/** A claim's photo, `private, no-store`, to the claim's parties only (as a return's photo). */
async function photoOf(ctx: ApiContext, c: ClaimRow | null) {
  const key = c ? await claimPhotoKey(ctx.db, c.id, ctx.intParam("photoId")) : null;
  if (!key) throw notFound();
  const w = Number(ctx.url.searchParams.get("w"));
  const bytes = IMAGE_WIDTHS.includes(w as ImageWidth) ? await variantBytes(key, w) : await getStorage().get(key);
  if (!bytes) throw notFound();
  return new Response(Buffer.from(bytes), {
    headers: { "Content-Type": sniffImage(bytes) ?? "application/octet-stream", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

async function storeClaim(ctx: ApiContext): Promise<ClaimRow> {
  const c = await findClaim(ctx.db, ctx.intParam("claimId"));
  if (!c || c.store_id !== ctx.intParam("storeId")) throw notFound();
  return c;
}

async function open(ctx: ApiContext<typeof ClaimOpenBody>) {
  const order = await buyerOrder(ctx);
  const itemId = ctx.uuidParam("orderItemId");
  const body = await ctx.input();
  // The rule before the photos are stored (nothing is written on a 4xx), and again under the locks.
  await claimableLine(ctx.db, order, itemId, CLAIM_WINDOW_DAYS);
  const checked = new Map<string, CheckedImage>();
  for (const field of CLAIM_PHOTO_FIELDS) {
    const v = (body as Record<string, unknown>)[field];
    if (hasFile(v)) checked.set(field, await checkImage(v, field));
  }
  const photos: StoredImage[] = checked.size ? [...(await putImages("claims", checked)).values()] : [];
  const user = await ctx.user();
  const id = await ctx.db.tx((tx) => openClaim(tx, { orderId: order.id, itemId, body, photos, windowDays: CLAIM_WINDOW_DAYS, userId: user?.id ?? null }));
  afterCommit(ctx);
  return answer(ctx, id, { as: "buyer", token: linkToken(ctx) }, 201);
}

async function forOrder(ctx: ApiContext) {
  const order = await buyerOrder(ctx);
  const claimable = await claimableNow(ctx.db, order);
  const results = await serialized(ctx, await orderClaims(ctx.db, order.id), { as: "buyer", token: linkToken(ctx) });
  return json({ window_days: CLAIM_WINDOW_DAYS, claimable, results });
}

async function buyerPhoto(ctx: ApiContext) {
  const order = await buyerOrder(ctx);
  const c = await findClaim(ctx.db, ctx.intParam("claimId"));
  return photoOf(ctx, c && c.order_id === order.id ? c : null);
}

async function list(ctx: ApiContext<z.ZodType, typeof ClaimStatusQuery>, storeId: number | null) {
  const q = ctx.query();
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 50);
  const { rows, count } = await listClaims(ctx.db, { storeId, status: q.status as ClaimStatus | undefined, orderId: q.order }, pageSize, offset);
  if (page > 1 && rows.length === 0) throw notFound();
  return json(paged(ctx.url, await serialized(ctx, rows, storeId === null ? { as: "admin" } : { as: "store" }), count, page, pageSize));
}

async function storeAnswer(ctx: ApiContext<typeof ClaimAnswerBody>) {
  const storeId = ctx.intParam("storeId");
  const user = await ctx.requireStoreRole(storeId, "member");
  const c = await storeClaim(ctx); // another store's claim (or none): 404 before the body is judged
  const body = await ctx.input();
  let photo: StoredImage | null = null;
  if (hasFile(body.photo)) {
    const checked = await checkImage(body.photo, "photo");
    photo = (await putImages("claims", new Map([["photo", checked]]))).get("photo")!;
  }
  const { refundQueued } = await ctx.db.tx((tx) => answerClaim(tx, { storeId, claimId: c.id, body, userId: user.id, photo }));
  afterCommit(ctx, refundQueued);
  return answer(ctx, c.id, { as: "store" });
}

async function ruling(ctx: ApiContext<typeof ClaimRulingBody>) {
  const admin = await ctx.requireAdmin();
  const claimId = ctx.intParam("claimId");
  if (!(await findClaim(ctx.db, claimId))) throw notFound();
  const body = await ctx.input();
  const { refundQueued } = await ctx.db.tx((tx) => ruleClaim(tx, { claimId, body, adminId: admin.id }));
  afterCommit(ctx, refundQueued);
  return answer(ctx, claimId, { as: "admin" });
}

export const routes: RouteDef[] = [
  {
    method: "POST",
    path: "/orders/:orderId/items/:orderItemId/claim/",
    access: "owner",
    summary: "Open a claim on a delivered line paid online (reason, note, up to 3 photos); a guest order with ?token=",
    tag: TAG,
    auth: "optional",
    body: ClaimOpenBody,
    multipart: true,
    response: ClaimSchema,
    status: 201,
    handler: open,
  },
  {
    method: "GET",
    path: "/orders/:orderId/claims/",
    access: "owner",
    summary: "An order's claims (threads) and the lines that may still be claimed (a guest order with ?token=)",
    tag: TAG,
    auth: "optional",
    response: OrderClaimsSchema,
    handler: forOrder,
  },
  {
    method: "GET",
    path: "/orders/:orderId/claims/:claimId/photos/:photoId/",
    access: "owner",
    summary: "A photo of one of the order's claims (?w= a width; a guest order with ?token=); others 404",
    tag: TAG,
    auth: "optional",
    handler: buyerPhoto,
  },
  route({
    method: "GET",
    path: "/stores/:storeId/claims/",
    access: "store-member",
    summary: "A store's claims (?status=open|answered|escalated|resolved)",
    tag: TAG,
    auth: "required",
    query: ClaimStatusQuery,
    response: ClaimPageSchema,
    handler: (ctx) => list(ctx, ctx.intParam("storeId")),
  }),
  {
    method: "GET",
    path: "/stores/:storeId/claims/:claimId/",
    access: "store-member",
    summary: "One of the store's claims, with its thread",
    tag: TAG,
    auth: "required",
    response: ClaimSchema,
    handler: async (ctx) => answer(ctx, (await storeClaim(ctx)).id, { as: "store" }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/claims/:claimId/photos/:photoId/",
    access: "store-member",
    summary: "A photo of one of the store's claims (?w= a width); others 404",
    tag: TAG,
    auth: "required",
    handler: async (ctx) => photoOf(ctx, await storeClaim(ctx)),
  },
  {
    method: "POST",
    path: "/stores/:storeId/claims/:claimId/answer/",
    access: "store-member",
    summary: "Answer an open claim: refund all, refund part (amount) or reply with evidence (message, photo)",
    tag: TAG,
    auth: "required",
    body: ClaimAnswerBody,
    multipart: true,
    response: ClaimSchema,
    handler: storeAnswer,
  },
  route({
    method: "GET",
    path: "/admin/claims/",
    access: "admin",
    summary: "Every store's claims (?status=)",
    tag: TAG,
    auth: "required",
    query: ClaimStatusQuery,
    response: ClaimPageSchema,
    handler: (ctx) => list(ctx, null),
  }),
  {
    method: "GET",
    path: "/admin/claims/:claimId/",
    access: "admin",
    summary: "One claim, with its thread",
    tag: TAG,
    auth: "required",
    response: ClaimSchema,
    handler: (ctx) => answer(ctx, ctx.intParam("claimId"), { as: "admin" }),
  },
  {
    method: "GET",
    path: "/admin/claims/:claimId/photos/:photoId/",
    access: "admin",
    summary: "A photo of a claim",
    tag: TAG,
    auth: "required",
    handler: async (ctx) => photoOf(ctx, await findClaim(ctx.db, ctx.intParam("claimId"))),
  },
  {
    method: "POST",
    path: "/admin/claims/:claimId/ruling/",
    access: "admin",
    summary: "Rule a claim waiting for an admin: refund all, part (amount) or none, with a message",
    tag: TAG,
    auth: "required",
    body: ClaimRulingBody,
    response: ClaimSchema,
    handler: ruling,
  },
];
