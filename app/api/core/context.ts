/**
 * The handler context: the request, the database, the caller and the permission guards. Every
 * "may this caller do that" question of the API is answered here, once.
 */
import crypto from "node:crypto";
import type * as z from "zod";
import { hotQuery, type Db, type Queryable } from "~/db/client.server";
import type { AuthUserCache, AuthUserRow } from "./auth-users.server";
import { verifyToken } from "../tokens.server";
import { ApiError, badRequest, forbidden, notFound, readBody, zodToDrf } from "./http";
import { intParam, uuidParam } from "./params";
import type { ApiContext, AuthUser, RouteDef, StoreRole } from "./types";

export const API_PREFIX = "/api/v1";

function tokenFrom(request: Request): string | null {
  const h = request.headers.get("authorization");
  if (!h) return null;
  const m = /^(?:Bearer|JWT)\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

/**
 * The user of a token; null when inactive or, given the token's version, when its sessions were
 * ended since. With `users` (the primary's, ./auth-users.server.ts) the row may come from memory.
 */
export async function loadAuthUser(db: Queryable, userId: number, tokenVersion?: number, users?: AuthUserCache | null): Promise<AuthUser | null> {
  // Every signed-in call runs it unless kept: planned once (hotQuery).
  const read = async () =>
    (
      await hotQuery<AuthUserRow>(
        db,
        `SELECT id, COALESCE(email::text, '') AS email, first_name, last_name, role, email_verified_at IS NOT NULL AS email_verified, is_active, token_version
           FROM users WHERE id = $1`,
        [userId],
      )
    ).rows[0];
  const u = users ? await users.read(userId, read) : await read();
  if (!u || !u.is_active) return null;
  if (tokenVersion !== undefined && u.token_version !== tokenVersion) return null; // logout / password change since
  return { id: u.id, email: u.email, first_name: u.first_name, last_name: u.last_name, role: u.role, email_verified: u.email_verified };
}

/** The caller's role in a store: "owner", "member", or null (accepted memberships only). */
export async function storeRoleOf(q: Queryable, storeId: number, userId: number): Promise<StoreRole | null> {
  const r = await q.query<{ role: string }>(
    "SELECT role FROM store_members WHERE store_id = $1 AND user_id = $2 AND accepted_at IS NOT NULL ORDER BY role = 'Owner' DESC LIMIT 1",
    [storeId, userId],
  );
  const role = r.rows[0]?.role;
  return role === "Owner" ? "owner" : role === "Member" ? "member" : null;
}

export interface ContextMeta {
  clientIp?: string;
  requestId?: string;
  /** The caller wrote a moment ago (the `db_primary` cookie): read the primary, never the replica. */
  primary?: boolean;
  /** The primary's kept users (./auth-users.server.ts); never given when `db` is a replica. */
  users?: AuthUserCache | null;
}

/** What createContext needs of the route: its declared schemas. */
export type RouteSchemas = Pick<RouteDef, "method" | "path" | "body" | "query" | "bodyErrors" | "bodyCheck">;

/** Parses `value` with `schema`, or a 400 with DRF-style field errors (only each field's first with "first"). */
function parseOr400(schema: z.ZodType, value: unknown, errors?: "first"): unknown {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const drf = zodToDrf(r.error);
  throw badRequest(errors === "first" ? Object.fromEntries(Object.entries(drf).map(([k, v]) => [k, v.slice(0, 1)])) : drf);
}

export function createContext(request: Request, params: Record<string, string>, db: Db, meta: ContextMeta = {}, route?: RouteSchemas): ApiContext {
  const url = new URL(request.url);
  let userPromise: Promise<{ user: AuthUser | null; bad: boolean }> | null = null;
  const resolveUser = () =>
    (userPromise ??= (async () => {
      const token = tokenFrom(request);
      if (!token) return { user: null, bad: false };
      const v = await verifyToken(token, "access");
      if (!v) return { user: null, bad: true };
      const user = await loadAuthUser(db, v.userId, v.version, meta.users);
      return { user, bad: !user };
    })());
  let bodyPromise: Promise<Record<string, unknown>> | null = null;
  let inputPromise: Promise<unknown> | null = null;
  let queryParsed: { value: unknown } | null = null;
  const declared = (kind: "body" | "query") => {
    const schema = route?.[kind];
    // A programming error (500), not the client's: the handler asks for what its route does not declare.
    if (!schema) throw new Error(`${route?.method ?? "?"} ${route?.path ?? "?"} declares no ${kind} schema`);
    if (kind === "body" && route?.bodyCheck === "handler") throw new Error(`${route.method} ${route.path} checks its body in its handler (bodyCheck)`);
    return schema;
  };
  const isOwnerOrAdmin = (user: AuthUser | null, ownerId: number | null) => !!user && (user.role === "admin" || (ownerId !== null && user.id === ownerId));
  const ctx: ApiContext = {
    request,
    url,
    params,
    db,
    base: `${url.origin}${API_PREFIX}`,
    clientIp: meta.clientIp || "unknown",
    requestId: meta.requestId || crypto.randomUUID(),
    user: async () => (await resolveUser()).user,
    async requireUser() {
      const { user, bad } = await resolveUser();
      if (user) return user;
      if (bad)
        throw new ApiError(401, {
          detail: "Given token not valid for any token type",
          code: "token_not_valid",
          messages: [{ token_class: "AccessToken", token_type: "access", message: "Token is invalid or expired" }],
        });
      throw new ApiError(401, { detail: "Authentication credentials were not provided." });
    },
    async requireSelf(userId) {
      const user = await ctx.requireUser();
      if (user.id !== userId && user.role !== "admin") throw forbidden();
      return user;
    },
    async requireAdmin() {
      const user = await ctx.requireUser();
      if (user.role !== "admin") throw notFound();
      return user;
    },
    async requireStoreRole(storeId, role) {
      const user = await ctx.requireUser();
      const store = await db.query("SELECT 1 FROM stores WHERE id = $1", [storeId]);
      if (!store.rows[0] || !(await ctx.hasStoreRole(user, storeId, role))) throw notFound();
      return user;
    },
    async hasStoreRole(user, storeId, role) {
      if (!user) return false;
      if (user.role === "admin") return true;
      const mine = await storeRoleOf(db, storeId, user.id);
      return mine === "owner" || (role === "member" && mine === "member");
    },
    async requireOwner(ownerId) {
      const user = await ctx.requireUser();
      if (!isOwnerOrAdmin(user, ownerId)) throw notFound();
      return user;
    },
    isOwnerOrAdmin,
    intParam: (name) => intParam(params, name),
    uuidParam: (name) => uuidParam(params, name),
    body: () => (bodyPromise ??= readBody(request)),
    input: () => (inputPromise ??= (async () => parseOr400(declared("body"), await ctx.body(), route?.bodyErrors))()),
    query() {
      queryParsed ??= { value: parseOr400(declared("query"), Object.fromEntries(url.searchParams)) };
      return queryParsed.value;
    },
  };
  return ctx;
}
