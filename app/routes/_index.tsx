import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ProductCard, type CardProduct } from "~/components/product-card";
import { apiFor } from "~/storefront/api.server";
import { loadCategoryTree } from "~/storefront/shell.server";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: "BuildMart NG — building materials, services and electronics in Nigeria" },
  { name: "description", content: "Cement, roofing, tiles, generators, artisans and trucks from vendors across Nigeria. Pay by card or on delivery." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  const categories = await loadCategoryTree(api);
  const [featured, ...sections] = await Promise.all([
    api.get<{ results: CardProduct[] }>("/products/?featured=true&page_size=6", { auth: false }),
    ...categories.map((c) => api.get<CardProduct[]>(`/products/categories/${c.id}/random_products/`, { auth: false })),
  ]);
  return data(
    {
      featured: featured.ok ? featured.data.results : [],
      sections: categories
        .map((c, i) => ({ id: c.id, name: c.name, slug: c.slug, products: sections[i].ok ? sections[i].data : [] }))
        .filter((s) => s.products.length > 0),
      categories,
      kitchen: categories.find((c) => c.slug === "kitchen")?.slug ?? categories[0]?.slug ?? "all",
    },
    { headers: await api.headers() },
  );
}

export default function Home() {
  const { featured, sections, categories, kitchen } = useLoaderData<typeof loader>();
  const lite = useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
  return (
    <main className="container-page py-4">
      <div className="flex gap-4">
        <nav aria-label="Shop by category" className="hidden w-56 shrink-0 md:block">
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-gray-500">Categories</h2>
          <ul className="rounded-lg border border-gray-200 bg-white">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/${c.slug}`} className="block border-b border-gray-100 px-3 py-2 text-sm hover:bg-brand-50">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <section aria-label="Promotions" className="scroll-row" id="home-slider">
            <Link
              to={`/${kitchen}`}
              id="slide-1"
              className="relative flex min-h-40 w-full shrink-0 snap-start flex-col justify-center rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white sm:min-h-56"
            >
              <p className="text-sm uppercase tracking-wide">Kitchen week</p>
              <p className="mt-1 text-2xl font-extrabold sm:text-4xl">Cabinets, sinks and cookers</p>
              <p className="mt-2 text-sm">From trusted vendors. Pay on delivery.</p>
            </Link>
            <Link
              to={`/${kitchen}`}
              id="slide-2"
              className="relative flex min-h-40 w-full shrink-0 snap-start flex-col justify-center rounded-xl bg-gradient-to-r from-gray-900 to-gray-700 p-6 text-white sm:min-h-56"
            >
              <p className="text-sm uppercase tracking-wide">New kitchen, new home</p>
              <p className="mt-1 text-2xl font-extrabold sm:text-4xl">Fit your kitchen for less</p>
              <p className="mt-2 text-sm">Shop appliances and fittings</p>
            </Link>
          </section>
          <ProductSection title="Featured" to="/featured?f=true" products={featured} lite={lite} eager />
          {sections.map((s) => (
            <ProductSection key={s.id} title={s.name} to={`/${s.slug}`} products={s.products} lite={lite} />
          ))}
        </div>
      </div>
    </main>
  );
}

function ProductSection({
  title,
  to,
  products,
  lite,
  eager = false,
}: {
  title: string;
  to: string;
  products: CardProduct[];
  lite: boolean;
  eager?: boolean;
}) {
  if (products.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby={`h-${title}`}>
      <div className="mb-2 flex items-baseline justify-between">
        <h2 id={`h-${title}`} className="text-lg font-bold">
          {title}
        </h2>
        <Link to={to} className="text-sm font-semibold text-brand-700 hover:underline">
          See all
        </Link>
      </div>
      <ul className="scroll-row">
        {products.map((p, i) => (
          <li key={p.id} className="w-40 shrink-0 snap-start sm:w-48">
            <ProductCard product={p} lite={lite} eager={eager && i < 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}
