/**
 * /users/notification — the member's notifications (spec section 2): newest first, unread
 * marked, each opening its order (or other target), "Mark all as read" as a plain POST, paged.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationsList } from "~/components/notifications-list";
import { requireUser } from "~/storefront/auth.server";
import { loadNotifications, notificationsAction } from "~/storefront/notifications.server";
import type { ShellData } from "~/storefront/shell.server";

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
  // The bell counts the member's stores' unread notifications too: say where they are.
  const storeUnread = useRouteLoaderData<Pick<ShellData, "storeUnread">>("root")?.storeUnread ?? [];
  return (
    <main>
      <h1 className="mb-3 text-2xl font-bold">Notifications</h1>
      {storeUnread.length ? (
        <ul className="mb-3 space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="store-unread">
          {storeUnread.map((s) => (
            <li key={s.slug}>
              <Link to={`/stores/${encodeURIComponent(s.slug)}/notification`} className="font-semibold text-brand-700 underline">
                {s.name}: {s.unread} unread {s.unread === 1 ? "notification" : "notifications"}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <NotificationsList {...list} emptyText="You have no notifications yet. News about your orders will show here." />
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Notifications | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
