/**
 * /stores/{slug} — the seller area's layout (spec section 2): only for the store's members
 * (anonymous visitors go to /auth/login and come back, everyone else gets 404: requireStoreArea),
 * a side panel with the store's logo and name and the store menu; the page renders in the Outlet.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StoreMenu } from "~/components/vendor/store-menu";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";

/** The seller area speaks the reader's language (issue 38): every store page carries `seller`. */
export const handle = { i18n: ["seller"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store, role, isOwner } = await requireStoreArea(request, context, params.slug);
  const t = await requestT(request, "seller");
  return data(
    { store: { id: store.id, name: store.name, slug: store.slug, logo: store.logo }, role, isOwner, title: t("shell.title", { store: store.name }) },
    { headers: await api.headers() },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} | BuildMart NG` : "Store | BuildMart NG" }];

export default function StoreLayout() {
  const { store, isOwner } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-4">
      <div className="flex flex-col gap-4 md:flex-row">
        <div className="contents print:hidden">
          <StoreMenu store={store} isOwner={isOwner} />
        </div>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
