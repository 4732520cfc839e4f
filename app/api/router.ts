/**
 * The /api/v1 dispatcher. Each area module exports its routes; this file matches a request to
 * one of them (exact path spellings, trailing slash optional, never a redirect), runs it, and
 * turns thrown ApiErrors into DRF-style JSON. CORS headers go on every answer, errors included.
 */
import crypto from "node:crypto";
import type * as z from "zod";
import { getDb, type Db } from "~/db/client.server";
import { ApiError, CORS_HEADERS, json, readBody } from "./http";
import { verifyToken } from "./tokens.server";
import { allRoutes } from "./modules";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface AuthUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: "shopper" | "admin";
  email_verified: boolean;
}

export interface ApiContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  db: Db;
  /** Absolute base of the API, e.g. https://host/api/v1, for links in answers. */
  base: string;
  /** The client's address as the server saw it (handleApi's meta); "unknown" when none was given. */
  clientIp: string;
  requestId: string;
  /** The bearer token's user, or null. Public endpoints ignore a bad or expired token. */
  user(): Promise<AuthUser | null>;
  /** The bearer token's user, or a 401 that clients answer with one token refresh. */
  requireUser(): Promise<AuthUser>;
  /** The body as a plain object (JSON, form or multipart). */
  body(): Promise<Record<string, unknown>>;
}

/**
 * Who may call a route. Declared on every route so the authorization-matrix test can try each
 * one as anonymous, the owner, another shopper, a store member, another store's owner and an admin.
 */
export type Access =
  | "public" // anyone; a bad or expired token is ignored
  | "authenticated" // any signed-in user, acting on their own account (e.g. /users/auth/user/)
  | "self" // the :userId of the path must be the caller (or an admin); others 403/404
  | "owner" // the object named by the path belongs to the caller (or an admin); others 404
  | "holder" // a guest object keyed by an unguessable id (guest cart): the id is the credential; a member's object as "owner"
  | "store-member" // a member or the owner of the store named by the path (or an admin); others 404
  | "store-owner" // the owner of the store named by the path (or an admin); others 404
  | "admin"; // admins only; everyone else 404

export interface RouteDef {
  method: Method;
  /** Who may call it (see Access). Required on every route once the API core lands. */
  access?: Access;
  /** Path under /api/v1 as clients spell it, with :params, e.g. /products/categories/:id/subcategories/ */
  path: string;
  handler: (ctx: ApiContext) => Promise<Response> | Response;
  summary: string;
  tag?: string;
  auth?: "none" | "optional" | "required";
  body?: z.ZodType;
  query?: z.ZodType;
  multipart?: boolean;
  /** Example or schema of the answer, for the OpenAPI document. */
  response?: z.ZodType;
  status?: number;
}

interface Compiled extends RouteDef {
  regex: RegExp;
  keys: string[];
  literals: number;
}

function compile(r: RouteDef): Compiled {
  const segs = r.path.split("/").filter(Boolean);
  const keys: string[] = [];
  let literals = 0;
  const pattern = segs
    .map((s) => {
      if (s.startsWith(":")) {
        keys.push(s.slice(1));
        return "([^/]+)";
      }
      literals++;
      return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { ...r, regex: new RegExp(`^/${pattern}/?$`), keys, literals };
}

let compiled: Compiled[] | null = null;
function routes(): Compiled[] {
  if (!compiled) compiled = allRoutes().map(compile).sort((a, b) => b.literals - a.literals);
  return compiled;
}

export const API_PREFIX = "/api/v1";

function withCors(res: Response): Response {
  // Responses from fetch() can have immutable headers; copy when needed.
  try {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.headers.set(k, v);
    return res;
  } catch {
    const h = new Headers(res.headers);
    for (const [k, v] of Object.entries(CORS_HEADERS)) h.set(k, v);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: h });
  }
}

function tokenFrom(request: Request): string | null {
  const h = request.headers.get("authorization");
  if (!h) return null;
  const m = /^(?:Bearer|JWT)\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

/** The user of a token; null when inactive or, given the token's version, when its sessions were ended since. */
export async function loadAuthUser(db: Db, userId: number, tokenVersion?: number): Promise<AuthUser | null> {
  const r = await db.query<AuthUser & { is_active: boolean; token_version: number }>(
    `SELECT id, email::text AS email, first_name, last_name, role, email_verified_at IS NOT NULL AS email_verified, is_active, token_version
       FROM users WHERE id = $1`,
    [userId],
  );
  const u = r.rows[0];
  if (!u || !u.is_active) return null;
  if (tokenVersion !== undefined && u.token_version !== tokenVersion) return null; // logout / password change since
  return { id: u.id, email: u.email, first_name: u.first_name, last_name: u.last_name, role: u.role, email_verified: u.email_verified };
}

function makeContext(request: Request, url: URL, params: Record<string, string>, db: Db, meta: RequestMeta): ApiContext {
  let userPromise: Promise<{ user: AuthUser | null; bad: boolean }> | null = null;
  const resolveUser = () =>
    (userPromise ??= (async () => {
      const token = tokenFrom(request);
      if (!token) return { user: null, bad: false };
      const v = await verifyToken(token, "access");
      if (!v) return { user: null, bad: true };
      const user = await loadAuthUser(db, v.userId, v.version);
      return { user, bad: !user };
    })());
  let bodyPromise: Promise<Record<string, unknown>> | null = null;
  return {
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
    body: () => (bodyPromise ??= readBody(request)),
  };
}

/** What the server knows about a request beyond the Request itself (contract 2). */
export interface RequestMeta {
  /** The client's address (socket peer, or a forwarding header from a trusted proxy). Never read from the request. */
  clientIp?: string;
  requestId?: string;
}

/** Handles one request whose path starts with /api/v1. */
export async function handleApi(request: Request, meta: RequestMeta = {}): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") return withCors(new Response(null, { status: 200, headers: { "Content-Length": "0" } }));
  let path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
  if (!path.startsWith("/")) path = `/${path}`;
  path = path.replace(/\/{2,}/g, "/");
  try {
    const candidates = routes().filter((r) => r.regex.test(path));
    if (candidates.length === 0) return withCors(json({ detail: "Not found." }, 404));
    const effective = method === "HEAD" ? "GET" : method;
    const route = candidates.find((r) => r.method === effective);
    if (!route) {
      const allowed = [...new Set(candidates.map((r) => r.method)), "OPTIONS"].join(", ");
      return withCors(json({ detail: `Method "${method}" not allowed.` }, 405, { Allow: allowed }));
    }
    const m = route.regex.exec(path)!;
    const params: Record<string, string> = {};
    route.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1])));
    const db = await getDb();
    const res = await route.handler(makeContext(request, url, params, db, meta));
    return withCors(res);
  } catch (e) {
    if (e instanceof ApiError) return withCors(json(e.body, e.status));
    if (e instanceof Response) return withCors(e);
    console.error(`[api] ${method} ${url.pathname} failed:`, e);
    return withCors(json({ detail: "A server error occurred." }, 500));
  }
}

export function listRoutes(): readonly RouteDef[] {
  return routes();
}
