/**
 * Claims: request and answer schemas (client-safe: the storefront imports the types). Rules and
 * messages: app/domain/claims.ts. Money in answers is naira.
 */
import * as z from "zod";
import { ALL_CLAIM_REASONS, CLAIM_MESSAGE_KINDS, CLAIM_STATUSES, ClaimAnswerSchema, ClaimOpenSchema, ClaimRulingSchema } from "~/domain/claims";

export const ClaimOpenBody = ClaimOpenSchema.extend({
  /** Up to three photos (multipart file parts `photo`, `photo_2`, `photo_3`; JPEG, PNG or WebP ≤ 5 MB). */
  photo: z.unknown().optional(),
  photo_2: z.unknown().optional(),
  photo_3: z.unknown().optional(),
});
export const ClaimAnswerBody = ClaimAnswerSchema.extend({
  /** Optional evidence photo (multipart file part). */
  photo: z.unknown().optional(),
});
export const ClaimRulingBody = ClaimRulingSchema;

export const ClaimStatusQuery = z.object({
  status: z.enum(CLAIM_STATUSES).optional(),
  /** One order's claims only. */
  order: z.uuid().optional(),
  page: z.string().max(10).optional(),
  page_size: z.string().max(10).optional(),
});

export const ClaimMessageSchema = z.object({
  id: z.number().int(),
  /** buyer | store | admin | system */
  author: z.enum(["buyer", "store", "admin", "system"]),
  kind: z.enum(CLAIM_MESSAGE_KINDS),
  body: z.string(),
  /** A refund step's amount (naira), or null. */
  amount: z.number().nullable(),
  /** The step's photos: the viewer's own addresses (claim's parties only). */
  photos: z.array(z.string()),
  created_at: z.string(),
});

export const ClaimSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  order_item_id: z.string(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  /** The line's total (naira): the most a claim refunds. */
  amount: z.number(),
  reason: z.enum(ALL_CLAIM_REASONS),
  /** buyer, or paystack (a card dispute). */
  source: z.enum(["buyer", "paystack"]),
  dispute_id: z.string().nullable(),
  /** open (waiting for the store) | answered (the store replied: an admin rules) | escalated (no answer in time) | resolved */
  status: z.enum(CLAIM_STATUSES),
  /** The refund decided (naira; 0 none), or null while undecided. */
  refund: z.number().nullable(),
  /** The refund's state at Paystack (queued, pending, processing, processed, failed), or null. */
  refund_status: z.string().nullable(),
  /** store | admin: who resolved it. */
  resolved_by: z.string().nullable(),
  /** Naira of the store's ledger held by this claim now (not paid out while held). */
  held: z.number(),
  store: z.object({ id: z.number().nullable(), name: z.string().nullable(), slug: z.string().nullable() }),
  opened_at: z.string(),
  answer_due_at: z.string(),
  escalated_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  messages: z.array(ClaimMessageSchema),
});
export type ApiClaim = z.infer<typeof ClaimSchema>;

/** GET /orders/{orderId}/claims/: the order's claims and which lines may still be claimed. */
export const OrderClaimsSchema = z.object({
  window_days: z.number().int(),
  claimable: z.array(z.object({ order_item_id: z.string(), claim_by: z.string() })),
  results: z.array(ClaimSchema),
});
export type ApiOrderClaims = z.infer<typeof OrderClaimsSchema>;

export const ClaimPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ClaimSchema),
});
export type ApiClaimPage = z.infer<typeof ClaimPageSchema>;
