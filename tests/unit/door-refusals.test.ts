/** The rule of buyers who refuse at the door (app/domain/door-refusals.ts, issue 36 item 6). */
import { describe, expect, it } from "vitest";
import { payOnDeliveryStanding } from "~/domain/door-refusals";

const now = new Date("2026-11-29T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe("pay on delivery after refusals at the door", () => {
  it("is off at the third refusal within 90 days, from that refusal", () => {
    expect(payOnDeliveryStanding([daysAgo(80), daysAgo(10)], null, now)).toEqual({ allowed: true, refusals: 2, lostAt: null });
    expect(payOnDeliveryStanding([daysAgo(10), daysAgo(80), daysAgo(1)], null, now)).toEqual({ allowed: false, refusals: 3, lostAt: daysAgo(1) });
  });
  it("forgets refusals older than 90 days", () => {
    expect(payOnDeliveryStanding([daysAgo(91), daysAgo(10), daysAgo(1)], null, now)).toMatchObject({ allowed: true, refusals: 2 });
  });
  it("comes back after one online payment: refusals before it no longer count, later ones do", () => {
    const refusals = [daysAgo(30), daysAgo(20), daysAgo(10)];
    expect(payOnDeliveryStanding(refusals, daysAgo(5), now)).toMatchObject({ allowed: true, refusals: 0 });
    expect(payOnDeliveryStanding(refusals, daysAgo(15), now)).toMatchObject({ allowed: true, refusals: 1 });
    expect(payOnDeliveryStanding([...refusals, daysAgo(4), daysAgo(3), daysAgo(2)], daysAgo(5), now)).toMatchObject({ allowed: false, refusals: 3 });
  });
});
