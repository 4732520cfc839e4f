/**
 * Listings: /{category} (slug or URL-encoded name), /all, /featured?f=true, /products and
 * /products/?search=. Breadcrumb, filter sidebar (GET form: price, type, the sellers' states),
 * sort (newest, price both ways, most popular, best rated; best match when searching), the
 * active filters as chips with remove links, the result count, 3-column grid with Previous/Next
 * links and, with JavaScript, infinite scroll. Unknown category: a real 404.
 */
import { useTranslation } from "~/i18n/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumb, type Crumb } from "~/components/listing/breadcrumb";
import { SPECIAL_LISTINGS, apiListingQuery, categoryPath, filterChips, findCategory, hasFilters, loadCategories, parseFilters, siteOrigin, sortOptions, toCard } from "~/storefront/catalog.server";
import { FilterFields, FilterSidebar, type FacetCategory } from "~/components/listing/filters";
import { SortControl } from "~/components/listing/listing-controls";
import { ProductGrid, type GridPage } from "~/components/listing/product-grid";
import { ResultCount } from "~/components/listing/result-count";
import { useResultsUpdate } from "~/components/listing/results-update";
import { routeMeta, seoMeta, type Seo } from "~/components/listing/seo";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { FilterIcon } from "~/components/ui/icons";
import type { loader as rootLoader } from "~/root";
import { apiFor } from "~/storefront/api.server";
import type { ApiProductPage } from "~/storefront/api-types";
import { requestT } from "~/i18n/i18next.server";
import { groupDigits } from "~/domain/money";

export const PAGE_SIZE = 24;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const url = new URL(request.url);
  const param = (params.category ?? "").toLowerCase();
  const filters = parseFilters(url.searchParams);
  // The header sends the term as typed; the results URL carries it lower-cased (spec section 2).
  const rawSearch = url.searchParams.get("search");
  if (rawSearch && rawSearch !== rawSearch.trim().toLowerCase()) {
    url.searchParams.set("search", rawSearch.trim().toLowerCase());
    throw redirect(`${url.pathname}?${url.searchParams.toString()}`, { status: 302 });
  }
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const all = await loadCategories(api);
  const special = SPECIAL_LISTINGS[param];
  const category = special ? null : findCategory(all, decodeURIComponent(params.category ?? ""));
  if (!special && !category) throw new Response("Not Found", { status: 404 });
  const featured = special?.featured || ["true", "1"].includes(url.searchParams.get("f") ?? "");

  const r = await api.get<ApiProductPage>(
    `/products/?${apiListingQuery(filters, { categoryId: category?.id, featured, page, pageSize: PAGE_SIZE })}`,
    { auth: false },
  );
  // A page past the end is an empty page with a way back, not an error.
  const results = r.ok ? r.data : { count: 0, next: null, results: [] };
  // More products match than the search ranks: the count reads "1,000+".
  const countEstimated = r.ok && r.data.count_estimated === true;
  if (!r.ok && r.status !== 404) throw new Response("Catalogue unavailable", { status: 502 });

  const t = await requestT(request, "shop");
  const specialTitle = special ? t(`listing.special.${param}`) : "";
  const path = category ? categoryPath(all, category) : [];
  const crumbs: Crumb[] = path.map((c) => ({ label: c.name, to: `/${c.slug}` }));
  let title = category?.name ?? specialTitle;
  if (filters.search) {
    if (!category) crumbs.push({ label: t("listing.special.products"), to: "/products" });
    crumbs.push({ label: `“${filters.search}”` });
    title = category ? t("listing.resultsIn", { search: filters.search, category: category.name }) : t("listing.results", { search: filters.search });
  } else if (!category) crumbs.push({ label: specialTitle });
  else if (featured) crumbs.push({ label: t("listing.special.featured") });

  // Category filter: the children of this category, or its siblings for a leaf, or the roots.
  const children = category ? all.filter((c) => c.parent === category.id) : [];
  const facetSource = category ? (children.length ? children : all.filter((c) => c.parent === category.parent)) : all.filter((c) => c.parent === null);
  const facets: FacetCategory[] = facetSource.map((c) => ({ id: c.id, name: c.name, slug: c.slug, current: c.id === category?.id }));

  const origin = siteOrigin(request);
  const canonicalPath = `/${category ? category.slug : param}`;
  const canonical = new URL(canonicalPath, origin);
  if (filters.search) canonical.searchParams.set("search", filters.search);
  if (featured && !special?.featured) canonical.searchParams.set("f", "true");
  if (page > 1) canonical.searchParams.set("page", String(page));
  const seo: Seo = {
    title: `${page > 1 ? t("listing.titlePage", { title, page }) : title} | BuildMart NG`,
    description: filters.search
      ? t("listing.metaSearch", { count: results.count, n: `${groupDigits(results.count)}${countEstimated ? "+" : ""}`, search: filters.search })
      : t("listing.metaCategory", { count: results.count, title: title.toLowerCase() }),
    url: canonical.toString(),
    // Filtered and searched variants should not compete with the plain listing in search engines.
    noindex: !!filters.search || hasFilters(filters),
  };
  const grid: GridPage = { products: results.results.map(toCard), page, hasNext: !!results.next };
  const listPath = `/${category ? category.slug : param}`;
  // The category is the page itself (title and breadcrumb): the chips are the filters on it.
  const chips = filterChips(filters, listPath, t);
  return data(
    {
      title,
      crumbs,
      filters,
      facets,
      facetHeading: category && children.length ? category.name : category ? t("listing.relatedCategories") : t("listing.categories"),
      count: results.count,
      countEstimated,
      grid,
      meta: seoMeta(seo, request),
      chips,
      sorts: sortOptions(!!filters.search, filters.sort, t),
      clearHref: listPath,
    },
    { headers: await api.headers() },
  );
}

