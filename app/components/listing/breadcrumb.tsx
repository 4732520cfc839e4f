/**
 * The breadcrumb (./breadcrumb-trail.tsx) on demand (components/ui/island.tsx): links only, so the
 * server's HTML serves until the shopper's first interaction, and its code is not in the first view
 * of the listing and product pages. A route that shows it lists it in its `islandsLoader`.
 */
import { island } from "~/components/ui/island";

export interface Crumb {
  label: string;
  to?: string;
}

export const Breadcrumb = island(() => import("./breadcrumb-trail").then((m) => ({ default: m.Breadcrumb })));
