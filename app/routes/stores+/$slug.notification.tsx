/**
 * /stores/{slug}/notification — the store's notifications (spec section 2; issue 10: new order,
 * cancelled item, low stock; issue 11): every member of the store sees and marks the same list.
 * The layout (side menu) is stores+/$slug.tsx; this renders the main content only.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationsList } from "~/components/notifications-list";
import { loadNotifications, notificationsAction } from "~/storefront/notifications.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const list = await loadNotifications(api, request, `/stores/${store.id}/notifications/`);
  return data({ ...list, storeName: store.name }, { headers: await api.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const url = new URL(request.url);
  return notificationsAction(api, request, `/stores/${store.id}/notifications/`, `/stores/${encodeURIComponent(store.slug)}/notification${url.search}`);
}

export default function StoreNotificationRoute() {
  const { storeName, ...list } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1 className="mb-3 text-2xl font-bold">Notifications</h1>
      <p className="sr-only">{storeName}</p>
      <NotificationsList {...list} emptyText="No notifications yet. New orders, cancelled items and low stock will show here." />
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Store notifications | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
