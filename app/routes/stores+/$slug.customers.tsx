/**
 * /stores/{slug}/customers — the people who ordered from the store, from its real orders (spec
 * section 2, Seller area): S/N, Customer Name, Customer Email, Orders, Total spent, View (their
 * most recent order with the store). Guests are known by their order's e-mail. 10 a page.
 */
import { PrevNextPager } from "~/components/ui/prev-next-pager";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatNaira } from "~/domain/money";
import type { ApiStoreCustomer, Paged } from "~/storefront/api-types";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";

const PAGE_SIZE = 10;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
  const list = await api.must(api.get<Paged<ApiStoreCustomer>>(`/stores/${store.id}/customers/?page=${page}`));
  const t = await requestT(request, "seller");
  return data(
    { title: t("customers.title"), slug: store.slug, page, count: list.count, hasNext: list.next !== null, hasPrevious: list.previous !== null, customers: list.results },
    { headers: await api.headers() },
  );
}

export default function StoreCustomersRoute() {
  const { slug, page, count, hasNext, hasPrevious, customers } = useLoaderData<typeof loader>();
  const { t } = useTranslation("seller");
  return (
    <section className="min-w-0 space-y-4" aria-labelledby="customers-h">
      <h1 id="customers-h" className="text-xl font-bold sm:text-2xl">
        {t("customers.title")}
      </h1>
      {count === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-gray-700">{t("customers.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="store-customers">
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3">{t("customers.sn")}</th>
                <th scope="col" className="px-2 py-2 sm:px-3">{t("customers.name")}</th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">{t("customers.email")}</th>
                <th scope="col" className="px-2 py-2 text-right sm:px-3">{t("customers.orders")}</th>
                <th scope="col" className="px-2 py-2 text-right sm:px-3">{t("customers.spent")}</th>
                <th scope="col" className="px-2 py-2 sm:px-3"><span className="sr-only">{t("customers.action")}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {customers.map((c, n) => (
                <tr key={`${c.id ?? c.email}-${c.last_order_id}`} data-testid="store-customer-row">
                  <td className="px-2 py-2 sm:px-3">{(page - 1) * PAGE_SIZE + n + 1}</td>
                  <td className="px-2 py-2 sm:px-3">
                    {c.name}
                    {c.id === null ? <span className="ml-1 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">{t("customers.guest")}</span> : null}
                    {/* phones: the e-mail under the name (its own column on wider screens) */}
                    <span className="block break-all text-xs text-gray-600 sm:hidden">{c.email}</span>
                  </td>
                  <td className="hidden break-all px-3 py-2 sm:table-cell" data-user-text>
                    {c.email}
                  </td>
                  <td className="px-2 py-2 text-right sm:px-3">{c.orders}</td>
                  <td className="whitespace-nowrap px-2 py-2 text-right sm:px-3">{formatNaira(c.total_spent)}</td>
                  <td className="px-2 py-2 text-right sm:px-3">
                    <Link to={`/stores/${slug}/orders/${c.last_order_id}`} className="font-semibold text-brand-700 hover:underline" aria-label={t("customers.viewLabel", { name: c.name })}>
                      {t("customers.view")}
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

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Customers"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
