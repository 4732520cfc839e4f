/** The transfer / USSD page's rules (app/domain/payment-channels.ts): what a shopper reads and when the page asks again. */
import { describe, expect, it } from "vitest";
import { groupAccountNumber, refreshSeconds, ussdBankOf, ussdTelHref, USSD_BANKS } from "~/domain/payment-channels";

describe("payment channels", () => {
  it("groups a NUBAN account number 3-3-4 for reading out; anything else is shown as is", () => {
    expect(groupAccountNumber("9912345678")).toBe("991 234 5678");
    expect(groupAccountNumber(" 99123 45678 ")).toBe("991 234 5678");
    expect(groupAccountNumber("12345")).toBe("12345");
    expect(groupAccountNumber(null)).toBe("");
  });

  it("names the bank of a USSD code and escapes # in its tel: link", () => {
    expect(USSD_BANKS.map((b) => `${b.bank} *${b.type}#`)).toEqual(["GTBank *737#", "UBA *919#", "Sterling *822#", "Zenith *966#"]);
    expect(ussdBankOf("*919*000*1234#")?.bank).toBe("UBA");
    expect(ussdBankOf("*123*000*1234#")).toBeNull();
    expect(ussdTelHref("*737*000*1234#")).toBe("tel:*737*000*1234%23");
  });

  it("refreshes every 5 s, never past the expiry (once just after it), and stops once expired", () => {
    const now = Date.parse("2026-11-29T01:00:00Z");
    const at = (s: number) => new Date(now + s * 1000).toISOString();
    expect(refreshSeconds(at(30 * 60), now)).toBe(5);
    expect(refreshSeconds(at(3), now)).toBe(4);
    expect(refreshSeconds(at(0.5), now)).toBe(2);
    expect(refreshSeconds(at(0), now)).toBeNull();
    expect(refreshSeconds(at(-60), now)).toBeNull();
    expect(refreshSeconds(null, now)).toBe(5);
  });
});
