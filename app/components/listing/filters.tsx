/**
 * The listing's filters: one GET form (works without JavaScript, URL is shareable). On md+ it is
 * a left sidebar; on phones a "Filters" toggle opens it (a checkbox and CSS, no script). With
 * JavaScript, changing a control submits the form at once (its fields: ./filter-fields.tsx). The sort control
 * is a small GET form of its own carrying the filters; the active filters show as chips, each a
 * plain link (both ./listing-controls.tsx, apart so the store page does not load the filter fields).
 */
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FilterFields, type FilterFieldsProps } from "./filter-fields";
import { submitClean } from "./listing-controls";

export const FILTER_FORM_ID = "listing-filters";

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
