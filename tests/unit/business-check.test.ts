/**
 * The business-check rules (app/domain/business-check.ts, decision 0032): registration numbers,
 * business names compared after normalising, the badge's outcome, the payout allowance of an
 * unverified store, and new stores' daily order cap.
 */
import { describe, expect, it } from "vitest";
import {
  businessNamesMatch,
  checkOutcome,
  dailyOrderCap,
  normaliseBusinessName,
  parseRegistrationNumber,
  payoutAllowance,
} from "~/domain/business-check";

describe("registration numbers", () => {
  it("reads RC and BN numbers as the certificate shows them; digits alone are RC", () => {
    expect(parseRegistrationNumber("RC 1234567")).toEqual({ type: "RC", number: "1234567" });
    expect(parseRegistrationNumber("rc-1234567")).toEqual({ type: "RC", number: "1234567" });
    expect(parseRegistrationNumber(" RC:0012 ")).toEqual({ type: "RC", number: "0012" });
    expect(parseRegistrationNumber("BN3456789")).toEqual({ type: "BN", number: "3456789" });
    expect(parseRegistrationNumber("1234567")).toEqual({ type: "RC", number: "1234567" });
  });
  it("refuses anything else", () => {
    for (const bad of ["", "RC", "IT 12345", "RC 123456789", "12a45", "RC 12 34"]) expect(parseRegistrationNumber(bad)).toBeNull();
  });
});

describe("business names", () => {
  it("are the same name apart from case, accents, punctuation, '&', legal form and country words, spelled-out initials", () => {
    expect(normaliseBusinessName("B.M.G. Cement & Blocks (Nig.) Ltd")).toBe("bmg cement blocks");
    expect(businessNamesMatch("B.M.G. Cement & Blocks (Nig.) Ltd", "BMG CEMENT AND BLOCKS NIGERIA LIMITED")).toBe(true);
    expect(businessNamesMatch("Adéyẹmí Hardware", "ADEYEMI HARDWARE LTD")).toBe(true);
    expect(businessNamesMatch("Chukwu & Sons Hardware (Nig.) Ltd", "CHUKWU AND SONS HARDWARE NIGERIA LIMITED")).toBe(true);
    expect(businessNamesMatch("The Roofing Company Plc", "ROOFING")).toBe(true);
  });
  it("differ when a word that names the business differs, or in another order", () => {
    expect(businessNamesMatch("Bello Blocks and Tiles", "ZENITH BUILDING SUPPLIES LIMITED")).toBe(false);
    expect(businessNamesMatch("Bello Blocks", "Bello Blocks and Tiles")).toBe(false);
    expect(businessNamesMatch("Tiles Bello", "Bello Tiles")).toBe(false);
    expect(businessNamesMatch("ADAEZE OKONKWO", "Okonkwo Building Supplies")).toBe(false);
  });
  it("never match when nothing is left", () => {
    expect(businessNamesMatch("Ltd", "Limited")).toBe(false);
    expect(businessNamesMatch("", "")).toBe(false);
  });
});

describe("the badge", () => {
  const active = { found: true, registeredName: "ADEYEMI CEMENT WORKS LIMITED", status: "ACTIVE" };
  it("only for an active record in the store's name, and the payout account's when there is one", () => {
    expect(checkOutcome(active, "Adeyemi Cement Works", null)).toEqual({ verified: true, reasons: [] });
    expect(checkOutcome(active, "Adeyemi Cement Works", "ADEYEMI CEMENT WORKS LTD")).toEqual({ verified: true, reasons: [] });
    expect(checkOutcome(active, "Adeyemi Cement Works", "ADAEZE OKONKWO")).toEqual({ verified: false, reasons: ["account_name"] });
    expect(checkOutcome({ ...active, status: "INACTIVE" }, "Adeyemi Cement Works", null)).toEqual({ verified: false, reasons: ["inactive"] });
    expect(checkOutcome({ ...active, status: null }, "Adeyemi Cement Works", null).verified).toBe(false);
    expect(checkOutcome(active, "Other Name", "OTHER NAME")).toEqual({ verified: false, reasons: ["store_name", "account_name"] });
    expect(checkOutcome({ found: false, registeredName: null, status: null }, "Adeyemi Cement Works", null)).toEqual({ verified: false, reasons: ["not_found"] });
  });
});

describe("payouts of unverified stores", () => {
  const limit = 25_000_000;
  it("a verified store is paid its whole balance", () => expect(payoutAllowance(40_000_000, true, limit, 30_000_000)).toEqual({ amountKobo: 40_000_000, heldKobo: 0 }));
  it("an unverified one at most the limit less what it was paid in the window; the rest is held", () => {
    expect(payoutAllowance(40_000_000, false, limit, 0)).toEqual({ amountKobo: 25_000_000, heldKobo: 15_000_000 });
    expect(payoutAllowance(10_000_000, false, limit, 20_000_000)).toEqual({ amountKobo: 5_000_000, heldKobo: 5_000_000 });
    expect(payoutAllowance(10_000_000, false, limit, 25_000_000)).toEqual({ amountKobo: 0, heldKobo: 10_000_000 });
    expect(payoutAllowance(1_000, false, limit, 0)).toEqual({ amountKobo: 1_000, heldKobo: 0 });
    expect(payoutAllowance(-5, false, limit, 0)).toEqual({ amountKobo: 0, heldKobo: 0 });
  });
});

describe("the daily order cap", () => {
  it("5 for a new store with no record, one more per delivered order, two less per missed deadline, between 2 and 40", () => {
    expect(dailyOrderCap({ ageDays: 1, delivered: 0, cancelled: 0, orders: 0 })).toBe(5);
    expect(dailyOrderCap({ ageDays: 30, delivered: 3, cancelled: 0, orders: 3 })).toBe(8);
    expect(dailyOrderCap({ ageDays: 30, delivered: 3, cancelled: 1, orders: 4 })).toBe(6);
    expect(dailyOrderCap({ ageDays: 30, delivered: 0, cancelled: 4, orders: 4 })).toBe(2);
    expect(dailyOrderCap({ ageDays: 80, delivered: 39, cancelled: 0, orders: 39 })).toBe(40);
    expect(dailyOrderCap({ ageDays: 80, delivered: 60, cancelled: 6, orders: 66 })).toBe(40);
  });
  it("none for a store with 40 delivered and at most 5% cancelled, or 90 days open", () => {
    expect(dailyOrderCap({ ageDays: 80, delivered: 40, cancelled: 2, orders: 42 })).toBeNull();
    expect(dailyOrderCap({ ageDays: 90, delivered: 0, cancelled: 0, orders: 0 })).toBeNull();
  });
});
