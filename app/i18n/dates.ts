/**
 * The one way dates are written for a reader (docs/decisions/0023-dates-in-the-readers-language.md):
 * every date a shopper reads (order and return pages, notifications, order progress, reviews, the
 * delivery promise, e-mails, SMS) goes through `formatDate` / `formatDay` / `formatDayRange`, given
 * the reader's messages (a page's `t`, or `tFor(lang)` in e-mails): the words and patterns are in
 * `common.json` under `dates`, CLDR's as Node's ICU writes them for en-NG, pcm, yo, ha and ig.
 * tests/unit/dates.test.ts compares every month, weekday, hour and style with
 * `Intl.DateTimeFormat`, and tests/unit/date-calls.test.ts fails on any other date formatting call
 * (a US format, toLocaleDateString, a DateTimeFormat of its own) in app/.
 *
 * Why not `Intl` at run time: browsers' ICU lacks yo, ha, ig and pcm (Chromium writes "November
 * 22, 2026" for all four), so the hydrated page would differ from the server's; and a page's first
 * Intl call starts ICU inside hydration (domain/money.ts). Why messages and not a table here: the
 * page carries its reader's words inline with its other messages, and no page's JavaScript
 * carries five languages' month names.
 *
 * Times are Lagos time (WAT, UTC+1, no daylight saving), on the 24-hour clock as CLDR writes it.
 */

/** A language's date words (`|`-separated lists) and patterns (`{d}`, `{month}`, `{y}`, `{date}`, `{time}`, `{weekday}`). */
export interface DateWords {
  /** January|…: a month as it stands in a date ("22 November 2026"). */
  months: string;
  /** Jan|… (in Yorùbá CLDR has the full name here too). */
  monthsShort: string;
  /** Sun|… */
  weekdays: string;
  /** "{d} {month} {y}" */
  date: string;
  /** "{date} at {time}" */
  dateTime: string;
  /** "{weekday}, {d} {month}": a delivery day. */
  day: string;
  /** "{d} {month}" */
  dayMonth: string;
  /** "{month} {y}" */
  monthYear: string;
}

/** English, as `en/common.json` has it (tests/unit/dates.test.ts): the admin's pages, and the fallback. */
export const ENGLISH_DATES: DateWords = {
  months: "January|February|March|April|May|June|July|August|September|October|November|December",
  monthsShort: "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec",
  weekdays: "Sun|Mon|Tue|Wed|Thu|Fri|Sat",
  date: "{d} {month} {y}",
  dateTime: "{date} at {time}",
  day: "{weekday}, {d} {month}",
  dayMonth: "{d} {month}",
  monthYear: "{month} {y}",
};

/** The CLDR locale each language's date words come from ("en" is Nigerian English). */
export const DATE_LOCALES = { en: "en-NG", pcm: "pcm", yo: "yo", ha: "ha", ig: "ig" } as const;

/** The reader's messages (a `t`: a page's, whatever its namespace, or `tFor(lang)`), or "en" for English-only pages. */
export type DateReader = ((key: string) => string) | "en";

function wordsOf(reader: DateReader): DateWords {
  if (reader === "en") return ENGLISH_DATES;
  const words = { ...ENGLISH_DATES };
  for (const key of Object.keys(ENGLISH_DATES) as (keyof DateWords)[]) {
    const said = reader(`common:dates.${key}`);
    // A missing message comes back as its key (no list, no pattern): keep English's then.
    if (typeof said === "string" && /[|{]/.test(said)) words[key] = said;
  }
  return words;
}

const fill = (pattern: string, values: Record<string, string | number>) => pattern.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
const item = (list: string, i: number) => list.split("|")[i] ?? "";
const two = (n: number) => String(n).padStart(2, "0");
const LAGOS_OFFSET_MS = 3_600_000;

/**
 * - `dateTime`: "22 November 2026 at 16:05" (orders, returns, notifications, progress steps);
 * - `date`: "22 November 2026" (reviews, a last day);
 * - `monthYear`: "November 2026".
 */
export type DateStyle = "dateTime" | "date" | "monthYear";

/** An instant (ISO string or Date) as the reader reads it, in Lagos time. "" for an invalid date. */
export function formatDate(value: string | Date, reader: DateReader, style: DateStyle = "dateTime"): string {
  const ms = (typeof value === "string" ? new Date(value) : value).getTime();
  if (!Number.isFinite(ms)) return "";
  const t = new Date(ms + LAGOS_OFFSET_MS);
  const w = wordsOf(reader);
  const month = item(w.months, t.getUTCMonth());
  if (style === "monthYear") return fill(w.monthYear, { month, y: t.getUTCFullYear() });
  const date = fill(w.date, { d: t.getUTCDate(), month, y: t.getUTCFullYear() });
  if (style === "date") return date;
  return fill(w.dateTime, { date, time: `${two(t.getUTCHours())}:${two(t.getUTCMinutes())}` });
}

/** An instant's clock time in Lagos, "16:05" (a payment account's expiry). "" for an invalid date. */
export function formatClock(value: string | Date): string {
  const ms = (typeof value === "string" ? new Date(value) : value).getTime();
  if (!Number.isFinite(ms)) return "";
  const t = new Date(ms + LAGOS_OFFSET_MS);
  return `${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}

/**
 * A calendar day ("2026-12-01", no time zone) with its weekday: "Tue, 1 Dec" (the delivery
 * promise); without it, "1 Dec" (a chart's day).
 */
export function formatDay(day: string, reader: DateReader, { weekday = true }: { weekday?: boolean } = {}): string {
  const t = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (!Number.isFinite(t.getTime())) return day;
  const w = wordsOf(reader);
  const values = { d: t.getUTCDate(), month: item(w.monthsShort, t.getUTCMonth()), weekday: item(w.weekdays, t.getUTCDay()) };
  return fill(weekday ? w.day : w.dayMonth, values);
}

/** Two calendar days: "Tue, 1 Dec – Thu, 3 Dec", one when they are the same. */
export function formatDayRange(earliest: string, latest: string, reader: DateReader): string {
  return earliest === latest ? formatDay(earliest, reader) : `${formatDay(earliest, reader)} – ${formatDay(latest, reader)}`;
}
