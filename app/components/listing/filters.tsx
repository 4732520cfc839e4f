/**
 * The listing's filters: one GET form (works without JavaScript, URL is shareable). On md+ it is
 * a left sidebar; on phones a "Filters" toggle opens it (a checkbox and CSS, no script). With
 * JavaScript, changing a control submits the form at once (its fields: ./filter-fields.tsx). The sort control
 * is a small GET form of its own carrying the filters; the active filters show as chips, each a
 * plain link (both ./listing-controls.tsx, apart so the store page does not load the filter fields).
 */
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { island } from "~/components/ui/island";
import type { FilterFieldsProps } from "./filter-fields";
import { fieldsLive } from "./filter-fields-live";
import { submitClean } from "./listing-controls";

export const FILTER_FORM_ID = "listing-filters";

export type { FacetCategory } from "./filter-fields";

/**
 * The fields come on demand (an island, ./filter-fields.tsx): they are the server's HTML until the
 * shopper's first interaction fetches their code. The form's own code is here, in the page, and a
 * change applies at once through a listener of the browser's (React delivers no event from a part
 * whose code has not arrived, and stops it there: the listener is on the window, capturing). Until the fields have hydrated, a change or Apply
 * submits the form as with JavaScript off (a page load): a navigation through Remix at that moment
 * could wait on the fields' hydration and never come (a desktop's first tick, seen in e2e runs).
 */
export const FilterFields = island(() => import("./filter-fields").then((m) => ({ default: m.FilterFields })));

export function FilterSidebar(props: FilterFieldsProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const onChange = (e: Event) => {
      if (!(e.target instanceof Node) || !el.contains(e.target)) return;
      // The number inputs wait for the Apply button; everything else applies at once.
      if ((e.target as HTMLInputElement).type === "number") return;
      if (fieldsLive()) submitClean(submit, el);
      else HTMLFormElement.prototype.submit.call(el);
    };
    // On the window, capturing: before React's own listener on the document, which stops a change
    // inside a part still waiting for its code from going any further (the form never heard it).
    window.addEventListener("change", onChange, true);
    return () => window.removeEventListener("change", onChange, true);
  }, [submit]);
  return (
    <Form
      ref={form}
      id={FILTER_FORM_ID}
      method="get"
      action={props.action}
      className="space-y-5"
      onSubmit={(e) => {
        if (!fieldsLive()) return;
        e.preventDefault();
        submitClean(submit, e.currentTarget);
      }}
    >
      <FilterFields {...props} />
    </Form>
  );
}
