/** Types of the API core: the signed-in user, the handler context, route declarations. */
import type * as z from "zod";
import type { Db } from "~/db/client.server";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface AuthUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: "shopper" | "admin";
  email_verified: boolean;
}

export type StoreRole = "owner" | "member";

/**
 * `B` and `Q` are the route's declared body and query schemas (see RouteDef and `route()`):
 * `input()` and `query()` answer their parsed output.
 */
export interface ApiContext<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  request: Request;
  url: URL;
  params: Record<string, string>;
  db: Db;
  /** Absolute base of the API, e.g. https://host/api/v1, for links in answers. */
  base: string;
  /** The client's address: "unknown" when the caller did not say. */
  clientIp: string;
  /** The request's id for logs (generated when the caller gave none). */
  requestId: string;
  /** The bearer token's user, or null. Public endpoints ignore a bad or expired token. */
  user(): Promise<AuthUser | null>;
  /** The bearer token's user, or a 401 that clients answer with one token refresh. */
  requireUser(): Promise<AuthUser>;
  /** The caller must be user `userId` or an admin: 401 without a user, 403 for anyone else. */
  requireSelf(userId: number): Promise<AuthUser>;
  /** Admins only: 401 without a user, 404 for anyone else (the route does not exist for them). */
  requireAdmin(): Promise<AuthUser>;
  /**
   * A member ("member": Owner or Member) or the owner ("owner") of store `storeId`, or an admin:
   * 401 without a user, 404 for anyone else and for a store that does not exist.
   */
  requireStoreRole(storeId: number, role: StoreRole): Promise<AuthUser>;
  /** True when `user` is an admin or has `role` in store `storeId` ("member": Owner or Member). */
  hasStoreRole(user: AuthUser | null, storeId: number, role: StoreRole): Promise<boolean>;
  /** The object belongs to user `ownerId` (null: nobody) and the caller is them or an admin; else 404. */
  requireOwner(ownerId: number | null): Promise<AuthUser>;
  /** True when the caller (if any) is user `ownerId` or an admin. */
  isOwnerOrAdmin(user: AuthUser | null, ownerId: number | null): boolean;
  /** The serial id of path parameter `name`, or 404 (malformed or outside 1..2147483647). */
  intParam(name: string): number;
  /** The uuid of path parameter `name`, or 404. */
  uuidParam(name: string): string;
  /** The body as a plain object (JSON, form or multipart); 400/415 for a body the API cannot read. */
  body(): Promise<Record<string, unknown>>;
  /**
   * The body parsed with the route's declared `body` schema, read and checked once, when the
   * handler first asks (so its own checks, e.g. a 404 for a missing object, keep their order):
   * a 400 with DRF-style field errors (`{"field": ["message"]}`) when it does not fit.
   */
  input(): Promise<z.output<B>>;
  /** The query string (one value a key) parsed with the route's declared `query` schema; a 400 like input(). */
  query(): z.output<Q>;
}

/**
 * Who may call a route. Declared on every route so the authorization-matrix test can try each
 * one as anonymous, the owner, another shopper, a store member, another store's owner and an admin.
 * The router enforces the simple kinds before the handler runs: "authenticated" (401),
 * "admin" (401/404), "self" (path :userId or :id: 404 malformed, 401, 403), "self-only" (the same without the admin),
 * "store-member"/"store-owner" (path :storeId: 404 malformed, 401, 404; a route with storeCheck "handler", e.g.
 * PUT /products/{id}/ whose store is the product's, calls ctx.requireStoreRole in its handler).
 * "owner" and "holder" depend on the object and are checked by the handler.
 */
export type Access =
  | "public" // anyone; a bad or expired token is ignored
  | "authenticated" // any signed-in user, acting on their own account (e.g. /users/auth/user/)
  | "self" // the :userId of the path must be the caller (or an admin); others 403
  | "self-only" // the :userId of the path must be the caller; nobody acts for them, not even an admin (writing a review in their name); others 403
  | "owner" // the object named by the path belongs to the caller (or an admin); others 404
  | "holder" // a guest object keyed by an unguessable id (guest cart): the id is the credential; a member's object as "owner"
  | "store-member" // a member or the owner of the store named by the path (or an admin); others 404
  | "store-owner" // the owner of the store named by the path (or an admin); others 404
  | "admin"; // admins only; anonymous 401, everyone else 404

export interface RouteDef<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  method: Method;
  /** Who may call it (see Access). */
  access: Access;
  /**
   * For "store-member"/"store-owner" routes whose path has no :storeId (the store is the product's,
   * or the body's `store`): "handler" says the handler calls ctx.requireStoreRole itself. A store
   * route with neither is refused when the route table is compiled.
   */
  storeCheck?: "handler";
  /**
   * "catalog": a public GET whose answer is the same for everyone; kept in the in-process
   * catalogue cache until the catalogue changes (core/cache.server.ts). Not for answers that
   * must differ per call, unless `cacheSeconds` bounds how long one answer is reused (random picks).
   */
  cache?: "catalog";
  /**
   * With cache "catalog": also forget the answer after this many seconds; a function decides per
   * request (undefined: kept until the catalogue changes), e.g. for an order by recent sales.
   */
  cacheSeconds?: number | ((url: URL) => number | undefined);
  /** Path under /api/v1 as clients spell it, with :params, e.g. /products/categories/:id/subcategories/ */
  path: string;
  handler(ctx: ApiContext<B, Q>): Promise<Response> | Response;
  summary: string;
  tag?: string;
  auth?: "none" | "optional" | "required";
  /** The body clients send (OpenAPI); `ctx.input()` parses it. */
  body?: B;
  /**
   * "first": `ctx.input()` answers only the first message of each field (the address book, whose
   * answers match the forms). Default: every message.
   */
  bodyErrors?: "first";
  /**
   * "handler": the body is checked by the handler itself, because it is checked together with
   * something the schema cannot see (uploaded files, a field named two ways); `body` then only
   * documents it and `ctx.input()` refuses to run.
   */
  bodyCheck?: "handler";
  /** The query parameters (OpenAPI lists them); `ctx.query()` parses them. */
  query?: Q;
  multipart?: boolean;
  /** Example or schema of the answer, for the OpenAPI document. */
  response?: z.ZodType;
  status?: number;
}

/**
 * A route whose handler's `ctx.input()` / `ctx.query()` are typed by its own `body` / `query`
 * (a table typed RouteDef[] alone types them `unknown`).
 */
export function route<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType>(def: RouteDef<B, Q>): RouteDef {
  return def as unknown as RouteDef;
}
