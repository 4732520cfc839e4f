/**
 * The users signed-in requests ask about, kept in memory between changes (`loadAuthUser` in
 * ./context.ts reads through it). Every signed-in API call checks the caller's row: still active,
 * the token's version still the user's (a logout everywhere or a password change moves it on),
 * the role. Once a signed-in shopper's page came from the page cache, that one statement was about a
 * fifth of the page's work on the embedded database.
 *
 * Kept as ./kept-by-user.server.ts keeps values: migration 0028 notifies `users_changed` with the
 * user's id when what the read returns changes; only reads (GET, HEAD) on the primary use kept
 * rows; a write reads its caller afresh, and once answered makes this process forget every row,
 * so a logout or a password change answered by this process holds for its very next request.
 * Rows are kept at most MAX_AGE_MS. `AUTH_USER_CACHE=off` disables it.
 */
import { env } from "~/config.server";
import type { Db } from "~/db/client.server";
import { keptByUserFor, type KeptByUser } from "./kept-by-user.server";
import type { AuthUser } from "./types";

export const USERS_CHANNEL = "users_changed";
const MAX_USERS = 20_000;
const MAX_AGE_MS = 30_000;

/** The caller as the API sees it, with what decides whether their token still holds. */
export interface AuthUserRow extends AuthUser {
  is_active: boolean;
  token_version: number;
}

export type AuthUserCache = KeptByUser<AuthUserRow>;

/** This process's cache for `db`, listening for changes; null when disabled or unsupported. */
export function authUserCacheFor(db: Db): Promise<AuthUserCache | null> {
  if (env().AUTH_USER_CACHE === "off") return Promise.resolve(null);
  return keptByUserFor<AuthUserRow>(db, USERS_CHANNEL, MAX_USERS, MAX_AGE_MS);
}
