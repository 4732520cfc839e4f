/**
 * The listing grid: 1-2 columns on phones, 3 from md. Without JavaScript, Previous/Next page
 * links. With it, the next page is fetched from the same loader (?page=N) when the shopper has
 * scrolled to 80% of the page (scroll handler throttled to 150 ms, spec section 9) and appended;
 * the links stay as a fallback and follow what has been loaded.
 */
import { useTranslation } from "~/i18n/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ProductCard, type CardProduct } from "~/components/product-card";
import { PrevNextPager } from "~/components/ui/prev-next-pager";

export const SCROLL_THRESHOLD = 0.8;
export const SCROLL_THROTTLE_MS = 150;

export interface GridPage {
  products: CardProduct[];
  page: number;
  hasNext: boolean;
}

function pageHref(pathname: string, search: string, page: number) {
  const q = new URLSearchParams(search);
  q.delete("index");
  if (page <= 1) q.delete("page");
  else q.set("page", String(page));
  const s = q.toString();
  return `${pathname}${s ? `?${s}` : ""}`;
}

export function ProductGrid({
  initial,
  pathname,
  search,
  lite,
}: {
  initial: GridPage;
  pathname: string;
  search: string;
  lite: boolean;
}) {
  const fetcher = useFetcher<{ grid: GridPage }>();
  const [pages, setPages] = useState<GridPage[]>([initial]);
  const last = pages[pages.length - 1];
  const busy = useRef(false);

  useEffect(() => {
    const d = fetcher.data?.grid;
    if (fetcher.state === "idle") busy.current = false;
    if (d && d.page === last.page + 1) setPages((p) => [...p, d]);
  }, [fetcher.data, fetcher.state, last.page]);

  useEffect(() => {
    let lastRun = 0;
    let timer: number | undefined;
    const check = () => {
      lastRun = Date.now();
      timer = undefined;
      if (busy.current || !last.hasNext) return;
      const doc = document.documentElement;
      if ((window.scrollY + window.innerHeight) / doc.scrollHeight < SCROLL_THRESHOLD) return;
      busy.current = true;
      const q = new URLSearchParams(search);
      q.set("page", String(last.page + 1));
      q.set("index", "");
      fetcher.load(`${pathname}?${q.toString()}`);
    };
    const onScroll = () => {
      if (timer !== undefined) return;
      const wait = Math.max(0, SCROLL_THROTTLE_MS - (Date.now() - lastRun));
      timer = window.setTimeout(check, wait);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    // The shopper may already be far down (restored scroll, a short page) before any scroll event.
    onScroll();
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (timer !== undefined) window.clearTimeout(timer);
    };
    // Re-armed when the last loaded page changes; fetcher.load keeps working across renders.
  }, [last.page, last.hasNext, pathname, search]);

  const first = pages[0];
  const products = pages.flatMap((p) => p.products);
  const { t } = useTranslation();
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 min-[420px]:gap-4 md:grid-cols-3" data-testid="product-grid">
        {products.map((p, i) => (
          <li key={`${p.id}-${i}`}>
            {/* The first row is above the fold (2 cards on phones, 3 from md); the first card is the LCP image. */}
            <ProductCard product={p} slot="grid" lite={lite} eager={i < 3 && first.page === 1} priority={i === 0 && first.page === 1} />
          </li>
        ))}
      </ul>
      {fetcher.state === "loading" ? (
        <p role="status" className="mt-4 text-center text-sm text-gray-600">
          {t("pager.loadingMore")}
        </p>
      ) : null}
      <PrevNextPager
        page={last.page}
        hasPrevious={first.page > 1}
        hasNext={last.hasNext}
        previousHref={pageHref(pathname, search, first.page - 1)}
        nextHref={pageHref(pathname, search, last.page + 1)}
        always
        status={<span className="text-sm text-gray-600">{t("pager.page", { page: last.page })}</span>}
        className="mt-6 flex items-center justify-between gap-3"
        previousText={<>‹ {t("pager.previousPage")}</>}
        nextText={<>{t("pager.nextPage")} ›</>}
      />
    </>
  );
}
