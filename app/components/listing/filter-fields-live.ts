/**
 * Whether the listing's filter fields (an island, ./filter-fields.tsx) have hydrated on this page:
 * until then ./filters.tsx submits the form as with JavaScript off. A mark on <html>, set by the
 * fields once mounted, so that the page's own code need not import the island's module.
 */
export const fieldsLive = () => document.documentElement.dataset.filterFieldsLive === "1";

export function markFieldsLive() {
  document.documentElement.dataset.filterFieldsLive = "1";
}
