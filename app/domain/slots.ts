/** Delivery slots' and yard collection's request schemas (rules and messages: ./slot-rules.ts, re-exported). */
import * as z from "zod";
import { MAX_SLOT_DAYS, MAX_SLOT_TRUCKS, SLOT_LAYOUT_NAMES, SLOT_MESSAGES, YARD_ADDRESS_MAX, YARD_HOURS_MAX } from "./slot-rules";
import { text } from "./text";
import { intIdField } from "./validation";

export * from "./slot-rules";

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,4}$/, message).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** POST /stores/{storeId}/slots/: publish slots for the next `days` days (business days only). */
export const SlotPublishSchema = /* @__PURE__ */ (() =>
  z.object({
    layout: z.enum(SLOT_LAYOUT_NAMES as [string, ...string[]], { error: SLOT_MESSAGES.layout }),
    days: wholeNumber(1, MAX_SLOT_DAYS, SLOT_MESSAGES.days),
    cap: wholeNumber(1, MAX_SLOT_TRUCKS, SLOT_MESSAGES.cap),
  }))();
export type SlotPublishBody = z.output<typeof SlotPublishSchema>;

/** POST /stores/{storeId}/slots/close/: a slot closed (removed, or kept for its bookings with no free truck). */
export const SlotCloseSchema = /* @__PURE__ */ (() => z.object({ slot_id: intIdField }))();

/** PUT /stores/{storeId}/collection/: "Collect from our yard" on or off, the yard's address and hours. */
export const CollectionSchema = /* @__PURE__ */ (() =>
  z
    .object({
      enabled: z.union([z.boolean(), z.enum(["on", "true", "1", "off", "false", "0"]).transform((v) => ["on", "true", "1"].includes(v))]).optional().default(false),
      address: text(YARD_ADDRESS_MAX).optional().default(""),
      hours: text(YARD_HOURS_MAX).optional().default(""),
    })
    .superRefine((v, c) => {
      if (v.enabled && !v.address) c.addIssue({ code: "custom", path: ["address"], message: SLOT_MESSAGES.yardAddress });
      if (v.enabled && !v.hours) c.addIssue({ code: "custom", path: ["hours"], message: SLOT_MESSAGES.yardHours });
    }))();
export type CollectionBody = z.output<typeof CollectionSchema>;

/** One store's shipment choice at checkout (POST /orders/ `delivery_choices`, additive). */
export const DeliveryChoiceSchema = /* @__PURE__ */ (() =>
  z.object({
    store_id: intIdField,
    slot_id: intIdField.optional().nullable(),
    collect: z.boolean().optional().default(false),
  }))();
export type DeliveryChoice = z.output<typeof DeliveryChoiceSchema>;
export const DeliveryChoicesField = /* @__PURE__ */ (() => z.array(DeliveryChoiceSchema).max(50).optional().nullable())();
