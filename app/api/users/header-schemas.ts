/** GET /users/{userId}/header/: what the storefront's header shows a signed-in member. No server imports. */
import * as z from "zod";

export const HeaderStoreSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export const MemberHeaderSchema = z.object({
  /** The stores the member owns, oldest first (as GET /stores/owner/{userId}/). */
  stores: z.array(HeaderStoreSchema),
  /**
   * The bell: the member's own unread notifications (GET /users/{userId}/notifications/unread/) plus
   * the unread notifications of every store they are an accepted member of.
   */
  unread: z.number(),
  /** The member's stores (accepted membership, owner or member) that have unread notifications, oldest store first. */
  store_unread: z.array(HeaderStoreSchema.extend({ unread: z.number() })),
  /** The number of items in the member's cart (the sum of its lines' quantities; 0 without a cart). */
  cart_quantity: z.number(),
  /** With `?wishlist=1`: the ids of the products in the member's wishlist. */
  wishlist: z.array(z.number()).optional(),
  /** With `?delivery=1`: the state of the member's default address, as saved (null without one). */
  default_address_state: z.string().nullable().optional(),
});
export type ApiMemberHeader = z.infer<typeof MemberHeaderSchema>;
