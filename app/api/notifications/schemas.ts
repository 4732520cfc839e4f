/** Notifications: request and answer schemas (client-safe: the storefront imports the types). */
import * as z from "zod";

export const NOTIFICATION_KINDS = [
  "order_placed",
  "order_paid",
  /** Pay on delivery: one store's delivery paid by transfer before the door (issue 33 item 4). */
  "delivery_paid",
  "item_cancelled",
  /** A store's deadline on a shipment is at half-time (issue 36 item 3). */
  "deadline_reminder",
  "order_confirmed",
  "order_shipped",
  "order_delivered",
  "refund",
  "review_posted",
  "member_invited",
  "member_joined",
  "low_stock",
  "payout_sent",
  "payout_failed",
  "return_requested",
  "return_accepted",
  "return_refused",
  "return_refunded",
  /** Claims (issue 36 item 5): opened (the store), answered (the buyer), escalated (all, admins), resolved. */
  "claim_opened",
  "claim_answered",
  "claim_escalated",
  "claim_resolved",
  /** Bulk quotes (issue 35): a request or a counter to the store, an offer or a decline to the buyer, the buyer's answer to the store. */
  "quote_requested",
  "quote_offered",
  "quote_answered",
  "product_unpublished",
  "product_featured",
  /** A buyer reported a product's SON certificate as fake (issue 36 item 2). */
  "certificate_reported",
  "store_verified",
  "store_suspended",
  "store_reinstated",
  /** Pay on delivery turned off after refusals at the door (issue 36 item 6). */
  "pay_on_delivery_off",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A same-origin path of the storefront (e.g. /users/orders/{id}), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
  /**
   * The message the notice is, in every language (issue 38 item 2c, additive): `title_key` and
   * `body_key` name `notifications.kind.*` and `notifications.body.*` of the storefront's message
   * files, `params` their values (`amount_kobo` an amount in kobo). Null keys: `title`/`body` are
   * the whole text (a store's notice, a seller's own words, an old notice). `title` and `body`
   * stay English.
   */
  title_key: z.string().nullable(),
  body_key: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ApiNotification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  count: z.number().int(),
  unread: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(NotificationSchema),
});
export type ApiNotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export const MarkReadBody = z.object({
  /** Mark these ids read; omitted: mark every notification of the list read. */
  ids: z.array(z.coerce.number().int().positive()).max(500).optional(),
});
export const MarkedSchema = z.object({ marked: z.number().int(), unread: z.number().int() });
