/**
 * Who may act on an order as its buyer, for the areas that hang off an order (returns, claims):
 * its buyer (or an admin), or whoever holds its guest link (`?token=`, or `?t=`, as GET /orders/{id}/
 * reads it). One definition, so the areas never disagree on the rule.
 */
import { guestLinkExpired, guestTokenState } from "../core/guest-token.server";
import { notFound } from "../core/http";
import type { ApiContext } from "../core/types";
import { findOrder } from "./queries.server";

/** The guest link's token of the request, if any. */
export const linkToken = (ctx: ApiContext) => ctx.url.searchParams.get("token") ?? ctx.url.searchParams.get("t");

/**
 * The order of the path if the caller is its buyer (or an admin) or holds its open guest link;
 * 404 otherwise (410 for an expired link; 401 with neither bearer nor token, as requireOwner).
 */
export async function buyerOrder(ctx: ApiContext) {
  const token = linkToken(ctx);
  const order = await findOrder(ctx.db, ctx.uuidParam("orderId"));
  if (token !== null) {
    const state = order ? guestTokenState(order, token) : "no";
    if (state === "open") return order!;
    const user = await ctx.user();
    if (order && user && ctx.isOwnerOrAdmin(user, order.user_id)) return order;
    throw state === "expired" ? guestLinkExpired() : notFound();
  }
  if (!order) throw notFound();
  await ctx.requireOwner(order.user_id);
  return order;
}
