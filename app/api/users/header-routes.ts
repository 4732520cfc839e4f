/**
 * One call for the storefront's header when a member is signed in: their own stores
 * (the "My store" link) and their unread notification count (the bell), which the storefront
 * otherwise reads with two calls on every page (GET /stores/owner/{userId}/ and
 * GET /users/{userId}/notifications/unread/): one token check and one user lookup instead of two.
 * The bell counts the member's own unread notifications plus those of every store they are an
 * accepted member of (vendors must not miss orders); `store_unread` names those stores.
 * The member's own only (self-only: an admin reads their own header, not someone else's).
 */
import { json } from "../core/http";
import type { RouteDef } from "../core/types";
import { headerUnread } from "../notifications/queries.server";
import { storesOwnedBy } from "../stores/queries.server";
import { MemberHeaderSchema } from "./header-schemas";

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:userId/header/",
    access: "self-only",
    summary: "What the storefront's header shows the signed-in member: the stores they own ({id, name, slug}, oldest first) and the unread notifications of the bell: their own plus those of every store they are an accepted member of (store_unread: those stores with unread notices)",
    tag: "users",
    auth: "required",
    response: MemberHeaderSchema,
    async handler(ctx) {
      const userId = ctx.intParam("userId");
      const [stores, bell] = await Promise.all([storesOwnedBy(ctx.db, userId), headerUnread(ctx.db, userId)]);
      return json({ stores: stores.map(({ id, name, slug }) => ({ id, name, slug })), unread: bell.unread, store_unread: bell.stores });
    },
  },
];
