/**
 * Signed-in members' headers (GET /users/{id}/header/), kept per user in this process between
 * changes, as ../core/kept-by-user.server.ts keeps values: every page a member opens asks for
 * it, and once the page itself came from the page cache that one statement (its round trip, the
 * driver's parsing, the server's work) was about a quarter of a signed-in page's CPU. Migration
 * 0030 notifies `member_header_changed` with every user whose header a change touches (cart
 * lines, wishlist, notifications, store memberships and names, addresses). `MEMBER_HEADER_CACHE=off`
 * disables it.
 */
import { env } from "~/config.server";
import type { Db } from "~/db/client.server";
import { keptByUserFor, type KeptByUser } from "../core/kept-by-user.server";
import type { BellRow } from "../notifications/queries.server";

export const MEMBER_HEADER_CHANNEL = "member_header_changed";
const MAX_USERS = 20_000;
const MAX_AGE_MS = 30_000;

/** The header statement's row with every part (wishlist and delivery included). */
export interface MemberHeaderRow {
  stores: Array<{ id: number; name: string; slug: string }>;
  bell: BellRow[] | null;
  cart_quantity: number;
  wishlist?: number[] | null;
  default_address_state?: string | null;
}

export function memberHeaderCacheFor(db: Db): Promise<KeptByUser<MemberHeaderRow> | null> {
  if (env().MEMBER_HEADER_CACHE === "off") return Promise.resolve(null);
  return keptByUserFor<MemberHeaderRow>(db, MEMBER_HEADER_CHANNEL, MAX_USERS, MAX_AGE_MS);
}
