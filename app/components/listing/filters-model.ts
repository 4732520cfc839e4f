/** The listing's filters as they appear in the page URL (a plain GET form), shared by server and client. */
import { PRICE_BUCKETS, PRICE_SWITCH, bucketBounds, priceBucket } from "~/domain/price-bands";

export interface ListingFilters {
  search: string;
  /** A bucket id from PRICE_BUCKETS, or "". */
  price: string;
  min: string;
  max: string;
  type: "" | "sale" | "rent";
  sort: "" | "newest" | "oldest";
}

/** The price buckets and their bounds are app/domain/price-bands.ts (shared with the API and the seed). */
export { PRICE_BUCKETS, PRICE_SWITCH };

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
  const b = priceBucket(f.price);
  return b ? bucketBounds(b) : { gt: null, lt: null };
}

/** The filters as a query string (without page), for links that keep them. */
export function filtersQuery(f: ListingFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const hasFilters = (f: ListingFilters) => !!(f.price || f.min || f.max || f.type || f.sort);
