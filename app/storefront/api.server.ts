/**
 * The storefront's only way to data: a typed client for /api/v1. By default it hands a web
 * Request to the API's handler in this process (no socket); with API_URL set it calls that host
 * over HTTP.
 *
 * ONE client per request (`apiFor(request, context)`, memoised on Remix's load context, with a
 * WeakMap on the request as fallback): one session read, at most one token refresh (before the
 * first signed call when the stored access token has expired, or on the first 401), data that
 * several loaders of one page need fetched once (`api.once`), and the session committed only
 * when it changed since the last commit (`api.headers()`), so a page answer carries at most one
 * `__session` Set-Cookie.
 */
import type { AppLoadContext } from "@remix-run/node";
import "~/load-context";
import { env } from "~/config.server";
import { redirect } from "@remix-run/node";
import { stringifyCookie } from "cookie";
import { handleApi, API_PREFIX } from "~/api/router";
import { pinnedToPrimary, PRIMARY_PIN_COOKIE } from "~/api/core/router";
import type { ContextMeta } from "~/api/core/context";
import { markDatabaseAway } from "~/ops/unavailable.server";
import { shownBy, unionShown, SHOWS_NOTHING, type Shown } from "~/api/core/cache.server";
import { commitSession, getSession, type AppSession, type FlashData } from "./session.server";
import { log } from "~/ops/logger.server";
import { resolveLanguage } from "~/i18n/i18next.server";
import { DEFAULT_LANG, type Lang } from "~/i18n/languages";

/**
 * The body of a failed answer (spec section 8): DRF's `{"detail": "..."}` or `{"field": ["message"]}`
 * (or a top-level array of messages). Loosely typed on purpose: forms map it with apiErrorsToReply.
 */
export type ApiErrorBody = { detail?: string; [field: string]: unknown } | string[];

/**
 * An API answer: `data` is the route's answer only when `ok` (2xx); a failure carries the error
 * body, so a page cannot read a failed call's data as if it had succeeded.
 */
export type ApiResponse<T> = { ok: true; status: number; data: T } | { ok: false; status: number; data: ApiErrorBody };

/** A failed answer's body as the error shape: an empty body as `{}`, a bare string as `detail`. */
function errorBody(data: unknown): ApiErrorBody {
  if (Array.isArray(data)) return data as string[];
  if (data && typeof data === "object") return data as { [field: string]: unknown };
  return typeof data === "string" && data ? { detail: data } : {};
}

/** The first message a failed answer gives for `field` (e.g. "key", "non_field_errors"), if any. */
export function errorField(body: ApiErrorBody, field: string): string | undefined {
  if (Array.isArray(body)) return undefined;
  const v = body[field];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === "string" ? first : undefined;
}

