/** Server-side schema of the review form (routes/$category.$productId.reviews.tsx). */
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "./review-rules";

export const ReviewFormSchema = z.object({
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  review_text: z
    .string({ error: "Tell other shoppers what you think" })
    .trim()
    .min(REVIEW_TEXT_MIN, "Tell other shoppers what you think")
    .max(REVIEW_TEXT_MAX, "Keep it under 2000 characters"),
});


export function parseReviewForm(form: FormData) {
  return parseWithZod(form, { schema: ReviewFormSchema });
}
