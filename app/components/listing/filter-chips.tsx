/**
 * The active filters as chips: plain links, so the listing and the store page fetch this on demand
 * (../ui/island.tsx); before it is here the chips are the server's HTML and work as links.
 */
import { useTranslation } from "~/i18n/react";
import type { FilterChip } from "~/storefront/listing-filters";

/** The active filters as chips, each with a plain link that removes it (works without JavaScript). */
export function FilterChips({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  const { t } = useTranslation("shop");
  if (chips.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" aria-label={t("listing.activeFilters")} role="group" data-testid="filter-chips">
      {chips.map((c) => (
        <span key={c.href + c.label} className="inline-flex max-w-full items-center rounded-full border border-orange-200 bg-brand-50 pl-3 text-sm text-brand-800">
          <span className="truncate">{c.label}</span>
          {/* A thumb's target: 44 × 44 px around the 28 px circle (WCAG 2.5.5). */}
          <a href={c.href} className="group inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full" aria-label={t("listing.removeChip", { label: c.label })} data-testid="chip-remove">
            <span aria-hidden className="inline-flex h-7 w-7 items-center justify-center rounded-full group-hover:bg-brand-100">
              ×
            </span>
          </a>
        </span>
      ))}
      {chips.length > 1 ? (
        <a href={clearHref} className="text-sm font-semibold text-brand-700 underline">
          {t("listing.clearAll")}
        </a>
      ) : null}
    </div>
  );
}
