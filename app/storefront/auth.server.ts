/** Guards for storefront routes. Every read and write is checked again by the API. */
import { redirect } from "@remix-run/node";
import { apiFor, type Api, type SessionUser, type StorefrontContext } from "./api.server";

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
