/**
 * Trade units (issue 34, app/domain/units.ts): quantities by a product's minimum and step (whole
 * units in whole numbers, divisible ones to 2 places), the ladder's rung for a quantity through
 * the one money rule (app/domain/pricing.ts unitPriceKobo), and the seller's ladder checks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineTotalKobo, unitPriceKobo } from "~/domain/pricing";
import { tradeProblems } from "~/domain/products";
import { nearestAllowed, nextTier, quantityForUnit, quantityProblem, tiersProblem } from "~/domain/units";

const blocks = { unit: "piece", min_quantity: 50, quantity_step: 50 };
const ladder = [
  { min_quantity: 50, price_kobo: 900_000 },
  { min_quantity: 200, price_kobo: 870_000 },
];

describe("quantities", () => {
  it("refuses under the minimum and off the step, counted from the minimum", () => {
    expect(quantityProblem(20, blocks)).toBe("The minimum order for this item is 50.");
    expect(quantityProblem(75, blocks)).toBe("Order in steps of 50.");
    expect(quantityProblem(150, blocks)).toBeNull();
    expect(quantityProblem(8, { unit: "trip", min_quantity: 2, quantity_step: 5 })).toBe("Order 2, then in steps of 5.");
    expect(nearestAllowed(120, blocks)).toBe(150);
    expect(nearestAllowed(3, blocks)).toBe(50);
  });
  it("takes 2 decimals only for divisible units", () => {
    expect(quantityProblem(2.5, { unit: "bag", min_quantity: 1, quantity_step: 1 })).toBe("Enter a whole number for this item.");
    expect(quantityProblem(2.25, { unit: "m2", min_quantity: 1, quantity_step: 0.01 })).toBeNull();
    expect(quantityProblem(2.255, { unit: "m2", min_quantity: 1, quantity_step: 0.01 })).toBe("Use at most 2 decimal places.");
    expect(quantityForUnit(2.7, "bag")).toBe(2);
    expect(quantityForUnit(2.756, "tonne")).toBe(2.76);
  });
});

describe("the ladder through the one money rule", () => {
  it("prices 60 bags at the 50+ rung and 49 at the single price; says what the next rung needs", () => {
    expect(lineTotalKobo(unitPriceKobo(950_000, null, { tiers: ladder, quantity: 60 }), 60)).toBe(54_000_000);
    expect(unitPriceKobo(950_000, null, { tiers: ladder, quantity: 49 })).toBe(950_000);
    expect(unitPriceKobo(950_000, null, { tiers: ladder, quantity: 200 })).toBe(870_000);
    expect(nextTier(ladder, 60)).toEqual(ladder[1]);
    expect(nextTier(ladder, 200)).toBeNull();
    // An option's price with its own ladder; without one, its single price.
    expect(unitPriceKobo(950_000, 1_000_000, { tiers: [], quantity: 500 })).toBe(1_000_000);
  });
  it("property: a rung never costs more than the single price, and more never costs more per unit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.uniqueArray(fc.integer({ min: 2, max: 1000 }), { maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        (single, mins, cuts, a, b) => {
          let p = single;
          const tiers = [...mins].sort((x, y) => x - y).map((m, i) => ({ min_quantity: m, price_kobo: (p = Math.max(0, p - Math.round((single * cuts[i]) / 100))) }));
          expect(tiersProblem(tiers, single)).toBeNull();
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const u = (q: number) => unitPriceKobo(single, null, { tiers, quantity: q });
          expect(lineTotalKobo(u(lo), lo)).toBeLessThanOrEqual(single * lo);
          expect(u(hi)).toBeLessThanOrEqual(u(lo));
        },
      ),
    );
  });
});

describe("the seller's checks", () => {
  const base = { unit: "bag", pack_size: 50, pack_measure: "kg", min_quantity: 1, quantity_step: 1, price_kobo: 950_000, stock_quantity: 1000 };
  it("accepts a rising ladder and names the rung at fault otherwise", () => {
    expect(tradeProblems({ ...base, price_tiers: ladder })).toEqual({});
    expect(tradeProblems({ ...base, price_tiers: [ladder[1], ladder[0]] })).toEqual({ "price_tiers.1.min_quantity": "Steps must go up in quantity, each above the one before." });
    expect(tradeProblems({ ...base, price_tiers: [{ min_quantity: 50, price_kobo: 960_000 }] })).toEqual({ "price_tiers.0.price": "A step's price cannot be above the product's price." });
    expect(tradeProblems({ ...base, price_tiers: [{ min_quantity: 5000, price_kobo: 900_000 }] })).toEqual({ "price_tiers.0.min_quantity": "A price step is more than the stock." });
    expect(tradeProblems({ ...base, min_quantity: 1.5, price_tiers: [] })).toEqual({ min_quantity: "This unit is sold in whole numbers." });
    expect(tradeProblems({ ...base, pack_measure: null, price_tiers: [] })).toEqual({ pack_measure: "Say what the pack size is measured in." });
  });
});
