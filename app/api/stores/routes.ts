/**
 * Stores (spec sections 3, 6 and 7). Store roles (Owner, Member) come from store_members; the
 * guards are ctx.requireStoreRole(storeId, "owner" | "member") (the router applies them for
 * access "store-owner"/"store-member"). Creating stores and inviting members belong to the
 * vendor-area work.
 */
import { json } from "../core/http";
import type { RouteDef } from "../core/types";
import { storeMembers, storesOwnedBy } from "./queries.server";
import { OwnerStoresSchema, StoreMemberSchema } from "./schemas";
import { serializeMember, serializeStore } from "./serialize";
import * as z from "zod";

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/stores/owner/:userId/",
    access: "self",
    summary: "The stores a user owns (bare array, oldest first: the last is the current store); [] for a user with no store",
    tag: "stores",
    auth: "required",
    response: OwnerStoresSchema,
    handler: async (ctx) => json((await storesOwnedBy(ctx.db, ctx.intParam("userId"))).map((s) => serializeStore(s, ctx.url.origin))),
  },
  {
    method: "GET",
    path: "/stores/:storeId/members/",
    access: "store-owner",
    summary: "A store's members and invitations, the owner first (the store's owner or an admin)",
    tag: "stores",
    auth: "required",
    response: z.array(StoreMemberSchema),
    handler: async (ctx) => json((await storeMembers(ctx.db, ctx.intParam("storeId"))).map(serializeMember)),
  },
];
