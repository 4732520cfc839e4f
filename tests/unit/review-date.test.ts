import { describe, expect, it } from "vitest";
import { reviewDate } from "~/components/product/reviews";

describe("review dates", () => {
  it("writes the day in Lagos as Intl's en-NG does, without Intl", () => {
    const intl = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Lagos" });
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2031, 0, 1); t += 7 * 3_600_000 + 17 * 60_000) {
      const iso = new Date(t).toISOString();
      expect(reviewDate(iso), iso).toBe(intl.format(new Date(t)));
    }
  });
});
