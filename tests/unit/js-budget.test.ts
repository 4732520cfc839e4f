/**
 * No page loads more than 100 KB of gzip JavaScript on its first view (docs/architecture.md,
 * "Client JavaScript"), read from the client build's manifest (scripts/first-view-js.ts; npm test
 * builds before vitest). The routes listed below were over it when this check was written (zod
 * and conform in their first view, mostly through domain modules that mix constants with
 * schemas); each is held to its size then, so none grows, and the check fails once one is under budget, so the list only shrinks.
 * Since the storefront speaks five languages, its texts ride on every page. With i18next and
 * react-i18next in the browser (about 20 KB gzip) every page was over 100 KB; the browser now uses
 * our small translator over the same messages (docs/decisions/0019-a-small-translator-in-the-browser.md),
 * about 3 KB, and the shell (root, 99.1 KB) and the pages that add little to it fit again. The
 * storefront's pages are still over (the home page ~104 KB, listing ~107 KB, product ~114 KB):
 * the list holds each at its size with the small translator (plus 1 KB).
 * zod then left every page's first view (constants in the zod-free `*-rules` modules, the seller's
 * and admin's browser validators fetched at a form's first focus: components/ui/late-validation.ts),
 * and the ceilings of the pages that carried it came down by about 30 KB each.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUDGET_BYTES, firstViews } from "../../scripts/first-view-js";

/** [route id, KB ceiling]: over budget today; take a route off the list once it fits. */
const OVER_BUDGET_TODAY: [string, number][] = [
  ["routes/users+/account.addresses.edit", 124],
  ["routes/users+/orders.$orderId", 123],
  ["routes/orders+/$orderId", 123],
  ["routes/users+/account.addresses", 123],
  ["routes/users+/orders.$orderId_.return.$itemId", 119],
  ["routes/stores+/$slug.products.$productId._index", 118],
  ["routes/stores+/$slug.payouts", 118],
  ["routes/users+/account.delete", 118],
  ["routes/admin+/payments", 118],
  ["routes/admin+/categories", 117],
  ["routes/admin+/products", 117],
  ["routes/admin+/audit", 117],
  ["routes/orders+/$orderId_.return.$itemId", 117],
  ["routes/auth+/phone", 117],
  ["routes/stores+/$slug.returns", 117],
  ["routes/admin+/stores", 117],
  ["routes/_vendor+/create-store", 117],
  ["routes/admin+/users", 117],
  ["routes/admin+/reviews", 116],
  ["routes/admin+/_index", 116],
  ["routes/_auth+/forget-password", 116],
  ["routes/admin+/returns", 116],
  ["routes/stores+/$slug.members", 115],
  ["routes/_shop+/$category.$productId._index", 115],
  ["routes/_auth+/reset-password.$uid.$token", 115],
  ["routes/_auth+/email.verify", 114],
  ["routes/admin+/newsletter", 114],
  ["routes/stores+/$slug.products.$productId.add-variant", 114],
  ["routes/stores+/$slug.orders.$orderId", 110],
  ["routes/_shop+/cart", 110],
  ["routes/_shop+/$category._index", 109],
  ["routes/shop+/$slug._index", 109],
  ["routes/users+/account.channels", 108],
  ["routes/checkout+/payment._index", 108],
  ["routes/users+/orders.$orderId_.confirm-cancel", 107],
  ["routes/users+/orders.$orderId_.track", 107],
  ["routes/users+/notification", 106],
  ["routes/users+/wishlist", 106],
  ["routes/_shop+/$category.$productId.reviews", 106],
  ["routes/stores+/$slug.dashboard", 106],
  ["routes/_shop+/_index", 105],
  ["routes/users+/orders._index", 105],
  ["routes/checkout+/payment.success", 105],
  ["routes/stores+/$slug.orders.history", 105],
  ["routes/stores+/$slug.products._index", 105],
  ["routes/_pages+/privacy", 104],
  ["routes/stores+/$slug.notification", 104],
  ["routes/stores+/$slug.customers", 104],
  ["routes/_pages+/contact", 104],
  ["routes/_pages+/faq", 104],
  ["routes/_pages+/terms", 104],
  ["routes/_pages+/secure-shopping", 104],
  ["routes/admin+/payouts", 104],
  ["routes/invitations.$token", 104],
  ["routes/_pages+/about", 104],
  ["routes/users+/_index", 103],
  ["routes/users+/account.export", 103],
  ["routes/users+/_layout", 103],
  ["routes/auth+/login", 103],
  ["routes/newsletter+/confirm.$token", 103],
  ["routes/auth+/register", 103],
  ["routes/_auth+/email.confirm.$key", 103],
  ["routes/stores+/$slug.products.$productId.delete", 103],
  ["routes/stores+/$slug.products.$productId.edit", 103],
  ["routes/stores+/$slug.products.add-product", 103],
  ["routes/stores+/$slug._index", 102],
  ["routes/stores+/$slug", 102],
];

const views = firstViews(path.resolve("public"));
const over = new Map(OVER_BUDGET_TODAY);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe("first-view JavaScript per page", () => {
  it("reads every page of the build", () => {
    expect(views.length).toBeGreaterThan(40);
    for (const id of ["root", "routes/checkout+/payment._index", "routes/stores+/$slug.products.add-product", "routes/_shop+/_index"]) {
      expect(views.map((v) => v.route)).toContain(id);
    }
  });

  it("keeps every page that is not on the list within 100 KB", () => {
    const offenders = views.filter((v) => !over.has(v.route) && v.bytes > BUDGET_BYTES).map((v) => `${v.route}: ${kb(v.bytes)}`);
    expect(offenders).toEqual([]);
  });

  it("lets no page that is over budget today grow, and drops it from the list once it fits", () => {
    const byRoute = new Map(views.map((v) => [v.route, v.bytes]));
    for (const [route, ceiling] of OVER_BUDGET_TODAY) {
      const bytes = byRoute.get(route);
      expect(bytes, `${route} is no longer a route: take it off the list`).toBeDefined();
      expect(bytes! <= ceiling * 1024, `${route}: ${kb(bytes!)}, more than its ${ceiling} KB`).toBe(true);
      expect(bytes! > BUDGET_BYTES, `${route} fits in 100 KB now (${kb(bytes!)}): take it off the list`).toBe(true);
    }
  });
});
