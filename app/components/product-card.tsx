import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { memo } from "react";
import { formatNaira } from "~/domain/money";
import { useLiteAssets } from "~/ops/lite-assets";

export { imageUrl, toCard, type CardProduct } from "~/storefront/cards";
import { imageUrl, type CardProduct } from "~/storefront/cards";
import { stateName } from "~/domain/state-name";

/**
 * What the browser needs to pick a file for a card before layout (`sizes`): the slot's real width
 * per breakpoint, so a phone at 2x fetches 320w for a ~160 px card, not 640w.
 * - row: the home and "similar" scroll rows (w-40 / sm:w-48 in scroll-row.tsx);
 * - grid: the listing (2 columns on phones; 3 from md beside the 240 px filters; container 1280).
 *
 * Phones of 2.5x and more are served as if they were 2x (`PHONE_3X`): a card's 160 px slot takes
 * the 320w file, not 480w. Data is dear and a 3x phone shows a 2x card photo sharply enough.
 *
 * On phones the two-column slot is claimed 5% narrower than it is (`PHONE_SLACK`): the browser
 * takes the smallest file at least as wide as the slot in device pixels, so a card a few pixels
 * wider than 320 device px (a 412 px phone at 1.75x: 186 px, 326 device px) would fetch 480w,
 * 2.25x the pixels (1.6x the bytes of the demo images), to show 2% more detail. A file up to 5%
 * short is scaled up by an amount nobody sees; the listing's first row, the LCP image among
 * them, then loads that much sooner (Lighthouse's phone: 62 KB of listing images, not 96 KB).
 */
const PHONE_3X = "(max-width: 639px) and (min-resolution: 2.5dppx)";
const PHONE_SLACK = 0.95;
/** A phone's two-column slot, as `sizes` ends: the 3x phone's and every other phone's. */
const PHONE_HALF = `${PHONE_3X} calc((50vw - 20px) / 1.6), calc((50vw - 20px) * ${PHONE_SLACK})`;
export const CARD_SIZES = {
  row: `(min-width: 640px) 192px, ${PHONE_3X} 100px, 160px`,
  grid: `(min-width: 1280px) 312px, (min-width: 768px) calc((100vw - 340px) / 3), ${PHONE_HALF}`,
  account: `(min-width: 1280px) 300px, (min-width: 640px) 25vw, ${PHONE_HALF}`,
} as const;
export type CardSlot = keyof typeof CARD_SIZES;
export const CARD_WIDTHS = [160, 320, 480, 640];

export function imageSrcSet(url: string, widths: number[] = CARD_WIDTHS): string {
  const sep = url.includes("?") ? "&" : "?";
  return widths.map((w) => `${url}${sep}w=${w} ${w}w`).join(", ");
}

export function ResponsiveImage({
  url,
  alt,
  sizes,
  eager = false,
  priority = false,
  className = "",
  width = 640,
  height = 640,
  widths,
  phoneWidths,
  lite = false,
}: {
  url: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  /** The page's LCP image: loaded at once and at high priority (implies eager). */
  priority?: boolean;
  className?: string;
  width?: number;
  height?: number;
  widths?: number[];
  /** Widths offered below 768 px (a phone never needs the largest file: ~3 device px per px at most). */
  phoneWidths?: number[];
  lite?: boolean;
}) {
  const sep = url.includes("?") ? "&" : "?";
  const list = widths;
  const src = `${url}${sep}w=${lite ? 160 : 320}`;
  // A lite page's LCP image comes inside the HTML when small (~/ops/lite-assets): no second connection.
  const assets = useLiteAssets();
  const inline = lite && priority ? assets?.image(src) : undefined;
  const img = (
    <img
      src={inline ?? src}
      // Lite pages offer one width, the `src` itself: no srcset (nor sizes) to weigh the HTML down.
      srcSet={inline || lite ? undefined : imageSrcSet(url, list)}
      sizes={inline || lite ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      decoding="async"
      // React 18 passes the lowercase attribute through (it does not know fetchPriority yet). A lite
      // page's other images are low: its first paint (the LCP image inline) needs none of them.
      {...(priority ? { fetchpriority: "high" } : lite ? { fetchpriority: "low" } : {})}
      className={className}
    />
  );
  if (lite || !phoneWidths) return img;
  return (
    <picture className="contents">
      <source media="(max-width: 767px)" srcSet={imageSrcSet(url, phoneWidths)} sizes={sizes} />
      {img}
    </picture>
  );
}

/** /{category slug}/{id} when the category is known, else /products/{id}. */
export function productPath(p: { id: number; category_slug?: string }) {
  return p.category_slug ? `/${p.category_slug}/${p.id}` : `/products/${p.id}`;
}

/**
 * Memoised: a grid or row that re-renders (the listing appending a page, a row's arrows after
 * hydration) leaves the cards it already shows alone, instead of re-rendering every card in one
 * task that React does not split.
 */
export const ProductCard = memo(function ProductCard({
  product,
  slot,
  eager = false,
  priority = false,
  lite = false,
}: {
  product: CardProduct;
  slot: CardSlot;
  eager?: boolean;
  priority?: boolean;
  lite?: boolean;
}) {
  const discounted = product.price > product.selling_price;
  const { t } = useTranslation();
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <Link to={productPath(product)} className="flex h-full flex-col" prefetch="intent">
        <div className="aspect-square w-full overflow-hidden bg-gray-100">
          <ResponsiveImage
            url={imageUrl(product.images[0])}
            alt={product.name}
            sizes={CARD_SIZES[slot]}
            eager={eager}
            priority={priority}
            lite={lite}
            className="h-full w-full object-cover transition group-hover:scale-105"
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
          <h3 className="line-clamp-2 text-sm font-medium text-gray-900">{product.name}</h3>
          <p className="mt-auto text-base font-bold text-ink" data-testid="card-price" data-price={product.selling_price}>
            {formatNaira(product.selling_price)}
            {product.unit ? (
              <span className="text-xs font-normal text-gray-600" data-testid="card-unit">
                {" "}
                {t(`units.per_${product.unit}`)}
              </span>
            ) : null}
            {product.type === "rent" ? <span className="text-xs font-normal text-gray-500"> {t("card.rent")}</span> : null}
          </p>
          {discounted ? <p className="text-xs text-gray-500 line-through">{formatNaira(product.price)}</p> : null}
          {product.store_state ? (
            <p className="truncate text-xs text-gray-600" data-testid="card-state" data-state={product.store_state}>
              {t("card.from", { state: stateName(product.store_state) })}
            </p>
          ) : null}
        </div>
      </Link>
    </article>
  );
});
