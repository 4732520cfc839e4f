/** /users/{id}/ (spec section 7): a user's public name and e-mail, for that user or an admin. */
import * as z from "zod";
import { forbidden, json, notFound } from "../http";
import type { ApiContext, RouteDef } from "../router";

async function getUser(ctx: ApiContext) {
  const me = await ctx.requireUser();
  const id = Number(ctx.params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) throw notFound();
  // Others are refused before any lookup, so the answer does not tell which ids exist.
  if (me.id !== id && me.role !== "admin") throw forbidden();
  const r = await ctx.db.query<{ id: number; email: string; first_name: string; last_name: string }>(
    "SELECT id, email::text AS email, first_name, last_name FROM users WHERE id = $1",
    [id],
  );
  if (!r.rows[0]) throw notFound();
  return json(r.rows[0]);
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:id/",
    handler: getUser,
    summary: "One user (only that user or an admin)",
    tag: "users",
    auth: "required",
    response: z.object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  },
];
