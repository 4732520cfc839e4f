/**
 * /users/orders/{orderId}/track — Order Progress (spec sections 2, 4, 9): the bar (0/30/62/100 %)
 * and the four steps with the real date of each change, one progress per store's shipment.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ShipmentsProgress } from "~/components/checkout/order-progress";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/storefront/auth.server";
import { loadOrder } from "~/storefront/checkout.server";
import { orderNumber } from "~/domain/order-rules";
import { requestT } from "~/i18n/i18next.server";

export const handle = { i18n: ["orders"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const order = await loadOrder(api, params.orderId ?? "");
  if (!order) throw new Response("Not Found", { status: 404 });
  const t = await requestT(request, "orders");
  return data({ order, title: t("progressHeading") }, { headers: await api.headers() });
}

export default function TrackOrderRoute() {
  const { order } = useLoaderData<typeof loader>();
  const id = order.id;
  const { t } = useTranslation("orders");
  return (
    <main className="space-y-4">
      <Link to={`/users/orders/${id}`} className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t("heading", { number: orderNumber(id) })}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{t("progressHeading")}</h1>
      <ShipmentsProgress order={order} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Order Progress"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
