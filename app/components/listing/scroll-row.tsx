/**
 * A horizontal row of product cards. Without JavaScript it is a scrollable, snapping row; with
 * it, rows of 5 or more get arrow buttons on wide screens that scroll 250 px per click (spec 9).
 */
import { useTranslation } from "~/i18n/react";
import { startTransition, useEffect, useRef, useState, type RefObject } from "react";
import { ProductCard, type CardProduct } from "~/components/product-card";

export const SCROLL_STEP_PX = 250;
export const ARROWS_FROM = 5;

export function ProductScrollRow({ products, lite, eager = false, label }: { products: CardProduct[]; lite: boolean; eager?: boolean; label: string }) {
  const row = useRef<HTMLUListElement>(null);
  return (
    <div className="relative">
      <ul ref={row} className="scroll-row" aria-label={label}>
        {products.map((p, i) => (
          <li key={p.id} className="w-40 shrink-0 snap-start sm:w-48">
            <ProductCard product={p} slot="row" lite={lite} eager={eager && i < 2} priority={eager && i === 0} />
          </li>
        ))}
      </ul>
      {products.length >= ARROWS_FROM ? <RowArrows row={row} label={label} /> : null}
    </div>
  );
}

/**
 * The arrows, once hydrated: their own state, so showing them re-renders none of the cards, and
 * set in a transition, so React renders them in its time slices rather than in the task that runs
 * the page's effects right after hydration (no long task).
 */
function RowArrows({ row, label }: { row: RefObject<HTMLUListElement | null>; label: string }) {
  const { t } = useTranslation("shop");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  if (!hydrated) return null;
  const scroll = (dir: 1 | -1) => row.current?.scrollBy({ left: dir * SCROLL_STEP_PX, behavior: "smooth" });
  return (
    <>
      <button
        type="button"
        onClick={() => scroll(-1)}
        aria-label={t("listing.scrollLeft", { label })}
        className="absolute left-0 top-1/3 hidden h-10 w-10 -translate-x-1/2 place-items-center rounded-full border border-gray-200 bg-white shadow lg:grid"
      >
        <span aria-hidden>‹</span>
      </button>
      <button
        type="button"
        onClick={() => scroll(1)}
        aria-label={t("listing.scrollRight", { label })}
        className="absolute right-0 top-1/3 hidden h-10 w-10 translate-x-1/2 place-items-center rounded-full border border-gray-200 bg-white shadow lg:grid"
      >
        <span aria-hidden>›</span>
      </button>
    </>
  );
}
