/**
 * The shipping fee rule: the fee of one shipment, which app/domain/pricing.ts (the one money rule)
 * uses for the cart quote, the product page's delivery quote, the order (charged at placement,
 * recomputed with every line) and the e-mails. Everything is integer kobo. Client-safe.
 *
 * A multi-store order travels as one shipment per store, each from the store's state to the
 * buyer's. Per shipment:
 *  - every unit costs a fee by its shipment size (small, medium, large) and by how far the
 *    shipment goes: within one state, within one geopolitical zone, to a neighbouring zone, or
 *    farther (the table FEE_KOBO below; zones and their borders in GEO_ZONE_OF / NEIGHBOURS);
 *  - a shipment's fee is capped at ₦25,000;
 *  - a shipment whose items (selling prices × quantities) reach ₦500,000 ships free;
 *  - a shipment with nothing in it costs nothing.
 * A store with no state on record ships from Lagos (DEFAULT_ORIGIN_STATE). A quote with no
 * destination yet (a cart before checkout) is the lowest fee, within the store's own state, and
 * says "from". The server always computes it from the catalogue; a fee sent by a client is ignored.
 */
import { formatKobo } from "./money";
import { NIGERIAN_STATES } from "./states";

export type ShipmentSize = "small" | "medium" | "large";
export const SHIPMENT_SIZES: readonly ShipmentSize[] = ["small", "medium", "large"];
export type NigerianState = (typeof NIGERIAN_STATES)[number];

/** Nigeria's six geopolitical zones. */
export const GEO_ZONES = {
  NC: "North Central",
  NE: "North East",
  NW: "North West",
  SE: "South East",
  SS: "South South",
  SW: "South West",
} as const;
export type GeoZone = keyof typeof GEO_ZONES;

/** The zone of every state (36 + FCT). */
export const GEO_ZONE_OF: Readonly<Record<NigerianState, GeoZone>> = {
  Benue: "NC",
  Kogi: "NC",
  Kwara: "NC",
  Nasarawa: "NC",
  Niger: "NC",
  Plateau: "NC",
  "Federal Capital Territory": "NC",
  Adamawa: "NE",
  Bauchi: "NE",
  Borno: "NE",
  Gombe: "NE",
  Taraba: "NE",
  Yobe: "NE",
  Jigawa: "NW",
  Kaduna: "NW",
  Kano: "NW",
  Katsina: "NW",
  Kebbi: "NW",
  Sokoto: "NW",
  Zamfara: "NW",
  Abia: "SE",
  Anambra: "SE",
  Ebonyi: "SE",
  Enugu: "SE",
  Imo: "SE",
  "Akwa Ibom": "SS",
  Bayelsa: "SS",
  "Cross River": "SS",
  Delta: "SS",
  Edo: "SS",
  Rivers: "SS",
  Ekiti: "SW",
  Lagos: "SW",
  Ogun: "SW",
  Ondo: "SW",
  Osun: "SW",
  Oyo: "SW",
};

/** Zones that share a border (North Central borders all five others). */
export const NEIGHBOURS: Readonly<Record<GeoZone, readonly GeoZone[]>> = {
  NC: ["NE", "NW", "SE", "SS", "SW"],
  NE: ["NC", "NW"],
  NW: ["NC", "NE"],
  SE: ["NC", "SS"],
  SS: ["NC", "SE", "SW"],
  SW: ["NC", "SS"],
};

/** How far a shipment goes, nearest first. */
export const DISTANCES = ["same_state", "same_zone", "neighbouring_zone", "far"] as const;
export type Distance = (typeof DISTANCES)[number];

/** Fee per unit by distance and shipment size, kobo. */
export const FEE_KOBO: Readonly<Record<Distance, Readonly<Record<ShipmentSize, number>>>> = {
  same_state: { small: 100_000, medium: 250_000, large: 500_000 },
  same_zone: { small: 150_000, medium: 350_000, large: 800_000 },
  neighbouring_zone: { small: 250_000, medium: 550_000, large: 1_200_000 },
  far: { small: 350_000, medium: 750_000, large: 1_500_000 },
};

/** Where a store with no state on record ships from. */
export const DEFAULT_ORIGIN_STATE: NigerianState = "Lagos";

/** Highest fee for one shipment: ₦25,000. */
export const SHIPPING_CAP_KOBO = 2_500_000;

/** Shipments whose items reach ₦500,000 ship free. */
export const FREE_SHIPPING_FROM_KOBO = 50_000_000;

export interface ShippingLine {
  size: ShipmentSize;
  quantity: number;
}

const known = (s: string | null | undefined): s is NigerianState => !!s && s in GEO_ZONE_OF;

/** The geopolitical zone of a canonical state name (canonicalState() first), or null. */
export function geoZoneOf(state: string | null | undefined): GeoZone | null {
  return known(state) ? GEO_ZONE_OF[state] : null;
}

/**
 * How far a shipment from `origin` to `destination` goes. Unknown origin: Lagos. Unknown
 * destination: within the state (the lowest fee, a "from" quote).
 */
export function distanceOf(origin: string | null | undefined, destination: string | null | undefined): Distance {
  const from = known(origin) ? origin : DEFAULT_ORIGIN_STATE;
  if (!known(destination) || destination === from) return "same_state";
  const a = GEO_ZONE_OF[from];
  const b = GEO_ZONE_OF[destination];
  if (a === b) return "same_zone";
  return NEIGHBOURS[a].includes(b) ? "neighbouring_zone" : "far";
}

/** The fee of one unit of `size` from `origin` to `destination` (canonical names). */
export function unitFeeKobo(size: ShipmentSize, origin?: string | null, destination?: string | null): number {
  const fees = FEE_KOBO[distanceOf(origin, destination)];
  return fees[size] ?? fees.medium;
}

/**
 * The shipping fee of ONE shipment (one store's lines) from `origin` to `destination`; `itemsKobo`
 * is what the shipment's items cost, as app/domain/pricing.ts prices them (the free threshold).
 */
export function shipmentShippingKobo(lines: readonly ShippingLine[], itemsKobo: number, origin?: string | null, destination?: string | null): number {
  const units = lines.filter((l) => l.quantity > 0);
  if (units.length === 0) return 0;
  if (itemsKobo >= FREE_SHIPPING_FROM_KOBO) return 0;
  const fee = units.reduce((sum, l) => sum + unitFeeKobo(l.size, origin, destination) * Math.floor(l.quantity), 0);
  return Math.min(fee, SHIPPING_CAP_KOBO);
}

/**
 * The rule in one sentence for shoppers (the cart page shows it), built from the table above:
 * "Shipping per store: ₦1,000–₦15,000 per item by size and distance, at most ₦25,000 a store; free from ₦500,000."
 */
export function shippingRuleText(): string {
  const { lo, hi, cap, free } = shippingRuleAmounts();
  return `Shipping per store: ${lo}–${hi} per item by size and distance from the store, at most ${cap} a store; free from ${free}.`;
}

/** The amounts of that sentence, formatted, for its translations (shop.json `cart.shippingRule`). */
export function shippingRuleAmounts(): { lo: string; hi: string; cap: string; free: string } {
  const fees = Object.values(FEE_KOBO).flatMap((z) => Object.values(z));
  return { lo: formatKobo(Math.min(...fees)), hi: formatKobo(Math.max(...fees)), cap: formatKobo(SHIPPING_CAP_KOBO), free: formatKobo(FREE_SHIPPING_FROM_KOBO) };
}

export const SHIPPING_RULE_TEXT = shippingRuleText();
