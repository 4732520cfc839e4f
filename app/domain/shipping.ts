/**
 * The shipping fee rule, shared by the cart (shown as `shipping_cost`) and checkout (charged).
 * Everything is integer kobo.
 *
 * Rule:
 *  - every unit in the order costs a fee by the product's shipment size:
 *      small ₦1,500 · medium ₦3,500 · large ₦8,000
 *  - the total fee is capped at ₦25,000 per order;
 *  - an order whose subtotal (selling prices × quantities) reaches ₦500,000 ships free;
 *  - an empty order costs nothing.
 * The server always computes it from the catalogue; a fee sent by a client is ignored.
 */
import { formatKobo } from "./money";

export type ShipmentSize = "small" | "medium" | "large";

export const SHIPPING_FEE_KOBO: Readonly<Record<ShipmentSize, number>> = {
  small: 150_000,
  medium: 350_000,
  large: 800_000,
};

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

export function subtotalKobo(lines: readonly ShippingLine[]): number {
  return lines.reduce((sum, l) => sum + l.unitPriceKobo * Math.max(0, Math.floor(l.quantity)), 0);
}

export function shippingKobo(lines: readonly ShippingLine[]): number {
  const units = lines.filter((l) => l.quantity > 0);
  if (units.length === 0) return 0;
  if (subtotalKobo(units) >= FREE_SHIPPING_FROM_KOBO) return 0;
  const fee = units.reduce((sum, l) => sum + (SHIPPING_FEE_KOBO[l.size] ?? SHIPPING_FEE_KOBO.medium) * Math.floor(l.quantity), 0);
  return Math.min(fee, SHIPPING_CAP_KOBO);
}

/**
 * The rule in one sentence for shoppers (the cart page shows it), built from the constants above:
 * "Shipping: ₦1,500–₦8,000 per item by size, at most ₦25,000; free from ₦500,000."
 */
export function shippingRuleText(): string {
  const fees = Object.values(SHIPPING_FEE_KOBO);
  const lo = formatKobo(Math.min(...fees));
  const hi = formatKobo(Math.max(...fees));
  return `Shipping: ${lo}–${hi} per item by size, at most ${formatKobo(SHIPPING_CAP_KOBO)}; free from ${formatKobo(FREE_SHIPPING_FROM_KOBO)}.`;
}

export const SHIPPING_RULE_TEXT = shippingRuleText();
