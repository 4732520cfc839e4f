/**
 * Delivery slots and yard collection: request and answer schemas (client-safe: the storefront
 * imports the types). Rules and messages: app/domain/slot-rules.ts, app/domain/slots.ts.
 */
import * as z from "zod";
import { CollectionSchema, SlotCloseSchema, SlotPublishSchema, SLOT_WINDOWS } from "~/domain/slots";

export const SlotPublishBody = SlotPublishSchema;
export const SlotCloseBody = SlotCloseSchema;
export const CollectionBody = CollectionSchema;

/** One published slot: its day, window and hours, the cap on trucks, what is booked and free. */
export const SlotSchema = z.object({
  id: z.number().int(),
  /** "YYYY-MM-DD", a Lagos date (a business day). */
  day: z.string(),
  /** morning (08:00–12:00), afternoon (12:00–17:00) or day (08:00–17:00). */
  window: z.enum(SLOT_WINDOWS),
  starts: z.string(),
  ends: z.string(),
  cap: z.number().int(),
  booked: z.number().int(),
  free: z.number().int(),
  full: z.boolean(),
});

/** "Collect from our yard": offered or not, the yard's address and hours. */
export const CollectionAnswer = z.object({
  enabled: z.boolean(),
  address: z.string(),
  hours: z.string(),
});

/** GET/POST /stores/{storeId}/slots/: the store's upcoming slots and its yard. */
export const StoreSlotsSchema = z.object({
  store: z.number().int(),
  slots: z.array(SlotSchema),
  collection: CollectionAnswer,
});

export const SlotCloseAnswer = z.object({ slot_id: z.number().int(), result: z.enum(["removed", "closed"]) });

/** GET /slots/delivery-options/?products=1,2: for checkout (or an offer), each store of the products. */
export const DeliveryOptionsSchema = z.object({
  stores: z.array(
    z.object({
      store: z.number().int(),
      store_name: z.string(),
      /** One of the products of this store is bulk: a slot is needed (unless collected), no pay on delivery. */
      bulk: z.boolean(),
      /** The store publishes slots (it has upcoming ones, full or not). */
      offers_slots: z.boolean(),
      slots: z.array(SlotSchema),
      /** The yard, when the store offers collection; else null. */
      collection: CollectionAnswer.nullable(),
    }),
  ),
});

export const DeliveryOptionsQuery = z.object({
  /** Product ids, comma-separated (at most 100). */
  products: z.string().max(1200).optional(),
});

export type ApiSlot = z.infer<typeof SlotSchema>;
export type ApiStoreSlots = z.infer<typeof StoreSlotsSchema>;
export type ApiDeliveryOptions = z.infer<typeof DeliveryOptionsSchema>;
export type ApiCollection = z.infer<typeof CollectionAnswer>;
