/**
 * Orders of /api/v1 (spec section 7): reading a member's orders. Placing orders (checkout),
 * cancelling and the store's order views belong to the checkout and seller-area work
 * (place-order.server.ts will compose carts' loadCartItems/availableProduct/checkStock with
 * the shipping rule in one transaction).
 */
import { json, notFound, paged, pageParams } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { findOrder, listUserOrders, orderItemsFor } from "./queries.server";
import { OrderPageSchema, OrderSchema } from "./schemas";
import { serializeOrder } from "./serialize";

async function listForUser(ctx: ApiContext) {
  const userId = ctx.intParam("userId");
  const { page, pageSize, offset } = pageParams(ctx.url, 10, 50);
  const { rows, count } = await listUserOrders(ctx.db, userId, pageSize, offset);
  if (page > 1 && rows.length === 0) throw notFound();
  const items = await orderItemsFor(
    ctx.db,
    rows.map((o) => o.id),
  );
  return json(paged(ctx.url, rows.map((o) => serializeOrder(o, items.get(o.id) ?? [], ctx.url.origin)), count, page, pageSize));
}

async function getOne(ctx: ApiContext) {
  const me = await ctx.requireUser();
  const o = await findOrder(ctx.db, ctx.uuidParam("id"));
  // Someone else's order answers exactly like a missing one.
  if (!o || !ctx.isOwnerOrAdmin(me, o.user_id)) throw notFound();
  const items = await orderItemsFor(ctx.db, [o.id]);
  return json(serializeOrder(o, items.get(o.id) ?? [], ctx.url.origin));
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/orders/user/:userId",
    access: "self",
    summary: "A member's orders, newest first (paginated; only that member or an admin)",
    tag: "orders",
    auth: "required",
    handler: listForUser,
    response: OrderPageSchema,
  },
  {
    method: "GET",
    path: "/orders/:id/",
    access: "owner",
    summary: "One order with its items (only its buyer or an admin; others get 404)",
    tag: "orders",
    auth: "required",
    handler: getOne,
    response: OrderSchema,
  },
];
