import { describe, expect, it } from "vitest";
import { stateFromAddress } from "~/domain/addresses";
import {
  DISTANCES,
  FEE_KOBO,
  FREE_SHIPPING_FROM_KOBO,
  GEO_ZONE_OF,
  GEO_ZONES,
  NEIGHBOURS,
  SHIPPING_CAP_KOBO,
  distanceOf,
  geoZoneOf,
  unitFeeKobo,
} from "~/domain/shipping";
import { priceLines, type PriceLine } from "~/domain/pricing";
import { NIGERIAN_STATES } from "~/domain/states";

const line = (size: "small" | "medium" | "large", quantity: number, unitKobo = 100_000) => ({ size, quantity, unitKobo });
/** One shipment's fee from `origin` to `destination`, as the money rule prices it (app/domain/pricing.ts). */
const shipmentShippingKobo = (lines: ReturnType<typeof line>[], origin: string, destination: string) =>
  priceLines(lines.map((l): PriceLine => ({ storeId: 1, originState: origin, ...l })), destination).shipments[0]?.shippingKobo ?? 0;

describe("geopolitical zones", () => {
  it("gives every one of the 36 states and the FCT a zone, and nothing else", () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(Object.keys(GEO_ZONE_OF).sort()).toEqual([...NIGERIAN_STATES].sort());
    for (const s of NIGERIAN_STATES) expect(Object.keys(GEO_ZONES)).toContain(geoZoneOf(s));
    expect(geoZoneOf("Atlantis")).toBeNull();
    expect(geoZoneOf(null)).toBeNull();
  });

  it("puts the states in their zones: six zones, 36 + 1 states", () => {
    const count = (z: string) => Object.values(GEO_ZONE_OF).filter((v) => v === z).length;
    expect([count("NC"), count("NE"), count("NW"), count("SE"), count("SS"), count("SW")]).toEqual([7, 6, 7, 5, 6, 6]);
    expect(GEO_ZONE_OF["Federal Capital Territory"]).toBe("NC");
    expect(GEO_ZONE_OF.Kano).toBe("NW");
    expect(GEO_ZONE_OF.Lagos).toBe("SW");
  });

  it("has symmetric borders", () => {
    for (const [a, ns] of Object.entries(NEIGHBOURS)) for (const b of ns) expect(NEIGHBOURS[b]).toContain(a);
  });
});

describe("distance bands", () => {
  it("reads the same state, the same zone, a neighbouring zone and far", () => {
    expect(distanceOf("Federal Capital Territory", "Federal Capital Territory")).toBe("same_state");
    expect(distanceOf("Lagos", "Oyo")).toBe("same_zone");
    expect(distanceOf("Lagos", "Federal Capital Territory")).toBe("neighbouring_zone");
    expect(distanceOf("Lagos", "Rivers")).toBe("neighbouring_zone");
    expect(distanceOf("Lagos", "Kano")).toBe("far");
    expect(distanceOf("Kano", "Lagos")).toBe("far");
    expect(distanceOf("Enugu", "Borno")).toBe("far");
  });

  it("ships from Lagos when the store's state is unknown, and quotes 'from' (same state) without a destination", () => {
    expect(distanceOf(null, "Kano")).toBe("far");
    expect(distanceOf("Atlantis", "Oyo")).toBe("same_zone");
    expect(distanceOf("Kano", null)).toBe("same_state");
    expect(distanceOf("Kano", "Atlantis")).toBe("same_state");
  });

  it("charges more the farther and the larger", () => {
    for (let i = 1; i < DISTANCES.length; i++)
      for (const s of ["small", "medium", "large"] as const) expect(FEE_KOBO[DISTANCES[i]][s]).toBeGreaterThan(FEE_KOBO[DISTANCES[i - 1]][s]);
    for (const d of DISTANCES) {
      expect(FEE_KOBO[d].small).toBeLessThan(FEE_KOBO[d].medium);
      expect(FEE_KOBO[d].medium).toBeLessThan(FEE_KOBO[d].large);
    }
  });
});

