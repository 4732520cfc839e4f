/**
 * Every API answer type the storefront uses, in ONE place, inferred from the API's own response
 * schemas (`app/api/<area>/schemas.ts`; tests/api/core.test.ts checks real answers parse with
 * them). No hand-written copies elsewhere in app/storefront, app/routes or app/components.
 * Type-only imports: nothing of app/api reaches the browser bundle.
 */
export type { ApiAddress } from "~/api/addresses/schemas";
export type { ApiDetail, ApiLogin as ApiLoginAnswer } from "~/api/auth/schemas";
export type { ApiCart, ApiCartItem } from "~/api/carts/schemas";
export type { ApiCategory, ApiProduct, ApiProductOption } from "~/api/catalog/schemas";
export type { ApiOrder, ApiOrderItem, ApiPlacedOrder, ApiShippingFee } from "~/api/orders/schemas";
export type { ApiMakePaymentAnswer, ApiPaymentState } from "~/api/payments/schemas";
export type { ApiMyReview, ApiReview, ApiReviewSummary } from "~/api/reviews/schemas";
export type { ApiMembership, ApiPublicStore, ApiStore, ApiStoreMember } from "~/api/stores/schemas";
export type { ApiNotification, ApiNotificationPage } from "~/api/notifications/schemas";
export type { ApiWishlistEntry } from "~/api/wishlist/schemas";

/** {count, next, previous, results} lists. */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
