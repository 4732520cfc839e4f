/**
 * Floor and wall tiles: the area to tile, the tile size and an allowance for cuts and breakages
 * (10% by default, as Nigerian tilers advise) → square metres to buy and tiles; cartons come from
 * each product's pack (what one carton covers, m²), and about 4 kg of tile adhesive a square metre
 * (a 20 kg bag does about 5 m²).
 */
import { ceilWhole, round, type CalcResult, type Calculator } from "./types";

/** Tile sizes sold in Nigeria, "width x height" in cm. */
export const TILE_SIZES = ["30x30", "40x40", "60x60", "25x40", "30x60", "60x120"] as const;
export const ADHESIVE_KG_PER_M2 = 4;

export function tileAreaM2(size: string): number {
  const [w, h] = size.split("x").map(Number);
  return (w * h) / 10_000;
}

export const tiles: Calculator = {
  kind: "tiles",
  fields: [
    { name: "area", kind: "number", min: 0.1, max: 100_000, unit: "m2", step: "0.01" },
    { name: "surface", kind: "choice", options: ["floor", "wall"], default: "floor" },
    { name: "size", kind: "choice", options: TILE_SIZES, default: "40x40" },
    { name: "waste", kind: "number", min: 0, max: 50, default: 10, unit: "%", step: "1" },
  ],
  example: { area: "20", surface: "floor", size: "40x40", waste: "10" },
  assumptions: ["waste", "cartons", "adhesive", "batch"],
  compute(v): CalcResult {
    const area = v.area as number;
    const waste = (v.waste as number) ?? 10;
    const size = String(v.size);
    const surface = String(v.surface) === "wall" ? "wall" : "floor";
    const buy = area * (1 + waste / 100);
    const tileArea = tileAreaM2(size);
    const count = ceilWhole(round(buy / tileArea, 6));
    const adhesiveKg = area * ADHESIVE_KG_PER_M2;
    const [w, h] = size.split("x");
    return {
      steps: [
        { key: "buy", values: { area: round(area), waste, buy: round(buy) } },
        { key: "tiles", values: { buy: round(buy), size, tileArea: round(tileArea, 4), tiles: count } },
        { key: "adhesive", values: { area: round(area), perM2: ADHESIVE_KG_PER_M2, kg: round(adhesiveKg, 1) } },
      ],
      figures: [
        { key: "buyArea", value: round(buy) },
        { key: "tiles", value: count },
        { key: "adhesiveKg", value: round(adhesiveKg, 1) },
      ],
      needs: [
        {
          key: surface === "wall" ? "wallTiles" : "floorTiles",
          amounts: { m2: buy, piece: count },
          find: {
            categories: ["tiles-flooring"],
            search: `${surface} tile ${size}`,
            words: [/\btiles?\b/i, new RegExp(`\\b${w}\\s*[x×]\\s*${h}\\b`, "i"), surface === "wall" ? /\bwall\b/i : /\bfloor\b/i],
          },
        },
        { key: "tileAdhesive", amounts: { kg: adhesiveKg }, find: { categories: ["tiles-flooring"], search: "tile adhesive", words: [/\badhesive\b/i] } },
      ],
    };
  },
};
