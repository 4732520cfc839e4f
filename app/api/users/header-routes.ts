/**
 * One call for the storefront's header when a member is signed in: their own stores
 * (the "My store" link) and their unread notification count (the bell), which the storefront
 * otherwise reads with two calls on every page (GET /stores/owner/{userId}/ and
 * GET /users/{userId}/notifications/unread/): one token check and one user lookup instead of two.
 * The bell counts the member's own unread notifications plus those of every store they are an
 * accepted member of (vendors must not miss orders); `store_unread` names those stores.
 * `cart_quantity` is the badge of the member's cart, and `?wishlist=1` adds the products of their
 * wishlist (the hearts), `?delivery=1` the state of their default address (the delivery promise):
 * everything a shared page shows of a member in one call
 * (~/storefront/personal.server).
 * The member's own only (self-only: an admin reads their own header, not someone else's).
 */
import * as z from "zod";
import { hotQuery } from "~/db/client.server";
import { json } from "../core/http";
import { q } from "../core/query";
import type { RouteDef } from "../core/types";
import { DEFAULT_ADDRESS_STATE_SQL } from "../addresses/queries.server";
import { USER_CART_QUANTITY_SQL } from "../carts/queries.server";
import { BELL_JSON_SQL, bellOf } from "../notifications/queries.server";
import { OWNED_STORES_JSON_SQL } from "../stores/queries.server";
import { WISHLIST_IDS_JSON_SQL } from "../wishlist/queries.server";
import { memberHeaderCacheFor, type MemberHeaderRow } from "./header-cache.server";
import { MemberHeaderSchema } from "./header-schemas";

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:userId/header/",
    access: "self-only",
    summary:
      "What the storefront's header shows the signed-in member: the stores they own ({id, name, slug}, oldest first), the unread notifications of the bell: their own plus those of every store they are an accepted member of (store_unread: those stores with unread notices), the number of items in their cart (cart_quantity), with wishlist=1 the product ids of their wishlist (wishlist), with delivery=1 the state of their default address (default_address_state)",
    tag: "users",
    auth: "required",
    query: z.object({ wishlist: q("1: add the product ids of the member's wishlist"), delivery: q("1: add the state of the member's default address (default_address_state)") }),
    response: MemberHeaderSchema,
    async handler(ctx) {
      const userId = ctx.intParam("userId");
      const withWishlist = ctx.url.searchParams.get("wishlist") === "1";
      const withDelivery = ctx.url.searchParams.get("delivery") === "1";
      // A read may answer from this process's kept headers (./header-cache.server.ts), which hold
      // every part; a write's caller, or no cache, reads just the parts asked for.
      const reading = ctx.request.method === "GET" || ctx.request.method === "HEAD";
      const kept = reading ? await memberHeaderCacheFor(ctx.db) : null;
      const all = !!kept;
      const read = async () => {
        // One statement of each area's own subqueries (every page of a member asks).
        const r = await hotQuery<MemberHeaderRow>(
          ctx.db,
          `SELECT ${OWNED_STORES_JSON_SQL} AS stores, ${BELL_JSON_SQL} AS bell, ${USER_CART_QUANTITY_SQL} AS cart_quantity${all || withWishlist ? `, ${WISHLIST_IDS_JSON_SQL} AS wishlist` : ""}${all || withDelivery ? `, ${DEFAULT_ADDRESS_STATE_SQL} AS default_address_state` : ""}`,
          [userId],
          // Planned once per server session on PostgreSQL too: planning this statement cost the
          // server several times its run, on every signed-in page.
          ["int4"],
        );
        return r.rows[0]!;
      };
      const row = kept ? (await kept.read(userId, read))! : await read();
      const bell = bellOf(row.bell ?? []);
      return json({
        stores: row.stores,
        unread: bell.unread,
        store_unread: bell.stores,
        cart_quantity: Number(row.cart_quantity),
        ...(withWishlist ? { wishlist: row.wishlist ?? [] } : {}),
        ...(withDelivery ? { default_address_state: row.default_address_state ?? null } : {}),
      });
    },
  },
];
