/**
 * /stores/{slug}/dashboard — the seller dashboard from real orders (GET /stores/{id}/dashboard/):
 * sales today, last 7 and 30 days, orders by delivery status, top products, low stock and a
 * server-drawn daily sales chart; a new store's daily order cap and the orders it took today
 * (decision 0032). A store with no products and no orders gets the spec's
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
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const dashboard = await api.must(api.get<ApiStoreDashboard>(`/stores/${store.id}/dashboard/`));
  const t = await requestT(request, "seller");
  return data({ slug: store.slug, dashboard, title: t("dashboard.title") }, { headers: await api.headers() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Dashboard"} | BuildMart NG` }];

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
  const { t } = useTranslation("seller");
  const { t: o } = useTranslation("orders");
  const base = `/stores/${encodeURIComponent(slug)}`;
  const addProduct = `${base}/products/add-product`;
  if (d.products_count === 0 && d.orders_count === 0) {
    return (
      <main>
        <h1 className="text-xl font-bold sm:text-2xl">{t("dashboard.title")}</h1>
        <section className="mt-4 rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center" data-testid="dashboard-empty">
          <h2 className="text-lg font-semibold">{t("dashboard.readyTitle")}</h2>
          <p className="mt-2 text-gray-600">{t("dashboard.readyText")}</p>
          <Link to={addProduct} className={`${primaryButton} mt-4 inline-flex`}>
            {t("dashboard.addProduct")}
          </Link>
        </section>
      </main>
    );
  }
  return (
    <main className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">{t("dashboard.title")}</h1>
        <Link to={addProduct} className={primaryButton}>
          {t("dashboard.addProduct")}
        </Link>
      </div>
      <section aria-labelledby="sales-heading">
        <h2 id="sales-heading" className="sr-only">
          {t("dashboard.sales")}
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label={t("dashboard.today")} value={formatNaira(d.sales.today)} testId="sales-today" />
          <Figure label={t("dashboard.last7")} value={formatNaira(d.sales.last_7_days)} testId="sales-7" />
          <Figure label={t("dashboard.last30")} value={formatNaira(d.sales.last_30_days)} testId="sales-30" />
        </div>
        <p className="mt-1 text-xs text-gray-500">{t("dashboard.salesNote")}</p>
      </section>
      {d.order_cap.cap !== null ? (
        <section aria-labelledby="cap-heading" className="rounded-lg border border-gray-200 bg-white p-3" data-testid="order-cap">
          <h2 id="cap-heading" className="font-semibold">
            {t("dashboard.capTitle")}
          </h2>
          <p className="mt-1 text-lg font-bold">{t("dashboard.cap", { today: d.order_cap.today, cap: d.order_cap.cap })}</p>
          {d.order_cap.remaining === 0 ? <p className="mt-1 text-sm font-medium text-amber-900">{t("dashboard.capFull")}</p> : null}
          <p className="mt-1 text-xs text-gray-600">{t("dashboard.capText")}</p>
        </section>
      ) : null}
      <SalesChart days={d.daily_sales} />
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="status-heading" className="rounded-lg border border-gray-200 bg-white p-3">
          <h2 id="status-heading" className="font-semibold">
            {t("dashboard.byStatus")}
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="orders-by-status">
            {DELIVERY_STATUSES.map((s) => (
              <div key={s} className="rounded bg-gray-50 p-2 text-center">
                <dt className="text-xs text-gray-600">{o(`status.${s}`)}</dt>
                <dd className="text-lg font-bold">{d.orders_by_status[s]}</dd>
              </div>
            ))}
          </dl>
          <Link to={`${base}/orders/history`} className="mt-2 inline-block text-sm text-brand-700 underline">
            {t("dashboard.seeAll")}
          </Link>
        </section>
        <section aria-labelledby="top-heading" className="rounded-lg border border-gray-200 bg-white p-3">
          <h2 id="top-heading" className="font-semibold">
            {t("dashboard.top")}
          </h2>
          {d.top_products.length === 0 ? (
            <p className="mt-2 text-sm text-gray-600">{t("dashboard.noSales")}</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm" data-testid="top-products">
              <thead>
                <tr className="border-b text-xs text-gray-600">
                  <th scope="col" className="py-1">{t("dashboard.product")}</th>
                  <th scope="col" className="py-1 text-right">{t("dashboard.units")}</th>
                  <th scope="col" className="py-1 text-right">{t("dashboard.salesCol")}</th>
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
          {t("dashboard.lowStock", { n: d.low_stock_threshold })}
        </h2>
        {d.low_stock.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">{t("dashboard.allStocked", { n: d.low_stock_threshold })}</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100 text-sm" data-testid="low-stock">
            {d.low_stock.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-1.5">
                <Link to={`${base}/products/${p.id}/edit`} className="min-w-0 truncate text-brand-700 underline">
                  {p.name}
                </Link>
                <span className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${p.stock_quantity === 0 ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"}`}>
                  {p.stock_quantity === 0 ? t("dashboard.outOfStock") : t("dashboard.left", { n: p.stock_quantity })}
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
