/**
 * /orders/{orderId}?t={token} — a guest's order (the link in the order e-mail): read-only detail
 * and tracking. The token is checked by the API (GET /orders/{id}/?token=); a wrong or missing
 * token is a 404. A signed-in owner is sent to the account area's page. A delivered item still in
 * its return window links to the guest's return page (/orders/{id}/return/{itemId}?t=); a line that
 * may be claimed (or has a claim) gets "Report a problem" (/orders/{id}/claims?t=, issue 36 item 5).
 * A link past its end (the API's 410; docs/decisions/0029-guest-order-links.md) shows "This order
 * link has expired" with the "Send me a fresh link" form (410, not a 404 or an error page).
 */
import { useTranslation } from "~/i18n/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ApiOrderClaims } from "~/storefront/api-types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import { loadGuestOrder } from "~/storefront/checkout.server";
import { loadOrderReturns } from "~/storefront/returns.server";
import { GUEST_LINK_DAYS, orderNumber } from "~/domain/order-rules";
import { requestT } from "~/i18n/i18next.server";

export const handle = { i18n: ["orders"] };

/**
 * Below the order and nothing to act on: the returns and the shipments' progress come on demand
 * (components/ui/island.tsx), not in the page's first view.
 */
const OrderReturns = island(() => import("~/components/users/order-returns").then((m) => ({ default: m.OrderReturns })));
/** The order itself too, as on the member's page: its actions are plain forms and links, which work before it has hydrated. */
const OrderDetail = island(() => import("~/components/checkout/order-detail").then((m) => ({ default: m.OrderDetail })));
const ShipmentsProgress = island(() => import("~/components/checkout/order-progress").then((m) => ({ default: m.ShipmentsProgress })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
/** The expired link's "Send me a fresh link" (posts to /orders/fresh-link). */
const FreshLinkForm = island(() => import("~/components/checkout/fresh-link-form").then((m) => ({ default: m.FreshLinkForm })));
export const clientLoader = islandsLoader(OrderDetail, OrderReturns, ShipmentsProgress, FreshLinkForm);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const id = params.orderId ?? "";
  const token = new URL(request.url).searchParams.get("t");
  if (!token) {
    if (api.user) throw redirect(`/users/orders/${encodeURIComponent(id)}`);
    throw new Response("Not Found", { status: 404 });
  }
  const order = await loadGuestOrder(api, id, token);
  if (order === "expired") {
    const t = await requestT(request, "orders");
    return data(
      { expired: true as const, number: orderNumber(id), title: t("linkExpiredTitle") },
      { status: 410, headers: await api.headers({ "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" }) },
    );
  }
  if (!order) throw new Response("Not Found", { status: 404 });
  // A delivered item still in its window gets "Ask for a return" (the guest's return page, with the token).
  const anyDelivered = order.order_items.some((i) => i.status === "Active" && i.shipment_status === "Delivered");
  const returns = anyDelivered ? await loadOrderReturns(api, order.id, token) : null;
  const returnable = returns?.returnable.map((r) => r.order_item_id) ?? [];
  // Claims (issue 36 item 5): "Report a problem" when a line may be claimed or has a claim.
  const claims = anyDelivered ? await api.get<ApiOrderClaims>(`/orders/${order.id}/claims/?token=${encodeURIComponent(token)}`, api.user ? undefined : { auth: false }) : null;
  const hasClaims = !!claims?.ok && (claims.data.claimable.length > 0 || claims.data.results.length > 0);
  const t = await requestT(request, "orders");
  return data({ expired: false as const, order, token, returnable, hasClaims, returns: returns?.results ?? [], title: t("heading", { number: orderNumber(order.id) }) }, { headers: await api.headers({ "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" }) });
}

export default function GuestOrderRoute() {
  const d = useLoaderData<typeof loader>();
  return d.expired ? <ExpiredLink number={d.number} /> : <GuestOrder {...d} />;
}

function ExpiredLink({ number }: { number: string }) {
  const { t } = useTranslation("orders");
  return (
    <main className="container-page max-w-lg space-y-4 py-6">
      <h1 className="text-2xl font-bold">{t("linkExpiredTitle")}</h1>
      <p className="text-sm text-gray-700">{t("linkExpiredText", { days: GUEST_LINK_DAYS })}</p>
      <FreshLinkForm lastResult={null} orderNumber={number} />
    </main>
  );
}

function GuestOrder({ order, token, returnable, returns, hasClaims }: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { expired: false }>) {
  const { t } = useTranslation("orders");
  return (
    <main className="container-page space-y-4 py-4">
      <OrderDetail
        order={order}
        guestToken={token}
        actions={
          hasClaims ? (
            <Link to={`/orders/${order.id}/claims?t=${encodeURIComponent(token)}`} className="btn-outline">
              {t("claims.link")}
            </Link>
          ) : null
        }
        deliveredLinks={{
          returnHref: (item) => (returnable.includes(item.id) ? `/orders/${order.id}/return/${item.id}?t=${encodeURIComponent(token)}` : null),
        }}
      />
      {returns.length ? <OrderReturns returns={returns} token={token} /> : null}
      <h2 className="text-lg font-bold">{t("progressHeading")}</h2>
      <ShipmentsProgress order={order} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `${d.title} | BuildMart NG` : "Order | BuildMart NG" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
