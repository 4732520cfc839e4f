/**
 * Reviews (spec sections 3 and 7; api-contract.md). Anyone reads a product's reviews, newest
 * first, with the reviewer's names from the user record. Writing needs a signed-in user who has
 * received the product: an order item of it, not cancelled, on an order of theirs whose delivery
 * status is Delivered. One review per user and product; posting again replaces it.
 */
import * as z from "zod";
import type { Queryable } from "~/db/client.server";
import { ApiError, forbidden, json, notFound, paged, pageParams, validate } from "../http";
import type { ApiContext, RouteDef } from "../router";

interface ReviewRow {
  id: number;
  product_id: number;
  user_id: number;
  rating: number;
  review_text: string;
  created_at: Date | string;
  updated_at: Date | string;
  first_name: string;
  last_name: string;
}

export function serializeReview(r: ReviewRow) {
  return {
    id: r.id,
    user_id: r.user_id,
    product_id: r.product_id,
    prod_id: r.product_id,
    rating: r.rating,
    review_text: r.review_text,
    first_name: r.first_name,
    last_name: r.last_name,
    user: { id: r.user_id, first_name: r.first_name, last_name: r.last_name },
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

const REVIEW_COLUMNS = `r.id, r.product_id, r.user_id, r.rating, r.review_text, r.created_at, r.updated_at, u.first_name, u.last_name`;

const idParam = (ctx: ApiContext, name: string) => {
  const n = Number(ctx.params[name]);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw notFound();
  return n;
};

/** The product if the public may see it (published), else a 404. */
async function publicProduct(q: Queryable, id: number): Promise<{ id: number }> {
  const r = await q.query<{ id: number }>("SELECT id FROM products WHERE id = $1 AND published", [id]);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** True when the user has a delivered, not cancelled order item of the product. */
export async function hasReceived(q: Queryable, userId: number, productId: number): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.user_id = $1 AND oi.product_id = $2 AND oi.status = 'Active'
        AND lower(o.order_delivery_status) = 'delivered' LIMIT 1`,
    [userId, productId],
  );
  return r.rows.length > 0;
}

const NOT_RECEIVED = "You can review a product only after it has been delivered to you.";

export const ReviewBody = z.object({
  prod_id: z.coerce.number({ message: "A valid product id is required." }).int().positive("A valid product id is required."),
  rating: z.coerce
    .number({ message: "Rating must be a whole number from 1 to 5." })
    .int("Rating must be a whole number from 1 to 5.")
    .min(1, "Rating must be a whole number from 1 to 5.")
    .max(5, "Rating must be a whole number from 1 to 5."),
  review_text: z
    .string({ message: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(2000, "Ensure this field has no more than 2000 characters."),
});

const ReviewSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  product_id: z.number(),
  rating: z.number(),
  review_text: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.string(),
});

const SummarySchema = z.object({
  product_id: z.number(),
  count: z.number(),
  average: z.number(),
  counts: z.record(z.string(), z.number()),
});

export async function reviewSummary(q: Queryable, productId: number) {
  const r = await q.query<{ rating: number; n: number }>(
    "SELECT rating, count(*)::int AS n FROM reviews WHERE product_id = $1 GROUP BY rating",
    [productId],
  );
  const counts: Record<string, number> = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let total = 0;
  let sum = 0;
  for (const row of r.rows) {
    counts[String(row.rating)] = row.n;
    total += row.n;
    sum += row.rating * row.n;
  }
  return { product_id: productId, count: total, average: total ? Math.round((sum / total) * 10) / 10 : 0, counts };
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/reviews/products/:productId/",
    summary: "A product's reviews, newest first, with the reviewer's first and last name (paginated)",
    tag: "reviews",
    response: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(ReviewSchema) }),
    async handler(ctx) {
      const productId = idParam(ctx, "productId");
      await publicProduct(ctx.db, productId);
      const { page, pageSize, offset } = pageParams(ctx.url, 10, 100);
      const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM reviews WHERE product_id = $1", [productId]);
      const rows = await ctx.db.query<ReviewRow>(
        `SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id
          WHERE r.product_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
        [productId],
      );
      if (page > 1 && rows.rows.length === 0) throw notFound();
      return json(paged(ctx.url, rows.rows.map(serializeReview), count.rows[0].n, page, pageSize));
    },
  },
  {
    method: "GET",
    path: "/reviews/products/:productId/summary/",
    summary: "Review summary of a product: count, average (one decimal) and count per star",
    tag: "reviews",
    response: SummarySchema,
    async handler(ctx) {
      const productId = idParam(ctx, "productId");
      await publicProduct(ctx.db, productId);
      return json(await reviewSummary(ctx.db, productId));
    },
  },
  {
    method: "GET",
    path: "/reviews/products/:productId/mine/",
    summary: "Whether the signed-in user may review the product, and their review if any",
    tag: "reviews",
    auth: "required",
    response: z.object({ can_review: z.boolean(), review: ReviewSchema.nullable() }),
    async handler(ctx) {
      const user = await ctx.requireUser();
      const productId = idParam(ctx, "productId");
      await publicProduct(ctx.db, productId);
      const mine = await ctx.db.query<ReviewRow>(
        `SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.product_id = $1 AND r.user_id = $2`,
        [productId, user.id],
      );
      return json({
        can_review: await hasReceived(ctx.db, user.id, productId),
        review: mine.rows[0] ? serializeReview(mine.rows[0]) : null,
      });
    },
  },
  {
    method: "POST",
    path: "/reviews/user/:userId/",
    summary:
      "Write or replace the user's review of a product: {review_text, rating (1-5), prod_id}. Only for the signed-in user themself, after delivery. 201 new, 200 replaced",
    tag: "reviews",
    auth: "required",
    body: ReviewBody,
    response: ReviewSchema,
    status: 201,
    async handler(ctx) {
      const user = await ctx.requireUser();
      const userId = idParam(ctx, "userId");
      if (userId !== user.id) throw forbidden();
      const body = validate(ReviewBody, await ctx.body());
      const product = await ctx.db.query<{ id: number }>("SELECT id FROM products WHERE id = $1 AND published", [body.prod_id]);
      if (!product.rows[0]) throw new ApiError(400, { prod_id: [`Invalid pk "${body.prod_id}" - object does not exist.`] });
      if (!(await hasReceived(ctx.db, user.id, body.prod_id))) throw forbidden(NOT_RECEIVED);
      const r = await ctx.db.query<{ id: number; inserted: boolean }>(
        `INSERT INTO reviews (product_id, user_id, rating, review_text) VALUES ($1, $2, $3, $4)
         ON CONFLICT (product_id, user_id) DO UPDATE
           SET rating = excluded.rating, review_text = excluded.review_text, updated_at = now()
         RETURNING id, (xmax = 0) AS inserted`,
        [body.prod_id, user.id, body.rating, body.review_text],
      );
      const row = await ctx.db.query<ReviewRow>(
        `SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
        [r.rows[0].id],
      );
      return json(serializeReview(row.rows[0]), r.rows[0].inserted ? 201 : 200);
    },
  },
];
