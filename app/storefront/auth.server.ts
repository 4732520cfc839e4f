/** Guards for storefront routes. Every read and write is checked again by the API. */
import { redirect } from "@remix-run/node";
import { apiFor, type Api, type SessionUser, type StorefrontContext } from "./api.server";
import type { ApiAdminOverview } from "./api-types";

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const to = `${url.pathname}${url.search}`;
  throw redirect(`/auth/login?redirectTo=${encodeURIComponent(to)}`, { status: 303 });
}

/** The signed-in user and their API client, or a redirect to /auth/login with the origin path. */
export async function requireUser(request: Request, context?: StorefrontContext | null): Promise<{ api: Api; user: SessionUser }> {
  const api = await apiFor(request, context);
  const user = api.user;
  if (!user) loginRedirect(request);
  return { api, user };
}

/**
 * The admin area's guard (/admin): anonymous visitors go to the login page; anyone the
 * API does not take for an admin gets a 404, as if the page did not exist. The API decides: the
 * overview call is an admin endpoint (memoised, so the layout and the page ask once per request).
 */
export async function requireAdmin(request: Request, context?: StorefrontContext | null): Promise<{ api: Api; user: SessionUser; overview: ApiAdminOverview }> {
  const { api, user } = await requireUser(request, context);
  // The answer is memoised, not the thrown Response: each loader throws its own (a body is read once).
  const answer = await api.once("admin:overview", () => api.get<ApiAdminOverview>("/admin/overview/"));
  const overview = await api.must(Promise.resolve(answer));
  return { api, user, overview };
}
