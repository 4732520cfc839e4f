import { useHydrated } from "./use-hydrated";

/** Result an action sends back to a fetcher (cart and wishlist forms). */
export interface FetcherResult {
  ok: boolean;
  message?: string;
}

/**
 * Marks a submission as coming from a fetcher (only rendered once JavaScript runs): the action
 * then answers with data instead of a 303 back to the page.
 */
export function FetcherFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null;
}
