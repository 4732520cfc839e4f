/**
 * The filter form's fields (./filters.tsx's FilterSidebar holds the form): categories, price,
 * type and seller location, Apply and Clear. Fetched on demand (an island, components/ui/island.tsx):
 * the fields are the server's HTML until the shopper's first interaction, and the form's
 * "apply at once" listener sits on the form itself, so it works before this code is here.
 */
import { useTranslation } from "~/i18n/react";
import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { markFieldsLive } from "./filter-fields-live";
import { NIGERIAN_STATES, stateName } from "~/domain/states";
import { PRICE_BUCKETS, bucketLabel, filtersQuery, type ListingFilters } from "~/storefront/listing-filters";

export const CATEGORY_FILTER_VISIBLE = 4;

export interface FacetCategory {
  id: number;
  name: string;
  slug: string;
  current?: boolean;
}

export interface FilterFieldsProps {
  action: string;
  filters: ListingFilters;
  categories: FacetCategory[];
  categoryHeading: string;
}

export function FilterFields({ action, filters, categories, categoryHeading }: FilterFieldsProps) {
  const { t } = useTranslation("shop");
  // Hydrated (or rendered by the browser): changes may now go through Remix (./filters.tsx).
  useEffect(markFieldsLive, []);
  const first = categories.slice(0, CATEGORY_FILTER_VISIBLE);
  const rest = categories.slice(CATEGORY_FILTER_VISIBLE);
  const keep = filtersQuery(filters);
  const catLink = (c: FacetCategory) => (
    <li key={c.id}>
      <Link
        to={`/${c.slug}${keep}`}
        aria-current={c.current ? "page" : undefined}
        className={`block rounded px-2 py-1.5 text-sm hover:bg-brand-50 ${c.current ? "bg-brand-50 font-semibold text-brand-700" : ""}`}
      >
        {c.name}
      </Link>
    </li>
  );
  return (
    <>
      {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
      {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {categories.length ? (
        <fieldset>
          <legend className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-600">{categoryHeading}</legend>
          <ul>{first.map(catLink)}</ul>
          {rest.length ? (
            <details className="group">
              <summary className="list-none px-2 py-1.5 text-sm font-semibold text-brand-700 hover:underline">
                <span className="group-open:hidden">{t("listing.showAll", { count: categories.length })}</span>
                <span className="hidden group-open:inline">{t("listing.showLess")}</span>
              </summary>
              <ul>{rest.map(catLink)}</ul>
            </details>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset>
        <legend className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-600">{t("listing.price")}</legend>
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="price" value="" defaultChecked={!filters.price} className="accent-brand-600" />
            {t("listing.anyPrice")}
          </label>
          {PRICE_BUCKETS.map((b) => (
            <label key={b.id} className="flex items-center gap-2 text-sm">
              <input type="radio" name="price" value={b.id} defaultChecked={filters.price === b.id} className="accent-brand-600" />
              {bucketLabel(t, b.id)}
            </label>
          ))}
        </div>
        <div className="mt-2 flex items-end gap-2">
          <label className="flex-1 text-xs text-gray-600">
            {t("listing.min")}
            <input
              type="number"
              name="min"
              min={1}
              step="any"
              inputMode="numeric"
              defaultValue={filters.min}
              placeholder={t("listing.min")}
              className="field-input mt-0.5 px-2 py-1 text-sm"
            />
          </label>
          <label className="flex-1 text-xs text-gray-600">
            {t("listing.max")}
            <input
              type="number"
              name="max"
              min={1}
              step="any"
              inputMode="numeric"
              defaultValue={filters.max}
              placeholder={t("listing.max")}
              className="field-input mt-0.5 px-2 py-1 text-sm"
            />
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-600">{t("listing.type")}</legend>
        <div className="space-y-1">
          {(
            [
              ["", t("listing.typeAll")],
              ["sale", t("listing.typeSale")],
              ["rent", t("listing.typeRent")],
            ] as const
          ).map(([v, label]) => (
            <label key={v} className="flex items-center gap-2 text-sm">
              <input type="radio" name="type" value={v} defaultChecked={filters.type === v} className="accent-brand-600" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-600">{t("listing.sellerLocation")}</legend>
        <details className="group" open={filters.states.length > 0}>
          <summary className="cursor-pointer rounded px-2 py-1.5 text-sm font-semibold text-brand-700 hover:underline">
            {filters.states.length ? filters.states.join(", ") : t("listing.allNigeria")}
            <span className="font-normal text-gray-600"> · {t("listing.chooseStates")}</span>
          </summary>
          <div className="mt-1 grid grid-cols-2 gap-x-2 gap-y-1 md:grid-cols-1">
            {NIGERIAN_STATES.map((st) => (
              <label key={st} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="state" value={st} defaultChecked={filters.states.includes(st)} className="accent-brand-600" />
                {stateName(st)}
              </label>
            ))}
          </div>
        </details>
      </fieldset>

      <div className="flex gap-2">
        <button type="submit" className="btn flex-1 bg-brand-700 text-white hover:bg-orange-800">
          {t("listing.apply")}
        </button>
        <Link to={`${action}${filters.search ? `?search=${encodeURIComponent(filters.search)}` : ""}`} className="btn-outline">
          {t("listing.clear")}
        </Link>
      </div>
    </>
  );
}
