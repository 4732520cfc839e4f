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
