/**
 * /users/orders/{orderId}/track — Order Progress (spec sections 2, 4, 9): the bar (0/30/62/100 %)
 * and the four steps with the real date of each change, from the order's events.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderProgress } from "~/components/checkout/order-progress";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/storefront/auth.server";
import { loadOrder, orderSteps } from "~/storefront/checkout.server";
import { orderNumber } from "~/domain/order-rules";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const order = await loadOrder(api, params.orderId ?? "");
  if (!order) throw new Response("Not Found", { status: 404 });
  const allCancelled = order.order_items.length > 0 && order.order_items.every((i) => i.status === "Cancelled");
  return data(
    { id: order.id, status: order.order_delivery_status, steps: orderSteps(order), cancelled: allCancelled },
    { headers: await api.headers() },
  );
}

export default function TrackOrderRoute() {
  const { id, status, steps, cancelled } = useLoaderData<typeof loader>();
  return (
    <main className="space-y-4">
      <Link to={`/users/orders/${id}`} className="text-sm font-semibold text-brand-700 hover:underline">
        ← Order {orderNumber(id)}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">Order Progress</h1>
      <OrderProgress status={status} steps={steps} cancelled={cancelled} />
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Order Progress | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
