/**
 * The floors of app/ only go down, and no API area reaches into another's commands or route table
 * (what several areas do together lives in app/workflows/). The rules and the reasons are in
 * scripts/import-floors.ts; `npx tsx scripts/import-floors.ts --all` lists every arrow.
 */
import { describe, expect, it } from "vitest";
import { arrows, floorOf, FLOORS, importsOf, listFiles } from "../../scripts/import-floors";

const floorName = (f: string) => FLOORS[floorOf(f)]?.name;

describe("import floors", () => {
  it("places every module of app/ on a floor", () => {
    const unplaced = listFiles("app").filter((f) => floorOf(f) < 0);
    expect(unplaced).toEqual([]);
  });

  it("has no import that goes up a floor or across API areas", () => {
    const bad = arrows()
      .filter((a) => a.kind !== "shared")
      .map((a) => `${a.kind}: ${a.from} (${floorName(a.from)}) -> ${a.to} (${floorName(a.to)})`);
    expect(bad).toEqual([]);
  });

  it("keeps the logger below everything and the workflows between the areas and their route tables", () => {
    expect(floorOf("app/ops/logger.server.ts")).toBe(0);
    expect(floorOf("app/api/orders/commands.server.ts")).toBeLessThan(floorOf("app/workflows/checkout.server.ts"));
    expect(floorOf("app/workflows/checkout.server.ts")).toBeLessThan(floorOf("app/api/orders/routes.ts"));
    expect(floorOf("app/storefront/api.server.ts")).toBeLessThan(floorOf("app/routes/_shop+/cart.tsx"));
  });

  it("reads static, type-only, re-exported and dynamic imports, not commented-out ones", () => {
    const src = [
      'import { a } from "~/domain/money";',
      'import type { B } from "../core/types";',
      'export { c } from "./queries.server";',
      'const d = await import("~/workflows/refunds.server");',
      "import {\n  e,\n  f,\n} from \"~/api/core/http\";",
      '// import { g } from "~/api/orders/commands.server";',
      '/* import { h } from "~/api/payouts/commands.server"; */',
      'import "./side-effect";',
    ].join("\n");
    expect(importsOf(src)).toEqual(["~/domain/money", "../core/types", "./queries.server", "~/workflows/refunds.server", "~/api/core/http", "./side-effect"]);
  });

  it("catches an upward import, an area importing another's commands, and lets reads through", () => {
    const fake: Record<string, string> = {
      "app/domain/fake.ts": 'import { json } from "~/api/core/http";',
      "app/api/returns/fake.server.ts": 'import { recordOrderEvent } from "../orders/commands.server";\nimport { findOrder } from "../orders/queries.server";',
      "app/api/payments/fake-routes.ts": 'import { debitRefund } from "~/api/payouts/commands.server";',
      "app/workflows/fake.server.ts": 'import { debitRefund } from "~/api/payouts/commands.server";',
    };
    const found = arrows(Object.keys(fake), (f) => fake[f]).map((a) => `${a.kind} ${a.from} -> ${a.to}`);
    expect(found).toEqual([
      "up app/domain/fake.ts -> app/api/core/http.ts",
      "across app/api/returns/fake.server.ts -> app/api/orders/commands.server.ts",
      "shared app/api/returns/fake.server.ts -> app/api/orders/queries.server.ts",
      "across app/api/payments/fake-routes.ts -> app/api/payouts/commands.server.ts",
    ]);
  });
});
