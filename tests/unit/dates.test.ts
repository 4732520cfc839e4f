import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { browserTranslator } from "~/i18n/browser-translator";
import { DATE_LOCALES, ENGLISH_DATES, formatDate, formatDay, formatDayRange, type DateReader } from "~/i18n/dates";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { textsFor } from "~/i18n/texts.server";

/*
 * The dates' words and patterns are CLDR's: every month, weekday, hour and style compared with
 * Node's Intl (full ICU) for each language's locale (en-NG, pcm, yo, ha, ig).
 */
const intl = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: "Africa/Lagos", ...options });

// Every month and weekday, every hour of the day, both sides of midnight in Lagos (UTC+1).
const instants: string[] = [];
for (let t = Date.UTC(2025, 0, 1, 0, 3); t < Date.UTC(2027, 0, 1); t += 5 * 86_400_000 + 3_600_000 + 7 * 60_000) instants.push(new Date(t).toISOString());

const common = (lang: Lang) => JSON.parse(fs.readFileSync(`app/i18n/messages/${lang}/common.json`, "utf8")) as Record<string, unknown>;
/** The reader as e-mails and SMS have it: the server's texts, here of another namespace than `common`. */
const server = (lang: Lang): DateReader => {
  const t = textsFor(lang, "orders");
  return (key) => t(key);
};
/** The reader as a page in the browser has it: the page's inline messages. */
const browser = (lang: Lang): DateReader => browserTranslator({ lang, messages: { common: common(lang), orders: {} } }).getFixedT("orders");

describe("dates in the reader's language", () => {
  it("keeps English's words in the code equal to en/common.json", () => {
    expect(common("en").dates).toEqual(ENGLISH_DATES);
  });

  for (const lang of LANGUAGES) {
    const locale = DATE_LOCALES[lang];
    const reader = server(lang);
    it(`${lang}: writes instants as Intl's ${locale} does, in Lagos time`, () => {
      const dateTime = intl(locale, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
      const date = intl(locale, { day: "numeric", month: "long", year: "numeric" });
      const monthYear = intl(locale, { month: "long", year: "numeric" });
      for (const iso of instants) {
        expect(formatDate(iso, reader, "dateTime"), iso).toBe(dateTime.format(new Date(iso)));
        expect(formatDate(new Date(iso), reader, "date"), iso).toBe(date.format(new Date(iso)));
        expect(formatDate(iso, reader, "monthYear"), iso).toBe(monthYear.format(new Date(iso)));
      }
    });

    it(`${lang}: writes calendar days as Intl's ${locale} does`, () => {
      const day = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
      const dayMonth = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
        const iso = new Date(t).toISOString().slice(0, 10);
        expect(formatDay(iso, reader), iso).toBe(day.format(new Date(t)));
        expect(formatDay(iso, reader, { weekday: false }), iso).toBe(dayMonth.format(new Date(t)));
      }
    });

    it(`${lang}: writes the same in the browser as on the server (hydration)`, () => {
      for (const iso of instants.slice(0, 80)) {
        expect(formatDate(iso, browser(lang))).toBe(formatDate(iso, reader));
        expect(formatDay(iso, browser(lang))).toBe(formatDay(iso, reader));
      }
    });
  }

  it("reads as a reader of each language expects", () => {
    const placed = "2026-11-22T09:50:00Z"; // 10:50 in Lagos
    expect(formatDate(placed, "en")).toBe("22 November 2026 at 10:50");
    expect(formatDate(placed, server("pcm"))).toBe("22 Nọvẹ́mba 2026 fọ 10:50");
    expect(formatDate(placed, server("yo"))).toBe("22 Oṣù Bélú 2026 ní 10:50");
    expect(formatDate(placed, server("ha"))).toBe("22 Nuwamba, 2026 da 10:50");
    expect(formatDate(placed, browser("ig"))).toBe("22 Novemba 2026 na 10:50");
    // 23:30 UTC is already the next day in Lagos.
    expect(formatDate("2026-12-31T23:30:00Z", "en", "date")).toBe("1 January 2027");
    expect(formatDayRange("2026-12-01", "2026-12-03", "en")).toBe("Tue, 1 Dec – Thu, 3 Dec");
    expect(formatDayRange("2026-12-01", "2026-12-01", server("ig"))).toBe("Tiu, 1 Dis");
  });

  it("falls back to English's words when the messages have none, and says nothing for an invalid date", () => {
    expect(formatDate("2026-11-22T09:50:00Z", (key) => key, "date")).toBe("22 November 2026");
    expect(formatDate("not a date", server("yo"))).toBe("");
  });
});
