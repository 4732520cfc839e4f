/**
 * What the storefront's actions validate with: conform's `parseWithZod` and the domain schemas,
 * re-exported from a `.server` module. The browser build replaces this module with an empty stub,
 * so a route that imports these for its action adds no path to zod or conform in the browser
 * (esbuild's code splitting makes a page load every chunk its route's import graph reaches, used
 * or not). Components import constants from the zod-free rule modules (`~/domain/order-rules`,
 * `address-rules`, `account-messages`, `review-rules`, `admin-rules`, `member-rules`,
 * `payout-rules`, `phone-rules`, `privacy-rules`, `product-rules`, `return-rules`, `store-rules`,
 * `states`, `text-max`). See docs/architecture.md, Forms.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { LoginSchema, PasswordResetConfirmSchema, PasswordResetSchema, RegisterFormSchema } from "~/domain/accounts";
export { AddressFormSchema, toAddressBody } from "~/domain/addresses";
export { CancelItemSchema, GuestCheckoutFormSchema, GuestCheckoutSchema, GuestLinkRequestSchema } from "~/domain/orders";
export { ChannelsFormSchema, PhoneCodeRequestSchema, PhoneCodeVerifySchema } from "~/domain/phone";
export { DeleteAccountSchema, NewsletterSignupSchema } from "~/domain/privacy";
export { CertificateRequirementSchema } from "~/domain/certificates";
export { ReturnFormSchema } from "~/domain/returns";
export { ClaimAnswerSchema, ClaimOpenSchema, ClaimRulingSchema } from "~/domain/claims";
export { QuoteBuyerDeclineSchema, QuoteCounterSchema, QuoteDeclineSchema, QuoteOfferSchema, QuoteRequestSchema, StoreTaxSchema } from "~/domain/quotes";
export { ReviewFormSchema } from "~/domain/reviews";
export { productFormSchema } from "~/domain/products";
export { ReturnDecisionSchema, ReturnRefundedSchema } from "~/domain/returns";
export { CategoryCreateSchema, CategoryMoveSchema, CategoryRenameSchema, OptionalReasonSchema, RequiredReasonSchema } from "~/domain/admin";
export { NewsletterSendSchema } from "~/domain/privacy";
export { BankAccountConfirmSchema, BankAccountSchema } from "~/domain/payouts";
export { InviteMemberSchema } from "~/domain/members";
export { OptionUpdateSchema, VariantStepSchema } from "~/domain/products";
export { STORE_STEP_SCHEMAS } from "~/domain/stores";
export { intIdField } from "~/domain/validation";
export { DeliveryCodeFormSchema } from "~/domain/delivery-code";
export { RegistrationSchema } from "~/domain/business-check";
export { CollectionSchema, SlotPublishSchema } from "~/domain/slots";
export { CertificateReportSchema } from "~/domain/certificates";
