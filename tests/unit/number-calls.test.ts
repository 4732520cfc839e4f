import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Every number and amount a reader sees is written by ~/domain/money (formatNaira, formatKobo,
 * formatNumber, groupDigits; ~/domain/units formatQuantity), which writes what CLDR writes in all
 * five languages (decision 0023, tests/unit/numbers.test.ts) without starting Intl in hydration.
 * This scans app/ and server/ for any other way: the platform's toLocaleString (its locale is the
 * machine's or the browser's, "1.234,5" in some), an Intl.NumberFormat of its own, a US locale.
 */
const RULES: { name: string; re: RegExp }[] = [
  { name: "toLocaleString (the platform's own number format)", re: /\.toLocaleString\s*\(/ },
  { name: "an Intl.NumberFormat of its own", re: /\bNumberFormat\s*\(/ },
  { name: "a US locale (en-US)", re: /["'`]en-US["'`]/ },
];

/** The rules a line breaks. */
export const offences = (line: string) => RULES.filter((r) => r.re.test(line)).map((r) => r.name);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "messages" ? [] : sources(p);
    return /\.(?:ts|tsx|mjs|js)$/.test(e.name) ? [p] : [];
  });
}

describe("numbers are written only by ~/domain/money", () => {
  it("catches the ways a number used to be written", () => {
    expect(offences(`{results.count.toLocaleString("en-NG")}+`)).toEqual(["toLocaleString (the platform's own number format)"]);
    expect(offences(`const naira = new Intl.NumberFormat("en-US", { style: "currency", currency: "NGN" });`)).toEqual([
      "an Intl.NumberFormat of its own",
      "a US locale (en-US)",
    ]);
    expect(offences(`{n.toLocaleString()} items`)).toEqual(["toLocaleString (the platform's own number format)"]);
    expect(offences(`{formatNaira(total)} · {formatQuantity(q)} · {groupDigits(count)}`)).toEqual([]);
  });

  it("finds no other number formatting in app/ and server/", () => {
    const found: string[] = [];
    for (const file of [...sources("app"), ...sources("server")]) {
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (/^\s*(?:\/\/|\*|\/\*)/.test(line)) return; // comments may name what is not done
          for (const o of offences(line)) found.push(`${file}:${i + 1}: ${o}`);
        });
    }
    expect(found).toEqual([]);
  });
});
