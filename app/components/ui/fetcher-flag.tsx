import { useHydrated } from "./use-hydrated";

// The answer's type lives with the actions that send it (storefront/form-reply.ts); kept here too
// for the components that post through a fetcher.
export type { FetcherResult } from "~/storefront/form-reply";

/**
 * Marks a submission as coming from a fetcher (only rendered once JavaScript runs): the action
 * then answers with data instead of a 303 back to the page.
 */
export function FetcherFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null;
}
