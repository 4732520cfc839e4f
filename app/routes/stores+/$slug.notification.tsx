/**
 * /stores/{slug}/notification — the store's notifications (spec section 2: new order,
 * cancelled item, low stock): every member of the store sees and marks the same list.
 * Each member also chooses for themselves whether a new order is e-mailed to them:
 * a checkbox and a Save button, a plain POST (PATCH /stores/{id}/membership/ {order_emails}).
 * The layout (side menu) is stores+/$slug.tsx; this renders the main content only.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationsList } from "~/components/notifications-list";
import { loadNotifications, notificationsAction } from "~/storefront/notifications.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import { useNotificationTexts } from "~/components/users/notification-texts";

/** The list's own words and the notices themselves come from `account` (as on the member's page). */
export const handle = { i18n: ["account", "orders"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store, orderEmails } = await requireStoreArea(request, context, params.slug);
  const list = await loadNotifications(api, request, `/stores/${store.id}/notifications/`);
  const t = await requestT(request, "seller");
  return data({ ...list, storeName: store.name, orderEmails, title: t("notices.pageTitle") }, { headers: await api.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const url = new URL(request.url);
  const back = `/stores/${encodeURIComponent(store.slug)}/notification${url.search}`;
  const form = await readForm(request.clone());
  if (form.get("intent") === "order-emails") {
    const t = await requestT(request, "seller");
    const on = form.get("order_emails") === "on";
    const r = await api.send<{ order_emails: boolean }>("PATCH", `/stores/${store.id}/membership/`, { json: { order_emails: on } });
    if (!r.ok) return redirectWithFlash(api, back, { kind: "error", message: t("notices.saveFailed") });
    return redirectWithFlash(api, back, {
      kind: "success",
      message: r.data.order_emails ? t("notices.on") : t("notices.off"),
    });
  }
  return notificationsAction(api, request, `/stores/${store.id}/notifications/`, back);
}

export default function StoreNotificationRoute() {
  const { storeName, orderEmails, title: _title, ...list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("seller");
  const texts = useNotificationTexts();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "order-emails";
  return (
    <main>
      <h1 className="mb-3 text-2xl font-bold">{t("notices.title")}</h1>
      <p className="sr-only">{storeName}</p>
      {orderEmails !== null ? (
        <Form method="post" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-white p-3" data-testid="order-emails-form">
          <input type="hidden" name="intent" value="order-emails" />
          <div className="flex items-start gap-2">
            <input
              id="order-emails"
              name="order_emails"
              type="checkbox"
              defaultChecked={orderEmails}
              key={String(orderEmails)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <label htmlFor="order-emails" className="text-sm text-gray-700">
              {t("notices.orderEmails")}
            </label>
          </div>
          <button type="submit" className="btn-outline px-3 py-1.5 text-sm" disabled={saving}>
            {saving ? t("notices.saving") : t("notices.save")}
          </button>
        </Form>
      ) : null}
      <NotificationsList {...list} texts={texts} emptyText={t("notices.empty")} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Store notifications"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
