/**
 * The listing's filters: one GET form (works without JavaScript, URL is shareable). On md+ it is
 * a left sidebar; on phones a "Filters" toggle opens it (a checkbox and CSS, no script). With
 * JavaScript, changing a control submits the form at once. The sort control is a small GET form
 * of its own carrying the filters; the active filters show as chips, each a plain link without it.
 */
import { useTranslation } from "~/i18n/react";
import { Form, Link, useSubmit } from "@remix-run/react";
import { NIGERIAN_STATES } from "~/domain/states";
import { PRICE_BUCKETS, bucketLabel, filtersQuery, sortOptions, type FilterChip, type ListingFilters } from "~/storefront/listing-filters";

export const FILTER_FORM_ID = "listing-filters";

/** Submits the filter form without its empty fields, so the URL stays short and shareable. */
function submitClean(submit: ReturnType<typeof useSubmit>, form: HTMLFormElement) {
  const fd = new FormData(form);
  const q = new URLSearchParams();
  for (const [k, v] of fd.entries()) if (typeof v === "string" && v !== "") q.append(k, v);
  submit(q, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
}
export const CATEGORY_FILTER_VISIBLE = 4;

export interface FacetCategory {
  id: number;
  name: string;
  slug: string;
  current?: boolean;
}

export function FilterSidebar({
  action,
  filters,
  categories,
  categoryHeading,
}: {
  action: string;
  filters: ListingFilters;
  categories: FacetCategory[];
  categoryHeading: string;
}) {
  const submit = useSubmit();
  const { t } = useTranslation("shop");
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
    <Form
      id={FILTER_FORM_ID}
      method="get"
      action={action}
      className="space-y-5"
      onChange={(e) => {
        // The number inputs wait for the Apply button; everything else applies at once.
        if ((e.target as HTMLInputElement).type !== "number") submitClean(submit, e.currentTarget);
      }}
      onSubmit={(e) => {
        e.preventDefault();
        submitClean(submit, e.currentTarget);
      }}
    >
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
                {st === "Federal Capital Territory" ? "FCT (Abuja)" : st}
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
    </Form>
  );
}

/**
 * The order of the listing: a GET form of its own (a select and, without JavaScript, a Sort
 * button) that carries the current filters, so sorting keeps them; it starts again at page 1.
 */
export function SortControl({ action, filters, searching }: { action: string; filters: ListingFilters; searching: boolean }) {
  const submit = useSubmit();
  const { t } = useTranslation("shop");
  const keep: [string, string][] = [];
  for (const k of ["search", "price", "min", "max", "type"] as const) if (filters[k]) keep.push([k, filters[k]]);
  for (const st of filters.states) keep.push(["state", st]);
  return (
    <Form
      method="get"
      action={action}
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submitClean(submit, e.currentTarget);
      }}
    >
      {keep.map(([k, v]) => (
        <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sort" className="text-sm text-gray-600">
        {t("listing.sortBy")}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={filters.sort}
        className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
        onChange={(e) => {
          if (e.currentTarget.form) submitClean(submit, e.currentTarget.form);
        }}
      >
        {sortOptions(searching, filters.sort, t).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-outline px-2 py-1">
          {t("listing.sortButton")}
        </button>
      </noscript>
    </Form>
  );
}

/** The active filters as chips, each with a plain link that removes it (works without JavaScript). */
export function FilterChips({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  const { t } = useTranslation("shop");
  if (chips.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" aria-label={t("listing.activeFilters")} role="group" data-testid="filter-chips">
      {chips.map((c) => (
        <span key={c.href + c.label} className="inline-flex max-w-full items-center gap-1 rounded-full border border-orange-200 bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800">
          <span className="truncate">{c.label}</span>
          <a href={c.href} className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full hover:bg-brand-100" aria-label={t("listing.removeChip", { label: c.label })}>
            <span aria-hidden>×</span>
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
