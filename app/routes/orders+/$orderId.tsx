/**
 * /orders/{orderId}?t={token} — a guest's order (the link in the order e-mail): read-only detail
 * and tracking. The token is checked by the API (GET /orders/{id}/?token=); a wrong or missing
 * token is a 404. A signed-in owner is sent to the account area's page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderDetail } from "~/components/checkout/order-detail";
import { ShipmentsProgress } from "~/components/checkout/order-progress";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { apiFor } from "~/storefront/api.server";
import { loadOrder } from "~/storefront/checkout.server";
import { orderNumber } from "~/domain/order-rules";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const id = params.orderId ?? "";
  const token = new URL(request.url).searchParams.get("t");
  if (!token) {
    if (api.user) throw redirect(`/users/orders/${encodeURIComponent(id)}`);
    throw new Response("Not Found", { status: 404 });
  }
  const order = await loadOrder(api, id, token);
  if (!order) throw new Response("Not Found", { status: 404 });
  return data({ order }, { headers: await api.headers({ "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" }) });
}

export default function GuestOrderRoute() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <main className="container-page space-y-4 py-4">
      <OrderDetail order={order} />
      <h2 className="text-lg font-bold">Order Progress</h2>
      <ShipmentsProgress order={order} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `Order ${orderNumber(d.order.id)} | BuildMart NG` : "Order | BuildMart NG" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
