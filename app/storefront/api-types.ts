/**
 * Every API answer type the storefront uses, in ONE place, taken from the API's own code (no
 * hand-written copies elsewhere in app/storefront, app/routes or app/components).
 *
 * MERGE NOTE (lead): branch api-core adds `app/api/<area>/schemas.ts` with zod response schemas
 * and inferred types. Point these aliases at those exports (and drop the two local interfaces
 * below, whose API serializers are not exported yet); nothing else in the storefront needs to change.
 * Type-only imports: nothing of app/api reaches the browser bundle.
 */
import type { ApiCart as CartAnswer } from "~/api/modules/carts";
import type { LoginAnswer } from "~/api/modules/auth";
import type { serializeAddress } from "~/api/modules/addresses";
import type { reviewSummary, serializeReview } from "~/api/modules/reviews";
import type { ApiProduct as ProductAnswer, serializeCategory } from "~/api/serializers";

/** {count, next, previous, results} lists. */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type ApiCart = CartAnswer;
export type ApiCartItem = ApiCart["cart_items"][number];
export type ApiProduct = ProductAnswer;
export type ApiCategory = ReturnType<typeof serializeCategory>;
export type ApiAddress = ReturnType<typeof serializeAddress>;
export type ApiReview = ReturnType<typeof serializeReview>;
export type ApiReviewSummary = Omit<Awaited<ReturnType<typeof reviewSummary>>, "product_id">;
export type ApiLoginAnswer = LoginAnswer;
export type ApiDetail = { detail: string };
export type ApiStore = { id: number; name: string; slug: string };

/** GET /orders/... (orders.ts serializeOrder is not exported yet; replace with its schema's type at merge). */
export interface ApiOrder {
  id: string;
  created_at: string;
  order_total_price: number;
  shipping_cost: number;
  order_delivery_status: string;
  order_payment_status: string;
  order_payment_method: string;
  delivery_address: Record<string, string | null>;
  order_items: { id: string; product_id: number | null; product_name: string; quantity: number; item_price: number; status: string; image: string | null }[];
}

/** GET /carts/wishlist/user/{id}/ entries (wishlist.ts serializeEntry is not exported yet; replace at merge). */
export interface ApiWishlistEntry {
  id: number;
  product_id: number;
  user_id: number;
  product: {
    id: number;
    name: string;
    selling_price: number;
    price: number;
    type: "sale" | "rent";
    category_id: number;
    image: string;
    available: boolean;
  };
}

/** GET /reviews/products/{id}/mine/. */
export interface ApiMyReview {
  can_review: boolean;
  review: ApiReview | null;
}
