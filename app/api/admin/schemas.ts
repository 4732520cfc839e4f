/** Admin: answer schemas and the types the /admin pages use. No server imports. */
import * as z from "zod";

const ts = z.string();
const tsOrNull = z.string().nullable();
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

export const AdminOverviewSchema = z.object({
  stores: z.number(),
  stores_verified: z.number(),
  stores_suspended: z.number(),
  products_listed: z.number(),
  products_unpublished_by_admin: z.number(),
  products_featured: z.number(),
  categories: z.number(),
  categories_retired: z.number(),
  reviews_hidden: z.number(),
  users: z.number(),
  users_deactivated: z.number(),
  payments_pending: z.number(),
  payments_mismatched: z.number(),
  refunds_open: z.number(),
  refunds_failed: z.number(),
  audit_entries: z.number(),
});

export const AdminStoreSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  phone: z.string(),
  owner_id: z.number(),
  owner_email: z.string(),
  products_count: z.number(),
  verified_at: tsOrNull,
  suspended_at: tsOrNull,
  suspended_reason: z.string().nullable(),
  created_at: ts,
});

export const AdminProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  store_id: z.number(),
  store_name: z.string(),
  store_slug: z.string(),
  store_suspended: z.boolean(),
  category_id: z.number(),
  category_name: z.string(),
  selling_price: z.number(),
  published: z.boolean(),
  featured: z.boolean(),
  deleted: z.boolean(),
  admin_unpublished_at: tsOrNull,
  unpublished_reason: z.string().nullable(),
  created_at: ts,
  /** SON certificate (issue 36 item 2): its category needs none, or it was given, waived by an admin, or is missing (not publishable). */
  certificate: z.enum(["not_needed", "given", "waived", "missing"]),
});

export const AdminCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  parent: z.number().nullable(),
  /** Names from the root down, e.g. "Building Materials › Roofing". */
  path: z.string(),
  products_count: z.number(),
  subcategories_count: z.number(),
  retired_at: tsOrNull,
  /** Issue 36 item 2: its products are published only with a SON certificate (or an administrator's waiver). */
  requires_certificate: z.boolean(),
});

/** A buyer's report that a product's certificate looks fake (issue 36 item 2). */
export const AdminCertificateReportSchema = z.object({
  id: z.number(),
  product: z.number(),
  product_name: z.string(),
  store: z.number().nullable(),
  store_name: z.string().nullable(),
  store_slug: z.string().nullable(),
  /** The number the product showed when it was reported. */
  certificate_number: z.string().nullable(),
  note: z.string(),
  /** How to reach the buyer, as they gave it (or null). */
  contact: z.string().nullable(),
  user: z.number().nullable(),
  created_at: ts,
});
export const AdminCertificateReportPageSchema = pagedOf(AdminCertificateReportSchema);
/** An administrator's change of a category's certificate requirement. */
export const AdminCategoryCertificateSchema = z.object({ id: z.number(), name: z.string(), requires_certificate: z.boolean() });
/** An administrator's waiver of a product's certificate. */
export const AdminCertificateWaiverSchema = z.object({ id: z.number(), name: z.string(), certificate_waived: z.boolean(), reason: z.string() });

export const AdminReviewSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  user_id: z.number(),
  user_email: z.string(),
  rating: z.number(),
  review_text: z.string(),
  hidden_at: tsOrNull,
  hidden_reason: z.string().nullable(),
  created_at: ts,
});

export const AdminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(["shopper", "admin"]),
  email_verified: z.boolean(),
  is_active: z.boolean(),
  deactivated_at: tsOrNull,
  created_at: ts,
});

export const AdminPaymentSchema = z.object({
  id: z.number(),
  reference: z.string(),
  order_id: z.string(),
  customer_email: z.string(),
  payment_method: z.string(),
  /** Paystack's channel: card, bank_transfer or ussd. */
  channel: z.string(),
  payment_status: z.string(),
  provider_status: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  /** What the order costs now (items and shipping), naira. */
  order_amount_due: z.number(),
  order_payment_status: z.string(),
  /** Why the payment was not accepted as it came back from Paystack ("amount or currency", "less than the amount due"), or null. */
  mismatch: z.string().nullable(),
  /** Paystack's amount and currency when they differ from the attempt's, else null. */
  paid_amount: z.number().nullable(),
  paid_currency: z.string().nullable(),
  verified_at: tsOrNull,
  created_at: ts,
  updated_at: ts,
});

export const AdminWebhookSchema = z.object({
  id: z.number(),
  provider: z.string(),
  event: z.string(),
  reference: z.string(),
  received_at: ts,
  processed_at: tsOrNull,
});

export const AdminRefundSchema = z.object({
  id: z.number(),
  order_id: z.string(),
  payment_reference: z.string(),
  kind: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  reason: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: ts,
  updated_at: ts,
});

export const AuditEntrySchema = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: ts,
});

export const VerifyNowSchema = z.object({ outcome: z.string(), payment: AdminPaymentSchema });

export const AdminStorePageSchema = pagedOf(AdminStoreSchema);
export const AdminProductPageSchema = pagedOf(AdminProductSchema);
export const AdminReviewPageSchema = pagedOf(AdminReviewSchema);
export const AdminUserPageSchema = pagedOf(AdminUserSchema);
export const AdminPaymentPageSchema = pagedOf(AdminPaymentSchema);
export const AdminWebhookPageSchema = pagedOf(AdminWebhookSchema);
export const AdminRefundPageSchema = pagedOf(AdminRefundSchema);
export const AuditPageSchema = pagedOf(AuditEntrySchema);

export type ApiAdminOverview = z.infer<typeof AdminOverviewSchema>;
export type ApiAdminStore = z.infer<typeof AdminStoreSchema>;
export type ApiAdminProduct = z.infer<typeof AdminProductSchema>;
export type ApiAdminCertificateReport = z.infer<typeof AdminCertificateReportSchema>;
export type ApiAdminCategory = z.infer<typeof AdminCategorySchema>;
export type ApiAdminReview = z.infer<typeof AdminReviewSchema>;
export type ApiAdminUser = z.infer<typeof AdminUserSchema>;
export type ApiAdminPayment = z.infer<typeof AdminPaymentSchema>;
export type ApiAdminWebhook = z.infer<typeof AdminWebhookSchema>;
export type ApiAdminRefund = z.infer<typeof AdminRefundSchema>;
export type ApiAuditEntry = z.infer<typeof AuditEntrySchema>;
export type ApiVerifyNow = z.infer<typeof VerifyNowSchema>;
