/**
 * The listing's filters: one GET form (works without JavaScript, URL is shareable). On md+ it is
 * a left sidebar; on phones a "Filters" toggle opens it (a checkbox and CSS, no script). With
 * JavaScript, changing a control submits the form at once.
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import { PRICE_BUCKETS, filtersQuery, type ListingFilters } from "./filters-model";

export const FILTER_FORM_ID = "listing-filters";

/** Submits the filter form without its empty fields, so the URL stays short and shareable. */
function submitClean(submit: ReturnType<typeof useSubmit>, form: HTMLFormElement) {
  const fd = new FormData(form);
  for (const el of Array.from(document.querySelectorAll<HTMLSelectElement>(`[form="${FILTER_FORM_ID}"]`))) if (el.name) fd.set(el.name, el.value);
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
      {categories.length ? (
        <fieldset>
          <legend className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-600">{categoryHeading}</legend>
          <ul>{first.map(catLink)}</ul>
          {rest.length ? (
            <details className="group">
              <summary className="list-none px-2 py-1.5 text-sm font-semibold text-brand-700 hover:underline">
                <span className="group-open:hidden">Show all {categories.length}</span>
                <span className="hidden group-open:inline">Show less</span>
              </summary>
              <ul>{rest.map(catLink)}</ul>
            </details>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset>
        <legend className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-600">Price (₦)</legend>
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="price" value="" defaultChecked={!filters.price} className="accent-brand-600" />
            Any price
          </label>
          {PRICE_BUCKETS.map((b) => (
            <label key={b.id} className="flex items-center gap-2 text-sm">
              <input type="radio" name="price" value={b.id} defaultChecked={filters.price === b.id} className="accent-brand-600" />
              {b.label}
            </label>
          ))}
        </div>
        <div className="mt-2 flex items-end gap-2">
          <label className="flex-1 text-xs text-gray-600">
            Min
            <input
              type="number"
              name="min"
              min={1}
              step="any"
              inputMode="numeric"
              defaultValue={filters.min}
              placeholder="Min"
              className="field-input mt-0.5 px-2 py-1 text-sm"
            />
          </label>
          <label className="flex-1 text-xs text-gray-600">
            Max
            <input
              type="number"
              name="max"
              min={1}
              step="any"
              inputMode="numeric"
              defaultValue={filters.max}
              placeholder="Max"
              className="field-input mt-0.5 px-2 py-1 text-sm"
            />
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-bold uppercase tracking-wide text-gray-600">Type</legend>
        <div className="space-y-1">
          {(
            [
              ["", "Show all"],
              ["sale", "Sale"],
              ["rent", "Rent"],
            ] as const
          ).map(([v, label]) => (
            <label key={v} className="flex items-center gap-2 text-sm">
              <input type="radio" name="type" value={v} defaultChecked={filters.type === v} className="accent-brand-600" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor="filter-location" className="mb-1 block text-sm font-bold uppercase tracking-wide text-gray-600">
          Location
        </label>
        <select id="filter-location" className="field-input py-1.5 text-sm" defaultValue="ng">
          <option value="ng">All Nigeria</option>
        </select>
      </div>

      <div className="flex gap-2">
        <button type="submit" className="btn flex-1 bg-brand-700 text-white hover:bg-orange-800">
          Apply filters
        </button>
        <Link to={`${action}${filters.search ? `?search=${encodeURIComponent(filters.search)}` : ""}`} className="btn-outline">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** Sort by time, outside the sidebar but part of the same form. */
export function SortControl({ sort, searching }: { sort: ListingFilters["sort"]; searching: boolean }) {
  const submit = useSubmit();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="sort" className="text-sm text-gray-600">
        Sort by time
      </label>
      <select
        id="sort"
        name="sort"
        form={FILTER_FORM_ID}
        defaultValue={sort}
        className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
        onChange={(e) => {
          const form = document.getElementById(FILTER_FORM_ID) as HTMLFormElement | null;
          if (form) submitClean(submit, form);
          e.stopPropagation();
        }}
      >
        <option value="">{searching ? "Best match" : "Newest first"}</option>
        <option value="newest">Newest first</option>
        <option value="oldest">Oldest first</option>
      </select>
      <noscript>
        <button type="submit" form={FILTER_FORM_ID} className="btn-outline px-2 py-1">
          Sort
        </button>
      </noscript>
    </div>
  );
}
