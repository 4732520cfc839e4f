/**
 * Trade units, quantities and volume prices (issue 34, docs/decisions/0026-trade-units.md).
 * Client-safe, no zod (the cart page and the product page import it in the browser).
 *
 *  - a product is sold per `unit` (a bag, a tonne, a length…), with an optional free-text
 *    `pack_description` ("50 kg bag") and a machine-readable `pack_size` + `pack_measure` (what ONE
 *    unit holds: a bag 50 kg, a carton of tiles 1.44 m2);
 *  - a line's quantity is at least `min_quantity` and `min_quantity + k × quantity_step`;
 *    decimals (QUANTITY_DECIMALS places) only for the divisible units (m², m³, tonne, litre);
 *  - a volume price ladder (`price_tiers`): from `min_quantity` units up, each unit costs `price`;
 *    steps rise, prices never rise and never pass the single price, so buying more never costs
 *    more per unit. The ladder's price for a quantity is the one money rule's unit price
 *    (app/domain/pricing.ts `unitPriceKobo`).
 */
import { formatNumber } from "./money";

export const UNITS = ["bag", "tonne", "piece", "length", "sheet", "bundle", "carton", "m2", "m3", "litre", "trip", "service"] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = "piece";

export const PACK_MEASURES = ["kg", "tonne", "m", "m2", "m3", "litre", "piece", "W", "Wh", "VA"] as const;
export type PackMeasure = (typeof PACK_MEASURES)[number];

/** Units that may be bought in fractions (to QUANTITY_DECIMALS places). */
export const DIVISIBLE_UNITS: ReadonlySet<Unit> = new Set<Unit>(["m2", "m3", "tonne", "litre"]);
export const QUANTITY_DECIMALS = 2;
const SCALE = 10 ** QUANTITY_DECIMALS;

/** Most rungs a ladder may have. */
export const MAX_TIERS = 6;

export const isUnit = (v: unknown): v is Unit => typeof v === "string" && (UNITS as readonly string[]).includes(v);
export const isDivisible = (unit: string | null | undefined) => DIVISIBLE_UNITS.has((unit ?? DEFAULT_UNIT) as Unit);

/** A rung of a ladder as the server keeps it: from `min_quantity` units, `price_kobo` each. */
export interface PriceTier {
  min_quantity: number;
  price_kobo: number;
}

/** How a product is bought: what the quantity rules need. */
export interface QuantityRule {
  unit: string;
  min_quantity: number;
  quantity_step: number;
}

export const DEFAULT_QUANTITY_RULE: QuantityRule = { unit: DEFAULT_UNIT, min_quantity: 1, quantity_step: 1 };

export const UNIT_MESSAGES = {
  unitInvalid: "Choose a unit from the list.",
  packMeasureInvalid: "Choose what the pack size is measured in.",
  packMeasureRequired: "Say what the pack size is measured in.",
  packSizeInvalid: "Enter the pack size as a number above 0.",
  minInvalid: "Enter the minimum order as a number above 0.",
  stepInvalid: "Enter the step as a number above 0.",
  wholeOnly: "This unit is sold in whole numbers.",
  decimalsMax: "Use at most 2 decimal places.",
  tierQuantity: "Each step needs a quantity above the minimum order.",
  tierPrice: "Each step needs a price.",
  tiersRising: "Steps must go up in quantity, each above the one before.",
  tiersPriceRising: "A larger quantity cannot cost more per unit.",
  tierAbovePrice: "A step's price cannot be above the product's price.",
  tiersMax: "At most 6 price steps.",
  minAboveStock: "The minimum order is more than the stock.",
  tierAboveStock: "A price step is more than the stock.",
} as const;

/** The quantity messages (shown next to the field; translated through forms.json). */
export const quantityBelowMinMessage = (min: number) => `The minimum order for this item is ${formatQuantity(min)}.`;
export const quantityStepMessage = (min: number, step: number) =>
  min === step ? `Order in steps of ${formatQuantity(step)}.` : `Order ${formatQuantity(min)}, then in steps of ${formatQuantity(step)}.`;
export const QUANTITY_WHOLE_MESSAGE = "Enter a whole number for this item.";
export const QUANTITY_DECIMALS_MESSAGE = "Use at most 2 decimal places.";

/** A plain English word for a unit in a message ("bags", "m²"); pages use the i18n labels. */
export function unitWord(unit: string, n: number): string {
  const one = n === 1;
  switch (unit) {
    case "m2":
      return "m²";
    case "m3":
      return "m³";
    case "tonne":
      return one ? "tonne" : "tonnes";
    case "litre":
      return one ? "litre" : "litres";
    case "bag":
    case "piece":
    case "length":
    case "sheet":
    case "bundle":
    case "carton":
    case "trip":
    case "service":
      return one ? unit : unit === "bundle" ? "bundles" : `${unit}s`;
    default:
      return one ? "piece" : "pieces";
  }
}

/** A quantity as a person reads it: "60", "12.5", "1,500" (no trailing zeros; ~/domain/money formatNumber). */
export function formatQuantity(q: number): string {
  return formatNumber(roundQuantity(q), QUANTITY_DECIMALS);
}

