/** The listing's filters as they appear in the page URL (a plain GET form), shared by server and client. */
import { formatNaira } from "~/domain/money";
import { PRICE_BUCKETS, PRICE_SWITCH, bucketBounds, priceBucket } from "~/domain/price-bands";
import { NIGERIAN_STATES } from "~/domain/states";

/**
 * The listing's orders as the page URL spells them (`sort=`), each with the API's `ordering=`.
 * "" is the default: newest first, or best match when searching. "oldest" is kept for old links
 * but no longer offered.
 */
export const SORTS = {
  newest: { label: "Newest", ordering: "-created_at" },
  price_asc: { label: "Price: low to high", ordering: "selling_price" },
  price_desc: { label: "Price: high to low", ordering: "-selling_price" },
  popular: { label: "Most popular", ordering: "-popularity" },
  rated: { label: "Best rated", ordering: "-rating" },
  oldest: { label: "Oldest first", ordering: "created_at" },
} as const;
export type SortId = keyof typeof SORTS;

export interface ListingFilters {
  search: string;
  /** A bucket id from PRICE_BUCKETS, or "". */
  price: string;
  min: string;
  max: string;
  type: "" | "sale" | "rent";
  /** The sellers' states (canonical names of app/domain/states.ts), in the order of that list. */
  states: string[];
  sort: "" | SortId;
}

/**
 * A translator of the `shop` namespace (i18next's `t`): the labels below are its `listing.*`
 * messages, so chips and sort choices read in the shopper's language.
 */
export type ShopT = (key: string, vars?: Record<string, unknown>) => string;

/** A price bucket's label in the shopper's language ("Under 24 K"). */
export const bucketLabel = (t: ShopT, id: string) => t(`listing.bucket.${id}`);

/** The choices of the sort control: the default first ("Best match" when searching), no repeats. */
export function sortOptions(searching: boolean, current: ListingFilters["sort"], t: ShopT): { value: string; label: string }[] {
  const ids: SortId[] = ["price_asc", "price_desc", "popular", "rated"];
  const label = (id: SortId) => t(`listing.sort.${id}`);
  const out = [{ value: "", label: searching ? t("listing.sort.best") : label("newest") }];
  if (searching) out.push({ value: "newest", label: label("newest") });
  for (const id of ids) out.push({ value: id, label: label(id) });
  if (current === "oldest") out.push({ value: "oldest", label: label("oldest") });
  return out;
}

/** Known state names from the URL (`state=`, repeated or a comma list), any case; unknown ones are dropped. */
export function parseStates(params: URLSearchParams): string[] {
  const asked = new Set(
    params
      .getAll("state")
      .flatMap((v) => v.split(","))
      .map((v) => v.trim().replace(/\s+/g, " ").toLowerCase()),
  );
  return NIGERIAN_STATES.filter((s) => asked.has(s.toLowerCase()));
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
    states: parseStates(params),
    sort: Object.hasOwn(SORTS, sort) ? (sort as SortId) : "",
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

/** The filters as a query string (without page), for links that keep them; states as repeated `state=`. */
export function filtersQuery(f: ListingFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  const { states, ...rest } = f;
  for (const [k, v] of Object.entries({ ...rest, ...extra })) if (k !== "state" && v) q.set(k, v);
  for (const s of states) q.append("state", s);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const hasFilters = (f: ListingFilters) => !!(f.price || f.min || f.max || f.type || f.sort || f.states.length);

export interface FilterChip {
  /** What the chip says, e.g. "From Kano". */
  label: string;
  /** The same listing without this filter (first page). */
  href: string;
}

/**
 * The active filters as chips, each with a link to the listing without it: the search, the price,
 * the type, each state, and the order when it is not the default.
 */
export function filterChips(f: ListingFilters, pathname: string, t: ShopT): FilterChip[] {
  const without = (over: Partial<ListingFilters>) => `${pathname}${filtersQuery({ ...f, ...over })}`;
  const chips: FilterChip[] = [];
  if (f.search) chips.push({ label: t("listing.chip.search", { search: f.search }), href: without({ search: "" }) });
  if (f.min || f.max) {
    const min = f.min ? formatNaira(Number(f.min)) : null;
    const max = f.max ? formatNaira(Number(f.max)) : null;
    const label = min && max ? `${min} – ${max}` : min ? t("listing.chip.from", { min }) : t("listing.chip.upTo", { max });
    chips.push({ label: t("listing.chip.price", { label }), href: without({ min: "", max: "", price: "" }) });
  } else if (f.price) {
    const label = priceBucket(f.price) ? bucketLabel(t, f.price) : f.price;
    chips.push({ label: t("listing.chip.price", { label }), href: without({ price: "" }) });
  }
  if (f.type) chips.push({ label: f.type === "sale" ? t("listing.chip.sale") : t("listing.chip.rent"), href: without({ type: "" }) });
  for (const s of f.states) chips.push({ label: t("listing.chip.state", { state: s }), href: without({ states: f.states.filter((x) => x !== s) }) });
  if (f.sort && !(f.sort === "newest" && !f.search)) chips.push({ label: t("listing.chip.sort", { sort: t(`listing.sort.${f.sort}`) }), href: without({ sort: "" }) });
  return chips;
}
