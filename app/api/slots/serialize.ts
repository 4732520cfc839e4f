/** Delivery slots and yard collection as the API answers them. */
import { freeTrucks, SLOT_HOURS } from "~/domain/slot-rules";
import type { ApiCollection, ApiSlot } from "./schemas";
import type { CollectionRow, SlotRow } from "./queries.server";

export function serializeSlot(s: SlotRow): ApiSlot {
  const free = freeTrucks(s.cap, s.booked);
  return { id: s.id, day: s.day, window: s.window, starts: SLOT_HOURS[s.window][0], ends: SLOT_HOURS[s.window][1], cap: s.cap, booked: s.booked, free, full: free === 0 };
}

export function serializeCollection(c: CollectionRow): ApiCollection {
  return { enabled: c.enabled, address: c.address, hours: c.hours };
}
