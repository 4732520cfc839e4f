import { describe, expect, it } from "vitest";
import { filterChips, filtersQuery, parseFilters, priceBounds, PRICE_BUCKETS, sortOptions } from "~/components/listing/filters-model";
import { searchTerms } from "~/api/search.server";
import { tFor } from "~/i18n/i18next.server";

// The labels are the shop's messages; English is the reference (other languages: tests/unit/i18n-keys.test.ts).
const t = await tFor("en", "shop");

describe("listing filters from the URL", () => {
  it("reads known values and drops junk", () => {
    const f = parseFilters(new URLSearchParams("search=%20Dangote%20CEMENT%20&price=24000-80000&type=RENT&sort=oldest&min=abc&max=-5"));
    expect(f).toEqual({ search: "dangote cement", price: "24000-80000", min: "", max: "", type: "rent", states: [], sort: "oldest" });
    expect(parseFilters(new URLSearchParams("price=1-2&type=lease&sort=random")).price).toBe("");
    expect(parseFilters(new URLSearchParams("sort=random")).sort).toBe("");
    expect(parseFilters(new URLSearchParams("sort=price_asc")).sort).toBe("price_asc");
    expect(parseFilters(new URLSearchParams("min=0")).min).toBe(""); // inputs are min 1
  });

  it("reads the sellers' states, several, any case, in the list's order, dropping unknown names", () => {
    const f = parseFilters(new URLSearchParams("state=lagos&state=KANO,Atlantis&state=akwa%20ibom&state=Kano"));
    expect(f.states).toEqual(["Akwa Ibom", "Kano", "Lagos"]);
  });

  it("keeps the filters in links without empty values", () => {
    const f = parseFilters(new URLSearchParams("type=sale&search=tiles"));
    expect(filtersQuery(f)).toBe("?search=tiles&type=sale");
    expect(filtersQuery(parseFilters(new URLSearchParams("")))).toBe("");
    expect(filtersQuery(parseFilters(new URLSearchParams("state=Kano&state=Lagos&sort=popular")))).toBe("?sort=popular&state=Kano&state=Lagos");
  });
});

describe("sort options and filter chips", () => {
  it("offers each order once, Best match first when searching", () => {
    expect(sortOptions(false, "", t).map((o) => o.label)).toEqual(["Newest", "Price: low to high", "Price: high to low", "Most popular", "Best rated"]);
    expect(sortOptions(true, "", t).map((o) => o.label)).toEqual(["Best match", "Newest", "Price: low to high", "Price: high to low", "Most popular", "Best rated"]);
  });

  it("gives each active filter a link to the listing without it", () => {
    const f = parseFilters(new URLSearchParams("search=tiles&price=24000-80000&type=sale&state=Kano&state=Lagos&sort=price_asc"));
    const chips = filterChips(f, "/tiles", t);
    expect(chips.map((c) => c.label)).toEqual(["Search: “tiles”", "Price: 24 - 80 K", "For sale", "From Kano", "From Lagos", "Sort: Price: low to high"]);
    const kano = chips.find((c) => c.label === "From Kano")!;
    expect(kano.href).toBe("/tiles?search=tiles&price=24000-80000&type=sale&sort=price_asc&state=Lagos");
    expect(chips.find((c) => c.label.startsWith("Sort"))!.href).toBe("/tiles?search=tiles&price=24000-80000&type=sale&state=Kano&state=Lagos");
    expect(filterChips(parseFilters(new URLSearchParams("min=1000&max=5000")), "/all", t).map((c) => c.label)).toEqual(["Price: ₦1,000 – ₦5,000"]);
    expect(filterChips(parseFilters(new URLSearchParams("")), "/all", t)).toEqual([]);
  });
});

describe("price bounds (spec sections 7 and 9)", () => {
  const b = (price: string, min = "", max = "") => priceBounds({ price, min, max });

  it("has the five buckets of the spec", () => {
    expect(PRICE_BUCKETS.map((x) => x.label)).toEqual(["Under 24 K", "24 - 80 K", "80 - 270 K", "270 - 950 K", "More than 950 K"]);
  });

  it("sends a bucket's min as the greater-than bound and its max as the less-than bound", () => {
    expect(b("0-24000")).toEqual({ gt: null, lt: 24000 });
    expect(b("24000-80000")).toEqual({ gt: 24000, lt: 80000 });
    expect(b("270000-950000")).toEqual({ gt: 270000, lt: 950000 });
  });

  it("turns a max above 950000 into a greater-than bound", () => {
    expect(b("950000-950001")).toEqual({ gt: 950000, lt: null });
  });

  it("treats typed min/max as inclusive and lets them override a bucket", () => {
    expect(b("24000-80000", "1000", "2000")).toEqual({ gt: 999.99, lt: 2000.01 });
    expect(b("", "5000", "")).toEqual({ gt: 4999.99, lt: null });
    expect(b("")).toEqual({ gt: null, lt: null });
  });
});

describe("search terms", () => {
  it("lower-cases, splits on punctuation and strips tsquery syntax", () => {
    expect(searchTerms("Roofing  Sheet")).toEqual(["roofing", "sheet"]);
    expect(searchTerms("cement & | ! ( ) :* 'x'")).toEqual(["cement", "x"]);
    expect(searchTerms("42.5R")).toEqual(["42", "5r"]);
    expect(searchTerms("Café")).toEqual(["cafe"]);
    expect(searchTerms("   ")).toEqual([]);
    expect(searchTerms(null)).toEqual([]);
  });

  it("keeps at most eight distinct words", () => {
    expect(searchTerms("a b c d e f g h i j a")).toHaveLength(8);
    expect(searchTerms("tile tile TILE")).toEqual(["tile"]);
  });
});
