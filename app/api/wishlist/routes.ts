/**
 * Wishlist (spec sections 4 and 7). Note the spellings clients use: reads under
 * /carts/wishlist/user/{userId}/, writes under /carts/carts/wishlist/. Only the owner (bearer
 * token) reads or changes entries; another user's entry is a 404, another user's list a 403.
 * Each entry carries a small `product` object (name, prices, image) so a page needs no call per entry.
 */
import { badRequest, forbidden, json, noContent, notFound, paged, pageParams } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { addToWishlist, removeFromWishlist } from "./commands.server";
import { findWishlistEntry, listWishlist, wishableProduct } from "./queries.server";
import { AddWishlistBody, WishlistEntrySchema, WishlistPageSchema } from "./schemas";
import { serializeEntry, type WishlistRow } from "./serialize";

async function ownEntry(ctx: ApiContext): Promise<WishlistRow> {
  const user = await ctx.requireUser();
  const e = await findWishlistEntry(ctx.db, ctx.intParam("id"));
  if (!e || !ctx.isOwnerOrAdmin(user, e.user_id)) throw notFound();
  return e;
}

async function list(ctx: ApiContext) {
  const userId = ctx.intParam("userId");
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 500);
  const { rows, count } = await listWishlist(ctx.db, userId, pageSize, offset);
  if (page > 1 && rows.length === 0) throw notFound();
  return json(paged(ctx.url, rows.map((e) => serializeEntry(e, ctx.url.origin)), count, page, pageSize));
}

async function add(ctx: ApiContext<typeof AddWishlistBody>) {
  const user = await ctx.requireUser();
  const body = await ctx.input();
  if (body.user_id !== undefined && !ctx.isOwnerOrAdmin(user, body.user_id)) throw forbidden();
  const ownerId = body.user_id ?? user.id;
  if (!(await wishableProduct(ctx.db, body.product_id))) throw badRequest({ product_id: ["This product is not available."] });
  if (ownerId !== user.id) {
    const exists = await ctx.db.query("SELECT 1 FROM users WHERE id = $1", [ownerId]);
    if (!exists.rows[0]) throw badRequest({ user_id: [`Invalid pk "${ownerId}" - object does not exist.`] });
  }
  // Idempotent: adding a product that is already there answers the existing entry.
  const { id, created } = await addToWishlist(ctx.db, ownerId, body.product_id);
  const e = await findWishlistEntry(ctx.db, id);
  return json(serializeEntry(e!, ctx.url.origin), created ? 201 : 200);
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/carts/wishlist/user/:userId/",
    access: "self",
    summary: "The member's wishlist, newest first (paginated {count, next, previous, results: [{id, product_id, user_id, product}]})",
    tag: "wishlist",
    auth: "required",
    response: WishlistPageSchema,
    handler: list,
  },
  {
    method: "POST",
    path: "/carts/carts/wishlist/",
    access: "authenticated",
    summary: "Add {user_id, product_id} to the caller's wishlist; idempotent (201 new, 200 already there)",
    tag: "wishlist",
    auth: "required",
    status: 201,
    body: AddWishlistBody,
    response: WishlistEntrySchema,
    handler: add,
  },
  {
    method: "GET",
    path: "/carts/carts/wishlist/:id/",
    access: "owner",
    summary: "One wishlist entry (owner only)",
    tag: "wishlist",
    auth: "required",
    response: WishlistEntrySchema,
    handler: async (ctx) => json(serializeEntry(await ownEntry(ctx), ctx.url.origin)),
  },
  {
    method: "DELETE",
    path: "/carts/carts/wishlist/:id/",
    access: "owner",
    summary: "Remove a wishlist entry (owner only; 204)",
    tag: "wishlist",
    auth: "required",
    status: 204,
    async handler(ctx) {
      const e = await ownEntry(ctx);
      await removeFromWishlist(ctx.db, e.id);
      return noContent();
    },
  },
];
