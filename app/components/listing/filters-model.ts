/** The listing's filters as they appear in the page URL (a plain GET form), shared by server and client. */

export interface ListingFilters {
  search: string;
  /** A bucket id from PRICE_BUCKETS, or "". */
  price: string;
  min: string;
  max: string;
  type: "" | "sale" | "rent";
  sort: "" | "newest" | "oldest";
}

/** Spec section 9: 0-24,000; 24,000-80,000; 80,000-270,000; 270,000-950,000; 950,000-950,001. */
export const PRICE_BUCKETS = [
  { id: "0-24000", label: "Under 24 K", min: 0, max: 24_000 },
  { id: "24000-80000", label: "24 - 80 K", min: 24_000, max: 80_000 },
  { id: "80000-270000", label: "80 - 270 K", min: 80_000, max: 270_000 },
  { id: "270000-950000", label: "270 - 950 K", min: 270_000, max: 950_000 },
  { id: "950000-950001", label: "More than 950 K", min: 950_000, max: 950_001 },
] as const;

/** Spec section 9: above this a maximum is a greater-than bound. */
export const PRICE_SWITCH = 950_000;

const num = (v: string) => {
  const n = Number(v);
  return v.trim() !== "" && Number.isFinite(n) && n >= 1 ? n : null;
};

export function parseFilters(params: URLSearchParams): ListingFilters {
  const type = params.get("type")?.toLowerCase() ?? "";
  const sort = params.get("sort") ?? "";
  const price = params.get("price") ?? "";
  return {
    search: (params.get("search") ?? "").trim().toLowerCase().slice(0, 200),
    price: PRICE_BUCKETS.some((b) => b.id === price) ? price : "",
    min: num(params.get("min") ?? "") !== null ? String(num(params.get("min") ?? "")) : "",
    max: num(params.get("max") ?? "") !== null ? String(num(params.get("max") ?? "")) : "",
    type: type === "sale" || type === "rent" ? type : "",
    sort: sort === "newest" || sort === "oldest" ? sort : "",
  };
}

/**
 * The API's strict bounds (naira) for the chosen bucket or min/max inputs. A bucket follows spec
 * section 7: its min is the greater-than bound and its max the less-than bound, except that a
 * max above 950000 turns into a greater-than bound ("More than 950 K"). Typed min/max values are
 * inclusive for the shopper, so they are widened by one kobo.
 */
export function priceBounds(f: Pick<ListingFilters, "price" | "min" | "max">): { gt: number | null; lt: number | null } {
  const min = num(f.min);
  const max = num(f.max);
  if (min !== null || max !== null) {
    return { gt: min !== null ? min - 0.01 : null, lt: max !== null ? max + 0.01 : null };
  }
  const b = PRICE_BUCKETS.find((x) => x.id === f.price);
  if (!b) return { gt: null, lt: null };
  if (b.max > PRICE_SWITCH) return { gt: Math.max(b.min, PRICE_SWITCH), lt: null };
  return { gt: b.min > 0 ? b.min : null, lt: b.max };
}

/** The filters as a query string (without page), for links that keep them. */
export function filtersQuery(f: ListingFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const hasFilters = (f: ListingFilters) => !!(f.price || f.min || f.max || f.type || f.sort);
