/**
 * Reviews (spec sections 3 and 7; docs/api-contract.md). Anyone reads a product's reviews, newest
 * first, with the reviewer's names from the user record. Writing needs a signed-in user who has
 * received the product: an order item of it, not cancelled, on an order of theirs whose delivery
 * status is Delivered. One review per user and product; posting again replaces it.
 */
import { REVIEW_MESSAGES } from "~/domain/reviews";
import { ApiError, forbidden, json, notFound, paged, pageParams } from "../core/http";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { recordEvent } from "../notifications/commands.server";
import { reviewNotices, upsertReview } from "./commands.server";
import { findReview, findUserReview, hasReceived, isPublicProduct, listProductReviews, reviewSummary } from "./queries.server";
import { MyReviewSchema, ReviewBody, ReviewPageSchema, ReviewSchema, ReviewSummarySchema } from "./schemas";
import { serializeReview } from "./serialize";

/** The product id of the path, if the public may see it; else 404. */
async function publicProductParam(ctx: ApiContext): Promise<number> {
  const id = ctx.intParam("productId");
  if (!(await isPublicProduct(ctx.db, id))) throw notFound();
  return id;
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/reviews/products/:productId/",
    cache: "catalog",
    access: "public",
    summary: "A product's reviews, newest first, with the reviewer's first and last name (paginated)",
    tag: "reviews",
    response: ReviewPageSchema,
    async handler(ctx) {
      const productId = await publicProductParam(ctx);
      const { page, pageSize, offset } = pageParams(ctx.url, 10, 100);
      const { rows, count } = await listProductReviews(ctx.db, productId, pageSize, offset);
      if (page > 1 && rows.length === 0) throw notFound();
      return json(paged(ctx.url, rows.map(serializeReview), count, page, pageSize));
    },
  },
  {
    method: "GET",
    path: "/reviews/products/:productId/summary/",
    cache: "catalog",
    access: "public",
    summary: "Review summary of a product: count, average (one decimal) and count per star",
    tag: "reviews",
    response: ReviewSummarySchema,
    handler: async (ctx) => json(await reviewSummary(ctx.db, await publicProductParam(ctx))),
  },
  {
    method: "GET",
    path: "/reviews/products/:productId/mine/",
    access: "authenticated",
    summary: "Whether the signed-in user may review the product, and their review if any",
    tag: "reviews",
    auth: "required",
    response: MyReviewSchema,
    async handler(ctx) {
      const user = await ctx.requireUser();
      const productId = await publicProductParam(ctx);
      const mine = await findUserReview(ctx.db, user.id, productId);
      return json({ can_review: await hasReceived(ctx.db, user.id, productId), review: mine ? serializeReview(mine) : null });
    },
  },
  route({
    method: "POST",
    path: "/reviews/user/:userId/",
    access: "self-only",
    summary:
      "Write or replace the user's review of a product: {review_text, rating (1-5), prod_id}. Only for the signed-in user themself (not even an admin writes for another), after delivery. 201 new, 200 replaced",
    tag: "reviews",
    auth: "required",
    body: ReviewBody,
    response: ReviewSchema,
    status: 201,
    async handler(ctx) {
      const user = await ctx.requireUser(); // the router has checked it is the :userId of the path
      const body = await ctx.input();
      if (!(await isPublicProduct(ctx.db, body.prod_id))) throw new ApiError(400, { prod_id: [`Invalid pk "${body.prod_id}" - object does not exist.`] });
      if (!(await hasReceived(ctx.db, user.id, body.prod_id))) throw forbidden(REVIEW_MESSAGES.notReceived);
      const r = await ctx.db.tx(async (q) => {
        const written = await upsertReview(q, user.id, body);
        await recordEvent(q, { notices: await reviewNotices(q, body.prod_id, body.rating, written.inserted) });
        return written;
      });
      return json(serializeReview((await findReview(ctx.db, r.id))!), r.inserted ? 201 : 200);
    },
  }),
];
