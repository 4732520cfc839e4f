/** The project calculators (issue 34 item 3): each one's fields, formula and needs. Client-safe. */
import { blockwork } from "./blockwork";
import { paint } from "./paint";
import { roofing } from "./roofing";
import { solar } from "./solar";
import { tiles } from "./tiles";
import { CALCULATOR_KINDS, type Calculator, type CalculatorKind } from "./types";

export const CALCULATORS: Readonly<Record<CalculatorKind, Calculator>> = { blockwork, tiles, roofing, paint, solar };

export function calculatorOf(kind: string | undefined): Calculator | null {
  return kind && (CALCULATOR_KINDS as readonly string[]).includes(kind) ? CALCULATORS[kind as CalculatorKind] : null;
}

export { CALCULATOR_KINDS };
export type { Calculator, CalculatorKind, CalcResult, FieldDef, Figure, Measure, Need, Step, Values } from "./types";
