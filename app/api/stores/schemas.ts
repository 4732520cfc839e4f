/** Stores: response schemas and inferred answer types. No server imports. */
import * as z from "zod";

export const StoreSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
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
  /** Verified by an admin: the "Verified seller" badge (issue 11). */
  verified: z.boolean(),
  /** Suspended by an admin: its products are hidden from shoppers (issue 11). */
  suspended: z.boolean(),
});
export type ApiPublicStore = z.infer<typeof PublicStoreSchema>;

/** GET /stores/{storeId}/membership/: the caller's role in the store ("Admin": an admin who is not a member). */
export const MembershipSchema = z.object({
  store: PublicStoreSchema,
  role: z.enum(["Owner", "Member", "Admin"]),
});
export type ApiMembership = z.infer<typeof MembershipSchema>;
