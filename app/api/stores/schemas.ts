/** Stores: response schemas and inferred answer types. No server imports. */
import * as z from "zod";

export const StoreSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  /** The state the store ships from (one of the 36 states or "Federal Capital Territory"); null: not known (shipping is priced from Lagos). */
  state: z.string().nullable(),
});
/** GET /stores/owner/{userId}/: a bare array; the last element is the current store. */
export const OwnerStoresSchema = z.array(StoreSchema);

export const StoreMemberSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(["Owner", "Member"]),
  accepted: z.boolean(),
});

export type ApiStore = z.infer<typeof StoreSchema>;
export type ApiStoreMember = z.infer<typeof StoreMemberSchema>;

/** GET /stores/{slug}/: the public store page. */
export const PublicStoreSchema = StoreSchema.extend({
  description: z.string(),
  website: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  x: z.string(),
  created_at: z.string(),
  products_count: z.number(),
  /** Verified by a passing registry check or an admin's audited approval (decision 0032): the "Verified seller" badge. */
  verified: z.boolean(),
  /** Suspended by an admin: its products are hidden from shoppers. */
  suspended: z.boolean(),
});
export type ApiPublicStore = z.infer<typeof PublicStoreSchema>;

/** GET /stores/{storeId}/membership/: the caller's role in the store ("Admin": an admin who is not a member). */
export const MembershipSchema = z.object({
  store: PublicStoreSchema,
  role: z.enum(["Owner", "Member", "Admin"]),
  /** Whether the caller gets the store's "New order" e-mail (null for an admin who is not a member). */
  order_emails: z.boolean().nullable(),
});

/** PATCH /stores/{storeId}/membership/: the caller's own settings as a member. */
export const MembershipSettingsBody = z.object({
  order_emails: z.preprocess(
    (v) => (typeof v === "string" ? ({ true: true, on: true, "1": true, false: false, off: false, "0": false } as Record<string, boolean>)[v.toLowerCase()] ?? v : v),
    z.boolean({ error: "Choose true or false." }),
  ),
});
export const MembershipSettingsSchema = z.object({ order_emails: z.boolean() });
export type ApiMembership = z.infer<typeof MembershipSchema>;

/** POST /stores/uploads/: an image stored ahead of the store, named by an opaque signed token. */
export const StoreUploadSchema = z.object({ upload: z.string(), url: z.string() });
export type ApiStoreUpload = z.infer<typeof StoreUploadSchema>;

const DeliveryCountsSchema = z.object({ Placed: z.number(), Confirmed: z.number(), Shipped: z.number(), Delivered: z.number() });

/**
 * GET /stores/{storeId}/dashboard/: figures from the store's own order items (cancelled items left
 * out; an order counts when it is paid, or pay on delivery and not cancelled/failed). Days are
 * Lagos calendar days (WAT, UTC+1); amounts in naira.
 */
export const StoreDashboardSchema = z.object({
  currency: z.literal("NGN"),
  products_count: z.number(),
  orders_count: z.number(),
  sales: z.object({ today: z.number(), last_7_days: z.number(), last_30_days: z.number() }),
  orders_by_status: DeliveryCountsSchema,
  top_products: z.array(z.object({ product_id: z.number().nullable(), name: z.string(), units: z.number(), sales: z.number() })),
  low_stock_threshold: z.number(),
  low_stock: z.array(z.object({ id: z.number(), name: z.string(), stock_quantity: z.number(), published: z.boolean() })),
  daily_sales: z.array(z.object({ date: z.string(), sales: z.number(), orders: z.number() })),
  /** The store's daily order cap (app/domain/business-check.ts dailyOrderCap): cap null is none. */
  order_cap: z.object({ cap: z.number().nullable(), today: z.number(), remaining: z.number().nullable(), delivered: z.number(), cancelled: z.number() }),
});
export type ApiStoreDashboard = z.infer<typeof StoreDashboardSchema>;
/** POST /stores/{storeId}/members/: the invitation (a member row not yet accepted) and when its link stops working. */
export const MemberInvitationSchema = StoreMemberSchema.extend({ expires_at: z.string().nullable() });
export type ApiMemberInvitation = z.infer<typeof MemberInvitationSchema>;

/** GET /stores/invitations/{token}/: what the invitee is asked to accept (public: the token is the credential). */
export const InvitationSchema = z.object({
  store: z.object({ id: z.number(), name: z.string(), slug: z.string(), logo: z.string().nullable() }),
  inviter: z.string(),
  email: z.string(),
  role: z.enum(["Owner", "Member"]),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  accepted: z.boolean(),
});
export type ApiInvitation = z.infer<typeof InvitationSchema>;

/** POST /stores/invitations/{token}/accept/: the store joined and the caller's role in it. */
export const InvitationAcceptedSchema = z.object({
  store: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  role: z.enum(["Owner", "Member"]),
});
export type ApiInvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

/** GET /stores/{storeId}/customers/: the store's customers from its orders (id null: a guest, known by the order's e-mail). */
export const StoreCustomerSchema = z.object({
  id: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  orders: z.number(),
  /** Naira: the customer's active items of this store. */
  total_spent: z.number(),
  last_order_at: z.string(),
  /** The customer's most recent order holding this store's items. */
  last_order_id: z.string(),
});
export const StoreCustomerPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(StoreCustomerSchema),
});
export type ApiStoreCustomer = z.infer<typeof StoreCustomerSchema>;

const RateSchema = z.object({
  n: z.number().int(),
  of: z.number().int(),
  /** Whole percent; null when `of` is 0. */
  percent: z.number().int().nullable(),
});

/** GET /stores/{slug}/scorecard/: the store's record over the last 90 days (app/domain/scorecard.ts). */
export const ScorecardSchema = z.object({
  window_days: z.number().int(),
  /** Fewer than 5 orders in the window: shown as "New seller", without rates. */
  new_seller: z.boolean(),
  orders: z.number().int(),
  delivered: z.number().int(),
  on_time: RateSchema,
  cancelled: RateSchema,
  returned: RateSchema,
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
});
export type ApiScorecard = z.infer<typeof ScorecardSchema>;

/** GET/POST /stores/{storeId}/business-check/: the store's business check and badge (decision 0032). */
export const BusinessCheckSchema = z.object({
  /** none: never checked; pending: waiting for the registry (retried); verified / not_verified: the registry's answer. */
  status: z.enum(["none", "pending", "verified", "not_verified"]),
  /** The badge: from a passing check, or an admin's approval after a manual check. */
  verified: z.boolean(),
  verified_by: z.enum(["registry", "admin"]).nullable(),
  verified_at: z.string().nullable(),
  registration_number: z.string(),
  company_type: z.enum(["RC", "BN"]).nullable(),
  registered_name: z.string().nullable(),
  registry_status: z.string().nullable(),
  store_name: z.string(),
  account_name: z.string().nullable(),
  reasons: z.array(z.enum(["not_found", "inactive", "store_name", "account_name"])),
  checked_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** Naira an unverified store is paid out at most in 30 days; null when verified. */
  payout_limit: z.number().nullable(),
});
export type ApiBusinessCheck = z.infer<typeof BusinessCheckSchema>;
