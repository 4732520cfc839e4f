/**
 * Paint: the area to paint, the number of coats and the paint's coverage (square metres a litre a
 * coat, on its label; 10 by default, the low end of emulsion's 10–12 on a smooth, primed wall) →
 * litres = area × coats ÷ coverage; buckets come from each product's pack (20 L, 4 L).
 */
import { ceilWhole, round, type CalcResult, type Calculator } from "./types";

export const paint: Calculator = {
  kind: "paint",
  fields: [
    { name: "area", kind: "number", min: 0.1, max: 100_000, unit: "m2", step: "0.01" },
    { name: "coats", kind: "number", min: 1, max: 5, default: 2, step: "1" },
    { name: "coverage", kind: "number", min: 2, max: 20, default: 10, unit: "m2PerLitre", step: "0.1" },
    { name: "finish", kind: "choice", options: ["interior", "exterior"], default: "interior" },
  ],
  example: { area: "42", coats: "2", coverage: "11", finish: "interior" },
  assumptions: ["area", "coverage", "primer"],
  compute(v): CalcResult {
    const area = v.area as number;
    const coats = Math.round((v.coats as number) ?? 2);
    const coverage = (v.coverage as number) ?? 10;
    const litres = (area * coats) / coverage;
    const exterior = String(v.finish) === "exterior";
    return {
      steps: [{ key: "litres", values: { area: round(area), coats, coverage: round(coverage, 1), litres: round(litres, 1) } }],
      figures: [
        { key: "litres", value: round(litres, 1) },
        { key: "buckets20", value: ceilWhole(round(litres / 20, 6)) },
        { key: "buckets4", value: ceilWhole(round(litres / 4, 6)) },
      ],
      needs: [
        {
          key: exterior ? "exteriorPaint" : "interiorPaint",
          amounts: { litre: litres },
          find: exterior
            ? { categories: ["paint-finishes"], search: "exterior paint", words: [/\b(exterior|weathershield)\b/i], not: [/textur|gloss|enamel/i] }
            : { categories: ["paint-finishes"], search: "emulsion", words: [/\bemulsion\b/i], not: [/exterior|weathershield/i] },
        },
      ],
    };
  },
};
