/**
 * The shipping fee rule, ONE rule for the cart (quoted as `shipping_cost`), the order (charged at
 * placement) and the order e-mail (shown). Everything is integer kobo. Client-safe.
 *
 * Rule:
 *  - every unit in the order costs a fee by the product's shipment size AND the destination state
 *    (the zone table below: shipment size × state, all 36 states + FCT from the canonical
 *    NIGERIAN_STATES list). Lagos and Ogun (zone A) pay the base fees
 *      small ₦1,500 · medium ₦3,500 · large ₦8,000;
 *    farther zones pay more, up to small ₦3,500 · medium ₦7,500 · large ₦15,000 in the far north;
 *  - without a known state (a cart not yet at checkout) the quote uses zone A, the lowest fees;
 *  - the total fee is capped at ₦25,000 per order, whatever the state;
 *  - an order whose subtotal (selling prices × quantities) reaches ₦500,000 ships free;
 *  - an empty order costs nothing.
 * The server always computes it from the catalogue; a fee sent by a client is ignored.
 */
import { formatKobo } from "./money";
import { NIGERIAN_STATES } from "./states";

export type ShipmentSize = "small" | "medium" | "large";
export const SHIPMENT_SIZES: readonly ShipmentSize[] = ["small", "medium", "large"];
export type NigerianState = (typeof NIGERIAN_STATES)[number];

/** Delivery zones, nearest (the Lagos hub) first. */
export const SHIPPING_ZONES = {
  A: "Lagos and Ogun",
  B: "South West",
  C: "South South and South East",
  D: "North Central and the FCT",
  E: "North West and North East",
} as const;
export type ShippingZone = keyof typeof SHIPPING_ZONES;

/** The zone of every state (36 + FCT). */
export const STATE_ZONE: Readonly<Record<NigerianState, ShippingZone>> = {
  Lagos: "A",
  Ogun: "A",
  Oyo: "B",
  Osun: "B",
  Ondo: "B",
  Ekiti: "B",
  Kwara: "B",
  Edo: "C",
  Delta: "C",
  Rivers: "C",
  Bayelsa: "C",
  "Akwa Ibom": "C",
  "Cross River": "C",
  Abia: "C",
  Anambra: "C",
  Ebonyi: "C",
  Enugu: "C",
  Imo: "C",
  "Federal Capital Territory": "D",
  Kogi: "D",
  Benue: "D",
  Nasarawa: "D",
  Niger: "D",
  Plateau: "D",
  Kaduna: "E",
  Kano: "E",
  Katsina: "E",
  Jigawa: "E",
  Kebbi: "E",
  Sokoto: "E",
  Zamfara: "E",
  Bauchi: "E",
  Gombe: "E",
  Adamawa: "E",
  Taraba: "E",
  Borno: "E",
  Yobe: "E",
};

/** Fee per unit by zone and shipment size, kobo. */
export const ZONE_FEE_KOBO: Readonly<Record<ShippingZone, Readonly<Record<ShipmentSize, number>>>> = {
  A: { small: 150_000, medium: 350_000, large: 800_000 },
  B: { small: 200_000, medium: 450_000, large: 1_000_000 },
  C: { small: 250_000, medium: 550_000, large: 1_200_000 },
  D: { small: 300_000, medium: 650_000, large: 1_300_000 },
  E: { small: 350_000, medium: 750_000, large: 1_500_000 },
};

/** The zone used when no state is known (a cart quote before checkout). */
export const BASE_ZONE: ShippingZone = "A";

/** The base fees (zone A), kept for callers that quote without a state. */
export const SHIPPING_FEE_KOBO: Readonly<Record<ShipmentSize, number>> = ZONE_FEE_KOBO[BASE_ZONE];

/** The table people read: shipment size × destination state, kobo per unit. */
export const SHIPPING_TABLE_KOBO: Readonly<Record<NigerianState, Readonly<Record<ShipmentSize, number>>>> = Object.fromEntries(
  NIGERIAN_STATES.map((s) => [s, ZONE_FEE_KOBO[STATE_ZONE[s]]]),
) as Record<NigerianState, Record<ShipmentSize, number>>;

/** Highest fee for one order: ₦25,000. */
export const SHIPPING_CAP_KOBO = 2_500_000;

/** Orders with a subtotal at or above ₦500,000 ship free. */
export const FREE_SHIPPING_FROM_KOBO = 50_000_000;

export interface ShippingLine {
  size: ShipmentSize;
  quantity: number;
  /** Selling price of one unit, kobo. */
  unitPriceKobo: number;
}

/** The zone of a state spelled as in NIGERIAN_STATES (canonicalState() first); BASE_ZONE when unknown. */
export function zoneOf(state: string | null | undefined): ShippingZone {
  return (state && STATE_ZONE[state as NigerianState]) || BASE_ZONE;
}

/** The fee of one unit of `size` to `state` (canonical name; unknown or missing: BASE_ZONE). */
export function unitFeeKobo(size: ShipmentSize, state?: string | null): number {
  const fees = ZONE_FEE_KOBO[zoneOf(state)];
  return fees[size] ?? fees.medium;
}

export function subtotalKobo(lines: readonly ShippingLine[]): number {
  return lines.reduce((sum, l) => sum + l.unitPriceKobo * Math.max(0, Math.floor(l.quantity)), 0);
}

/** The shipping fee of an order's lines to `state` (canonical name; missing: the base zone). */
export function shippingKobo(lines: readonly ShippingLine[], state?: string | null): number {
  const units = lines.filter((l) => l.quantity > 0);
  if (units.length === 0) return 0;
  if (subtotalKobo(units) >= FREE_SHIPPING_FROM_KOBO) return 0;
  const fee = units.reduce((sum, l) => sum + unitFeeKobo(l.size, state) * Math.floor(l.quantity), 0);
  return Math.min(fee, SHIPPING_CAP_KOBO);
}

/**
 * The rule in one sentence for shoppers (the cart page shows it), built from the table above:
 * "Shipping: ₦1,500–₦15,000 per item by size and state, at most ₦25,000; free from ₦500,000."
 */
export function shippingRuleText(): string {
  const fees = Object.values(ZONE_FEE_KOBO).flatMap((z) => Object.values(z));
  const lo = formatKobo(Math.min(...fees));
  const hi = formatKobo(Math.max(...fees));
  return `Shipping: ${lo}–${hi} per item by size and state, at most ${formatKobo(SHIPPING_CAP_KOBO)}; free from ${formatKobo(FREE_SHIPPING_FROM_KOBO)}.`;
}

export const SHIPPING_RULE_TEXT = shippingRuleText();
