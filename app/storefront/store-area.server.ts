/**
 * The seller area's guard (`/stores/{slug}/...`): every loader and action of the store area
 * starts with `requireStoreArea(request, context, params.slug)`. It answers the signed-in user,
 * the request's API client, the store (public fields) and the caller's role in it, or throws:
 * a redirect to /auth/login for an anonymous visitor, 404 for a store that does not exist or
 * of which the caller is not a member (the API decides: GET /stores/{id}/membership/).
 * Results are shared by all loaders of one request (api.once).
 */
import type { ApiMembership, ApiPublicStore } from "./api-types";
import type { Api, SessionUser, StorefrontContext } from "./api.server";
import { requireUser } from "./auth.server";

export interface StoreArea {
  api: Api;
  user: SessionUser;
  store: ApiPublicStore;
  role: ApiMembership["role"];
  /** Owner (or an admin): may manage members and store details. */
  isOwner: boolean;
  /** Whether the caller gets the store's "New order" e-mail (null: an admin who is not a member). */
  orderEmails: boolean | null;
}

const notFound = () => new Response("Not Found", { status: 404 });

export async function requireStoreArea(request: Request, context: StorefrontContext | null | undefined, slug: string | undefined): Promise<StoreArea> {
  const { api, user } = await requireUser(request, context);
  if (!slug) throw notFound();
  const membership = await api.once(`store-area:${slug}`, async () => {
    const pub = await api.get<ApiPublicStore>(`/stores/${encodeURIComponent(slug)}/`);
    if (!pub.ok) return null;
    const m = await api.get<ApiMembership>(`/stores/${pub.data.id}/membership/`);
    return m.ok ? m.data : null;
  });
  if (!membership) throw notFound();
  return { api, user, store: membership.store, role: membership.role, isOwner: membership.role !== "Member", orderEmails: membership.order_emails ?? null };
}
