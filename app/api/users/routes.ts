/** /users/{id}/ (spec section 7): a user's public name and e-mail, for that user or an admin. */
import { json, notFound } from "../core/http";
import type { RouteDef } from "../core/types";
import { findPublicUser } from "./queries.server";
import { UserSchema } from "./schemas";

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:id/",
    // Others are refused (403) before any lookup, so the answer does not tell which ids exist.
    access: "self",
    async handler(ctx) {
      const user = await findPublicUser(ctx.db, ctx.intParam("id"));
      if (!user) throw notFound();
      return json(user);
    },
    summary: "One user (only that user or an admin)",
    tag: "users",
    auth: "required",
    response: UserSchema,
  },
];
