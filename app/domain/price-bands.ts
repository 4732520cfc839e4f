/**
 * Price bands (spec sections 2 and 9): the listing's buckets, the API's strict bounds, the
 * catalogue's count bands (migration 0002's catalog_price_band) and the seed's "keep prices off
 * the bounds" rule all come from here. Amounts in naira unless a name says kobo. Client-safe.
 */
import { nairaToKobo } from "./money";

/** Spec section 9: the bucket bounds, naira. */
export const PRICE_BOUNDS_NAIRA = [24_000, 80_000, 270_000, 950_000] as const;
/** The same bounds in kobo (the database's unit). */
export const PRICE_BOUNDS_KOBO: readonly number[] = PRICE_BOUNDS_NAIRA.map(nairaToKobo);

/** Spec section 9: above this a maximum is a greater-than bound ("More than 950 K"). */
export const PRICE_SWITCH = 950_000;

export interface PriceBucket {
  id: string;
  label: string;
  /** Greater-than bound (0: none). */
  min: number;
  /** Less-than bound; above PRICE_SWITCH it means "more than min". */
  max: number;
}

/** Spec sections 2 and 9: 0-24,000; 24,000-80,000; 80,000-270,000; 270,000-950,000; 950,000-950,001. */
export const PRICE_BUCKETS = [
  { id: "0-24000", label: "Under 24 K", min: 0, max: 24_000 },
  { id: "24000-80000", label: "24 - 80 K", min: 24_000, max: 80_000 },
  { id: "80000-270000", label: "80 - 270 K", min: 80_000, max: 270_000 },
  { id: "270000-950000", label: "270 - 950 K", min: 270_000, max: 950_000 },
  { id: "950000-950001", label: "More than 950 K", min: 950_000, max: 950_001 },
] as const satisfies readonly PriceBucket[];

export type PriceBucketId = (typeof PRICE_BUCKETS)[number]["id"];

export const priceBucket = (id: string): PriceBucket | undefined => PRICE_BUCKETS.find((b) => b.id === id);

/**
 * The API's strict bounds (naira) of a bucket: its min is the greater-than bound and its max the
 * less-than bound, except that a max above PRICE_SWITCH becomes a greater-than bound.
 */
export function bucketBounds(b: PriceBucket): { gt: number | null; lt: number | null } {
  if (b.max > PRICE_SWITCH) return { gt: Math.max(b.min, PRICE_SWITCH), lt: null };
  return { gt: b.min > 0 ? b.min : null, lt: b.max };
}

/**
 * The count band of a price (kobo), as migration 0002's catalog_price_band computes it: each
 * bound is a band of its own because the API's bounds are strict: 0 below 24,000 naira,
 * 1 exactly 24,000, 2 between 24,000 and 80,000, 3 exactly 80,000, ... 8 above 950,000.
 */
export function priceBand(kobo: number): number {
  for (let i = 0; i < PRICE_BOUNDS_KOBO.length; i++) {
    if (kobo < PRICE_BOUNDS_KOBO[i]) return 2 * i;
    if (kobo === PRICE_BOUNDS_KOBO[i]) return 2 * i + 1;
  }
  return 2 * PRICE_BOUNDS_KOBO.length;
}

/** Number of count bands (0..PRICE_BAND_COUNT-1). */
export const PRICE_BAND_COUNT = 2 * PRICE_BOUNDS_NAIRA.length + 1;

/**
 * The band range [lo, hi] holding exactly the prices with `> minKobo` and `< maxKobo`, when both
 * bounds (each optional) sit on band bounds; null when they do not (then count row by row).
 */
export function bandRange(minKobo: number | null | undefined, maxKobo: number | null | undefined): [number, number] | null {
  let lo = 0;
  let hi = PRICE_BAND_COUNT - 1;
  if (minKobo != null) {
    const i = PRICE_BOUNDS_KOBO.indexOf(minKobo);
    if (i < 0) return null;
    lo = 2 * i + 2;
  }
  if (maxKobo != null) {
    const j = PRICE_BOUNDS_KOBO.indexOf(maxKobo);
    if (j < 0) return null;
    hi = 2 * j;
  }
  return [lo, hi];
}

/** True when a selling price (naira) sits exactly on a bucket bound (the seed avoids these). */
export const onPriceBound = (naira: number) => (PRICE_BOUNDS_NAIRA as readonly number[]).includes(naira);
