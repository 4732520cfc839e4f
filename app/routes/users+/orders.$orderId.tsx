/** /users/orders/{orderId} — one of the shopper's orders: items, payment and shipping (spec section 2). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { orderDate, shortOrderId, type ApiOrder } from "~/components/users/order-format";
import { formatNaira } from "~/domain/money";
import { requireUser } from "~/storefront/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `Order ${shortOrderId(d.order.id)} | BuildMart NG` : "Order | BuildMart NG" },
];


export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const order = await api.must(api.get<ApiOrder>(`/orders/${encodeURIComponent(params.orderId ?? "")}/`));
  return data({ order }, { headers: await api.headers() });
}

export default function OrderRoute() {
  const { order } = useLoaderData<typeof loader>();
  const a = order.delivery_address;
  return (
    <main className="space-y-4">
      <Link to="/users/orders" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Orders
      </Link>
      <header className="rounded-lg border border-gray-200 bg-white p-4">
        <h1 className="text-xl font-bold">Order {shortOrderId(order.id)}</h1>
        <p className="text-sm text-gray-600">Placed {orderDate(order.created_at)}</p>
        <p className="mt-1">
          Total: <span className="font-bold">{formatNaira(order.order_total_price + order.shipping_cost)}</span>
        </p>
      </header>
      <section aria-labelledby="items-h" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="items-h" className="mb-2 font-semibold">
          Items
        </h2>
        <ul className="divide-y divide-gray-100">
          {order.order_items.map((i) => (
            <li key={i.id} className="flex items-center gap-3 py-2">
              {i.image ? <img src={`${i.image}?w=160`} alt="" width={56} height={56} className="h-14 w-14 rounded object-cover" /> : null}
              <div className="flex-1">
                <p className="font-medium">{i.product_id ? <Link to={`/products/${i.product_id}`}>{i.product_name}</Link> : i.product_name}</p>
                <p className="text-sm text-gray-600">
                  {i.quantity} × {formatNaira(i.item_price)}
                  {i.status === "Cancelled" ? " · Cancelled" : ""}
                </p>
              </div>
              <p className="font-semibold">{formatNaira(i.quantity * i.item_price)}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="pay-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          <h2 id="pay-h" className="mb-2 font-semibold">
            Payment
          </h2>
          <p>Method: {order.order_payment_method === "PayOnDelivery" ? "Pay on delivery" : "Card"}</p>
          <p>Status: {order.order_payment_status}</p>
          <p>Items: {formatNaira(order.order_total_price)}</p>
          <p>Delivery: {formatNaira(order.shipping_cost)}</p>
        </section>
        <section aria-labelledby="ship-h" className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          <h2 id="ship-h" className="mb-2 font-semibold">
            Shipping
          </h2>
          <p>Status: {order.order_delivery_status}</p>
          <p>
            {a.receiver_first_name} {a.receiver_last_name}, {a.receiver_phone_one}
          </p>
          <p>
            {a.street_address}, {a.city}, {a.state}
          </p>
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