/** A quantity to the fixed precision (hundredths). */
export const roundQuantity = (q: number) => Math.round(q * SCALE) / SCALE;
const hundredths = (q: number) => Math.round(q * SCALE);

/** The quantity has at most QUANTITY_DECIMALS places. */
export const hasFixedPrecision = (q: number) => Math.abs(q * SCALE - Math.round(q * SCALE)) < 1e-6;

/**
 * Why a quantity cannot be bought, or null: a fraction of a whole unit, too many decimals, under
 * the minimum, off the step (counted from the minimum: blocks 50, 100, 150…).
 */
export function quantityProblem(q: number, rule: QuantityRule = DEFAULT_QUANTITY_RULE): string | null {
  if (!Number.isFinite(q)) return QUANTITY_WHOLE_MESSAGE;
  if (!isDivisible(rule.unit) && !Number.isInteger(q)) return QUANTITY_WHOLE_MESSAGE;
  if (!hasFixedPrecision(q)) return QUANTITY_DECIMALS_MESSAGE;
  const min = rule.min_quantity > 0 ? rule.min_quantity : 1;
  const step = rule.quantity_step > 0 ? rule.quantity_step : 1;
  if (hundredths(q) < hundredths(min)) return quantityBelowMinMessage(min);
  if ((hundredths(q) - hundredths(min)) % hundredths(step) !== 0) return quantityStepMessage(min, step);
  return null;
}

/** The smallest quantity allowed at or above `q` (the minimum, then the next step). */
export function nearestAllowed(q: number, rule: QuantityRule = DEFAULT_QUANTITY_RULE): number {
  const min = rule.min_quantity > 0 ? rule.min_quantity : 1;
  const step = rule.quantity_step > 0 ? rule.quantity_step : 1;
  if (!(q > min)) return min;
  const k = Math.ceil((hundredths(q) - hundredths(min)) / hundredths(step));
  return (hundredths(min) + k * hundredths(step)) / SCALE;
}

/** The ladder's rung for `quantity`: the last one whose min_quantity it reaches, or null (the single price). */
export function tierFor<T extends { min_quantity: number }>(tiers: readonly T[] | null | undefined, quantity: number): T | null {
  let hit: T | null = null;
  for (const t of tiers ?? []) if (hundredths(quantity) >= hundredths(t.min_quantity)) hit = t;
  return hit;
}

/** The next rung above `quantity` (for "add 20 more to pay ₦9,000 a bag"), or null. */
export function nextTier<T extends { min_quantity: number }>(tiers: readonly T[] | null | undefined, quantity: number): T | null {
  for (const t of tiers ?? []) if (hundredths(t.min_quantity) > hundredths(quantity)) return t;
  return null;
}

/** The ladder's unit price for a quantity (kobo): its rung's price, else the single price. */
export function ladderUnitKobo(singleKobo: number, tiers: readonly PriceTier[] | null | undefined, quantity: number): number {
  const t = tierFor(tiers, quantity);
  return t ? Math.min(t.price_kobo, singleKobo) : singleKobo;
}

/**
 * Why a ladder is not acceptable, or null: steps rising (each above the minimum order and the one
 * before), prices not rising and never above the single price; at most MAX_TIERS rungs.
 */
export function tiersProblem(tiers: readonly PriceTier[], singleKobo: number, minQuantity = 1): { index: number; message: string } | null {
  if (tiers.length > MAX_TIERS) return { index: MAX_TIERS, message: UNIT_MESSAGES.tiersMax };
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i];
    if (!(t.min_quantity > minQuantity)) return { index: i, message: UNIT_MESSAGES.tierQuantity };
    if (t.price_kobo > singleKobo) return { index: i, message: UNIT_MESSAGES.tierAbovePrice };
    if (i > 0 && t.min_quantity <= tiers[i - 1].min_quantity) return { index: i, message: UNIT_MESSAGES.tiersRising };
    if (i > 0 && t.price_kobo > tiers[i - 1].price_kobo) return { index: i, message: UNIT_MESSAGES.tiersPriceRising };
  }
  return null;
}

/** The saving of buying `quantity` at a rung instead of the single price (kobo, ≥ 0). */
export const tierSavingKobo = (singleKobo: number, tierKobo: number, quantity: number) => Math.max(0, Math.round((singleKobo - tierKobo) * quantity));

/**
 * A quantity typed for a product of `unit`: a whole unit's fraction is cut (as the cart always
 * did), a divisible unit's kept to QUANTITY_DECIMALS places; never below 1.
 */
export function quantityForUnit(q: number, unit: string | null | undefined): number {
  const n = isDivisible(unit) ? roundQuantity(q) : Math.floor(q);
  return Math.max(1, n);
}

/** A quantity as the cart takes it (number or numeric string) to the fixed precision; NaN when not a number. */
export function parseQuantity(v: unknown): number {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*-?\d+([.,]\d+)?\s*$/.test(v) ? Number(v.trim().replace(",", ".")) : Number.NaN;
  return Number.isFinite(n) ? n : Number.NaN;
}
