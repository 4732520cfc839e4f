/** Reviews: rows to the API's JSON. */
import type { ApiReview } from "./schemas";

export interface ReviewRow {
  id: number;
  product_id: number;
  user_id: number;
  rating: number;
  review_text: string;
  created_at: Date | string;
  updated_at: Date | string;
  first_name: string;
  last_name: string;
  /** The reviewer received the product (receivedSql). */
  verified_purchase: boolean;
}

import { receivedSql } from "./verified";

export const REVIEW_COLUMNS = `r.id, r.product_id, r.user_id, r.rating, r.review_text, r.created_at, r.updated_at, u.first_name, u.last_name,
  ${receivedSql("r.user_id", "r.product_id")} AS verified_purchase`;

export function serializeReview(r: ReviewRow): ApiReview {
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
    verified_purchase: r.verified_purchase === true,
  };
}
