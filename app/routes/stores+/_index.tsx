/**
 * /stores — the signed-in user's current store (the last of GET /stores/owner/{userId}/, spec
 * section 3), or /create-store for a user who owns none. Anonymous visitors log in first.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { ApiStore } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const stores = await api.must(api.get<ApiStore[]>(`/stores/owner/${user.id}/`));
  const last = stores[stores.length - 1];
  const to = last ? `/stores/${encodeURIComponent(last.slug)}/dashboard` : "/create-store";
  return redirect(to, { status: 302, headers: await api.headers() });
}