/**
 * Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server); the
 * page cache gives it to visitors with a cart or signed in too, with the header's parts filled in
 * for them (`personal`: nothing else on it is the visitor's; ~/components/personal).
 */
export const handle = { cache: "public", i18n: ["shop"], personal: "marked" };

export const meta: MetaFunction<typeof loader> = routeMeta;

/** The active filters' chips: plain links, their code on demand (components/ui/island.tsx). */
const FilterChips = island(() => import("~/components/listing/filter-chips").then((m) => ({ default: m.FilterChips })));
/** Navigations fetch the filter fields', the breadcrumb's and the chips' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(FilterFields, Breadcrumb, FilterChips);

export default function ListingRoute() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const lite = useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
  const { t } = useTranslation("shop");
  const query = new URLSearchParams(location.search);
  query.delete("page");
  query.delete("index");
  const gridKey = `${location.pathname}?${query.toString()}#${d.grid.page}`;
  const busy = useResultsUpdate();
  return (
    <main className="container-page py-4">
      <Breadcrumb crumbs={d.crumbs} />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold sm:text-2xl">{d.title}</h1>
          <ResultCount count={d.count} estimated={d.countEstimated} />
        </div>
        <SortControl key={`sort-${location.search}`} action={location.pathname} filters={d.filters} options={d.sorts} />
      </div>
      <FilterChips chips={d.chips} clearHref={d.clearHref} />
      <div className="mt-4 md:flex md:items-start md:gap-6">
        <input id="filters-toggle" type="checkbox" className="peer sr-only md:hidden" aria-controls="filters-panel" />
        <label
          htmlFor="filters-toggle"
          className="btn-outline mb-3 w-full peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 md:hidden"
        >
          <FilterIcon /> {t("listing.filters")}
        </label>
        <aside
          id="filters-panel"
          aria-label={t("listing.filters")}
          className="mb-4 hidden rounded-lg border border-gray-200 bg-white p-4 peer-checked:block md:sticky md:top-20 md:block md:w-60 md:shrink-0"
        >
          <FilterSidebar key={`${location.pathname}?${query.toString()}`} action={location.pathname} filters={d.filters} categories={d.facets} categoryHeading={d.facetHeading} />
        </aside>
        <section aria-labelledby="results-heading" aria-busy={busy} className="min-w-0 flex-1 aria-busy:animate-pulse">
          {/* The cards' names are h3s: this names their section, so the outline has no gap (h1 → h2 → h3). */}
          <h2 id="results-heading" className="sr-only">
            {t("listing.resultsLabel")}
          </h2>
          {d.grid.products.length === 0 ? (
            <div className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center">
              <p className="text-lg font-bold">{t("listing.noResults")}</p>
              <p className="mt-1 text-gray-600">{t("listing.noResultsText")}</p>
            </div>
          ) : (
            <ProductGrid key={gridKey} initial={d.grid} pathname={location.pathname} search={location.search} lite={lite} />
          )}
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
