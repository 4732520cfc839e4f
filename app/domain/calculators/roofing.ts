/**
 * Roofing: the roof's area (given, or its plan length × width and pitch: plan area ÷ cos(pitch);
 * include the overhangs in the length and width) and the sheet profile → sheets (roof area plus
 * 10% for laps and cuts, ÷ the area one sheet covers once lapped), roofing nails and ridge caps.
 * What a product covers comes from its pack (a sheet's effective cover area, m²); the profiles
 * below only count sheets for the page.
 */
import { ceilWhole, round, type CalcResult, type Calculator, type Step, type Values } from "./types";

/**
 * Sheet profiles: the area one sheet (or tile, or metre of longspan) covers once lapped, m², and
 * the ridge one cap covers, m.
 *  - longspan: sold by the metre, 1.0 m effective cover width: 1 m² a metre;
 *  - corrugated: a 3.0 m sheet, 0.75 m effective width, 0.15 m end lap: 0.75 × 2.85 = 2.1375 m²;
 *  - stone-coated tile: 1.34 × 0.42 m, 1.29 × 0.37 m once lapped: about 0.477 m².
 */
export const PROFILES = {
  longspan: { cover: 1.0, ridgeCap: 2.0 },
  corrugated: { cover: 0.75 * 2.85, ridgeCap: 1.8 },
  stone: { cover: 1.29 * 0.37, ridgeCap: 0.37 },
} as const;
export type Profile = keyof typeof PROFILES;
export const ROOF_WASTE = 0.1;
/** About 8 roofing nails (10 g each) a square metre. */
export const NAILS_KG_PER_M2 = 0.08;

/** The roof's sloped area: the given area, or plan length × width ÷ cos(pitch). */
export function roofArea(v: Values): number {
  if (typeof v.area === "number") return v.area;
  const pitch = ((v.pitch as number) ?? 0) * (Math.PI / 180);
  return ((v.length as number) * (v.width as number)) / Math.cos(pitch);
}

export const roofing: Calculator = {
  kind: "roofing",
  fields: [
    { name: "area", kind: "number", min: 1, max: 100_000, optional: true, unit: "m2", step: "0.01" },
    { name: "length", kind: "number", min: 1, max: 1000, optional: true, unit: "m", step: "0.01" },
    { name: "width", kind: "number", min: 1, max: 1000, optional: true, unit: "m", step: "0.01" },
    { name: "pitch", kind: "number", min: 0, max: 60, default: 30, unit: "deg", step: "1" },
    { name: "ridge", kind: "number", min: 0, max: 1000, optional: true, unit: "m", step: "0.01" },
    { name: "profile", kind: "choice", options: ["longspan", "corrugated", "stone"], default: "longspan" },
  ],
  example: { length: "12", width: "10", pitch: "30", profile: "longspan" },
  assumptions: ["overhang", "waste", "nails", "ridge"],
  check(v): Record<string, string> {
    if (typeof v.area === "number") return {};
    const errors: Record<string, string> = {};
    if (typeof v.length !== "number") errors.length = "areaOrPlan";
    if (typeof v.width !== "number") errors.width = "areaOrPlan";
    return errors;
  },
  compute(v): CalcResult {
    const profile: Profile = String(v.profile) in PROFILES ? (String(v.profile) as Profile) : "longspan";
    const p = PROFILES[profile];
    const area = roofArea(v);
    const byPlan = typeof v.area !== "number";
    // The ridge: given, else along the longer side of the plan (a gable roof).
    const ridge = typeof v.ridge === "number" ? v.ridge : byPlan ? Math.max(v.length as number, v.width as number) : 0;
    const buy = area * (1 + ROOF_WASTE);
    const sheets = ceilWhole(round(buy / p.cover, 6));
    const nailsKg = area * NAILS_KG_PER_M2;
    const caps = ceilWhole(round(ridge / p.ridgeCap, 6));
    const steps: Step[] = [
      byPlan
        ? { key: "areaPlan", values: { length: round(v.length as number), width: round(v.width as number), pitch: (v.pitch as number) ?? 0, area: round(area) } }
        : { key: "areaGiven", values: { area: round(area) } },
      { key: "sheets", values: { area: round(area), buy: round(buy), cover: round(p.cover, 3), sheets } },
      { key: "nails", values: { area: round(area), perM2: NAILS_KG_PER_M2, kg: round(nailsKg, 1) } },
      { key: ridge > 0 ? "ridge" : "noRidge", values: { ridge: round(ridge), cap: p.ridgeCap, caps } },
    ];
    const sheetWords: Record<Profile, RegExp[]> = {
      longspan: [/\blong[-\s]*span\b/i],
      corrugated: [/\bcorrugated\b/i],
      stone: [/\bstone[-\s]coated\b/i, /\btiles?\b/i],
    };
    return {
      steps,
      figures: [
        { key: "roofArea", value: round(area) },
        { key: `sheets_${profile}`, value: sheets },
        { key: "nailsKg", value: round(nailsKg, 1) },
        ...(caps > 0 ? [{ key: "ridgeCaps", value: caps }] : []),
      ],
      needs: [
        {
          key: `roofing_${profile}`,
          amounts: { m2: buy, piece: sheets, ...(profile === "longspan" ? { m: sheets } : {}) },
          find: { categories: ["roofing"], search: profile === "stone" ? "stone coated tile" : profile === "longspan" ? "longspan roofing sheet" : "corrugated roofing sheet", words: sheetWords[profile], not: [/ridge|package|install|gutter|truss/i] },
        },
        { key: "roofingNails", amounts: { kg: nailsKg }, find: { categories: ["roofing"], search: "roofing nails", words: [/\bnails?\b/i] } },
        ...(caps > 0
          ? [{ key: "ridgeCaps", amounts: { piece: caps, m: ridge }, find: { categories: ["roofing"], search: "ridge cap", words: [/\bridge\b/i] } }]
          : []),
      ],
    };
  },
};