describe("one shipment's fee", () => {
  it("costs nothing for an empty shipment", () => {
    expect(shipmentShippingKobo([], "Lagos", "Kano")).toBe(0);
    expect(shipmentShippingKobo([line("large", 0)], "Lagos", "Kano")).toBe(0);
  });

  it("charges an Abuja buyer ₦5,000 for one large item from an Abuja store (not the Lagos-hub ₦13,000)", () => {
    // the roofing sheet: ₦6,200, large
    expect(shipmentShippingKobo([line("large", 1, 620_000)], "Federal Capital Territory", "Federal Capital Territory")).toBe(500_000);
    expect(unitFeeKobo("large", "Federal Capital Territory", "Federal Capital Territory")).toBe(500_000);
  });

  it("charges per unit by size and distance", () => {
    expect(shipmentShippingKobo([line("small", 1)], "Lagos", "Lagos")).toBe(100_000);
    expect(shipmentShippingKobo([line("medium", 2)], "Lagos", "Oyo")).toBe(2 * 350_000);
    expect(shipmentShippingKobo([line("large", 1), line("small", 2)], "Lagos", "Federal Capital Territory")).toBe(1_200_000 + 2 * 250_000);
    expect(shipmentShippingKobo([line("medium", 1)], "Lagos", "Kano")).toBe(750_000);
  });

  it("is capped at ₦25,000 per shipment", () => {
    expect(SHIPPING_CAP_KOBO).toBe(2_500_000);
    expect(shipmentShippingKobo([line("large", 2)], "Lagos", "Kano")).toBe(2_500_000);
    expect(shipmentShippingKobo([line("large", 4)], "Lagos", "Lagos")).toBe(2_000_000);
    expect(shipmentShippingKobo([line("large", 5)], "Lagos", "Lagos")).toBe(2_500_000);
  });

  it("ships free from ₦500,000 of items in the shipment", () => {
    expect(FREE_SHIPPING_FROM_KOBO).toBe(50_000_000);
    expect(shipmentShippingKobo([line("large", 1, FREE_SHIPPING_FROM_KOBO)], "Lagos", "Kano")).toBe(0);
    expect(shipmentShippingKobo([line("large", 1, FREE_SHIPPING_FROM_KOBO - 1)], "Lagos", "Kano")).toBe(1_500_000);
    expect(shipmentShippingKobo([line("small", 2, FREE_SHIPPING_FROM_KOBO / 2)], "Kano", "Kano")).toBe(0);
  });

});

describe("shipping by store", () => {
  it("gives two stores' lines two fees, each from its own state, and their sum", () => {
    const r = priceLines(
      [
        { storeId: 1, originState: "Federal Capital Territory", ...line("large", 1) },
        { storeId: 2, originState: "Lagos", ...line("large", 1) },
        { storeId: 1, originState: "Federal Capital Territory", ...line("small", 1) },
      ],
      "Federal Capital Territory",
    );
    expect(r.shipments.map((s) => [s.storeId, s.shippingKobo])).toEqual([
      [1, 500_000 + 100_000],
      [2, 1_200_000],
    ]);
    expect(r.shippingKobo).toBe(1_800_000);
  });

  it("applies the cap and the free threshold to each store's shipment, not the whole cart", () => {
    const r = priceLines(
      [
        { storeId: 1, originState: "Lagos", ...line("large", 3, 20_000_000) },
        { storeId: 2, originState: "Kano", ...line("large", 2, 1_000_000) },
        { storeId: 3, originState: "Oyo", ...line("small", 1, 1_000_000) },
      ],
      "Lagos",
    );
    // store 1: ₦600,000 of items → free; store 2: far, 2 × ₦15,000 → capped at ₦25,000; store 3: same zone
    expect(r.shipments.map((s) => [s.storeId, s.shippingKobo])).toEqual([
      [1, 0],
      [2, 2_500_000],
      [3, 150_000],
    ]);
    expect(r.shippingKobo).toBe(2_650_000);
  });

  it("has no fee and no total while the buyer's state is not known", () => {
    const r = priceLines([{ storeId: 7, originState: "Kano", ...line("medium", 1) }], null);
    expect(r).toMatchObject({ itemsKobo: 100_000, shippingKobo: null, totalKobo: null, destinationKnown: false });
    expect(r.shipments[0]).toMatchObject({ itemsKobo: 100_000, shippingKobo: null, totalKobo: null });
  });
});

describe("the state an address names", () => {
  it("finds a state's or a big city's name as a whole word, any case", () => {
    expect(stateFromAddress("42 Ikorodu Road, Fadeyi, Lagos")).toBe("Lagos");
    expect(stateFromAddress("Plot 17 Idu Industrial Layout, Abuja")).toBe("Federal Capital Territory");
    expect(stateFromAddress("9 Trans-Amadi Industrial Layout, Port Harcourt")).toBe("Rivers");
    expect(stateFromAddress("118 Sapele Road, Benin City")).toBe("Edo");
    expect(stateFromAddress("Shop 12 Beirut Road, kano state")).toBe("Kano");
    expect(stateFromAddress("4 Marina, Calabar, Cross River")).toBe("Cross River");
  });

  it("takes the last place named (addresses end with the state)", () => {
    expect(stateFromAddress("12 Kano Road, Ikeja, Lagos")).toBe("Lagos");
    expect(stateFromAddress("3 Enugu Street, Ibadan")).toBe("Oyo");
  });

  it("does not match parts of words, and knows nothing from nothing", () => {
    expect(stateFromAddress("5 Imolagosa Avenue, Nowhere")).toBeNull();
    expect(stateFromAddress("")).toBeNull();
    expect(stateFromAddress(null)).toBeNull();
  });
});

describe("the demo stores", () => {
  it("each ship from a real state, and their address names that state", async () => {
    const { STORES } = await import("~/db/seed/catalog-data");
    expect(STORES.map((s) => s.state)).toEqual(["Lagos", "Federal Capital Territory", "Kano", "Rivers", "Oyo", "Enugu", "Edo"]);
    for (const s of STORES) expect(stateFromAddress(s.address)).toBe(s.state);
  });
});
