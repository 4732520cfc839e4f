/**
 * Money and numbers: integer kobo in storage, naira in the API's number fields; on pages, amounts,
 * counts and quantities as CLDR writes them in all five languages (en-NG, pcm, yo, ha and ig all
 * group with "," and use "." for decimals: decision 0023, tests/unit/numbers.test.ts).
 */

export const koboToNaira = (kobo: number): number => Math.round(kobo) / 100;
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

/*
 * Formatting is done by hand, not with Intl: a page's first Intl call starts ICU (~20 ms of main
 * thread CPU on a desktop, ~4x on a mid-range phone), which lands in the hydration of every
 * storefront page.
 * The output is en-NG's (tests/unit/money.test.ts compares it with Intl.NumberFormat), the same
 * numbers as CLDR's pcm, yo, ha and ig (tests/unit/numbers.test.ts; Hausa's CLDR puts a space
 * after ₦, which the shop leaves out: decision 0023). No other number formatting in app/
 * (tests/unit/number-calls.test.ts).
 */

/** 1234567 → "1,234,567": an integer with en-NG digit grouping. */
export function groupDigits(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  if (!/^\d+$/.test(digits)) return String(n); // Infinity, NaN, 1e21 and above: as JavaScript writes them
  return `${n < 0 ? "-" : ""}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/**
 * 2.5 → "2.5", 1500 → "1,500", 1234.567 → "1,234.57": a count, quantity or figure with at most
 * `maxFractionDigits` decimals, no trailing zeros, rounded half away from zero on the number's
 * shortest decimal form (what Intl.NumberFormat does with `maximumFractionDigits`).
 */
export function formatNumber(n: number, maxFractionDigits = 2): string {
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  const abs = Math.abs(n);
  const text = String(abs);
  if (!Number.isFinite(abs) || abs >= 1e21) return String(n);
  if (text.includes("e")) return `${sign}0`; // below 1e-6: zero at any precision the shop uses
  const [whole, frac = ""] = text.split(".");
  if (frac.length <= maxFractionDigits) {
    const kept = frac.replace(/0+$/, "");
    return `${sign}${groupDigits(Number(whole))}${kept ? `.${kept}` : ""}`;
  }
  let scaled = BigInt(whole + frac.slice(0, maxFractionDigits));
  if (frac[maxFractionDigits] >= "5") scaled += BigInt(1); // no 1n literal: the browser build may target ES2019
  const digits = scaled.toString().padStart(maxFractionDigits + 1, "0");
  const cut = digits.length - maxFractionDigits;
  const kept = digits.slice(cut).replace(/0+$/, "");
  const int = digits.slice(0, cut).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${int}${kept ? `.${kept}` : ""}`;
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
