import { describe, expect, it } from "vitest";
import { FREE_SHIPPING_FROM_KOBO, SHIPPING_CAP_KOBO, shippingKobo, subtotalKobo } from "~/domain/shipping";

describe("shipping fee", () => {
  it("costs nothing for an empty order", () => {
    expect(shippingKobo([])).toBe(0);
  });

  it("charges per unit by size: small ₦1,500, medium ₦3,500, large ₦8,000", () => {
    expect(shippingKobo([{ size: "small", quantity: 1, unitPriceKobo: 100_000 }])).toBe(150_000);
    expect(shippingKobo([{ size: "medium", quantity: 2, unitPriceKobo: 100_000 }])).toBe(700_000);
    expect(
      shippingKobo([
        { size: "large", quantity: 1, unitPriceKobo: 100_000 },
        { size: "small", quantity: 2, unitPriceKobo: 100_000 },
      ]),
    ).toBe(800_000 + 300_000);
  });

  it("is capped at ₦25,000", () => {
    expect(shippingKobo([{ size: "large", quantity: 10, unitPriceKobo: 100_000 }])).toBe(SHIPPING_CAP_KOBO);
    expect(SHIPPING_CAP_KOBO).toBe(2_500_000);
  });

  it("is free from a ₦500,000 subtotal", () => {
    expect(shippingKobo([{ size: "large", quantity: 1, unitPriceKobo: FREE_SHIPPING_FROM_KOBO }])).toBe(0);
    expect(shippingKobo([{ size: "large", quantity: 1, unitPriceKobo: FREE_SHIPPING_FROM_KOBO - 1 }])).toBe(800_000);
    expect(shippingKobo([{ size: "small", quantity: 2, unitPriceKobo: FREE_SHIPPING_FROM_KOBO / 2 }])).toBe(0);
  });

  it("adds up the subtotal in kobo", () => {
    expect(
      subtotalKobo([
        { size: "small", quantity: 3, unitPriceKobo: 1_999 },
        { size: "medium", quantity: 1, unitPriceKobo: 1 },
      ]),
    ).toBe(5_998);
  });
});

describe("shipping zone table (shipment size × destination state)", () => {
  it("covers exactly the 36 states and the FCT of the canonical list", async () => {
    const { NIGERIAN_STATES } = await import("~/domain/validation");
    const { STATE_ZONE, SHIPPING_TABLE_KOBO } = await import("~/domain/shipping");
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(Object.keys(STATE_ZONE).sort()).toEqual([...NIGERIAN_STATES].sort());
    expect(Object.keys(SHIPPING_TABLE_KOBO).sort()).toEqual([...NIGERIAN_STATES].sort());
  });

  it("charges more the farther the zone and the larger the shipment; Lagos pays the base fees", async () => {
    const { ZONE_FEE_KOBO, SHIPPING_FEE_KOBO, SHIPPING_TABLE_KOBO, unitFeeKobo } = await import("~/domain/shipping");
    const zones = Object.values(ZONE_FEE_KOBO);
    for (let i = 1; i < zones.length; i++) for (const s of ["small", "medium", "large"] as const) expect(zones[i][s]).toBeGreaterThan(zones[i - 1][s]);
    for (const z of zones) expect(z.small < z.medium && z.medium < z.large).toBe(true);
    expect(SHIPPING_TABLE_KOBO.Lagos).toEqual(SHIPPING_FEE_KOBO);
    expect(unitFeeKobo("large", "Borno")).toBe(1_500_000);
    expect(unitFeeKobo("large", "Atlantis")).toBe(SHIPPING_FEE_KOBO.large);
    expect(unitFeeKobo("large", null)).toBe(SHIPPING_FEE_KOBO.large);
  });

  it("applies the cap and the free-shipping threshold in every state", async () => {
    const { SHIPPING_TABLE_KOBO } = await import("~/domain/shipping");
    for (const state of Object.keys(SHIPPING_TABLE_KOBO)) {
      expect(shippingKobo([{ size: "large", quantity: 20, unitPriceKobo: 100_000 }], state)).toBe(SHIPPING_CAP_KOBO);
      expect(shippingKobo([{ size: "large", quantity: 1, unitPriceKobo: FREE_SHIPPING_FROM_KOBO }], state)).toBe(0);
    }
    expect(shippingKobo([{ size: "medium", quantity: 2, unitPriceKobo: 100_000 }], "Kano")).toBe(1_500_000);
  });
});
