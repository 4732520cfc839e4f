/**
 * Review rules (spec sections 3 and 7), used by the API (POST /reviews/user/{userId}/) and the
 * storefront's review form alike. Client-safe: no server imports.
 */
import * as z from "zod";
import { text } from "./text";

export { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "./review-rules";
import { REVIEW_TEXT_MAX } from "./review-rules";
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const REVIEW_MESSAGES = {
  rating: "Choose a rating from 1 to 5 stars.",
  textRequired: "Tell other shoppers what you think.",
  textMax: `Keep your review under ${REVIEW_TEXT_MAX} characters.`,
  product: "A valid product id is required.",
  notReceived: "You can review a product only after it has been delivered to you.",
} as const;

/** A whole number of stars from 1 to 5 ("4" from a form is 4). */
export const ratingField = /* @__PURE__ */ (() =>
  z.coerce
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(RATING_MIN, REVIEW_MESSAGES.rating)
    .max(RATING_MAX, REVIEW_MESSAGES.rating))();

export const reviewTextField = /* @__PURE__ */ (() =>
  text(REVIEW_TEXT_MAX, { required: REVIEW_MESSAGES.textRequired, maxMessage: REVIEW_MESSAGES.textMax }))();

/** The review form (the product comes from the page). */
export const ReviewFormSchema = /* @__PURE__ */ (() =>
  z.object({ rating: ratingField, review_text: reviewTextField }))();
export type ReviewFormValue = z.output<typeof ReviewFormSchema>;

/** POST /reviews/user/{userId}/: {prod_id, rating, review_text}. */
export const ReviewBodySchema = /* @__PURE__ */ (() =>
  z.object({
    prod_id: z.coerce.number({ error: REVIEW_MESSAGES.product }).int(REVIEW_MESSAGES.product).positive(REVIEW_MESSAGES.product).max(2_147_483_647, REVIEW_MESSAGES.product),
    rating: ratingField,
    review_text: reviewTextField,
  }))();
export type ReviewBody = z.output<typeof ReviewBodySchema>;
