/**
 * The delivery promise: ONE rule for the product page, the cart, the API's quotes and the tracking
 * page. "Delivery to Kano: ₦3,500, arrives Tue, 1 Dec – Thu, 3 Dec" (the dates written by ~/i18n/dates formatDayRange). Client-safe.
 *
 * - The fee is the shipping rule's (./shipping.ts, shipmentShippingKobo): same sizes, distance bands,
 *   cap and free threshold as checkout.
 * - The dates: a lead time in business days by the shipment's distance band (LEAD_DAYS), counted from
 *   the day after `today` (the order's day). Business days are Monday to Saturday (Nigerian couriers
 *   deliver on Saturdays), less Nigerian public holidays (isPublicHoliday). Days are calendar dates in
 *   Lagos time (West Africa Time, UTC+1 all year), handled as "YYYY-MM-DD" strings.
 */
import { distanceOf, type Distance } from "./shipping";

/** Lead time in business days by distance band: [earliest, latest]. */
export const LEAD_DAYS: Readonly<Record<Distance, readonly [number, number]>> = {
  same_state: [1, 2],
  same_zone: [2, 4],
  neighbouring_zone: [3, 6],
  far: [4, 8],
};

/** Fixed-date public holidays, "MM-DD": New Year, Workers' Day, Democracy Day, Independence Day, Christmas, Boxing Day. */
export const FIXED_HOLIDAYS: readonly string[] = ["01-01", "05-01", "06-12", "10-01", "12-25", "12-26"];

/**
 * The Islamic holidays (Eid el-Fitr, Eid el-Kabir, Mawlid) follow the moon and are declared by the
 * Federal Government each year, usually a few days ahead: this small table holds the dates declared
 * (2025) or expected (2026, 2027) and must be extended yearly. Years not in it skip none of them.
 */
export const DECLARED_HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
  2025: ["2025-03-31", "2025-04-01", "2025-06-06", "2025-06-09", "2025-09-05"],
  2026: ["2026-03-20", "2026-03-23", "2026-05-27", "2026-05-28", "2026-08-26"],
  2027: ["2027-03-10", "2027-03-11", "2027-05-17", "2027-05-18", "2027-08-16"],
};

const DAY_MS = 86_400_000;
/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 3_600_000;

const pad = (n: number) => String(n).padStart(2, "0");
/** A UTC-midnight Date as "YYYY-MM-DD". */
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const fromIso = (s: string) => new Date(`${s}T00:00:00Z`);

/** The calendar date in Lagos of an instant, "YYYY-MM-DD". */
export function lagosDate(at: Date | string): string {
  return iso(new Date(new Date(at).getTime() + LAGOS_OFFSET_MS));
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), "YYYY-MM-DD". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "YYYY-MM-DD" moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return iso(new Date(fromIso(date).getTime() + days * DAY_MS));
}

/** A Nigerian public holiday: fixed-date, Good Friday, Easter Monday, or a declared Islamic holiday. */
export function isPublicHoliday(date: string): boolean {
  if (FIXED_HOLIDAYS.includes(date.slice(5))) return true;
  const year = Number(date.slice(0, 4));
  const easter = easterSunday(year);
  if (date === addDays(easter, -2) || date === addDays(easter, 1)) return true;
  return DECLARED_HOLIDAYS[year]?.includes(date) ?? false;
}

/** A day couriers deliver: not a Sunday, not a public holiday. */
export function isBusinessDay(date: string): boolean {
  return fromIso(date).getUTCDay() !== 0 && !isPublicHoliday(date);
}

/** The `n`th business day after `date` (n ≥ 1). */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  for (let left = Math.max(1, Math.floor(n)); left > 0; ) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

export interface DeliveryWindow {
  /** "YYYY-MM-DD", Lagos dates. */
  earliest: string;
  latest: string;
}

/** When a shipment of this distance band sent off on `today` (an instant, or a Lagos date) arrives. */
export function deliveryWindow(distance: Distance, today: Date | string): DeliveryWindow {
  const start = typeof today === "string" && /^\d{4}-\d{2}-\d{2}$/.test(today) ? today : lagosDate(today);
  const [lo, hi] = LEAD_DAYS[distance];
  return { earliest: addBusinessDays(start, lo), latest: addBusinessDays(start, hi) };
}

/** The window of a shipment from the store's state to the buyer's (unknown origin: Lagos; unknown destination: within the state). */
export function deliveryWindowFor(originState: string | null | undefined, destinationState: string | null | undefined, today: Date | string): DeliveryWindow & { distance: Distance } {
  const distance = distanceOf(originState, destinationState);
  return { distance, ...deliveryWindow(distance, today) };
}
