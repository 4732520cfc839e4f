/**
 * The deadline clock (app/domain/deadlines.ts): business hours run on business days in Lagos time,
 * so Sundays and Nigerian public holidays do not count; the stage follows the shipment's status.
 */
import { describe, expect, it } from "vitest";
import { addBusinessHours, shipmentDeadline } from "~/domain/deadlines";

describe("business hours", () => {
  it("skip a Sunday", () => {
    // Saturday 5 Dec 2026 10:00 Lagos + 24 → Monday 10:00 (not Sunday 10:00).
    expect(addBusinessHours("2026-12-05T09:00:00Z", 24).toISOString()).toBe("2026-12-07T09:00:00.000Z");
  });
  it("skip Christmas, Boxing Day and the Sunday after", () => {
    // Thursday 24 Dec 10:00 + 24 → Monday 28 Dec 10:00.
    expect(addBusinessHours("2026-12-24T09:00:00Z", 24).toISOString()).toBe("2026-12-28T09:00:00.000Z");
  });
  it("run on the clock through a working week", () => {
    expect(addBusinessHours("2026-12-08T11:00:00Z", 48).toISOString()).toBe("2026-12-10T11:00:00.000Z");
  });
  it("start at the next business day's midnight when placed on a Sunday", () => {
    // Sunday 6 Dec 16:00 Lagos + 12 → Monday 12:00 Lagos.
    expect(addBusinessHours("2026-12-06T15:00:00Z", 12).toISOString()).toBe("2026-12-07T11:00:00.000Z");
  });
});

describe("the deadline a shipment is under", () => {
  const settings = { confirmHours: 24, shipHours: 48 };
  it("confirming from when it could be fulfilled, shipping from its confirmation, none after", () => {
    expect(shipmentDeadline({ status: "Placed", startedAt: "2026-12-08T09:00:00Z", confirmedAt: null }, settings)).toMatchObject({
      stage: "confirm",
      remindAt: new Date("2026-12-08T21:00:00Z"),
      dueAt: new Date("2026-12-09T09:00:00Z"),
    });
    expect(shipmentDeadline({ status: "Placed", startedAt: null, confirmedAt: null }, settings)).toBeNull();
    expect(shipmentDeadline({ status: "Confirmed", startedAt: "2026-12-08T09:00:00Z", confirmedAt: "2026-12-08T11:00:00Z" }, settings)).toMatchObject({ stage: "ship", dueAt: new Date("2026-12-10T11:00:00Z") });
    expect(shipmentDeadline({ status: "Shipped", startedAt: "2026-12-08T09:00:00Z", confirmedAt: "2026-12-08T11:00:00Z" }, settings)).toBeNull();
  });
});
