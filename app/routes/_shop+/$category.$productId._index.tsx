/**
 * Product page: /{category}/{productId} and /products/{productId}. Gallery, name, price in naira,
 * type, category, description collapsed at 50 words, the 3 most recent reviews, Similar Advert
 * row, Buy Now / Add to Cart forms and (signed in) the wishlist heart. SEO: canonical, OpenGraph
 * with a JPEG image for link previews, JSON-LD Product with an NGN offer.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { PurchaseForms } from "~/components/product/purchase";
import { island, islandsLoader } from "~/components/ui/island";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Breadcrumb } from "~/components/listing/breadcrumb";
import { loadProductForRoute, productCanonicalPath, siteOrigin } from "~/storefront/catalog.server";
import { ProductScrollRow } from "~/components/listing/scroll-row";
import { excerpt, seoMeta, type Seo } from "~/components/listing/seo";
import { Description } from "~/components/product/description";
import { ReviewItem } from "~/components/product/reviews";
import { imageUrl, toCard } from "~/components/product-card";
import { Stars } from "~/components/ui/stars";
import { formatNaira } from "~/domain/money";
import type { loader as rootLoader } from "~/root";
import { apiFor } from "~/storefront/api.server";
import { loadWishlistProductIds } from "~/storefront/wishlist.server";
import type { ApiProduct, ApiReview, ApiReviewSummary, Paged } from "~/storefront/api-types";

export const PRODUCT_PAGE_REVIEWS = 3;
/**
 * On demand (components/ui/island.tsx): the gallery's script only follows thumbnail clicks and the
 * strip's scrolling (its HTML, the LCP image included, is the server's: thumbnails are anchors);
 * the wishlist heart is signed in only and idle until clicked.
 */
