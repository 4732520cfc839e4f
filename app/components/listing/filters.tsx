/**
 * The listing's filters: one GET form (works without JavaScript, URL is shareable). On md+ it is
 * a left sidebar; on phones a "Filters" toggle opens it (a checkbox and CSS, no script). With
 * JavaScript, changing a control submits the form at once (its fields: ./filter-fields.tsx). The sort control is a small GET form
 * of its own carrying the filters; the active filters show as chips, each a plain link without it.
 */
import { useTranslation } from "~/i18n/react";
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FilterChip, ListingFilters } from "~/storefront/listing-filters";
import { FilterFields, type FilterFieldsProps } from "./filter-fields";

export const FILTER_FORM_ID = "listing-filters";

/** Submits the filter form without its empty fields, so the URL stays short and shareable. */
function submitClean(submit: ReturnType<typeof useSubmit>, form: HTMLFormElement) {
  const fd = new FormData(form);
  const q = new URLSearchParams();
  for (const [k, v] of fd.entries()) if (typeof v === "string" && v !== "") q.append(k, v);
  submit(q, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
}
export type { FacetCategory } from "./filter-fields";

/**
 * The fields come with the page (./filter-fields.tsx). As an island (code fetched at the first
 * interaction) they saved ~1.5 KB, but on a desktop, where the panel is open, the shopper's first
 * tick on a filter could start a navigation that never came (seen in the e2e runs): a first click
 * that does nothing costs more than the bytes. A change applies at once through a listener on the
 * form element.
 */
export { FilterFields };

export function FilterSidebar(props: FilterFieldsProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const onChange = (e: Event) => {
      // The number inputs wait for the Apply button; everything else applies at once.
      if ((e.target as HTMLInputElement).type !== "number") submitClean(submit, el);
    };
    el.addEventListener("change", onChange);
    return () => el.removeEventListener("change", onChange);
  }, [submit]);
  return (
    <Form
      ref={form}
      id={FILTER_FORM_ID}
      method="get"
      action={props.action}
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        submitClean(submit, e.currentTarget);
      }}
    >
      <FilterFields {...props} />
    </Form>
  );
}

/**
 * The order of the listing: a GET form of its own (a select and, without JavaScript, a Sort
 * button) that carries the current filters, so sorting keeps them; it starts again at page 1.
 * `options` are the loader's (storefront/listing-filters.ts, sortOptions).
 */
export function SortControl({ action, filters, options }: { action: string; filters: ListingFilters; options: { value: string; label: string }[] }) {
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
        {options.map((o) => (
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
