/**
 * Every API answer type the storefront uses, in ONE place, inferred from the API's own response
 * schemas (`app/api/<area>/schemas.ts`; tests/api/core.test.ts checks real answers parse with
 * them). No hand-written copies elsewhere in app/storefront, app/routes or app/components.
 * Type-only imports: nothing of app/api reaches the browser bundle.
 */
export type { ApiAddress } from "~/api/addresses/schemas";
export type { ApiChannels } from "~/api/phone/schemas";
export type {
  ApiAdminCategory,
  ApiAdminCertificateReport,
  ApiAdminOverview,
  ApiAdminPayment,
  ApiAdminProduct,
  ApiAdminRefund,
  ApiAdminReview,
  ApiAdminStore,
  ApiAdminUser,
  ApiAdminWebhook,
  ApiAuditEntry,
  ApiVerifyNow,
} from "~/api/admin/schemas";
export type { ApiDetail, ApiLogin as ApiLoginAnswer } from "~/api/auth/schemas";
export type { ApiCart, ApiCartItem } from "~/api/carts/schemas";
export type { ApiCategory, ApiProduct, ApiProductOption, ApiProductPage } from "~/api/catalog/schemas";
export type { ApiOrder, ApiOrderItem, ApiPlacedOrder, ApiShippingFee } from "~/api/orders/schemas";
export type { ApiAdminDelivery } from "~/api/orders/delivery-routes";
export type { ApiMakePaymentAnswer, ApiOfflinePayment, ApiPaymentState } from "~/api/payments/schemas";
export type { ApiOrderReturns, ApiReturn, ApiReturnPage } from "~/api/returns/schemas";
export type { ApiClaim, ApiClaimPage, ApiOrderClaims } from "~/api/claims/schemas";
export type { ApiQuote, ApiQuotePage, ApiQuoteCreated, ApiQuoteAccepted, ApiStoreTax } from "~/api/quotes/schemas";
export type { ApiCollection, ApiDeliveryOptions, ApiSlot, ApiStoreSlots } from "~/api/slots/schemas";
export type {
  ApiAdminPayouts,
  ApiBank,
  ApiBankAccount,
  ApiBankAccountAnswer,
  ApiBankAccountResolved,
  ApiBankList,
  ApiLedgerEntry,
  ApiLedgerPage,
  ApiPayableStore,
  ApiPayout,
  ApiPayoutPage,
  ApiSettlement,
} from "~/api/payouts/schemas";
export type { ApiMemberHeader } from "~/api/users/header-schemas";
export type { ApiMyReview, ApiReview, ApiReviewSummary } from "~/api/reviews/schemas";
export type { ApiBusinessCheck, ApiMembership, ApiPublicStore, ApiStore, ApiStoreDashboard, ApiStoreMember, ApiStoreUpload } from "~/api/stores/schemas";
export type { ApiInvitation, ApiInvitationAccepted, ApiMemberInvitation, ApiStoreCustomer } from "~/api/stores/schemas";
export type { ApiNotification, ApiNotificationPage } from "~/api/notifications/schemas";
export type { ApiWishlistEntry } from "~/api/wishlist/schemas";
export type { ApiNewsletterConfirmed, ApiNewsletterSend, ApiNewsletterSummary } from "~/api/newsletter/schemas";
export type { ApiPersonalData } from "~/api/users/schemas";

/** {count, next, previous, results} lists. */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
export type { ApiStoreProduct } from "~/api/catalog/schemas";
export type { ApiProductImage, ApiProductOption as ApiStoreProductOption, ApiVariant } from "~/api/products/schemas";

/** A store's view of its orders (app/api/orders/store-routes.ts; type-only, nothing of it reaches the browser). */
export type ApiStoreOrderItem = import("zod").infer<typeof import("~/api/orders/store-routes").StoreOrderItemSchema>;
export type ApiStoreOrder = import("zod").infer<typeof import("~/api/orders/store-routes").StoreOrderSchema>;
