/**
 * /stores/{slug}/dashboard — the seller dashboard from real orders (GET /stores/{id}/dashboard/):
 * sales today, last 7 and 30 days, orders by delivery status, top products, low stock and a
 * server-drawn daily sales chart. A store with no products and no orders gets the spec's
 * 'Ready to get started?' block with an Add Product link.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SalesChart } from "~/components/vendor/sales-chart";
import { primaryButton } from "~/components/ui/button";
import { formatNaira } from "~/domain/money";
import { DELIVERY_STATUSES } from "~/domain/order-rules";
import type { ApiStoreDashboard } from "~/storefront/api-types";
import { requireStoreArea } from "~/storefront/store-area.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const dashboard = await api.must(api.get<ApiStoreDashboard>(`/stores/${store.id}/dashboard/`));
  return data({ slug: store.slug, dashboard }, { headers: await api.headers() });
}

export const meta: MetaFunction = () => [{ title: "Dashboard | BuildMart NG" }];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3">
      <p className="text-xs text-gray-600">{label}</p>
      <p className="mt-1 text-lg font-bold sm:text-xl" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export default function DashboardRoute() {
  const { slug, dashboard: d } = useLoaderData<typeof loader>();
  const base = `/stores/${encodeURIComponent(slug)}`;
  const addProduct = `${base}/products/add-product`;
  if (d.products_count === 0 && d.orders_count === 0) {
    return (
      <main>
        <h1 className="text-xl font-bold sm:text-2xl">Dashboard</h1>
        <section className="mt-4 rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center" data-testid="dashboard-empty">
          <h2 className="text-lg font-semibold">Ready to get started?</h2>
          <p className="mt-2 text-gray-600">Add your products now and enhance your customer experience.</p>
          <Link to={addProduct} className={`${primaryButton} mt-4 inline-flex`}>
            Add Product
          </Link>
        </section>
      </main>
    );
  }
  return (
    <main className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">Dashboard</h1>
        <Link to={addProduct} className={primaryButton}>
          Add Product
        </Link>
      </div>
      <section aria-labelledby="sales-heading">
        <h2 id="sales-heading" className="sr-only">
          Sales
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label="Sales today" value={formatNaira(d.sales.today)} testId="sales-today" />
          <Figure label="Last 7 days" value={formatNaira(d.sales.last_7_days)} testId="sales-7" />
          <Figure label="Last 30 days" value={formatNaira(d.sales.last_30_days)} testId="sales-30" />
        </div>
        <p className="mt-1 text-xs text-gray-500">Paid and pay-on-delivery orders; cancelled items left out. Days in Lagos time.</p>
      </section>
      <SalesChart days={d.daily_sales} />
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="status-heading" className="rounded-lg border border-gray-200 bg-white p-3">
          <h2 id="status-heading" className="font-semibold">
            Orders by status
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="orders-by-status">
            {DELIVERY_STATUSES.map((s) => (
              <div key={s} className="rounded bg-gray-50 p-2 text-center">
                <dt className="text-xs text-gray-600">{s}</dt>
                <dd className="text-lg font-bold">{d.orders_by_status[s]}</dd>
              </div>
            ))}
          </dl>
          <Link to={`${base}/orders/history`} className="mt-2 inline-block text-sm text-brand-700 underline">
            See all orders
          </Link>
        </section>
        <section aria-labelledby="top-heading" className="rounded-lg border border-gray-200 bg-white p-3">
          <h2 id="top-heading" className="font-semibold">
            Top products, last 30 days
          </h2>
          {d.top_products.length === 0 ? (
            <p className="mt-2 text-sm text-gray-600">No sales in the last 30 days yet.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm" data-testid="top-products">
              <thead>
                <tr className="border-b text-xs text-gray-600">
                  <th scope="col" className="py-1">Product</th>
                  <th scope="col" className="py-1 text-right">Units</th>
                  <th scope="col" className="py-1 text-right">Sales</th>
                </tr>
              </thead>
              <tbody>
                {d.top_products.map((p) => (
                  <tr key={`${p.product_id}-${p.name}`} className="border-b border-gray-100">
                    <td className="py-1 pr-2">{p.name}</td>
                    <td className="py-1 pl-3 text-right">{p.units}</td>
                    <td className="whitespace-nowrap py-1 pl-3 text-right">{formatNaira(p.sales)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      <section aria-labelledby="low-heading" className="rounded-lg border border-gray-200 bg-white p-3">
        <h2 id="low-heading" className="font-semibold">
          Low stock ({d.low_stock_threshold} or fewer left)
        </h2>
        {d.low_stock.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">Every product has more than {d.low_stock_threshold} in stock.</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100 text-sm" data-testid="low-stock">
            {d.low_stock.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-1.5">
                <Link to={`${base}/products/${p.id}/edit`} className="min-w-0 truncate text-brand-700 underline">
                  {p.name}
                </Link>
                <span className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${p.stock_quantity === 0 ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"}`}>
                  {p.stock_quantity === 0 ? "Out of stock" : `${p.stock_quantity} left`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