const Gallery = island(() => import("~/components/product/gallery").then((m) => ({ default: m.Gallery })));
const WishlistHeart = island(() => import("~/components/wishlist-heart").then((m) => ({ default: m.WishlistHeart })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(Gallery, WishlistHeart);
/** brand-700 keeps white text above 4.5:1 (brand-600 is 3.6:1). */
const PRIMARY = "btn w-full bg-brand-700 text-white hover:bg-orange-800";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const { product, path } = await loadProductForRoute(api, params);
  const [reviews, summary, similar, wishlist] = await Promise.all([
    api.get<Paged<ApiReview>>(`/reviews/products/${product.id}/?page_size=${PRODUCT_PAGE_REVIEWS}`, { auth: false }),
    api.get<ApiReviewSummary>(`/reviews/products/${product.id}/summary/`, { auth: false }),
    api.get<ApiProduct[]>(`/products/categories/${product.category_id}/random_products/?exclude=${product.id}`, { auth: false }),
    api.user ? loadWishlistProductIds(api) : Promise.resolve([] as number[]),
  ]);
  const origin = siteOrigin(request);
  const url = `${origin}${productCanonicalPath(product)}`;
  const images = product.images.map(imageUrl).filter(Boolean);
  const ogImage = images[0] ? `${images[0]}${images[0].includes("?") ? "&" : "?"}w=640&format=jpeg` : undefined;
  const price = formatNaira(product.selling_price);
  const sum = summary.ok ? summary.data : { count: 0, average: 0, counts: {} };
  const seo: Seo = {
    title: `${product.name} — ${price}${product.type === "rent" ? " (rent)" : ""} | BuildMart NG`,
    description: `${price}. ${excerpt(product.description, 140)}`,
    url,
    image: ogImage,
    imageAlt: product.name,
    type: "product",
    extra: { "product:price:amount": String(product.selling_price), "product:price:currency": "NGN" },
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: excerpt(product.description, 500),
      image: images.map((i) => `${i}${i.includes("?") ? "&" : "?"}w=1280&format=jpeg`),
      sku: String(product.id),
      category: product.category_name,
      ...(product.store_name ? { brand: { "@type": "Brand", name: product.store_name } } : {}),
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: "NGN",
        price: product.selling_price.toFixed(2),
        availability: product.in_stock === false ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        ...(product.store_name ? { seller: { "@type": "Organization", name: product.store_name } } : {}),
      },
      ...(sum.count > 0 ? { aggregateRating: { "@type": "AggregateRating", ratingValue: sum.average, reviewCount: sum.count } } : {}),
    },
  };
  return data(
    {
      product,
      images,
      crumbs: [...path.map((c) => ({ label: c.name, to: `/${c.slug}` })), { label: product.name }],
      // The spec shows the most recent reviews reversed (oldest of the three first).
      reviews: reviews.ok ? [...reviews.data.results].reverse() : [],
      summary: sum,
      similar: similar.ok ? similar.data.map(toCard) : [],
      signedIn: !!api.user,
      inWishlist: wishlist.includes(product.id),
      seo,
    },
    { headers: await api.headers() },
  );
}

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public" };

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function ProductRoute() {
  const d = useLoaderData<typeof loader>();
  const { product: p } = d;
  const location = useLocation();
  const lite = useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
  const base = location.pathname.replace(/\/$/, "");
  const discounted = p.price > p.selling_price;
  return (
    <main className="container-page py-4">
      <Breadcrumb crumbs={d.crumbs} />
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <Gallery images={d.images} name={p.name} lite={lite} />
        <div>
          <div className="flex items-start justify-between gap-2">
            <h1 className="text-xl font-bold sm:text-2xl">{p.name}</h1>
            {d.signedIn ? <WishlistHeart productId={p.id} inWishlist={d.inWishlist} /> : null}
          </div>
          {d.summary.count > 0 ? (
            <a href={`${base}/reviews`} className="mt-1 inline-flex items-center gap-2 text-sm text-gray-600 hover:underline">
              <Stars value={d.summary.average} /> {d.summary.average.toFixed(1)} ({d.summary.count} reviews)
            </a>
          ) : null}
          <p className="mt-3 text-3xl font-extrabold" data-testid="price">
            {formatNaira(p.selling_price)}
            {p.type === "rent" ? <span className="text-base font-normal text-gray-600"> rent</span> : null}
          </p>
          {discounted ? <p className="text-sm text-gray-500 line-through">{formatNaira(p.price)}</p> : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600">Type</dt>
            <dd className="font-medium">{p.type === "rent" ? "For rent" : "For sale"}</dd>
            <dt className="text-gray-600">Category</dt>
            <dd>
              <Link to={`/${p.category_slug}`} className="font-medium text-brand-700 hover:underline">
                {p.category_name}
              </Link>
            </dd>
            {p.store_name ? (
              <>
                <dt className="text-gray-600">Sold by</dt>
                <dd className="font-medium">
                  {p.store_slug ? (
                    <Link to={`/shop/${encodeURIComponent(p.store_slug)}`} className="text-brand-700 hover:underline" data-testid="sold-by">
                      {p.store_name}
                    </Link>
                  ) : (
                    p.store_name
                  )}
                  {p.store_verified ? (
                    <span className="ml-2 inline-block rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800" data-testid="verified-seller">
                      ✓ Verified seller
                    </span>
                  ) : null}
                </dd>
              </>
            ) : null}
          </dl>
          <PurchaseForms productId={p.id} options={p.options} addClassName={PRIMARY} />
          <section className="mt-6" aria-labelledby="desc-h">
            <h2 id="desc-h" className="mb-1 text-lg font-bold">
              Description
            </h2>
            <Description text={p.description} />
          </section>
        </div>
      </div>

      <section className="mt-8 rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="reviews-h">
        <div className="flex items-baseline justify-between">
          <h2 id="reviews-h" className="text-lg font-bold">
            Reviews
          </h2>
          {d.summary.count > 0 ? (
            <span className="text-sm text-gray-600">
              {d.summary.average.toFixed(1)} out of 5 · {d.summary.count} {d.summary.count === 1 ? "review" : "reviews"}
            </span>
          ) : null}
        </div>
        {d.reviews.length ? (
          <ul>
            {d.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">No reviews yet.</p>
        )}
        <Link to={`${base}/reviews`} className="btn-outline mt-3">
          Load More
        </Link>
      </section>

      {d.similar.length ? (
        <section className="mt-8" aria-labelledby="similar-h">
          <h2 id="similar-h" className="mb-2 text-lg font-bold">
            Similar Advert
          </h2>
          <ProductScrollRow products={d.similar} lite={lite} label="Similar adverts" />
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
