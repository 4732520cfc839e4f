/**
 * A store's deadlines on a shipment (issue 36 item 3), ONE rule for the background job, the
 * store's pages and the API: the store confirms a new shipment within SHIPMENT_CONFIRM_HOURS
 * business hours (24) of the order being placed (pay on delivery) or paid (card, transfer, USSD),
 * and hands it over (Shipped) within SHIPMENT_SHIP_HOURS business hours (48) of confirming.
 * Business hours are the hours of business days in Lagos time: a Sunday or a Nigerian public
 * holiday does not count (the delivery promise's calendar, ./delivery.ts). Missing one cancels
 * the shipment's lines; a reminder goes out at half-time. Client-safe.
 */
import { isBusinessDay, lagosDate } from "./delivery";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** West Africa Time: UTC+1 all year. */
const LAGOS_OFFSET_MS = HOUR_MS;

export type DeadlineStage = "confirm" | "ship";

/** The cancel reason written on the lines of a shipment whose store missed its deadline. */
export const DEADLINE_CANCEL_REASONS = {
  confirm: "The store did not confirm in time",
  ship: "The store did not ship in time",
} as const;
export type DeadlineCancelReason = (typeof DEADLINE_CANCEL_REASONS)[DeadlineStage];

/**
 * The instant `hours` business hours after `from`: the clock runs only on business days (Lagos
 * time), so 24 business hours from Saturday 10:00 end on Monday 10:00, not Sunday.
 */
export function addBusinessHours(from: Date | string, hours: number): Date {
  let t = new Date(from).getTime();
  let left = hours * HOUR_MS;
  for (let guard = 0; left > 0 && guard < 400; guard++) {
    const local = t + LAGOS_OFFSET_MS;
    const dayEnd = Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - LAGOS_OFFSET_MS;
    if (isBusinessDay(lagosDate(new Date(t)))) {
      const take = Math.min(left, dayEnd - t);
      t += take;
      left -= take;
    } else t = dayEnd;
  }
  return new Date(t);
}

export interface DeadlineSettings {
  confirmHours: number;
  shipHours: number;
}

export interface ShipmentDeadline {
  stage: DeadlineStage;
  /** When the reminder is due (half of the business hours gone). */
  remindAt: Date;
  /** When the stage must be done. */
  dueAt: Date;
}

/**
 * The deadline a shipment is under now: confirming (status Placed, from when the order could be
 * fulfilled: placed for pay on delivery, paid otherwise; null when not yet paid), or shipping
 * (status Confirmed, from its confirmation); none once it has shipped.
 */
export function shipmentDeadline(
  s: { status: string; startedAt: Date | string | null; confirmedAt: Date | string | null },
  settings: DeadlineSettings,
): ShipmentDeadline | null {
  if (s.status === "Placed") {
    if (!s.startedAt) return null;
    return { stage: "confirm", remindAt: addBusinessHours(s.startedAt, settings.confirmHours / 2), dueAt: addBusinessHours(s.startedAt, settings.confirmHours) };
  }
  if (s.status === "Confirmed" && s.confirmedAt)
    return { stage: "ship", remindAt: addBusinessHours(s.confirmedAt, settings.shipHours / 2), dueAt: addBusinessHours(s.confirmedAt, settings.shipHours) };
  return null;
}
