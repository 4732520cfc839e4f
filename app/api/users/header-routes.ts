/**
 * One call for the storefront's header when a member is signed in: their own stores
 * (the "My store" link) and their unread notification count (the bell), which the storefront
 * otherwise reads with two calls on every page (GET /stores/owner/{userId}/ and
 * GET /users/{userId}/notifications/unread/): one token check and one user lookup instead of two.
 * The bell counts the member's own unread notifications plus those of every store they are an
 * accepted member of (vendors must not miss orders); `store_unread` names those stores.
 * `cart_quantity` is the badge of the member's cart, and `?wishlist=1` adds the products of their
 * wishlist (the hearts): everything a shared page shows of a member in one call
 * (~/storefront/personal.server).
 * The member's own only (self-only: an admin reads their own header, not someone else's).
 */
import * as z from "zod";
import { hotQuery } from "~/db/client.server";
import { json } from "../core/http";
import { q } from "../core/query";
import type { RouteDef } from "../core/types";
import { USER_CART_QUANTITY_SQL } from "../carts/queries.server";
import { BELL_JSON_SQL, bellOf, type BellRow } from "../notifications/queries.server";
import { OWNED_STORES_JSON_SQL } from "../stores/queries.server";
import { WISHLIST_IDS_JSON_SQL } from "../wishlist/queries.server";
import { MemberHeaderSchema } from "./header-schemas";

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:userId/header/",
    access: "self-only",
    summary:
      "What the storefront's header shows the signed-in member: the stores they own ({id, name, slug}, oldest first), the unread notifications of the bell: their own plus those of every store they are an accepted member of (store_unread: those stores with unread notices), the number of items in their cart (cart_quantity), and with wishlist=1 the product ids of their wishlist (wishlist)",
    tag: "users",
    auth: "required",
    query: z.object({ wishlist: q("1: add the product ids of the member's wishlist") }),
    response: MemberHeaderSchema,
    async handler(ctx) {
      const userId = ctx.intParam("userId");
      const withWishlist = ctx.url.searchParams.get("wishlist") === "1";
      // One statement of each area's own subqueries (every page of a member asks).
      const r = await hotQuery<{ stores: Array<{ id: number; name: string; slug: string }>; bell: BellRow[] | null; cart_quantity: number; wishlist?: number[] }>(
        ctx.db,
        `SELECT ${OWNED_STORES_JSON_SQL} AS stores, ${BELL_JSON_SQL} AS bell, ${USER_CART_QUANTITY_SQL} AS cart_quantity${withWishlist ? `, ${WISHLIST_IDS_JSON_SQL} AS wishlist` : ""}`,
        [userId],
      );
      const row = r.rows[0]!;
      const bell = bellOf(row.bell ?? []);
      return json({
        stores: row.stores,
        unread: bell.unread,
        store_unread: bell.stores,
        cart_quantity: Number(row.cart_quantity),
        ...(withWishlist ? { wishlist: row.wishlist ?? [] } : {}),
      });
    },
  },
];
