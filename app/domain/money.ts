/** Money: integer kobo in storage, naira in the API's number fields, en-NG formatting on pages. */

export const koboToNaira = (kobo: number): number => Math.round(kobo) / 100;
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

const whole = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const fractional = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/** ₦9,500 for whole amounts, ₦1,234.50 otherwise (spec section 1). */
export function formatNaira(naira: number): string {
  const rounded = Math.round(naira * 100) / 100;
  return Number.isInteger(rounded) ? whole.format(rounded) : fractional.format(rounded);
}

export const formatKobo = (kobo: number) => formatNaira(koboToNaira(kobo));
