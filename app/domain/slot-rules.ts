/**
 * Delivery slots, bulk goods and collection from the yard (issue 35 item 5, decision 0037): the
 * rules both sides need, zod-free and client-safe (the checkout's slot picker imports them).
 *
 * - A store publishes delivery slots for the next `days` calendar days from tomorrow (Lagos dates),
 *   on the delivery promise's business days only (app/domain/delivery.ts `isBusinessDay`: no Sundays,
 *   no Nigerian public holidays), either two windows a day (morning 8–12, afternoon 12–17) or the
 *   whole day (8–17), each with a cap on trucks.
 * - A slot is free while the shipments holding it are fewer than its cap (`freeTrucks`); a booking
 *   counts under the slot's row lock, so the last truck goes to one checkout only.
 * - A shipment with a bulk line from a store that offers slots needs a slot, unless it is collected
 *   from the store's yard (`slotNeeded`). Collecting costs no shipping (app/domain/pricing.ts).
 * - An order with a bulk line is never paid at the door (`payOnDeliveryAllowed`).
 */
import { addDays, isBusinessDay } from "./delivery";

export const SLOT_WINDOWS = ["morning", "afternoon", "day"] as const;
export type SlotWindow = (typeof SLOT_WINDOWS)[number];

/** Each window's hours, 24-hour "HH:MM" (Lagos time). */
export const SLOT_HOURS: Readonly<Record<SlotWindow, readonly [string, string]>> = {
  morning: ["08:00", "12:00"],
  afternoon: ["12:00", "17:00"],
  day: ["08:00", "17:00"],
};

/** How a store splits its delivery days: two windows, or one whole day. */
export const SLOT_LAYOUTS = { halves: ["morning", "afternoon"], day: ["day"] } as const satisfies Record<string, readonly SlotWindow[]>;
export type SlotLayout = keyof typeof SLOT_LAYOUTS;
export const SLOT_LAYOUT_NAMES = Object.keys(SLOT_LAYOUTS) as SlotLayout[];

/** Slots are published at most this many days ahead. */
export const MAX_SLOT_DAYS = 60;
/** At most this many trucks in one slot. */
export const MAX_SLOT_TRUCKS = 100;
/** The yard's address and hours, characters. */
export const YARD_ADDRESS_MAX = 300;
export const YARD_HOURS_MAX = 120;

export const isSlotWindow = (v: unknown): v is SlotWindow => (SLOT_WINDOWS as readonly unknown[]).includes(v);

/** The business days (Lagos dates) of the `days` calendar days after `today` ("YYYY-MM-DD"). */
export function slotDays(today: string, days: number): string[] {
  const out: string[] = [];
  for (let i = 1; i <= Math.min(MAX_SLOT_DAYS, Math.max(0, Math.floor(days))); i++) {
    const d = addDays(today, i);
    if (isBusinessDay(d)) out.push(d);
  }
  return out;
}

/** Every (day, window) a publication makes. */
export function slotsToPublish(today: string, days: number, layout: SlotLayout): { day: string; window: SlotWindow }[] {
  return slotDays(today, days).flatMap((day) => SLOT_LAYOUTS[layout].map((window) => ({ day, window })));
}

/** Trucks still free in a slot. */
export const freeTrucks = (cap: number, booked: number): number => Math.max(0, cap - booked);

/** A slot can be booked: it is after `today` (Lagos date), on a business day, with a free truck. */
export function slotBookable(slot: { day: string; cap: number; booked: number }, today: string): boolean {
  return slot.day > today && isBusinessDay(slot.day) && freeTrucks(slot.cap, slot.booked) > 0;
}

/** What a shipment needs at checkout: a slot when it has bulk goods and the store offers slots, unless collected. */
export function slotNeeded(s: { hasBulk: boolean; storeOffersSlots: boolean; collect: boolean }): boolean {
  return s.hasBulk && s.storeOffersSlots && !s.collect;
}

/** Pay on delivery (cash at the door) is refused for anything bulk. */
export const payOnDeliveryAllowed = (hasBulk: boolean): boolean => !hasBulk;

/** The API's messages (English; the storefront shows its own by `code`). */
export const SLOT_MESSAGES = {
  full: "This delivery slot is full. Please choose another day or time.",
  required: "Choose a delivery day for this store's bulk goods, or collect them from its yard.",
  unknown: "This delivery slot is not offered by this store.",
  collectNotOffered: "This store does not offer collection from its yard.",
  bulkNoPod: "Bulk goods cannot be paid on delivery. Please pay by card, bank transfer or USSD.",
  layout: "Choose two slots a day or the whole day.",
  days: `Enter a number of days from 1 to ${MAX_SLOT_DAYS}.`,
  cap: `Enter a number of trucks from 1 to ${MAX_SLOT_TRUCKS}.`,
  yardAddress: "Enter the yard's address.",
  yardHours: "Enter when buyers can collect (e.g. Mon–Sat 8am–5pm).",
  closeBooked: "This slot has bookings: it was closed to new ones.",
} as const;

/** Error codes the API sends with those messages (the storefront translates by them). */
export type SlotErrorCode = "slot_full" | "slot_required" | "slot_unknown" | "collect_not_offered" | "bulk_no_pod";
