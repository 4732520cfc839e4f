/**
 * Blockwork: a wall's length × height less its openings → sandcrete blocks, cement bags and sharp
 * sand for the mortar. The method of Nigerian builders' guides (cited in
 * tests/unit/calculators.test.ts): a 450 × 225 mm block face is 0.101 m², so 10 blocks a square
 * metre (6- and 9-inch blocks have the same face); laying mortar about 0.026 m³ a square metre of
 * 9-inch wall (joints 25 mm), in proportion to the thickness for 6-inch; 1:6 cement to sand by
 * volume; dry volume 1.35 × the wet mortar; cement 1,440 kg/m³ in 50 kg bags; sharp sand about
 * 1.6 tonnes a cubic metre. 100 m² of 9-inch wall → 1,000 blocks and about 14.4 bags.
 */
import { ceilWhole, round, type CalcResult, type Calculator } from "./types";

export const BLOCKS_PER_M2 = 10;
/** Wet laying mortar per m² of wall, m³, by block thickness (inches). */
export const MORTAR_M3_PER_M2: Readonly<Record<string, number>> = { "9": 0.026, "6": round(0.026 * (150 / 225), 5) };
export const DRY_FACTOR = 1.35;
export const MIX_PARTS = { cement: 1, sand: 6 } as const;
export const CEMENT_KG_PER_M3 = 1440;
export const BAG_KG = 50;
export const SAND_TONNES_PER_M3 = 1.6;

export const blockwork: Calculator = {
  kind: "blockwork",
  fields: [
    { name: "length", kind: "number", min: 0.1, max: 10_000, unit: "m", step: "0.01" },
    { name: "height", kind: "number", min: 0.1, max: 50, unit: "m", step: "0.01" },
    { name: "block", kind: "choice", options: ["9", "6"], default: "9" },
    { name: "openings", kind: "number", min: 0, max: 100_000, default: 0, unit: "m2", step: "0.01" },
  ],
  example: { length: "40", height: "2.5", block: "9", openings: "0" },
  assumptions: ["blocks", "mortar", "sand", "waste"],
  check: (v): Record<string, string> => ((v.openings as number) >= (v.length as number) * (v.height as number) ? { openings: "openingsTooBig" } : {}),
  compute(v): CalcResult {
    const length = v.length as number;
    const height = v.height as number;
    const openings = (v.openings as number) ?? 0;
    const block = String(v.block) === "6" ? "6" : "9";
    const gross = length * height;
    const area = Math.max(0, gross - openings);
    const blocks = ceilWhole(round(area * BLOCKS_PER_M2, 6));
    const wet = area * MORTAR_M3_PER_M2[block];
    const dry = wet * DRY_FACTOR;
    const parts = MIX_PARTS.cement + MIX_PARTS.sand;
    const cementKg = (dry * MIX_PARTS.cement * CEMENT_KG_PER_M3) / parts;
    const bags = cementKg / BAG_KG;
    const sandM3 = (dry * MIX_PARTS.sand) / parts;
    const sandTonnes = sandM3 * SAND_TONNES_PER_M3;
    return {
      steps: [
        { key: "area", values: { length: round(length), height: round(height), openings: round(openings), area: round(area) } },
        { key: "blocks", values: { area: round(area), perM2: BLOCKS_PER_M2, blocks } },
        { key: "mortar", values: { area: round(area), perM2: MORTAR_M3_PER_M2[block], block, wet: round(wet, 3), dry: round(dry, 3), factor: DRY_FACTOR } },
        { key: "cement", values: { dry: round(dry, 3), density: CEMENT_KG_PER_M3, kg: round(cementKg, 1), bags: round(bags, 1) } },
        { key: "sand", values: { dry: round(dry, 3), m3: round(sandM3, 2), tonnes: round(sandTonnes, 2) } },
      ],
      figures: [
        { key: "area", value: round(area) },
        { key: "blocks", value: blocks },
        { key: "cementBags", value: ceilWhole(round(bags, 6)) },
        { key: "sandTonnes", value: round(sandTonnes, 1) },
      ],
      needs: [
        {
          key: `blocks${block}`,
          amounts: { piece: blocks },
          find: { categories: ["cement-concrete"], search: "blocks", words: [/\bblocks?\b/i, new RegExp(`\\b${block}\\s*(-\\s*)?(inch|in\\b|")`, "i")], not: [/paving|interlock/i] },
        },
        {
          key: "cement",
          amounts: { kg: cementKg },
          find: { categories: ["cement-concrete"], search: "cement", words: [/\bcement\b/i], not: [/additive|waterproof/i] },
        },
        {
          key: "sharpSand",
          amounts: { tonne: sandTonnes, m3: sandM3 },
          find: { categories: ["cement-concrete", "haulage-tipper"], search: "sharp sand", words: [/\bsharp\s+sand\b/i] },
        },
      ],
    };
  },
};
