import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Every date a reader sees is written by ~/i18n/dates in the reader's language (decision 0023).
 * This scans the app's source for any other way of writing a date: a US format, the browser's
 * own toLocale*String, a DateTimeFormat of its own, or a hand-made table of month names.
 */
const HELPER = path.normalize("app/i18n/dates.ts");

const RULES: { name: string; re: RegExp }[] = [
  { name: "a US locale (en-US)", re: /["'`]en-US["'`]/ },
  { name: "toLocaleDateString / toLocaleTimeString", re: /\.toLocale(?:Date|Time)String\s*\(/ },
  { name: "an Intl.DateTimeFormat of its own", re: /\bDateTimeFormat\s*\(/ },
  { name: "toLocaleString with date options", re: /\.toLocaleString\s*\([^)]*\b(?:dateStyle|timeStyle|month|weekday|hour)\b/ },
  { name: "a table of month or weekday names", re: /\[\s*["'](?:Jan|January)["']\s*,\s*["']Feb|\[\s*["'](?:Sun|Sunday)["']\s*,\s*["']Mon/ },
  { name: "a US date written out", re: /["'`](?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/ },
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

describe("dates are written only by ~/i18n/dates", () => {
  it("catches the ways a date used to be written", () => {
    expect(offences(`const longDate = new Intl.DateTimeFormat("en-US", { month: "long" });`)).toContain("a US locale (en-US)");
    expect(offences(`{new Date(x).toLocaleDateString("en-NG", { month: "long", year: "numeric" })}`)).toEqual(["toLocaleDateString / toLocaleTimeString"]);
    expect(offences(`new Date(iso).toLocaleString("en-NG", { dateStyle: "medium" })`)).toEqual(["toLocaleString with date options"]);
    expect(offences(`const MONTHS = ["Jan", "Feb", "Mar"];`)).toEqual(["a table of month or weekday names"]);
    expect(offences(`const LAST_UPDATED = "January 31, 2023";`)).toEqual(["a US date written out"]);
    // Numbers may still be grouped by the platform.
    expect(offences(`{n.toLocaleString("en-NG")}`)).toEqual([]);
  });

  it("finds no other date formatting in app/ and server/", () => {
    const found: string[] = [];
    for (const file of [...sources("app"), ...sources("server")]) {
      if (path.normalize(file) === HELPER) continue;
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const o of offences(line)) found.push(`${file}:${i + 1}: ${o}`);
        });
    }
    expect(found).toEqual([]);
  });
});
