/**
 * The delivery code (issue 33 item 5; docs/decisions/0025-delivery-code.md): a pay-on-delivery
 * shipment is marked Delivered only with the 4-digit code its shopper received (SMS, WhatsApp
 * when opted in, their order page), or by an admin's override with a reason. Wrong codes are
 * counted; after DELIVERY_CODE_MAX_TRIES the shipment is locked until an admin unlocks it.
 * Client-safe: the rules and the API's messages; the code itself is made on the server only
 * (app/api/core/delivery-code.server.ts).
 */
import * as z from "zod";

export const DELIVERY_CODE_LENGTH = 4;
/** Wrong codes allowed before the shipment is locked for an admin to unlock. */
export const DELIVERY_CODE_MAX_TRIES = 5;
/** Shortest reason an admin gives for marking a shipment Delivered without the code. */
export const OVERRIDE_REASON_MIN = 10;

/**
 * Which shipments need the code to be Delivered: pay on delivery (the shopper pays at the door,
 * so "it never came" must be settled by the shopper's own code). The hook for a later kind of
 * order (e.g. "bulk" orders): pass `kind: "bulk"` once such an order exists and it needs the code
 * too; no other place decides it.
 */
export function needsDeliveryCode(order: { paymentMethod: string; kind?: "bulk" | "standard" }): boolean {
  return order.paymentMethod === "PayOnDelivery" || order.kind === "bulk";
}

/** The API's messages (English; the store's pages are English like every seller page). */
export const DELIVERY_CODE_MESSAGES = {
  required: "This is a pay-on-delivery shipment: enter the 4-digit delivery code the shopper received to mark it Delivered.",
  format: "The delivery code is 4 digits, e.g. 0427.",
  wrong: (left: number) =>
    left > 0
      ? `That is not the shopper's delivery code. ${left} ${left === 1 ? "try" : "tries"} left.`
      : "That is not the shopper's delivery code. No tries left: this delivery is locked until an admin unlocks it.",
  mismatch: "That is not the shopper's delivery code.",
  locked: "Too many wrong delivery codes: this delivery is locked until an admin unlocks it. Contact BuildMart support.",
  reason: `Say why the shipment is marked Delivered without the code (at least ${OVERRIDE_REASON_MIN} characters).`,
  notShipped: "Only a shipment that is on its way (Shipped) can be marked Delivered.",
} as const;

/** The code as typed: spaces and dashes dropped ("04 27" → "0427"). */
export const normalizeDeliveryCode = (v: string) => v.replace(/[\s-]/g, "");

/** A well-formed code: exactly 4 digits after normalizing. */
export const isDeliveryCodeShape = (v: string) => /^\d{4}$/.test(normalizeDeliveryCode(v));

/** The store's form / the API body field (optional: only a pay-on-delivery Delivered step needs it). */
export const deliveryCodeField = /* @__PURE__ */ (() =>
  z
    .string()
    .max(20)
    .transform(normalizeDeliveryCode)
    .refine((v) => v === "" || /^\d{4}$/.test(v), { message: DELIVERY_CODE_MESSAGES.format })
    .optional())();

/** POST /admin/deliveries/{shipmentId}/deliver/: the override's reason. */
export const DeliveryOverrideSchema = /* @__PURE__ */ (() =>
  z.object({ reason: z.string({ error: DELIVERY_CODE_MESSAGES.reason }).trim().min(OVERRIDE_REASON_MIN, { message: DELIVERY_CODE_MESSAGES.reason }).max(500) }))();

/** POST /admin/deliveries/{shipmentId}/unlock/: an optional note. */
export const DeliveryUnlockSchema = /* @__PURE__ */ (() => z.object({ reason: z.string().trim().max(500).nullable().optional() }))();

/** The store's delivery-code form (its page): the code, required, 4 digits. */
export const DeliveryCodeFormSchema = /* @__PURE__ */ (() =>
  z.object({
    delivery_code: z
      .string({ error: "Enter the 4-digit code the shopper received." })
      .max(20, { message: DELIVERY_CODE_MESSAGES.format })
      .transform(normalizeDeliveryCode)
      .refine((v) => /^\d{4}$/.test(v), { message: DELIVERY_CODE_MESSAGES.format }),
  }))();
