/**
 * /users/notification — the member's notifications (spec section 2; issue 11): newest first, unread
 * marked, each opening its order (or other target), "Mark all as read" as a plain POST, paged.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationsList } from "~/components/notifications-list";
import { requireUser } from "~/storefront/auth.server";
import { loadNotifications, notificationsAction } from "~/storefront/notifications.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const list = await loadNotifications(api, request, `/users/${user.id}/notifications/`);
  return data(list, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const url = new URL(request.url);
  return notificationsAction(api, request, `/users/${user.id}/notifications/`, `/users/notification${url.search}`);
}

export default function NotificationRoute() {
  const list = useLoaderData<typeof loader>();
  return (
    <main>
      <h1 className="mb-3 text-2xl font-bold">Notifications</h1>
      <NotificationsList {...list} emptyText="You have no notifications yet. News about your orders will show here." />
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Notifications | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
