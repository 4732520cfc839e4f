/** /stores/{slug} — the store's dashboard is its home page. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireStoreArea } from "~/storefront/store-area.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  return redirect(`/stores/${encodeURIComponent(store.slug)}/dashboard`, { status: 302, headers: await api.headers() });
}
