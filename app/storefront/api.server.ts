/**
 * The storefront's only way to data: a typed client for /api/v1. By default it hands a web
 * Request to the API's handler in this process (no socket); with API_URL set it calls that host
 * over HTTP. It attaches the session's access token, refreshes it once on a 401 and replays
 * (spec section 4), and clears the session when the refresh fails.
 */
import { env } from "~/config.server";
import { handleApi, API_PREFIX } from "~/api/router";
import { commitSession, getSession, type AppSession } from "./session.server";

export interface ApiResponse<T> {
  status: number;
  ok: boolean;
  data: T;
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

function apiBase(origin: string): { base: string; remote: boolean } {
  const url = env().API_URL;
  if (!url) return { base: `${origin}${API_PREFIX}`, remote: false };
  const trimmed = url.replace(/\/$/, "");
  return { base: trimmed.endsWith(API_PREFIX) ? trimmed : `${trimmed}${API_PREFIX}`, remote: true };
}

export class Api {
  /** True when the session changed (token refreshed or cleared) and must be committed. */
  dirty = false;
  private origin: string;

  constructor(
    request: Request,
    public session: AppSession,
  ) {
    this.origin = new URL(request.url).origin;
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

  private async raw(method: string, path: string, opts: SendOptions, token?: string): Promise<Response> {
    const { base, remote } = apiBase(this.origin);
    const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.json);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = new Request(`${base}${path}`, { method, headers, body });
    return remote ? fetch(req) : handleApi(req);
  }

  async send<T = unknown>(method: string, path: string, opts: SendOptions = {}): Promise<ApiResponse<T>> {
    const useAuth = opts.auth !== false && !!this.user;
    let res = await this.raw(method, path, opts, useAuth ? this.session.get("access") : undefined);
    if (res.status === 401 && useAuth) {
      if (await this.refresh()) res = await this.raw(method, path, opts, this.session.get("access"));
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
    return { status: res.status, ok: res.ok, data: data as T };
  }

  /** One refresh; on failure the session's user is cleared. */
  async refresh(): Promise<boolean> {
    const refresh = this.session.get("refresh");
    if (!refresh) return false;
    const res = await this.raw("POST", "/users/auth/token/refresh/", { json: { refresh } });
    this.dirty = true;
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

  /** Data of a successful answer, or a thrown Response for Remix's error boundary (404 stays 404). */
  async must<T>(p: Promise<ApiResponse<T>>): Promise<T> {
    const r = await p;
    if (r.ok) return r.data;
    if (r.status === 404) throw new Response("Not Found", { status: 404 });
    throw new Response(`API error ${r.status}`, { status: r.status >= 500 ? 502 : r.status });
  }

  /** Set-Cookie headers to send when the session changed. */
  async headers(extra?: HeadersInit): Promise<Headers> {
    const h = new Headers(extra);
    if (this.dirty) h.append("Set-Cookie", await commitSession(this.session));
    return h;
  }
}

export function clearUser(session: AppSession) {
  for (const k of ["userId", "access", "refresh", "accessExpiration", "refreshExpiration", "firstName", "lastName", "email"] as const) {
    session.unset(k);
  }
}

/** The API client for one storefront request. */
export async function apiFor(request: Request): Promise<Api> {
  return new Api(request, await getSession(request));
}
