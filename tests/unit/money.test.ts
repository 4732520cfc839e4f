import { describe, expect, it } from "vitest";
import { formatKobo, formatNaira, groupDigits, koboToNaira, nairaToKobo } from "~/domain/money";

describe("naira formatting", () => {
  it("shows whole amounts without decimals and others with two, with the naira sign", () => {
    expect(formatNaira(9500)).toBe("₦9,500");
    expect(formatNaira(1234567.5)).toBe("₦1,234,567.50");
    expect(formatKobo(150050)).toBe("₦1,500.50");
  });
  it("writes what Intl.NumberFormat en-NG writes, without Intl", () => {
    const whole = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", minimumFractionDigits: 0, maximumFractionDigits: 0 });
    const fractional = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
    const intl = (n: number) => {
      const r = Math.round(n * 100) / 100;
      return Number.isInteger(r) ? whole.format(r) : fractional.format(r);
    };
    const values = [0, -0, 0.004, -0.004, 0.005, 0.01, 0.1, 0.5, 1, 9.99, 10, 99.5, 100, 999, 1000, 1000.05, 12345.678, 999999.995, 1e6, 123456789.12, -1, -1234.5, -1e6];
    let seed = 13;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const scale = 10 ** (seed % 10);
      values.push(Math.round((seed / 2 ** 31) * scale * 100) / (seed % 3 === 0 ? 1 : 100) * (seed % 7 === 0 ? -1 : 1));
    }
    for (const v of values) expect(formatNaira(v), String(v)).toBe(intl(v));
  });
  it("groups digits as en-NG does", () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -1234567, 2 ** 40]) expect(groupDigits(n)).toBe(n.toLocaleString("en-NG"));
  });
  it("converts between kobo and naira without float drift", () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(koboToNaira(1999)).toBe(19.99);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  });
});
