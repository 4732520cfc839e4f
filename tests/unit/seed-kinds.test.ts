/**
 * Demo pictures show what each product is (issue 38 item 8): every seeded product's kind is read
 * from its own name (never the category's stock picture), the kinds a shopper would check first
 * are the right ones, and every kind's drawing is a valid SVG that rasterises and differs from
 * every other kind's.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/db/seed/catalog-data";
import { productSvg } from "~/db/seed/images";
import { PRODUCT_KINDS, kindOf, type ProductKind } from "~/db/seed/kinds";

const seeded = CATEGORIES.flatMap((root) =>
  root.subcategories.flatMap((sub) =>
    sub.products.flatMap((t) => (t.variants ?? [""]).map((v) => ({ name: t.name.replace("{v}", v), sub: sub.slug }))),
  ),
);

describe("the kind of a demo product", () => {
  it("comes from the product's own name for every seeded product", () => {
    const byCategory = seeded.filter((p) => kindOf(p.name, p.sub).by !== "name").map((p) => p.name);
    expect(byCategory).toEqual([]);
  });

  it.each<[string, ProductKind]>([
    ["Aluminium Longspan Roofing Sheet 0.45mm, Brick Red (per metre)", "roof-sheet"],
    ["Nigerite corrugated roofing sheet, 2.4 m", "roof-sheet"],
    ["Stone-coated roofing tile, Milano profile (bundle of 10)", "roof-tile"],
    ["High-tensile iron rod 16 mm (per 12 m length)", "rods"],
    ["Dangote 3X Cement 42.5R, 50 kg bag", "sack"],
    ["Sharp sand, 20-tonne tipper trip (delivered)", "sand"],
    ["Granite chippings 3/4 inch, 30-tonne trip (delivered)", "granite"],
    ["Vibrated hollow sandcrete block, 9 inch", "block"],
    ["Royal Ceramics floor tile 40x40 cm, Grey Stone (per carton)", "tiles"],
    ["Dulux Vinyl Silk Emulsion 20 L, Magnolia", "paint"],
    ["Coleman 2.5 mm single-core cable, 100 m roll, Red", "cable"],
    ["Hisense 205 L double-door refrigerator", "fridge"],
    ["4-door wardrobe with mirror", "wardrobe"],
    ["Kitchen sink and tap installation", "wrench"],
    ["LG 1.5HP Dual Inverter split air conditioner", "ac"],
    ["Felicity 5 kVA hybrid inverter, 48 V", "inverter"],
    ["Tipper truck hire, 20 tonnes (per trip)", "tipper"],
  ])("%s is drawn as %s", (name, kind) => {
    const sub = seeded.find((p) => p.name === name)?.sub;
    expect(sub, `${name} is a seeded product`).toBeDefined();
    expect(kindOf(name, sub as string).kind).toBe(kind);
  });

  it("falls back to the subcategory's own kind for a name that says nothing", () => {
    expect(kindOf("Something else", "roofing")).toEqual({ kind: "roof-sheet", by: "subcategory" });
  });
});

describe("the drawings", () => {
  const tile = (kind: ProductKind) =>
    productSvg({ name: "Item, 50 kg bag", icon: "cement", kind, palette: ["#333333"], seed: 0, n: 1 });

  it("are one per kind, each different", () => {
    const drawn = new Map<string, ProductKind>();
    for (const kind of PRODUCT_KINDS) {
      const svg = tile(kind);
      expect(drawn.get(svg), `${kind} is drawn like ${drawn.get(svg)}`).toBeUndefined();
      drawn.set(svg, kind);
    }
  });

  it("are valid SVG that rasterises", async () => {
    for (const kind of PRODUCT_KINDS) {
      const png = await sharp(Buffer.from(tile(kind)), { density: 18 }).png().toBuffer();
      const meta = await sharp(png).metadata();
      expect(meta.width, kind).toBe(200);
    }
  }, 60_000);
});