export interface SendOptions {
  json?: unknown;
  form?: FormData;
  /** Attach the session's token (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
}

export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** What the storefront reads from Remix's load context (all optional until the custom server supplies them). */
export type StorefrontContext = Partial<Pick<AppLoadContext, "clientIp" | "requestId">> & object;

function apiBase(origin: string): { base: string; remote: boolean } {
  const url = env().API_URL;
  if (!url) return { base: `${origin}${API_PREFIX}`, remote: false };
  const trimmed = url.replace(/\/$/, "");
  return { base: trimmed.endsWith(API_PREFIX) ? trimmed : `${trimmed}${API_PREFIX}`, remote: true };
}

/** One API call as counted by the test hook and the API_CALL_LOG=1 log. */
export interface ApiCall {
  method: string;
  path: string;
  status: number;
}

type CallListener = (call: ApiCall, api: Api) => void;
const listeners = new Set<CallListener>();
/** Test hook: be told of every API call the storefront makes. Returns the unsubscribe function. */
export function onApiCall(fn: CallListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Seconds before the stored expiry at which an access token is treated as expired. */
const EXPIRY_SKEW_MS = 5_000;

export class Api {
  /** Every call this client made (method, path, status), in order. */
  readonly calls: ApiCall[] = [];
  /**
   * The products whose stock this request's answers showed (the page cache keeps a page with it,
   * so a stock-only change drops only the pages showing that product): "all" after any answer
   * the API did not describe (not a catalogue-cached route, or a remote API).
   */
  shows: Shown = SHOWS_NOTHING;
  /**
   * A render shared by visitors (~/ops/page-cache.server): the delivery state it is rendered for
   * (instead of the request's own, which has no cookies), and whether the page showed one (then
   * the page cache keeps it per state).
   */
  sharedDelivery?: { state: string; source: "picked" | "address" | "default" };
  showedDelivery = false;
  private origin: string;
  private here: string;
  /** Bumped on every session change; compared with `committed` by headers(). */
  private version = 0;
  private committed = 0;
  private refreshing: Promise<boolean> | null = null;
  /** Calls still on their way (headers() waits for them: one of them may still refresh the token). */
  private inflight = new Set<Promise<unknown>>();
  private memo = new Map<string, Promise<unknown>>();
  /** Remix's load context of the request (set by `apiFor`). */
  context: object | null = null;

  /** Aborted when the visitor has gone (Remix aborts the request when its connection closes). */
  private signal: AbortSignal | undefined;

  constructor(
    request: Request,
    public session: AppSession,
    private meta: ContextMeta = {},
  ) {
    this.signal = request.signal;
    const url = new URL(request.url);
    this.origin = url.origin;
    this.here = `${url.pathname}${url.search}`;
    this.language = resolveLanguage(request).catch(() => DEFAULT_LANG);
  }

  /**
   * The page's language (switch cookie, else the browser's), sent to the API as Accept-Language:
   * the API keeps it on a new account and a placed order, so their mails and SMS speak it.
   */
  readonly language: Promise<Lang>;

  /** Marks the session as changed: the next headers() commits it. */
  touch() {
    this.version++;
  }

  /** True when the session changed since the last commit. */
  get dirty(): boolean {
    return this.version !== this.committed;
  }

  get user(): SessionUser | null {
    const id = this.session.get("userId");
    if (!id || !this.session.get("refresh")) return null;
    return {
      id,
      firstName: this.session.get("firstName") ?? "",
      lastName: this.session.get("lastName") ?? "",
      email: this.session.get("email") ?? "",
    };
  }

  /** Sets a flash message for the next page. */
  flash(kind: FlashData["flash"]["kind"], message: string) {
    this.session.flash("flash", { kind, message });
    this.touch();
  }

  /** Reads (and so consumes) the flash message, once per request. */
  takeFlash(): FlashData["flash"] | null {
    return this.once("flash", () => {
      const f = this.session.get("flash") ?? null;
      if (f) this.touch();
      return f;
    }) as FlashData["flash"] | null;
  }

  /** Runs fn once per request for a key and shares its result (e.g. the category tree). */
  once<T>(key: string, fn: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, fn() as Promise<unknown>);
    return this.memo.get(key) as T;
  }

  /** Forgets a shared result (after a change that makes it stale). */
  forget(key: string) {
    this.memo.delete(key);
  }

  private async raw(method: string, path: string, opts: SendOptions, token?: string): Promise<Response> {
    // The visitor has gone: a read for their page is not made (issue 39 goal 3: a render whose
    // client left stops at its next call). A write goes on: a form half-applied is worse.
    if (method === "GET" && this.signal?.aborted) throw new DOMException("The visitor has gone", "AbortError");
    const { base, remote } = apiBase(this.origin);
    const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.json);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    headers["Accept-Language"] ??= await this.language;
    if (remote) {
      if (this.meta.clientIp && this.meta.clientIp !== "unknown") headers["X-Forwarded-For"] = this.meta.clientIp;
      if (this.meta.requestId) headers["X-Request-Id"] = this.meta.requestId;
      if (this.meta.primary) headers.Cookie = stringifyCookie({ [PRIMARY_PIN_COOKIE]: "1" });
    }
    const req = new Request(`${base}${path}`, { method, headers, body });
    const res = await (remote ? fetch(req) : callInProcess(req, this.meta));
    // The API's database is away (503 with Retry-After, app/api/core/router.ts): the page answers
    // "We're back in a moment" (~/ops/unavailable.server), whatever the route makes of the failure.
    if (res.status === 503 && res.headers.has("Retry-After")) markDatabaseAway(this.context);
    this.shows = unionShown(this.shows, remote ? "all" : shownBy(res));
    const call = { method, path, status: res.status };
    this.calls.push(call);
    if (process.env.API_CALL_LOG === "1") log().info({ method, path, status: res.status, requestId: this.meta.requestId }, "api-call");
    for (const l of listeners) l(call, this);
    return res;
  }

