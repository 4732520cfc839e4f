/** GET /users/{userId}/header/: what the storefront's header shows a signed-in member. No server imports. */
import * as z from "zod";

export const HeaderStoreSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export const MemberHeaderSchema = z.object({
  /** The stores the member owns, oldest first (as GET /stores/owner/{userId}/). */
  stores: z.array(HeaderStoreSchema),
  /** The member's unread notifications (as GET /users/{userId}/notifications/unread/). */
  unread: z.number(),
});
export type ApiMemberHeader = z.infer<typeof MemberHeaderSchema>;
