/**
 * With JavaScript on, sort and filter fetch the new results without leaving the page
 * (listing-controls.tsx, submitClean with preventScrollReset). While they load, the results show
 * a busy sign (the results' section is aria-busy, and pulses: Tailwind's aria-busy:animate-pulse;
 * no status line, to keep the listing's first-view JavaScript within 100 KB); once they arrive, the page
 * scrolls to the top of the results, under the sticky header, so "Apply filters" at the foot of
 * the filter panel does not leave the shopper at the bottom of the page. Without JavaScript the
 * form is a plain GET and the new page starts at the top.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "@remix-run/react";

/**
 * True while a navigation to another query of this same listing (sort, filter, chip, page)
 * loads; the route puts it on its results' `<section aria-busy>`, which the scroll finds.
 */
export function useResultsUpdate(): boolean {
  const to = useNavigation().location;
  const { pathname, search } = useLocation();
  const busy = !!to && to.pathname === pathname && to.search !== search;
  /** Whether the last render was loading: the scroll comes when the results have arrived. */
  const was = useRef(false);
  useEffect(() => {
    const results = document.querySelector("section[aria-busy]");
    // Under the sticky header (top-0: its bottom is on screen).
    if (was.current && !busy && results) window.scrollBy(0, results.getBoundingClientRect().top - document.querySelector("header")!.getBoundingClientRect().bottom - 8);
    was.current = busy;
  }, [busy]);
  return busy;
}
