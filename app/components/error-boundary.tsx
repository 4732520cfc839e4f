/**
 * The error page every route exports as its `ErrorBoundary` (the page itself: ./error-page.tsx).
 * Its code is fetched only when a page shows an error (./ui/island.tsx): an error page rendered
 * on the server stays as sent until the shopper acts on it; an error after hydration fetches it
 * at once. So no page carries it in its first view.
 */
import { island } from "./ui/island";

export const GeneralErrorBoundary = island(() => import("./error-page").then((m) => ({ default: m.GeneralErrorBoundary })));
