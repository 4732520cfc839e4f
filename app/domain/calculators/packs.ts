/**
 * From a calculator's needs to cart lines (issue 34 item 3), client-safe:
 *  - how many of a product's units cover a need: by what ONE unit holds (the API's `pack_size` +
 *    `pack_measure`: a 50 kg bag, a 1.44 m² carton, a 20 tonne trip, a 400 W panel), rounded up
 *    to whole packs, then to the product's minimum and step; a product without a pack is counted
 *    in its own unit when that unit is a measure (piece, sheet, length → pieces; m², m³, tonne,
 *    litre, to 2 decimals), and otherwise cannot be counted (left out);
 *  - which product: of the right categories, named for the need, for sale, in stock for that
 *    quantity, and the cheapest delivered to the shopper's state (items at the line's price plus
 *    the shipping rule's fee from the store's state, app/domain/pricing.ts `priceLines`);
 *  - the basket's figures: `priceLines` over all the lines (one shipment per store).
 * Fields of the trade units (`unit`, `pack_size`, `min_quantity`, …) are read as optional:
 * absent, a product is a piece, minimum 1, step 1, no pack.
 */
import { lineLimit } from "../cart";
import { nairaToKobo } from "../money";
import { priceLines, unitPriceKobo, type PricedLines } from "../pricing";
import { nearestAllowed } from "../units";
import type { ShipmentSize } from "../shipping";
import { ceilWhole, type Measure, type Need } from "./types";

export const DIVISIBLE_UNITS: ReadonlySet<string> = new Set(["m2", "m3", "tonne", "litre"]);
/** A unit that is itself a measure (a product without a pack is counted in it). */
const UNIT_MEASURE: Readonly<Record<string, Measure>> = { piece: "piece", sheet: "piece", length: "piece", m2: "m2", m3: "m3", tonne: "tonne", litre: "litre" };

/** The product fields the calculators read (the catalogue's answer; trade-unit fields optional). */
export interface OfferProduct {
  id: number;
  name: string;
  selling_price: number;
  in_stock: boolean;
  stock_quantity: number;
  store: number;
  store_name?: string;
  store_state?: string | null;
  size: ShipmentSize;
  type: "sale" | "rent";
  category_slug: string;
  unit?: string | null;
  pack_description?: string | null;
  pack_size?: number | null;
  pack_measure?: string | null;
  min_quantity?: number | null;
  quantity_step?: number | null;
  price_tiers?: ReadonlyArray<{ min_quantity: number; price: string | number }> | null;
}

export interface Offer {
  product: OfferProduct;
  /** In the product's units. */
  quantity: number;
  unitKobo: number;
  itemsKobo: number;
  /** The shipping rule's fee for this line alone to the state (the basket shares a store's fee). */
  shippingKobo: number;
  deliveredKobo: number;
}

const up2 = (n: number) => Math.ceil(n * 100 - 1e-6) / 100;

/** What one unit of the product holds: its pack, else its unit when that is a measure; null: unknown. */
export function unitHolds(p: Pick<OfferProduct, "unit" | "pack_size" | "pack_measure">): { measure: Measure; size: number } | null {
  if (p.pack_measure && typeof p.pack_size === "number" && p.pack_size > 0) return { measure: p.pack_measure as Measure, size: p.pack_size };
  const m = UNIT_MEASURE[p.unit ?? "piece"];
  return m ? { measure: m, size: 1 } : null;
}

/** How many of the product's units cover the need (rounded up to packs, minimum and step), or null. */
export function quantityFor(need: Need, p: OfferProduct): number | null {
  const holds = unitHolds(p);
  if (!holds) return null;
  const amount = need.amounts[holds.measure];
  if (typeof amount !== "number" || !(amount > 0)) return null;
  let raw: number;
  if (need.single) {
    if (holds.size < amount - 1e-9) return null; // one unit must hold it all
    raw = 1;
  } else raw = amount / holds.size;
  const divisible = DIVISIBLE_UNITS.has(p.unit ?? "piece") && holds.size === 1;
  const q = divisible ? up2(raw) : ceilWhole(Math.round(raw * 1e6) / 1e6);
  // Then to the product's minimum and its steps counted from it (the cart's own rule).
  return nearestAllowed(q, { unit: p.unit ?? "piece", min_quantity: p.min_quantity ?? 1, quantity_step: p.quantity_step ?? 1 });
}

/** The need's product words and categories (the catalogue search is only a first cut). */
export function matchesNeed(need: Need, p: OfferProduct): boolean {
  const text = `${p.name} ${p.pack_description ?? ""}`;
  return (
    p.type === "sale" &&
    need.find.categories.includes(p.category_slug) &&
    need.find.words.every((w) => w.test(text)) &&
    !(need.find.not ?? []).some((w) => w.test(text))
  );
}

/**
 * The unit price of a line of `quantity`: the one money rule's (`unitPriceKobo`, the product's
 * price ladder step reached, else its selling price). The cart prices the line the same way when
 * it is added.
 */
export function offerUnitKobo(p: OfferProduct, quantity: number): number {
  const tiers = (p.price_tiers ?? []).map((t) => ({ min_quantity: t.min_quantity, price_kobo: nairaToKobo(Number(t.price)) }));
  return unitPriceKobo(nairaToKobo(p.selling_price), null, { tiers, quantity });
}

/** The product as a line for the need, delivered to `state`, or null when it cannot serve it. */
export function offerFor(need: Need, p: OfferProduct, state: string): Offer | null {
  if (!matchesNeed(need, p) || !p.in_stock) return null;
  const quantity = quantityFor(need, p);
  if (quantity === null || quantity > lineLimit(p.stock_quantity)) return null;
  const unitKobo = offerUnitKobo(p, quantity);
  const priced = priceLines([{ storeId: p.store, originState: p.store_state ?? null, size: p.size, quantity, unitKobo }], state);
  const shippingKobo = priced.shippingKobo ?? 0;
  return { product: p, quantity, unitKobo, itemsKobo: priced.itemsKobo, shippingKobo, deliveredKobo: priced.itemsKobo + shippingKobo };
}

/** The cheapest delivered offer for the need among `products`: ties by items, then the lower id. */
export function pickOffer(need: Need, products: readonly OfferProduct[], state: string): Offer | null {
  let best: Offer | null = null;
  for (const p of products) {
    const o = offerFor(need, p, state);
    if (!o) continue;
    if (!best || o.deliveredKobo < best.deliveredKobo || (o.deliveredKobo === best.deliveredKobo && (o.itemsKobo < best.itemsKobo || (o.itemsKobo === best.itemsKobo && o.product.id < best.product.id)))) best = o;
  }
  return best;
}

/** The basket's figures by the one money rule: one shipment per store, delivered to `state`. */
export function basketPrice(offers: readonly Offer[], state: string): PricedLines {
  return priceLines(
    offers.map((o) => ({ storeId: o.product.store, originState: o.product.store_state ?? null, size: o.product.size, quantity: o.quantity, unitKobo: o.unitKobo })),
    state,
  );
}
