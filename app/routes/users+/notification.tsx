/**
 * /users/notification — the member's notifications (spec section 2): newest first, unread
 * marked, each opening its order (or other target), "Mark all as read" as a plain POST, paged.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationsList } from "~/components/notifications-list";
import { useNotificationTexts } from "~/components/users/notification-texts";
import { requestT } from "~/i18n/i18next.server";
import { requireUser } from "~/storefront/auth.server";
import { loadNotifications, notificationsAction } from "~/storefront/notifications.server";
import type { ShellData } from "~/storefront/shell.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const list = await loadNotifications(api, request, `/users/${user.id}/notifications/`);
  const t = await requestT(request, "account");
  return data({ ...list, title: t("titles.notifications") }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const url = new URL(request.url);
  const t = await requestT(request, "account");
  return notificationsAction(api, request, `/users/${user.id}/notifications/`, `/users/notification${url.search}`, {
    chooseFirst: t("notifications.choose_first"),
    failed: t("notifications.mark_failed"),
    markedAll: t("notifications.marked_all"),
  });
}

export default function NotificationRoute() {
  const { title: _title, ...list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  const texts = useNotificationTexts();
  // The bell counts the member's stores' unread notifications too: say where they are.
  const storeUnread = useRouteLoaderData<Pick<ShellData, "storeUnread">>("root")?.storeUnread ?? [];
  return (
    <main>
      <h1 className="mb-3 text-2xl font-bold">{t("notifications.title")}</h1>
      {storeUnread.length ? (
        <ul className="mb-3 space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="store-unread">
          {storeUnread.map((s) => (
            <li key={s.slug}>
              <Link to={`/stores/${encodeURIComponent(s.slug)}/notification`} className="font-semibold text-brand-700 underline">
                {t("notifications.store_unread", { store: s.name, count: s.unread })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <NotificationsList {...list} emptyText={t("notifications.empty")} texts={texts} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Notifications"} | BuildMart NG` }];

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
