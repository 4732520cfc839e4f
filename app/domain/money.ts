/** Money: integer kobo in storage, naira in the API's number fields, en-NG formatting on pages. */

export const koboToNaira = (kobo: number): number => Math.round(kobo) / 100;
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

/*
 * Formatting is done by hand, not with Intl: a page's first Intl call starts ICU (~20 ms of main
 * thread CPU on a desktop, ~4x on a mid-range phone), which lands in the hydration of every
 * storefront page.
 * The output is en-NG's (tests/unit/money.test.ts compares it with Intl.NumberFormat).
 */

/** 1234567 → "1,234,567": an integer with en-NG digit grouping. */
export function groupDigits(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  if (!/^\d+$/.test(digits)) return String(n); // Infinity, NaN, 1e21 and above: as JavaScript writes them
  return `${n < 0 ? "-" : ""}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/** ₦9,500 for whole amounts, ₦1,234.50 otherwise (spec section 1). */
export function formatNaira(naira: number): string {
  const rounded = Math.round(naira * 100) / 100;
  const sign = rounded < 0 || Object.is(rounded, -0) ? "-" : "";
  const kobo = Math.round(Math.abs(rounded) * 100);
  if (!Number.isSafeInteger(kobo)) return `${sign}₦${groupDigits(Math.abs(rounded))}`;
  const whole = `${sign}₦${groupDigits(Math.floor(kobo / 100))}`;
  return Number.isInteger(rounded) ? whole : `${whole}.${String(kobo % 100).padStart(2, "0")}`;
}

export const formatKobo = (kobo: number) => formatNaira(koboToNaira(kobo));
