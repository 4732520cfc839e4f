/**
 * The listing's sort control, for the category listings and the store page (and `submitClean`,
 * which the filter form uses too). The active filters' chips are ./filter-chips.tsx, on demand.
 * Apart from ./filters.tsx, so the store page, which has no filter form, does not load its fields.
 */
import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ListingFilters } from "~/storefront/listing-filters";

/** Submits the filter form without its empty fields, so the URL stays short and shareable. */
export function submitClean(submit: ReturnType<typeof useSubmit>, form: HTMLFormElement) {
  const fd = new FormData(form);
  const q = new URLSearchParams();
  for (const [k, v] of fd.entries()) if (typeof v === "string" && v !== "") q.append(k, v);
  submit(q, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
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
