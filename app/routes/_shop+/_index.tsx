/**
 * Home: banner slider (2 slides to the kitchen category), category side menu on md+, Featured (6)
 * and one row of 6 random published products per root category (spec sections 2 and 9).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { siteOrigin, toCard } from "~/storefront/catalog.server";
import { ProductScrollRow } from "~/components/listing/scroll-row";
import { routeMeta, seoMeta, type Seo } from "~/components/listing/seo";
import type { CardProduct } from "~/components/product-card";
import { Slider, type Slide } from "~/components/slider";
import type { loader as rootLoader } from "~/root";
import { useTranslation } from "~/i18n/react";
import { requestT } from "~/i18n/i18next.server";
import { apiFor } from "~/storefront/api.server";
import { loadCategoryTree } from "~/storefront/shell.server";
import type { ApiProduct, Paged } from "~/storefront/api-types";

export const HOME_SECTION_SIZE = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const categories = await loadCategoryTree(api);
  const [featured, ...sections] = await Promise.all([
    api.get<Paged<ApiProduct>>(`/products/?featured=true&page_size=${HOME_SECTION_SIZE}`, { auth: false }),
    ...categories.map((c) => api.get<ApiProduct[]>(`/products/categories/${c.id}/random_products/`, { auth: false })),
  ]);
  const origin = siteOrigin(request);
  const t = await requestT(request, "shop");
  const seo: Seo = {
    title: t("home.metaTitle"),
    description: t("home.metaDescription"),
    url: `${origin}/`,
  };
  return data(
    {
      featured: featured.ok ? featured.data.results.map(toCard) : [],
      sections: categories
        .map((c, i) => ({ id: c.id, name: c.name, slug: c.slug, products: sections[i].ok ? sections[i].data.map(toCard) : [] }))
        .filter((s) => s.products.length > 0),
      categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
      kitchen: categories.find((c) => c.slug === "kitchen")?.slug ?? categories.find((c) => /kitchen/i.test(c.name))?.slug ?? "all",
      meta: seoMeta(seo, request),
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

export default function Home() {
  const { featured, sections, categories, kitchen } = useLoaderData<typeof loader>();
  const lite = useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
  const { t } = useTranslation("shop");
  const slides: Slide[] = [
    {
      id: "slide-1",
      to: `/${kitchen}`,
      label: t("home.slide1Label"),
      className: "bg-gradient-to-r from-brand-700 to-brand-600",
      content: (
        <>
          <p className="text-sm uppercase tracking-wide">{t("home.slide1Kicker")}</p>
          <p className="mt-1 text-2xl font-extrabold sm:text-4xl">{t("home.slide1Title")}</p>
          <p className="mt-2 text-sm">{t("home.slide1Text")}</p>
        </>
      ),
    },
    {
      id: "slide-2",
      to: `/${kitchen}`,
      label: t("home.slide2Title"),
      className: "bg-gradient-to-r from-gray-900 to-gray-700",
      content: (
        <>
          <p className="text-sm uppercase tracking-wide">{t("home.slide2Kicker")}</p>
          <p className="mt-1 text-2xl font-extrabold sm:text-4xl">{t("home.slide2Title")}</p>
          <p className="mt-2 text-sm">{t("home.slide2Text")}</p>
        </>
      ),
    },
  ];
  return (
    <main className="container-page py-4">
      <h1 className="sr-only">{t("home.heading")}</h1>
      <div className="flex gap-4">
        <nav aria-label={t("home.shopByCategory")} className="hidden w-56 shrink-0 md:block">
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-gray-600">{t("home.categories")}</h2>
          <ul className="rounded-lg border border-gray-200 bg-white">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/${c.slug}`} className="block border-b border-gray-100 px-3 py-2 text-sm hover:bg-brand-50">
                  {c.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/all" className="block px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                {t("home.allProducts")}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Slider slides={slides} autoplay={!lite} />
          <ProductSection title={t("home.featured")} slug="featured" to="/featured?f=true" products={featured} lite={lite} eager />
          {sections.map((s) => (
            <ProductSection key={s.id} title={s.name} slug={s.slug} to={`/${s.slug}`} products={s.products} lite={lite} />
          ))}
        </div>
      </div>
    </main>
  );
}

function ProductSection({ title, slug, to, products, lite, eager = false }: { title: string; slug: string; to: string; products: CardProduct[]; lite: boolean; eager?: boolean }) {
  if (products.length === 0) return null;
  const { t } = useTranslation("shop");
  // From the English name (or the category's own), so the anchor is the same in every language.
  const id = `h-${slug.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section className="mt-6" aria-labelledby={id}>
      <div className="mb-2 flex items-baseline justify-between">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <Link to={to} className="text-sm font-semibold text-brand-700 hover:underline" aria-label={t("home.seeAllLabel", { title })}>
          {t("home.seeAll")}
        </Link>
      </div>
      <ProductScrollRow products={products} lite={lite} eager={eager} label={title} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
