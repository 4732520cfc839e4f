/**
 * No page loads more than 100 KB of gzip JavaScript on its first view (docs/architecture.md,
 * "Client JavaScript"), read from the client build's manifest (scripts/first-view-js.ts; npm test
 * builds before vitest). Checkout and the vendor's add-product page are held to it. The routes
 * listed below were over it when this check was written (zod and conform in their first view,
 * mostly through domain modules that mix constants with schemas); each is held to its size then,
 * so none grows, and the check fails once one is under budget, so the list only shrinks.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUDGET_BYTES, firstViews } from "../../scripts/first-view-js";

/** [route id, KB ceiling]: over budget today; take a route off the list once it fits. */
const OVER_BUDGET_TODAY: [string, number][] = [
  ["routes/orders+/$orderId", 145],
  ["routes/users+/orders.$orderId", 145],
  ["routes/stores+/$slug.products.$productId._index", 144],
  ["routes/_vendor+/create-store", 143],
  ["routes/users+/orders.$orderId_.confirm-cancel", 142],
  ["routes/users+/orders.$orderId_.return.$itemId", 141],
  ["routes/admin+/payments", 141],
  ["routes/stores+/$slug.products.$productId.add-variant", 141],
  ["routes/admin+/categories", 140],
  ["routes/stores+/$slug.payouts", 140],
  ["routes/stores+/$slug.members", 140],
  ["routes/admin+/products", 140],
  ["routes/admin+/audit", 140],
  ["routes/admin+/stores", 140],
  ["routes/admin+/users", 140],
  ["routes/admin+/reviews", 140],
  ["routes/admin+/_index", 140],
  ["routes/stores+/$slug.returns", 139],
  ["routes/admin+/newsletter", 139],
  ["routes/orders+/$orderId_.return.$itemId", 139],
  ["routes/admin+/returns", 138],
  ["routes/auth+/phone", 136],
  ["routes/users+/account.channels", 129],
  ["routes/admin+/payouts", 125],
  ["routes/newsletter+/confirm.$token", 123],
  ["routes/newsletter+/_index", 123],
  ["routes/users+/account.addresses.edit", 116],
  ["routes/users+/account.addresses", 115],
  ["routes/users+/account.delete", 108],
  ["routes/_auth+/reset-password.$uid.$token", 107],
  ["routes/_auth+/email.verify", 107],
  ["routes/_auth+/forget-password", 107],
  ["routes/_shop+/$category.$productId._index", 106],
  ["routes/stores+/$slug.orders.$orderId", 101],
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

  it("keeps every page within 100 KB, checkout and add-product included", () => {
    expect(over.has("routes/checkout+/payment._index")).toBe(false);
    expect(over.has("routes/stores+/$slug.products.add-product")).toBe(false);
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
