/**
 * Solar: a list of appliances (watts, how many, hours a day) → the inverter (the load running at
 * once ÷ a power factor of 0.8, with 25% headroom for motors starting), the battery (the day's
 * energy ÷ (80% depth of discharge × 90% inverter efficiency), for one night and day on battery)
 * and the panels (the day's energy ÷ the peak sun hours, 4.5 in Lagos by default, ÷ 0.8 for heat,
 * dust and wiring losses).
 */
import { ceilWhole, round, type CalcResult, type Calculator, type FieldDef, type Values } from "./types";

export const APPLIANCE_ROWS = 6;
export const POWER_FACTOR = 0.8;
export const INVERTER_HEADROOM = 1.25;
export const DEPTH_OF_DISCHARGE = 0.8;
export const INVERTER_EFFICIENCY = 0.9;
export const PANEL_LOSSES = 0.8;

const rowFields = (i: number): FieldDef[] => [
  { name: `a${i}_name`, kind: "text", max: 40, optional: true },
  { name: `a${i}_w`, kind: "number", min: 1, max: 20_000, optional: true, unit: "W", step: "1" },
  { name: `a${i}_n`, kind: "number", min: 1, max: 100, optional: true, step: "1" },
  { name: `a${i}_h`, kind: "number", min: 0.1, max: 24, optional: true, unit: "h", step: "0.1" },
];

export interface Appliance {
  watts: number;
  count: number;
  hours: number;
}

/** The filled rows of the form. */
export function appliancesOf(v: Values): Appliance[] {
  const out: Appliance[] = [];
  for (let i = 0; i < APPLIANCE_ROWS; i++) {
    const w = v[`a${i}_w`];
    const h = v[`a${i}_h`];
    if (typeof w === "number" && typeof h === "number") out.push({ watts: w, count: typeof v[`a${i}_n`] === "number" ? (v[`a${i}_n`] as number) : 1, hours: h });
  }
  return out;
}

export const solar: Calculator = {
  kind: "solar",
  fields: [...Array.from({ length: APPLIANCE_ROWS }, (_, i) => rowFields(i)).flat(), { name: "sun", kind: "number", min: 2, max: 8, default: 4.5, unit: "h", step: "0.1" }],
  example: {
    a0_name: "LED bulbs", a0_w: "10", a0_n: "10", a0_h: "6",
    a1_name: "Fridge", a1_w: "150", a1_n: "1", a1_h: "12",
    a2_name: "TV", a2_w: "125", a2_n: "1", a2_h: "3",
    a3_name: "Ceiling fans", a3_w: "75", a3_n: "3", a3_h: "8",
    sun: "4.5",
  },
  assumptions: ["inverter", "battery", "panels", "surge"],
  check(v): Record<string, string> {
    const errors: Record<string, string> = {};
    let rows = 0;
    for (let i = 0; i < APPLIANCE_ROWS; i++) {
      const w = typeof v[`a${i}_w`] === "number";
      const h = typeof v[`a${i}_h`] === "number";
      if (w && !h) errors[`a${i}_h`] = "hoursNeeded";
      if (h && !w) errors[`a${i}_w`] = "wattsNeeded";
      if (w && h) rows++;
    }
    if (rows === 0 && Object.keys(errors).length === 0) errors.a0_w = "oneAppliance";
    return errors;
  },
  compute(v): CalcResult {
    const list = appliancesOf(v);
    const sun = (v.sun as number) ?? 4.5;
    const loadW = list.reduce((s, a) => s + a.watts * a.count, 0);
    const energyWh = list.reduce((s, a) => s + a.watts * a.count * a.hours, 0);
    const inverterVA = (loadW / POWER_FACTOR) * INVERTER_HEADROOM;
    const batteryWh = energyWh / (DEPTH_OF_DISCHARGE * INVERTER_EFFICIENCY);
    const arrayW = energyWh / sun;
    const panelsW = arrayW / PANEL_LOSSES;
    return {
      steps: [
        { key: "load", values: { load: round(loadW) } },
        { key: "energy", values: { energy: round(energyWh) } },
        { key: "inverter", values: { load: round(loadW), pf: POWER_FACTOR, headroom: INVERTER_HEADROOM, va: ceilWhole(inverterVA) } },
        { key: "battery", values: { energy: round(energyWh), dod: DEPTH_OF_DISCHARGE * 100, eff: INVERTER_EFFICIENCY * 100, wh: ceilWhole(batteryWh) } },
        { key: "panels", values: { energy: round(energyWh), sun, array: ceilWhole(arrayW), losses: PANEL_LOSSES * 100, w: ceilWhole(panelsW) } },
      ],
      figures: [
        { key: "loadW", value: round(loadW) },
        { key: "energyWh", value: round(energyWh) },
        { key: "inverterVA", value: ceilWhole(inverterVA) },
        { key: "batteryWh", value: ceilWhole(batteryWh) },
        { key: "panelsW", value: ceilWhole(panelsW) },
      ],
      needs: [
        { key: "inverter", single: true, amounts: { VA: inverterVA }, find: { categories: ["solar-inverters"], search: "inverter", words: [/\binverter\b/i], not: [/system|hire|rent/i] } },
        { key: "battery", amounts: { Wh: batteryWh }, find: { categories: ["solar-inverters"], search: "battery", words: [/\bbatter(y|ies)\b/i], not: [/system|hire/i] } },
        { key: "solarPanels", amounts: { W: panelsW }, find: { categories: ["solar-inverters"], search: "solar panel", words: [/\bpanels?\b/i], not: [/system|street|hire|controller/i] } },
      ],
    };
  },
};
