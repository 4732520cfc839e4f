import { describe, expect, it } from "vitest";
import { formatDay, formatDayRange } from "~/i18n/dates";
import { textsFor } from "~/i18n/texts.server";
import {
  addBusinessDays,
  deliveryWindow,
  deliveryWindowFor,
  easterSunday,
  isBusinessDay,
  isPublicHoliday,
  lagosDate,
  LEAD_DAYS,
} from "~/domain/delivery";
import { DISTANCES } from "~/domain/shipping";
import { isBulkItem, stockState } from "~/domain/cart";

describe("public holidays", () => {
  it("computes Easter, so Good Friday and Easter Monday move with it", () => {
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(isPublicHoliday("2026-04-03")).toBe(true); // Good Friday
    expect(isPublicHoliday("2026-04-06")).toBe(true); // Easter Monday
    expect(isPublicHoliday("2026-04-07")).toBe(false);
  });

  it("knows the fixed dates and the declared Islamic holidays", () => {
    for (const d of ["2026-01-01", "2026-05-01", "2026-06-12", "2026-10-01", "2026-12-25", "2026-12-26"]) expect(isPublicHoliday(d)).toBe(true);
    expect(isPublicHoliday("2025-03-31")).toBe(true); // Eid el-Fitr 2025
    expect(isPublicHoliday("2025-06-06")).toBe(true); // Eid el-Kabir 2025
    expect(isPublicHoliday("2026-11-25")).toBe(false);
  });

  it("counts Monday to Saturday, not Sundays", () => {
    expect(isBusinessDay("2026-11-28")).toBe(true); // Saturday
    expect(isBusinessDay("2026-11-29")).toBe(false); // Sunday
    expect(isBusinessDay("2026-11-30")).toBe(true);
  });
});

describe("delivery window", () => {
  it("widens with distance", () => {
    const today = "2026-11-25";
    let prev = today;
    for (const d of DISTANCES) {
      const w = deliveryWindow(d, today);
      expect(w.latest >= w.earliest).toBe(true);
      expect(w.latest > prev).toBe(true);
      prev = w.latest;
      expect(LEAD_DAYS[d][0]).toBeLessThanOrEqual(LEAD_DAYS[d][1]);
    }
  });

  it("skips a Sunday", () => {
    // Saturday 28 Nov 2026, within the state (1–2 business days): Sunday 29 is not one.
    expect(deliveryWindow("same_state", "2026-11-28")).toEqual({ earliest: "2026-11-30", latest: "2026-12-01" });
  });

  it("skips Christmas, Boxing Day and the Sunday after", () => {
    // Wednesday 23 Dec 2026: Thu 24 is one day; Fri 25, Sat 26 (holidays) and Sun 27 are not.
    expect(deliveryWindow("same_state", "2026-12-23")).toEqual({ earliest: "2026-12-24", latest: "2026-12-28" });
  });

  it("skips Good Friday and Easter Monday", () => {
    expect(addBusinessDays("2026-04-02", 1)).toBe("2026-04-04");
    expect(addBusinessDays("2026-04-02", 2)).toBe("2026-04-07");
  });

  it("counts from the Lagos date of an instant (UTC+1)", () => {
    expect(lagosDate(new Date("2026-11-24T23:30:00Z"))).toBe("2026-11-25");
    expect(deliveryWindow("same_state", new Date("2026-11-24T23:30:00Z"))).toEqual(deliveryWindow("same_state", "2026-11-25"));
  });

  it("uses the shipping rule's distance bands", () => {
    expect(deliveryWindowFor("Lagos", "Lagos", "2026-11-25").distance).toBe("same_state");
    expect(deliveryWindowFor("Lagos", "Ogun", "2026-11-25").distance).toBe("same_zone");
    expect(deliveryWindowFor("Lagos", "Rivers", "2026-11-25").distance).toBe("neighbouring_zone");
    expect(deliveryWindowFor("Lagos", "Borno", "2026-11-25")).toMatchObject({ distance: "far", ...deliveryWindow("far", "2026-11-25") });
  });
});

describe("delivery promise", () => {
  it("reads as a shopper expects", () => {
    expect(formatDay("2026-12-01", "en")).toBe("Tue, 1 Dec");
    expect(formatDayRange("2026-12-01", "2026-12-03", "en")).toBe("Tue, 1 Dec – Thu, 3 Dec");
    expect(formatDayRange("2026-12-01", "2026-12-01", "en")).toBe("Tue, 1 Dec");
    expect(formatDayRange("2026-12-01", "2026-12-03", textsFor("yo", "shop"))).toBe("1 Oṣù Ọ̀pẹ̀, Ìsẹ́gun – 3 Oṣù Ọ̀pẹ̀, Ọjọ́bọ");
    expect(formatDayRange("2026-12-01", "2026-12-03", textsFor("ha", "shop"))).toBe("Tal, Dis 1 – Alh, Dis 3");
  });
});

describe("product page stock and bulk rules", () => {
  it("says out of stock, only N left under 10, else in stock", () => {
    expect(stockState(0)).toEqual({ kind: "out", text: "Out of stock" });
    expect(stockState(3)).toEqual({ kind: "few", text: "Only 3 left" });
    expect(stockState(9).text).toBe("Only 9 left");
    expect(stockState(10)).toEqual({ kind: "in", text: "In stock" });
  });

  it("treats cement, blocks and rods as bulk, by category or name", () => {
    expect(isBulkItem({ name: "Dangote 3X Cement 42.5R, 50 kg bag", category_slug: "cement-concrete" })).toBe(true);
    expect(isBulkItem({ name: "Y12 high-tensile rod, 12 m", category_slug: "iron-rods-steel" })).toBe(true);
    expect(isBulkItem({ name: "9-inch hollow sandcrete blocks", category_slug: "building-materials" })).toBe(true);
    expect(isBulkItem({ name: "Outdoor LED floodlight 200 W", category_slug: "lighting" })).toBe(false);
  });
});
