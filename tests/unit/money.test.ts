import { describe, expect, it } from "vitest";
import { formatKobo, formatNaira, koboToNaira, nairaToKobo } from "~/domain/money";

describe("naira formatting", () => {
  it("shows whole amounts without decimals and others with two, with the naira sign", () => {
    expect(formatNaira(9500)).toBe("₦9,500");
    expect(formatNaira(1234567.5)).toBe("₦1,234,567.50");
    expect(formatKobo(150050)).toBe("₦1,500.50");
  });
  it("converts between kobo and naira without float drift", () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(koboToNaira(1999)).toBe(19.99);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  });
});
