/**
 * /stores/{slug}/orders/history — the store's orders (spec section 2, Seller area): a table of its
 * order lines, newest first, 10 a page: ID (the order's id, first segment in capitals), Quantity,
 * Status (the order's delivery status), Amount (the line's total), View (the order's page).
 * Empty: 'No Order'. Members of the store only (requireStoreArea). Texts: `seller:ordersList`, the
 * statuses `orders:status`.
 */
import { PrevNextPager } from "~/components/ui/prev-next-pager";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import type { ApiStoreOrderItem, Paged } from "~/storefront/api-types";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
  const list = await api.must(api.get<Paged<ApiStoreOrderItem>>(`/orders/${store.id}/store?page=${page}`));
  const t = await requestT(request, "seller");
  return data(
    {
      title: t("ordersList.title"),
      slug: store.slug,
      page,
      count: list.count,
      hasNext: list.next !== null,
      hasPrevious: list.previous !== null,
      rows: list.results.map((i) => ({
        id: i.id,
        orderId: i.order.id,
        number: orderNumber(i.order.id),
        product: i.option_label ? `${i.product_name} (${i.option_label})` : i.product_name,
        quantity: i.quantity,
        status: i.status === "Cancelled" ? "Cancelled" : i.order.order_delivery_status,
        amount: i.line_total,
      })),
    },
    { headers: await api.headers() },
  );
}

export default function StoreOrdersHistoryRoute() {
  const { slug, page, count, hasNext, hasPrevious, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation("seller");
  const { t: o } = useTranslation("orders");
  return (
    <section className="min-w-0 space-y-4" aria-labelledby="orders-h">
      <h1 id="orders-h" className="text-xl font-bold sm:text-2xl">
        {t("ordersList.title")}
      </h1>
      {count === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-gray-700">{t("ordersList.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="store-orders">
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3">{t("ordersList.id")}</th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  <abbr title={t("ordersList.quantity")} className="no-underline sm:hidden">{t("ordersList.qty")}</abbr>
                  <span className="hidden sm:inline">{t("ordersList.quantity")}</span>
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">{t("ordersList.status")}</th>
                <th scope="col" className="px-2 py-2 text-right sm:px-3">{t("ordersList.amount")}</th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell"><span className="sr-only">{t("ordersList.action")}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((r) => (
                <tr key={r.id} data-testid="store-order-row">
                  <td className="px-2 py-2 sm:px-3">
                    <span className="font-mono font-semibold">{r.number}</span>
                    <span className="block max-w-[6.5rem] truncate text-xs text-gray-500 sm:max-w-xs">{r.product}</span>
                  </td>
                  <td className="px-2 py-2 sm:px-3">{r.quantity}</td>
                  <td className="px-2 py-2 sm:px-3" data-testid="store-order-status">{o(`status.${r.status}`)}</td>
                  <td className="whitespace-nowrap px-2 py-2 text-right sm:px-3">
                    {formatNaira(r.amount)}
                    {/* phones: the View action under the amount (the View column is for wider screens) */}
                    <Link to={`/stores/${slug}/orders/${r.orderId}`} className="block font-semibold text-brand-700 hover:underline sm:hidden" aria-label={t("ordersList.viewLabel", { number: r.number })}>
                      {t("ordersList.view")}
                    </Link>
                  </td>
                  <td className="hidden px-3 py-2 text-right sm:table-cell">
                    <Link to={`/stores/${slug}/orders/${r.orderId}`} className="font-semibold text-brand-700 hover:underline" aria-label={t("ordersList.viewLabel", { number: r.number })}>
                      {t("ordersList.view")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PrevNextPager page={page} hasPrevious={hasPrevious} hasNext={hasNext} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Orders"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
