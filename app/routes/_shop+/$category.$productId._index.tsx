/**
 * Product page: /{category}/{productId} and /products/{productId}. Gallery, name, price in naira,
 * stock state ("Only N left" under 10), a typed quantity with Add to Cart / Buy Now, the delivery
 * promise with its state picker (POST intent=delivery-state here: storefront/delivery.server.ts),
 * type, category, the seller block, share links, description collapsed at 50 words, the 3 most
 * recent reviews, the Similar items row and (signed in) the wishlist heart. SEO: canonical,
 * OpenGraph with a JPEG image for link previews, JSON-LD Product with an NGN offer.
 *
 * Phone first: at 360x640 the first screen holds a one-line breadcrumb, the name, price,
 * stock state and the quantity with Add to Cart; the photos follow (from md they sit on the left).
 */
import { useTranslation } from "~/i18n/react";
import { requestT } from "~/i18n/i18next.server";
import { isDivisible } from "~/domain/units";
import { quantityMessage, typedQtyParam } from "~/storefront/cart.server";
import { MinimumNote, PriceLadder, UnitNote } from "~/components/product/trade";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { ApiScorecard } from "~/api/stores/schemas";
import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { defaultOptionId, shownPrice } from "~/domain/option-price";
import { PurchaseForms } from "~/components/product/purchase";
import { CertificateLine } from "~/components/product/certificate";
import { usePersonal } from "~/components/personal";
import { island, islandsLoader } from "~/components/ui/island";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Breadcrumb, type Crumb } from "~/components/listing/breadcrumb";
import { imageUrl, loadProductForRoute, productCanonicalPath, siteOrigin, toCard } from "~/storefront/catalog.server";
import { excerpt, routeMeta, seoMeta, type Seo } from "~/components/listing/seo";
import { Stars } from "~/components/ui/stars";
import { formatNaira } from "~/domain/money";
import { isBulkItem, stockState } from "~/domain/cart";
import type { loader as rootLoader } from "~/root";
import { apiFor } from "~/storefront/api.server";
import { deliveryStateFor, productDeliveryQuote, setDeliveryState } from "~/storefront/delivery.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";
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
/**
 * The delivery promise is a sentence and a state picker (a plain POST until its code is here); the
 * parts under the buy box (type, category, seller, share links, description, reviews, Similar
 * items) are links and text: the server's HTML serves them until the first interaction.
 */
const DeliveryPromise = island(() => import("~/components/product/delivery-promise").then((m) => ({ default: m.DeliveryPromise })));
const ProductAbout = island(() => import("~/components/product/page-parts").then((m) => ({ default: m.ProductAbout })));
const ProductBelow = island(() => import("~/components/product/page-parts").then((m) => ({ default: m.ProductBelow })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(Gallery, WishlistHeart, DeliveryPromise, ProductAbout, ProductBelow, Breadcrumb);
/** brand-700 keeps white text above 4.5:1 (brand-600 is 3.6:1). */
const PRIMARY = "btn h-11 w-full bg-brand-700 text-white hover:bg-orange-800";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const { product, path } = await loadProductForRoute(api, params);
  const sellerSlug = product.seller?.slug;
  const [reviews, summary, similar, wishlist, delivery, scorecard] = await Promise.all([
    api.get<Paged<ApiReview>>(`/reviews/products/${product.id}/?page_size=${PRODUCT_PAGE_REVIEWS}`, { auth: false }),
    api.get<ApiReviewSummary>(`/reviews/products/${product.id}/summary/`, { auth: false }),
    api.get<ApiProduct[]>(`/products/categories/${product.category_id}/random_products/?exclude=${product.id}`, { auth: false }),
    api.user ? loadWishlistProductIds(api) : Promise.resolve([] as number[]),
    deliveryStateFor(api, request).then(async (d) => ({ ...d, quote: await productDeliveryQuote(api, product.id, d.state) })),
    sellerSlug ? api.get<ApiScorecard>(`/stores/${encodeURIComponent(sellerSlug)}/scorecard/`, { auth: false }) : null,
  ]);
  const origin = siteOrigin(request);
  const url = `${origin}${productCanonicalPath(product)}`;
  const rawQty = new URL(request.url).searchParams.get("qty");
  const typed = typedQtyParam(rawQty);
  const images = product.images.map(imageUrl).filter(Boolean);
  const ogImage = images[0] ? `${images[0]}${images[0].includes("?") ? "&" : "?"}w=640&format=jpeg` : undefined;
  const price = formatNaira(product.selling_price);
  const sum = summary.ok ? summary.data : { count: 0, average: 0, counts: {} };
  const t = await requestT(request, "shop");
  const seo: Seo = {
    title: `${product.name} — ${price}${product.type === "rent" ? ` (${t("card.rent", { ns: "common" })})` : ""} | BuildMart NG`,
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
      delivery,
      scorecard: scorecard?.ok ? scorecard.data : null,
      shareUrl: url,
      meta: seoMeta(seo, request),
      // Issue 34: a quantity the cart refused without JavaScript comes back as ?qty= (nothing typed
      // is lost) with its message next to the field, in the reader's language.
      typedQty: typed,
      qtyError: typed === null ? null : await quantityMessage(request, typed, product),
    },
    { headers: await api.headers() },
  );
}

