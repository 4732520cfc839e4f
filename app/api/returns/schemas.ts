/**
 * Returns: request and answer schemas (client-safe: the storefront imports the types). The rules
 * and messages are the domain's (app/domain/returns.ts).
 */
import * as z from "zod";
import { RETURN_REASONS, RETURN_STATUSES, ReturnDecisionSchema, ReturnRefundedSchema, ReturnRequestSchema } from "~/domain/returns";

export const ReturnRequestBody = ReturnRequestSchema.extend({
  /** Optional photo of the item (multipart file part; JPEG, PNG or WebP, at most 5 MB). */
  photo: z.unknown().optional(),
});
export const ReturnDecisionBody = ReturnDecisionSchema;
export const ReturnRefundedBody = ReturnRefundedSchema;

export const ReturnStatusQuery = z.object({ status: z.enum(RETURN_STATUSES).optional(), page: z.string().max(10).optional() });

export const ReturnSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  order_item_id: z.string(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** What the item cost (price × quantity, naira): what is refunded. */
  amount: z.number(),
  reason: z.enum(RETURN_REASONS),
  details: z.string(),
  /** The shopper's photo, or null. */
  photo: z.string().nullable(),
  /** requested | accepted | refused | refunded */
  status: z.enum(RETURN_STATUSES),
  vendor_message: z.string().nullable(),
  /** CardPayment (refunded through Paystack) or PayOnDelivery (paid back by the admin). */
  payment_method: z.string(),
  /** The card refund's state (queued, pending, processing, processed, failed), or null. */
  refund_status: z.string().nullable(),
  refund_note: z.string().nullable(),
  store: z.object({ id: z.number().nullable(), name: z.string().nullable(), slug: z.string().nullable() }),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type ApiReturn = z.infer<typeof ReturnSchema>;

/** GET /orders/{orderId}/returns/: the order's returns and which items may still be returned. */
export const OrderReturnsSchema = z.object({
  window_days: z.number().int(),
  /** Items that may be returned now, each with the last moment to ask (ISO). */
  returnable: z.array(z.object({ order_item_id: z.string(), return_by: z.string() })),
  results: z.array(ReturnSchema),
});
export type ApiOrderReturns = z.infer<typeof OrderReturnsSchema>;

export const ReturnPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ReturnSchema),
});
export type ApiReturnPage = z.infer<typeof ReturnPageSchema>;
