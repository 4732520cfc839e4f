/**
 * One call for the storefront's header when a member is signed in (issue 13): their own stores
 * (the "My store" link) and their unread notification count (the bell), which the storefront
 * otherwise reads with two calls on every page (GET /stores/owner/{userId}/ and
 * GET /users/{userId}/notifications/unread/): one token check and one user lookup instead of two.
 * The member's own only (self-only: an admin reads their own header, not someone else's).
 */
import { json } from "../core/http";
import type { RouteDef } from "../core/types";
import { unreadCount } from "../notifications/queries.server";
import { storesOwnedBy } from "../stores/queries.server";
import { MemberHeaderSchema } from "./header-schemas";

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:userId/header/",
    access: "self-only",
    summary: "What the storefront's header shows the signed-in member: the stores they own ({id, name, slug}, oldest first) and their unread notifications",
    tag: "users",
    auth: "required",
    response: MemberHeaderSchema,
    async handler(ctx) {
      const userId = ctx.intParam("userId");
      const [stores, unread] = await Promise.all([storesOwnedBy(ctx.db, userId), unreadCount(ctx.db, { userId })]);
      return json({ stores: stores.map(({ id, name, slug }) => ({ id, name, slug })), unread });
    },
  },
];
