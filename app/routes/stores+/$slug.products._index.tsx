/**
 * /stores/{slug}/products — the store's products (spec section 2): table Product Name, Category,
 * Price, Type, Actions (View, Edit, Delete with a confirmation step), Add Product, empty states,
 * 10 a page with pagination when there are more than 10. ?page is clamped to 1..last: a page past
 * the last (the GO field) redirects to the last. Texts: `seller:productsList` (and the dashboard's
 * "Ready to get started?"); a unit price's "per bag" from `common:units`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination, clampPage, lastPage } from "~/components/ui/pagination";
import { formatNaira } from "~/domain/money";
import { isUnit } from "~/domain/units";
import { primaryButton } from "~/components/ui/button";
import type { ApiStoreProduct, Paged } from "~/storefront/api-types";
import { requireStoreArea } from "~/storefront/store-area.server";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";

const PAGE_SIZE = 10;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const url = new URL(request.url);
  const raw = url.searchParams.get("page");
  const asked = clampPage(raw, Number.MAX_SAFE_INTEGER);
  const listOf = (page: number) => api.get<Paged<ApiStoreProduct>>(`/products/store/${store.id}/?page=${page}&page_size=${PAGE_SIZE}`);
  const r = await listOf(asked);
  const page = asked;
  if (r.status === 404 && asked > 1) {
    // Past the last page: find the last and go there.
    const first = await api.must(listOf(1));
    const last = lastPage(first.count, PAGE_SIZE);
    return redirect(last > 1 ? `${url.pathname}?page=${last}` : url.pathname, { headers: await api.headers() });
  }
  const list = await api.must(Promise.resolve(r));
  const last = lastPage(list.count, PAGE_SIZE);
  if (raw !== null && String(page) !== raw) {
    // ?page=abc, ?page=0, ?page=2.5: one canonical address.
    return redirect(page > 1 ? `${url.pathname}?page=${page}` : url.pathname, { headers: await api.headers() });
  }
  const t = await requestT(request, "seller");
  return data(
    {
      title: t("productsList.title"),
      slug: store.slug,
      storeName: store.name,
      page,
      last,
      count: list.count,
      products: list.results.map((p) => ({ id: p.id, name: p.name, category: p.category_name, price: p.selling_price, unit: p.unit ?? "piece", type: p.type, published: p.published })),
    },
    { headers: await api.headers() },
  );
}

export default function StoreProductsRoute() {
  const { slug, page, last, count, products } = useLoaderData<typeof loader>();
  const { t } = useTranslation("seller");
  const { t: tc } = useTranslation();
  const base = `/stores/${slug}/products`;
  return (
    <main className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold sm:text-2xl">{t("productsList.title")}</h1>
        <Link to={`${base}/add-product`} className={primaryButton}>
          {t("dashboard.addProduct")}
        </Link>
      </div>
      {count === 0 ? (
        <section className="rounded-lg border border-gray-200 bg-white p-6 text-center" aria-labelledby="no-product">
          <h2 id="no-product" className="text-lg font-semibold">
            {t("productsList.empty")}
          </h2>
          <p className="mt-4 font-semibold">{t("dashboard.readyTitle")}</p>
          <p className="mt-1 text-gray-700">{t("dashboard.readyText")}</p>
          <Link to={`${base}/add-product`} className={`${primaryButton} mt-4`}>
            {t("dashboard.addProduct")}
          </Link>
        </section>
      ) : (
        <>
          <div className="rounded-lg border border-gray-200 bg-white">
            {/* A table from 640px; on phones each row is a card with its labels, every action in view. */}
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {t("productsList.caption", { page, last })}
              </caption>
              <thead className="hidden bg-gray-50 text-gray-700 sm:table-header-group">
                <tr>
                  {(["name", "category", "price", "type", "actions"] as const).map((h) => (
                    <th key={h} scope="col" className="px-3 py-2">
                      {t(`productsList.${h}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {products.map((p) => (
                  <tr key={p.id} className="block border-t border-gray-100 py-2 first:border-t-0 sm:table-row sm:py-0 sm:first:border-t">
                    <Cell label={t("productsList.name")} className="font-medium">
                      {p.name}
                      {!p.published ? <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600">{t("productsList.unpublished")}</span> : null}
                    </Cell>
                    <Cell label={t("productsList.category")}>{p.category}</Cell>
                    <Cell label={t("productsList.price")} className="whitespace-nowrap">
                      {formatNaira(p.price)}
                      {p.unit !== "piece" ? <span className="text-gray-600"> {tc(`units.per_${isUnit(p.unit) ? p.unit : "piece"}`)}</span> : null}
                    </Cell>
                    <Cell label={t("productsList.type")} className="capitalize">
                      {p.type}
                    </Cell>
                    <Cell label={t("productsList.actions")}>
                      <div className="flex gap-4 whitespace-nowrap">
                        <Link to={`${base}/${p.id}`} className="text-brand-700 underline" aria-label={t("productsList.viewLabel", { name: p.name })}>
                          {t("productsList.view")}
                        </Link>
                        <Link to={`${base}/${p.id}/edit`} className="text-brand-700 underline" aria-label={t("productsList.editLabel", { name: p.name })}>
                          {t("productsList.edit")}
                        </Link>
                        <Link to={`${base}/${p.id}/delete`} className="text-red-700 underline" aria-label={t("productsList.deleteLabel", { name: p.name })}>
                          {t("productsList.delete")}
                        </Link>
                      </div>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {count > PAGE_SIZE ? <Pagination page={page} last={last} hrefFor={(n) => (n > 1 ? `${base}?page=${n}` : base)} label={t("productsList.pages")} /> : null}
        </>
      )}
    </main>
  );
}

function Cell({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={`flex items-baseline justify-between gap-3 px-3 py-1 text-right sm:table-cell sm:py-2 sm:text-left ${className}`}>
      <span className="shrink-0 whitespace-nowrap font-normal text-gray-600 normal-case sm:hidden" aria-hidden="true">
        {label}
      </span>
      <div>{children}</div>
    </td>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Products"}${d ? ` | ${d.storeName}` : ""} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
