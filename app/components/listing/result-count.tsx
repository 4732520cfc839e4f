/**
 * The listing's result count. A search with more matches than the API ranks answers
 * `count_estimated: true` with the number it ranks (app/api/catalog/queries.server.ts,
 * SEARCH_WINDOW): the page then says "300+ products" rather than a number it does not know.
 */
import { useTranslation } from "~/i18n/react";
import { groupDigits } from "~/domain/money";

export function resultCountText(count: number, estimated = false): string {
  const n = groupDigits(count); // not toLocaleString: no Intl on a page's first view (money.ts)
  if (estimated) return `${n}+ products`;
  return `${n} ${count === 1 ? "product" : "products"}`;
}

export function ResultCount({ count, estimated = false }: { count: number; estimated?: boolean }) {
  const { t } = useTranslation("shop");
  const n = groupDigits(count);
  return (
    <p className="text-sm text-gray-600" data-testid="result-count" role="status">
      {estimated ? t("listing.countEstimated", { n }) : t("listing.count", { count, n })}
    </p>
  );
}
