/**
 * Project calculators (issue 34 item 3): the shared shapes. A calculator turns a shopper's
 * measurements into figures (what the page shows), the steps of its formula in plain words
 * (translated with calc.json), and material needs that the storefront turns into cart lines
 * (./packs.ts: a product's units, rounded up to packs, minimum and step). Client-safe.
 */

/** What one unit of a product holds (the API's `pack_measure`), and what a need is counted in. */
export type Measure = "kg" | "tonne" | "m" | "m2" | "m3" | "litre" | "piece" | "W" | "Wh" | "VA";

/** A field of a calculator's GET form. */
export type FieldDef =
  | { name: string; kind: "number"; min: number; max: number; default?: number; optional?: boolean; unit?: string; step?: string }
  | { name: string; kind: "choice"; options: readonly string[]; default: string }
  | { name: string; kind: "text"; max: number; optional: true };

/** One step of the formula, shown as a translated sentence: calc.json `<kind>.steps.<key>` with `values`. */
export interface Step {
  key: string;
  values: Record<string, string | number>;
}

/** One result figure: calc.json `<kind>.figures.<key>` with `value`. */
export interface Figure {
  key: string;
  value: number;
}

/**
 * A material to buy: how much (in one or more measures, so a product packed in any of them can be
 * counted), and how to find products for it (categories by slug, a search phrase for the
 * catalogue, and words its name must and must not have).
 */
export interface Need {
  /** calc.json `materials.<key>`. */
  key: string;
  amounts: Partial<Record<Measure, number>>;
  /** One unit must hold the whole amount (an inverter of at least so many VA): quantity 1. */
  single?: boolean;
  find: {
    categories: readonly string[];
    search: string;
    /** Every one must match the product's name (or pack description). */
    words: readonly RegExp[];
    /** None may match. */
    not?: readonly RegExp[];
  };
}

export interface CalcResult {
  steps: Step[];
  figures: Figure[];
  needs: Need[];
}

export type Values = Record<string, number | string | undefined>;

export interface Calculator {
  kind: CalculatorKind;
  fields: readonly FieldDef[];
  /** A worked example's query (the "Try an example" link). */
  example: Record<string, string>;
  /** Keys of calc.json `<kind>.assumptions.*`, shown in plain words under the result. */
  assumptions: readonly string[];
  /** Cross-field checks after each field is valid: field → calc.json `errors.<key>`. */
  check?: (v: Values) => Record<string, string>;
  compute: (v: Values) => CalcResult;
}

export const CALCULATOR_KINDS = ["blockwork", "tiles", "roofing", "paint", "solar"] as const;
export type CalculatorKind = (typeof CALCULATOR_KINDS)[number];

/** Rounds for display: at most `d` decimals. */
export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
/** Rounds up to a whole number, forgiving float noise (22.000000001 is 22). */
export const ceilWhole = (n: number) => Math.ceil(n - 1e-9);
