/**
 * Reviews: request and response schemas and inferred answer types. The request rules and
 * messages are the shared ones of app/domain/reviews.ts. No server imports.
 */
import * as z from "zod";
import { ReviewBodySchema } from "~/domain/reviews";

export const ReviewBody = ReviewBodySchema;

export const ReviewSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  product_id: z.number(),
  prod_id: z.number(),
  rating: z.number(),
  review_text: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** The reviewer received the product: an Active order line of it whose store's shipment was delivered. */
  verified_purchase: z.boolean(),
});

export const ReviewPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ReviewSchema),
});

export const ReviewSummarySchema = z.object({
  product_id: z.number(),
  count: z.number(),
  average: z.number(),
  counts: z.record(z.string(), z.number()),
});

export const MyReviewSchema = z.object({ can_review: z.boolean(), review: ReviewSchema.nullable() });

export type ApiReview = z.infer<typeof ReviewSchema>;
export type ApiReviewPage = z.infer<typeof ReviewPageSchema>;
export type ApiReviewSummary = z.infer<typeof ReviewSummarySchema>;
export type ApiMyReview = z.infer<typeof MyReviewSchema>;