  /**
   * A file the API serves to its caller only (a return's photo): the API's answer as is when it is
   * one (2xx), else null. As the signed-in user (an expired access token refreshed first), or
   * anonymously (a guest order's token in the path's query).
   */
  async file(path: string): Promise<Response | null> {
    if (this.user && this.accessExpired()) await this.refresh();
    const res = await this.raw("GET", path, { headers: { Accept: "image/*" } }, this.user ? this.session.get("access") : undefined);
    return res.ok ? res : null;
  }

  private accessExpired(): boolean {
    const exp = Date.parse(this.session.get("accessExpiration") ?? "");
    return Number.isFinite(exp) && exp - EXPIRY_SKEW_MS <= Date.now();
  }

  send<T = unknown>(method: string, path: string, opts: SendOptions = {}): Promise<ApiResponse<T>> {
    const p = this.sendNow<T>(method, path, opts);
    this.inflight.add(p);
    const done = () => this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  private async sendNow<T>(method: string, path: string, opts: SendOptions): Promise<ApiResponse<T>> {
    const useAuth = opts.auth !== false && !!this.user;
    // An access token known to be expired is refreshed once, before the call (not per call).
    if (useAuth && this.accessExpired()) await this.refresh();
    const token = useAuth ? this.session.get("access") : undefined;
    let res = await this.raw(method, path, opts, token);
    if (res.status === 401 && useAuth && this.user) {
      // Another call of this request may have refreshed meanwhile: replay with the new token.
      const current = this.session.get("access");
      if (current && current !== token) res = await this.raw(method, path, opts, current);
      else if (await this.refresh()) res = await this.raw(method, path, opts, this.session.get("access"));
    }
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = { detail: text };
      }
    }
    // The API's own route table declares the answer's shape (app/api/answers.gen.ts lists it per path).
    if (res.ok) return { ok: true, status: res.status, data: data as T };
    return { ok: false, status: res.status, data: errorBody(data) };
  }

  /**
   * At most one refresh per request (concurrent callers share it); on failure the session's
   * user is cleared. Answers whether the session now holds a fresh access token.
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.doRefresh();
    return this.refreshing;
  }

  private async doRefresh(): Promise<boolean> {
    const refresh = this.session.get("refresh");
    if (!refresh) return false;
    const res = await this.raw("POST", "/users/auth/token/refresh/", { json: { refresh } });
    this.touch();
    if (res.ok) {
      const data = (await res.json()) as { access: string; refresh?: string; access_expiration?: string };
      this.session.set("access", data.access);
      if (data.refresh) this.session.set("refresh", data.refresh);
      if (data.access_expiration) this.session.set("accessExpiration", data.access_expiration);
      return true;
    }
    clearUser(this.session);
    return false;
  }

  get<T = unknown>(path: string, opts?: SendOptions) {
    return this.send<T>("GET", path, opts);
  }
  post<T = unknown>(path: string, json?: unknown, opts?: SendOptions) {
    return this.send<T>("POST", path, { ...opts, json });
  }
  put<T = unknown>(path: string, json?: unknown, opts?: SendOptions) {
    return this.send<T>("PUT", path, { ...opts, json });
  }
  patch<T = unknown>(path: string, json?: unknown, opts?: SendOptions) {
    return this.send<T>("PATCH", path, { ...opts, json });
  }
  delete<T = unknown>(path: string, opts?: SendOptions) {
    return this.send<T>("DELETE", path, opts);
  }

  /**
   * The answer to a signed-in page whose session has ended on the server (the API still said 401
   * after the one refresh): the session's user is cleared and the shopper goes to the login page,
   * coming back here afterwards.
   */
  async signedOut(): Promise<Response> {
    clearUser(this.session);
    this.touch();
    const to = this.here.startsWith("/auth/") ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(this.here)}`;
    return redirect(to, { status: 303, headers: await this.headers() });
  }

  /**
   * The Response to throw for a failed answer a page cannot show: 401 (the session ended on the
   * server, e.g. signed out in another browser) is the login page via signedOut(), anything
   * else a 502 with `message`.
   */
  async failure(r: ApiResponse<unknown>, message: string): Promise<Response> {
    if (r.status === 401) return this.signedOut();
    return new Response(message, { status: 502 });
  }

  /**
   * Data of a successful answer, or a thrown Response: 404 stays 404 (error boundary), 401 (the
   * session ended on the server) sends the shopper to the login page, other failures 502/4xx.
   */
  async must<T>(p: Promise<ApiResponse<T>>): Promise<T> {
    const r = await p;
    if (r.ok) return r.data;
    if (r.status === 401) throw await this.signedOut();
    if (r.status === 404) throw new Response("Not Found", { status: 404 });
    throw new Response(`API error ${r.status}`, { status: r.status >= 500 ? 502 : r.status });
  }

  /**
   * Headers for a loader's or action's answer: the session's Set-Cookie when it changed since the
   * last commit of this request (so two loaders of one page do not both send it), plus `extra`.
   * It first waits for the calls still on their way, so the commit holds the request's final
   * tokens.
   */
  async headers(extra?: HeadersInit): Promise<Headers> {
    const h = new Headers(extra);
    // Other loaders of this request may still be calling (and so refreshing): commit after them.
    while (this.inflight.size) await Promise.allSettled(this.inflight);
    if (this.refreshing) await this.refreshing;
    if (this.version !== this.committed) {
      const v = this.version;
      h.append("Set-Cookie", await commitSession(this.session));
      this.committed = v;
    }
    return h;
  }
}

/** The API in this process, given the caller's address and request id. */
function callInProcess(req: Request, meta: ContextMeta): Promise<Response> {
  return handleApi(req, meta.clientIp || meta.requestId || meta.primary ? meta : undefined);
}

export function clearUser(session: AppSession) {
  for (const k of ["userId", "access", "refresh", "accessExpiration", "refreshExpiration", "firstName", "lastName", "email"] as const) {
    session.unset(k);
  }
}

const byContext = new WeakMap<object, Promise<Api>>();
const byRequest = new WeakMap<Request, Promise<Api>>();
const withoutContext = new WeakSet<Promise<Api>>();

/**
 * The API client for one storefront request, shared by the root and route loaders (and the
 * action) of that request. Pass Remix's `context`: Remix hands every loader of one request the
 * same context object but a different Request copy. Without a context the client is memoised on
 * the Request object only.
 */
export function apiFor(request: Request, context?: StorefrontContext | null): Promise<Api> {
  const key = context && typeof context === "object" ? context : null;
  const cached = key ? byContext.get(key) : byRequest.get(request);
  if (cached) return cached;
  // Called with a context after a call without one for the same Request (e.g. inside an auth
  // strategy): keep the client already made.
  const early = key ? byRequest.get(request) : undefined;
  if (key && early && withoutContext.has(early)) {
    byContext.set(key, early);
    return early;
  }
  const meta: ContextMeta = { clientIp: key?.clientIp, requestId: key?.requestId, ...(pinnedToPrimary(request) ? { primary: true } : {}) };
  const sharedDelivery = (key as { sharedDelivery?: Api["sharedDelivery"] } | null)?.sharedDelivery;
  const created = getSession(request).then((s) => {
    const api = new Api(request, s, meta);
    api.context = key;
    if (sharedDelivery) api.sharedDelivery = sharedDelivery;
    return api;
  });
  if (key) byContext.set(key, created);
  else withoutContext.add(created);
  byRequest.set(request, created);
  return created;
}

/**
 * What the page of this request showed of stock (see `Api.shows`), for the page cache. "all" when
 * no client was made with this context (nothing to go by).
 */
export async function pageShowedDelivery(context: object | undefined): Promise<boolean> {
  const api = context ? byContext.get(context) : undefined;
  return api ? (await api).showedDelivery : false;
}

export async function pageShows(context: object | undefined): Promise<Shown> {
  const api = context ? byContext.get(context) : undefined;
  return api ? (await api).shows : "all";
}
