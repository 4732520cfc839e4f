/**
 * /shop/{slug} — a store's public page for shoppers: banner, logo, name, description, website and
 * social links, and its published products (GET /stores/{slug}/products/, the catalogue's page
 * shape; Previous/Next links without JavaScript, infinite scroll with it), with the listing's sort
 * control (a GET form) and its chip for a sort that is not the default. Shared-cacheable like
 * the other catalogue pages. Unknown store: 404.
 */
import { useTranslation } from "~/i18n/react";
import { requestT } from "~/i18n/i18next.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SortControl } from "~/components/listing/listing-controls";
import { ProductGrid, type GridPage } from "~/components/listing/product-grid";
import { useResultsUpdate } from "~/components/listing/results-update";
import type { ApiScorecard } from "~/api/stores/schemas";
import { ResultCount } from "~/components/listing/result-count";
import { routeMeta, seoMeta, type Seo } from "~/components/listing/seo";
import { StoreLinks } from "~/components/vendor/store-links";
import type { loader as rootLoader } from "~/root";
import { apiFor } from "~/storefront/api.server";
import type { ApiProduct, ApiPublicStore, Paged } from "~/storefront/api-types";
import { SORTS, filterChips, parseFilters, siteOrigin, sortOptions, storeSince, toCard } from "~/storefront/catalog.server";
import { island, islandsLoader } from "~/components/ui/island";

export const PAGE_SIZE = 24;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const slug = params.slug ?? "";
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const path = encodeURIComponent(slug);
  // Only the order applies here (one store, one state): the other filters are the listings'.
  const filters = parseFilters(new URLSearchParams({ sort: url.searchParams.get("sort") ?? "" }));
  const ordering = filters.sort ? `&ordering=${SORTS[filters.sort].ordering}` : "";
  const [store, products, scorecard] = await Promise.all([
    api.must(api.get<ApiPublicStore>(`/stores/${path}/`, { auth: false })),
    api.get<Paged<ApiProduct>>(`/stores/${path}/products/?page=${page}&page_size=${PAGE_SIZE}${ordering}`, { auth: false }),
    api.get<ApiScorecard>(`/stores/${path}/scorecard/`, { auth: false }),
  ]);
  // A page past the end: the API answers 404 (as the catalogue does); show an empty page.
  const results = products.ok ? products.data : { count: store.products_count, next: null, previous: null, results: [] };
  const grid: GridPage = { products: results.results.map(toCard), page, hasNext: !!results.next };
  const canonical = new URL(`/shop/${path}`, siteOrigin(request));
  if (page > 1) canonical.searchParams.set("page", String(page));
  const words = store.description.split(/\s+/).filter(Boolean);
  const seo: Seo = {
    title: `${store.name}${page > 1 ? ` (page ${page})` : ""} | BuildMart NG`,
    description: words.length ? `${words.slice(0, 30).join(" ")}${words.length > 30 ? "…" : ""}` : `Shop ${store.name} on BuildMart NG.`,
    url: canonical.toString(),
    image: store.banner ?? store.logo ?? undefined,
  };
  const t = await requestT(request, "shop");
  const chips = filterChips(filters, `/shop/${path}`, t);
  const since = storeSince(store.created_at, t);
  return data({ store, scorecard: scorecard.ok ? scorecard.data : null, count: results.count, since, grid, meta: seoMeta(seo, request), filters, chips, sorts: sortOptions(false, filters.sort, t) }, { headers: await api.headers() });
}

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public", i18n: ["shop"] };

export const meta: MetaFunction<typeof loader> = routeMeta;

/** The active filters' chips: plain links, their code on demand (components/ui/island.tsx). */
const FilterChips = island(() => import("~/components/listing/filter-chips").then((m) => ({ default: m.FilterChips })));
/** Navigations fetch the chips' code with the data (ui/island.tsx). */
/** The store's record: server-rendered text, its code on demand too (issue 36; within the JS budget). */
const StoreScorecard = island(() => import("~/components/product/scorecard").then((m) => ({ default: m.StoreScorecard })));
export const clientLoader = islandsLoader(FilterChips, StoreScorecard);

export default function ShopRoute() {
  const { store, scorecard, count, since, grid, filters, chips, sorts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shop");
  const location = useLocation();
  const lite = useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
  const busy = useResultsUpdate();
  return (
    <main className="container-page py-4">
      <header className="overflow-hidden rounded-lg border border-gray-200 bg-white">
        {store.banner ? (
          <img src={store.banner} alt="" className="h-28 w-full object-cover sm:h-48" data-testid="store-banner" />
        ) : (
          <div aria-hidden className="h-16 w-full bg-gradient-to-r from-brand-50 to-orange-100 sm:h-24" />
        )}
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
          {store.logo ? (
            <img src={store.logo} alt={t("store.logoAlt", { name: store.name })} width={80} height={80} className="-mt-12 h-20 w-20 shrink-0 rounded-full border-4 border-white bg-white object-cover" data-testid="store-logo" />
          ) : (
            <span aria-hidden className="-mt-12 flex h-20 w-20 shrink-0 items-center justify-center rounded-full border-4 border-white bg-brand-50 text-2xl font-bold text-brand-700">
              {store.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold sm:text-2xl" data-testid="store-title">
              {store.name}
            </h1>
            <p className="text-sm text-gray-600">
              {t("store.since", { count, date: since })}
            </p>
            {store.description ? <p className="mt-2 whitespace-pre-line text-sm text-gray-800">{store.description}</p> : null}
            <StoreLinks store={store} />
            {scorecard ? <StoreScorecard card={scorecard} heading="h2" className="mt-3 rounded-md bg-gray-50 p-3" /> : null}
          </div>
        </div>
      </header>
      <section aria-labelledby="store-products" aria-busy={busy} className="mt-6 aria-busy:animate-pulse">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="store-products" className="text-lg font-semibold">
              {t("store.products")}
            </h2>
            <ResultCount count={count} />
          </div>
          <SortControl key={`sort-${location.search}`} action={location.pathname} filters={filters} options={sorts} />
        </div>
        <FilterChips chips={chips} clearHref={location.pathname} />
        {grid.products.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-gray-600">{t("store.noProduct")}</p>
        ) : (
          <ProductGrid key={`${location.pathname}?${filters.sort}#${grid.page}`} initial={grid} pathname={location.pathname} search={location.search} lite={lite} />
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
