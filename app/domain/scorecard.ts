/**
 * A store's record over the last 90 days (issue 36 item 4), ONE rule for the API and every page
 * that shows it (the store page, the product page's seller block):
 * - orders: its shipments of orders that could be fulfilled (pay on delivery placed, others paid),
 *   less those the buyer cancelled whole before they shipped (not the store's doing);
 * - delivered: of those, delivered;
 * - on time: of those it shipped, confirmed and shipped within its deadlines (./deadlines.ts);
 * - cancelled: of the orders, cancelled because the store missed a deadline;
 * - returned: of the lines it delivered, returns it accepted;
 * - rating: its products' reviews written in the window.
 * With fewer than NEW_SELLER_BELOW orders the store is a "New seller" and no rates are shown
 * (a 100% of 1 says nothing). Percentages are whole numbers, shown with the counts behind them.
 */
import { addBusinessHours, type DeadlineSettings } from "./deadlines";

export const SCORECARD_WINDOW_DAYS = 90;
export const NEW_SELLER_BELOW = 5;

export interface ScorecardShipment {
  /** When the store's clock started (./deadlines.ts); null: never fulfillable (an unpaid card order). */
  startedAt: Date | string | null;
  confirmedAt: Date | string | null;
  shippedAt: Date | string | null;
  deliveredAt: Date | string | null;
  /** The stage whose deadline the store missed, if it did. */
  missed: string | null;
  /** Every line cancelled. */
  allCancelled: boolean;
}

export interface Rate {
  n: number;
  of: number;
  /** Whole percent, null when `of` is 0. */
  percent: number | null;
}

export interface Scorecard {
  windowDays: number;
  newSeller: boolean;
  orders: number;
  delivered: number;
  onTime: Rate;
  cancelled: Rate;
  returned: Rate;
}

export const rate = (n: number, of: number): Rate => ({ n, of, percent: of > 0 ? Math.round((100 * n) / of) : null });

const at = (d: Date | string) => new Date(d).getTime();

export function scorecardOf(shipments: readonly ScorecardShipment[], lines: { delivered: number; returned: number }, settings: DeadlineSettings): Scorecard {
  const counted = shipments.filter((s) => s.startedAt && (!s.allCancelled || s.missed));
  const shipped = counted.filter((s) => s.shippedAt);
  const onTime = shipped.filter((s) => {
    const confirmedBy = addBusinessHours(s.startedAt!, settings.confirmHours).getTime();
    const confirmed = s.confirmedAt ? at(s.confirmedAt) : at(s.shippedAt!);
    const shippedBy = addBusinessHours(new Date(confirmed), settings.shipHours).getTime();
    return confirmed <= confirmedBy && at(s.shippedAt!) <= shippedBy;
  });
  return {
    windowDays: SCORECARD_WINDOW_DAYS,
    newSeller: counted.length < NEW_SELLER_BELOW,
    orders: counted.length,
    delivered: counted.filter((s) => s.deliveredAt).length,
    onTime: rate(onTime.length, shipped.length),
    cancelled: rate(counted.filter((s) => s.missed).length, counted.length),
    returned: rate(lines.returned, lines.delivered),
  };
}