/**
 * The delivery promise's state picker: POST intent=delivery-state, deliveryState=<state> → the
 * state remembered in a cookie, 303 back to this page (works without JavaScript).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "delivery-state") throw unknownIntent();
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return setDeliveryState(form, url.pathname + url.search);
}

/**
 * Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). The
 * delivery promise is the visitor's own once they pick a state: that cookie is a personal one, so
 * such pages are never shared by browsers or CDNs; without it every visitor sees the same default
 * (Lagos). The page cache keeps it per delivery state, and gives it to visitors with a cart or
 * signed in with the heart and the header filled in for them (`personal`: ~/components/personal).
 */
export const handle = { cache: "public", i18n: ["shop"], personal: "marked" };

export const meta: MetaFunction<typeof loader> = routeMeta;

export default function ProductRoute() {
  const d = useLoaderData<typeof loader>();
  const { product: p } = d;
  const location = useLocation();
  const lite = useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
  const { t } = useTranslation("shop");
  // The heart is the shopper's own (~/components/personal): a shared page fills it per visitor.
  const own = usePersonal({ wishlist: d.inWishlist ? [p.id] : [] });
  const base = location.pathname.replace(/\/$/, "");
  // The headline is what the cart charges: the chosen option's price (?option= on the page, or
  // the one all options share), the range of the options' prices before a choice; with
  // JavaScript it follows the radio buttons.
  const asked = Number(new URLSearchParams(location.search).get("option"));
  const initial = p.options?.find((o) => o.id === asked && o.in_stock)?.id ?? defaultOptionId(p.options ?? []);
  const [chosen, setChosen] = useState<number | null>(initial);
  const headline = shownPrice(p.selling_price, p.options, chosen);
  const discounted = headline.kind === "one" && headline.price === p.selling_price && p.price > p.selling_price;
  const stock = stockState(p.stock_quantity);
  // The ladder shown is the chosen option's (an option has its own), else the product's.
  const option = p.options?.find((o) => o.id === chosen);
  const chosenTrade = option ? { ...p, price_tiers: option.price_tiers } : p;
  // Phones get the one crumb above this product (the full trail from sm).
  const crumbs: Crumb[] = d.crumbs;
  const parent = crumbs.length > 1 ? crumbs[crumbs.length - 2] : null;
  return (
    <main className="container-page py-2 sm:py-4">
      <div className="hidden sm:block">
        <Breadcrumb crumbs={d.crumbs} />
      </div>
      {parent?.to ? (
        <nav aria-label={t("listing.breadcrumb")} className="truncate text-sm text-gray-600 sm:hidden">
          <Link to={parent.to} className="hover:text-brand-700 hover:underline">
            ‹ {parent.label}
          </Link>
        </nav>
      ) : null}
      <div className="mt-1 grid gap-4 sm:mt-4 md:grid-cols-2 md:gap-6">
        <div className="md:col-start-2 md:row-start-1" data-testid="buy-box">
          <div className="flex items-start justify-between gap-2">
            <h1 className="text-lg font-bold leading-snug sm:text-2xl">{p.name}</h1>
            {own.cases(
              "heart",
              {
                none: () => null,
                on: () => <WishlistHeart productId={p.id} inWishlist />,
                off: () => <WishlistHeart productId={p.id} inWishlist={false} />,
              },
              p.id,
            )}
          </div>
          {d.summary.count > 0 ? (
            <a href={`${base}/reviews`} className="mt-0.5 inline-flex items-center gap-2 text-sm text-gray-600 hover:underline">
              <Stars value={d.summary.average} /> {d.summary.average.toFixed(1)} ({t("product.reviewCount", { count: d.summary.count })})
            </a>
          ) : null}
          <div className="mt-1 flex flex-wrap items-baseline gap-x-3">
            <p className="text-2xl font-extrabold sm:text-3xl" data-testid="price">
              {headline.kind === "one" ? formatNaira(headline.price) : t("product.priceRange", { min: formatNaira(headline.min), max: formatNaira(headline.max) })}
              {p.type === "rent" ? <span className="text-base font-normal text-gray-600"> {t("card.rent", { ns: "common" })}</span> : <UnitNote trade={p} />}
            </p>
            {discounted ? <p className="text-sm text-gray-500 line-through">{formatNaira(p.price)}</p> : null}
            {headline.kind === "range" ? <p className="w-full text-sm text-gray-600">{t("product.priceRangeNote")}</p> : null}
            <p
              className={`text-sm font-semibold ${stock.kind === "out" ? "text-red-700" : stock.kind === "few" ? "text-amber-800" : "text-green-800"}`}
              data-testid="stock-state"
            >
              {stock.kind === "few" ? t("product.stockFew", { count: p.stock_quantity }) : t(`product.stock_${stock.kind}`)}
            </p>
          </div>
          <CertificateLine certificate={p.certificate} reportPath={`${base}/report-certificate`} />
          <MinimumNote trade={p} />
          {headline.kind === "one" ? <PriceLadder trade={chosenTrade} singlePrice={headline.price} /> : null}
          <PurchaseForms
            productId={p.id}
            options={p.options}
            addClassName={PRIMARY}
            stock={p.stock_quantity}
            bulk={isBulkItem(p) || p.min_quantity > 1}
            chosen={initial}
            onChoose={setChosen}
            quantity={{ initial: d.typedQty ?? p.min_quantity, decimals: isDivisible(p.unit), error: d.qtyError }}
          />
          {/* Bulk quotes (issue 35): a plain link; the quote page asks a signed-out visitor to sign in. */}
          <p className="text-sm">
            <a href={`/users/quotes/new?product=${p.id}${chosen ? `&option=${chosen}` : ""}`} className="font-semibold text-brand-700 hover:underline" data-testid="ask-bulk-price">
              {t("product.askBulkPrice")}
            </a>{" "}
            <span className="text-gray-700">{t("product.askBulkHint")}</span>
          </p>
          <DeliveryPromise data={d.delivery} />
        </div>
        <div className="md:col-start-1 md:row-span-2 md:row-start-1">
          <Gallery images={d.images} name={p.name} lite={lite} />
        </div>
        <div className="md:col-start-2 md:row-start-2">
          <ProductAbout
            type={p.type}
            categoryName={p.category_name}
            categorySlug={p.category_slug}
            seller={p.seller}
            scorecard={d.scorecard}
            name={p.name}
            shareUrl={d.shareUrl}
            description={p.description}
          />
        </div>
      </div>

      <ProductBelow base={base} reviews={d.reviews} summary={d.summary} similar={d.similar} lite={lite} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
