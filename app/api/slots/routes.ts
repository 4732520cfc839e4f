/**
 * Delivery slots and "Collect from our yard" of /api/v1 (issue 35 item 5, decision 0037; rules
 * app/domain/slot-rules.ts). Answer types: `ApiStoreSlots`, `ApiDeliveryOptions` in ./schemas.ts.
 *
 * GET  /stores/{storeId}/slots/            anyone → the store's upcoming slots (day, window, cap, booked, free, full) and its yard.
 * POST /stores/{storeId}/slots/            members {layout: halves | day, days: 1–60, cap: 1–100}: slots for the
 *   business days (no Sundays, no public holidays: app/domain/delivery.ts) of the next `days` days; an
 *   existing slot takes the new cap (never below its bookings). 200 → ApiStoreSlots.
 * POST /stores/{storeId}/slots/close/      members {slot_id}: removed when unbooked, else closed (cap = bookings). 404 not the store's.
 * GET  /stores/{storeId}/collection/       anyone → {enabled, address, hours}.
 * PUT  /stores/{storeId}/collection/       members {enabled, address, hours} (address and hours required when enabled).
 * GET  /slots/delivery-options/?products=1,2   anyone → each store of those products: bulk or not, its upcoming
 *   slots, its yard (or null). What checkout (and later a quote's offer) shows for a shipment.
 * Booking happens with the order: POST /orders/ `delivery_choices` [{store_id, slot_id?, collect?}]
 * (app/workflows/delivery-slots.server.ts).
 */
import { lagosDate } from "~/domain/delivery";
import type { SlotLayout } from "~/domain/slot-rules";
import { json, notFound } from "../core/http";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { closeSlot, publishSlots, saveCollection } from "./commands.server";
import { findCollection, productStores, storeExists, upcomingSlots } from "./queries.server";
import { CollectionAnswer, CollectionBody, DeliveryOptionsQuery, DeliveryOptionsSchema, SlotCloseAnswer, SlotCloseBody, SlotPublishBody, StoreSlotsSchema } from "./schemas";
import { serializeCollection, serializeSlot } from "./serialize";

const TAG = "slots";

const today = () => lagosDate(new Date());

async function storeSlots(ctx: ApiContext, storeId: number) {
  const [slots, collection] = await Promise.all([upcomingSlots(ctx.db, storeId, today()), findCollection(ctx.db, storeId)]);
  return json({ store: storeId, slots: slots.map(serializeSlot), collection: serializeCollection(collection) });
}

async function publicStore(ctx: ApiContext): Promise<number> {
  const storeId = ctx.intParam("storeId");
  if (!(await storeExists(ctx.db, storeId))) throw notFound();
  return storeId;
}

async function options(ctx: ApiContext<never, typeof DeliveryOptionsQuery>) {
  const raw = ctx.query().products ?? "";
  const ids = [...new Set(raw.split(",").map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647))].slice(0, 100);
  const day = today();
  const stores = await productStores(ctx.db, ids);
  const out = [];
  for (const s of stores) {
    const [slots, yard] = await Promise.all([upcomingSlots(ctx.db, s.store_id, day), findCollection(ctx.db, s.store_id)]);
    out.push({
      store: s.store_id,
      store_name: s.store_name,
      bulk: s.bulk,
      offers_slots: slots.length > 0,
      slots: slots.map(serializeSlot),
      collection: yard.enabled ? serializeCollection(yard) : null,
    });
  }
  return json({ stores: out });
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/stores/:storeId/slots/",
    access: "public",
    summary: "A store's upcoming delivery slots (day, window, cap, booked, free) and its yard for collection",
    tag: TAG,
    auth: "none",
    response: StoreSlotsSchema,
    handler: async (ctx) => storeSlots(ctx, await publicStore(ctx)),
  },
  route({
    method: "POST",
    path: "/stores/:storeId/slots/",
    access: "store-member",
    summary: "Publish delivery slots for the business days of the next `days` days (Sundays and public holidays skipped): two windows a day or the whole day, `cap` trucks each",
    tag: TAG,
    auth: "required",
    body: SlotPublishBody,
    response: StoreSlotsSchema,
    handler: async (ctx) => {
      const storeId = ctx.intParam("storeId");
      const body = await ctx.input();
      await ctx.db.tx((q) => publishSlots(q, storeId, { today: today(), days: body.days, layout: body.layout as SlotLayout, cap: body.cap }));
      return storeSlots(ctx, storeId);
    },
  }),
  route({
    method: "POST",
    path: "/stores/:storeId/slots/close/",
    access: "store-member",
    summary: "Close a delivery slot: removed when nobody booked it, else no truck left free (its bookings stand)",
    tag: TAG,
    auth: "required",
    body: SlotCloseBody,
    response: SlotCloseAnswer,
    handler: async (ctx) => {
      const storeId = ctx.intParam("storeId");
      const body = await ctx.input();
      const result = await ctx.db.tx((q) => closeSlot(q, storeId, body.slot_id));
      if (!result) throw notFound();
      return json({ slot_id: body.slot_id, result });
    },
  }),
  {
    method: "GET",
    path: "/stores/:storeId/collection/",
    access: "public",
    summary: "A store's \"Collect from our yard\": offered or not, the yard's address and hours",
    tag: TAG,
    auth: "none",
    response: CollectionAnswer,
    handler: async (ctx) => json(serializeCollection(await findCollection(ctx.db, await publicStore(ctx)))),
  },
  route({
    method: "PUT",
    path: "/stores/:storeId/collection/",
    access: "store-member",
    summary: "Offer (or stop) collection from the store's yard, with its address and hours (both required when offered)",
    tag: TAG,
    auth: "required",
    body: CollectionBody,
    response: CollectionAnswer,
    handler: async (ctx) => {
      const storeId = ctx.intParam("storeId");
      const body = await ctx.input();
      await saveCollection(ctx.db, storeId, body);
      return json(serializeCollection(await findCollection(ctx.db, storeId)));
    },
  }),
  route({
    method: "GET",
    path: "/slots/delivery-options/",
    access: "public",
    summary: "For checkout or an offer: each store of the given products (?products=1,2): bulk or not, its upcoming slots, its yard",
    tag: TAG,
    auth: "none",
    query: DeliveryOptionsQuery,
    response: DeliveryOptionsSchema,
    handler: options,
  }),
];
