/**
 * Page links for paged lists (spec section 2: previous and next, the first four page numbers, an
 * ellipsis, the last page, and a GO field). Plain links and a GET form: it works without
 * JavaScript. The loader clamps ?page with `clampPage`, so GO past the last page lands on it.
 */
import { useTranslation } from "~/i18n/react";
import { Form, Link } from "@remix-run/react";

export type PageItem = number | "ellipsis";

/** How many leading page numbers are always shown. */
export const LEADING_PAGES = 4;

/** The last page for `count` items at `pageSize` a page (at least 1). */
export function lastPage(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / Math.max(1, pageSize)));
}

/** A page number from the query string, within 1..last (anything unreadable is page 1). */
export function clampPage(raw: string | number | null | undefined, last: number): number {
  const n = typeof raw === "number" ? raw : Number.parseInt(String(raw ?? "").trim(), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.trunc(n), Math.max(1, last));
}

/**
 * The numbers to show: 1..4, then an ellipsis and the last page. A current page past the first
 * four is shown too (between ellipses where pages are skipped), so the vendor sees where they are.
 */
export function pageItems(page: number, last: number): PageItem[] {
  if (last <= LEADING_PAGES + 1) return Array.from({ length: last }, (_, i) => i + 1);
  const items: PageItem[] = [1, 2, 3, 4];
  const current = clampPage(page, last);
  if (current > LEADING_PAGES && current < last) {
    if (current > LEADING_PAGES + 1) items.push("ellipsis");
    items.push(current);
    if (current < last - 1) items.push("ellipsis");
  } else if (last > LEADING_PAGES + 1) {
    items.push("ellipsis");
  }
  items.push(last);
  return items;
}

const box = "inline-flex min-w-9 h-9 items-center justify-center rounded-md border px-2 text-sm";

export function Pagination({ page, last, hrefFor, label }: { page: number; last: number; hrefFor: (page: number) => string; label?: string }) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  const items = pageItems(page, last);
  return (
    <nav aria-label={label ?? t("pager.pagination")} className="mt-4 flex flex-wrap items-center gap-2" data-testid="pagination">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${box} border-gray-300 bg-white hover:bg-gray-50`} rel="prev" aria-label={t("pager.previousPage")}>
          <span aria-hidden="true">‹</span>
        </Link>
      ) : (
        <span className={`${box} border-gray-200 text-gray-400`} aria-hidden="true">
          ‹
        </span>
      )}
      {items.map((it, i) =>
        it === "ellipsis" ? (
          <span key={`e${i}`} className="px-1 text-gray-600" aria-hidden="true">
            …
          </span>
        ) : it === page ? (
          <span key={it} aria-current="page" className={`${box} border-brand-700 bg-brand-700 font-semibold text-white`}>
            {it}
          </span>
        ) : (
          <Link key={it} to={hrefFor(it)} className={`${box} border-gray-300 bg-white hover:bg-gray-50`} aria-label={t("pager.page", { page: it })}>
            {it}
          </Link>
        ),
      )}
      {page < last ? (
        <Link to={hrefFor(page + 1)} className={`${box} border-gray-300 bg-white hover:bg-gray-50`} rel="next" aria-label={t("pager.nextPage")}>
          <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className={`${box} border-gray-200 text-gray-400`} aria-hidden="true">
          ›
        </span>
      )}
      <Form method="get" noValidate className="ml-auto flex items-center gap-1" aria-label={t("pager.goToPage")}>
        <label htmlFor="pagination-go" className="sr-only">
          {t("pager.pageNumber", { last })}
        </label>
        <input id="pagination-go" type="number" name="page" min={1} max={last} inputMode="numeric" placeholder={t("pager.pagePlaceholder")} className="field-input h-9 w-20 py-1" />
        <button type="submit" className={`${box} border-gray-300 bg-white font-semibold hover:bg-gray-50`}>
          {t("pager.go")}
        </button>
      </Form>
    </nav>
  );
}

// The previous / next pager of lists paged by the API's `previous`/`next` is PrevNextPager in
// ./prev-next-pager: a module of its own, so that a page using only it (admin, vendor, listing
// grid) does not load this numbered pager in its first view (Remix chunks by module), nor the reverse.
