/**
 * Quotes: request and answer schemas (client-safe: the storefront imports the types). Rules and
 * messages: app/domain/quote-rules.ts, request schemas app/domain/quotes.ts. Money in answers is naira.
 */
import * as z from "zod";
import { QUOTE_FILTERS, QUOTE_MESSAGE_KINDS, QUOTE_SHOWN_STATUSES, QUOTE_STATUSES, QuoteBuyerDeclineSchema, QuoteCounterSchema, QuoteDeclineSchema, QuoteOfferSchema, QuoteRequestSchema, StoreTaxSchema } from "~/domain/quotes";

export const QuoteRequestBody = QuoteRequestSchema;
export const QuoteOfferBody = QuoteOfferSchema;
export const QuoteDeclineBody = QuoteDeclineSchema;
export const QuoteBuyerDeclineBody = QuoteBuyerDeclineSchema;
export const QuoteCounterBody = QuoteCounterSchema;
export const StoreTaxBody = StoreTaxSchema;

export const QuoteListQuery = z.object({
  /** open (someone's move), expired (an offer past its time), accepted, declined. */
  status: z.enum(QUOTE_FILTERS).optional(),
  page: z.string().max(10).optional(),
  page_size: z.string().max(10).optional(),
});

export const QuoteLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().nullable(),
  option_id: z.number().nullable(),
  product_name: z.string(),
  option_label: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  /** The list (or ladder) unit price when asked (naira), for the store's eyes. */
  list_unit_price: z.number(),
});

export const QuoteOfferSchemaOut = z.object({
  id: z.number().int(),
  number: z.number().int(),
  /** Printed on the pro-forma: Q-{quote}-{offer}. */
  offer_number: z.string(),
  lines: z.array(z.object({ quote_line_id: z.number().int(), unit_price: z.number(), total: z.number(), above_list_reason: z.string() })),
  items_total: z.number(),
  delivery: z.number(),
  /** What the buyer pays: items + delivery (VAT included when the store is VAT-registered). */
  total: z.number(),
  /** The VAT included in the total (7.5%), or null when the store was not VAT-registered. */
  vat: z.number().nullable(),
  /** The total before VAT, or null. */
  net: z.number().nullable(),
  vat_registered: z.boolean(),
  tin: z.string(),
  delivery_date: z.string(),
  valid_hours: z.number().int(),
  expires_at: z.string(),
  expired: z.boolean(),
  note: z.string(),
  created_at: z.string(),
});

export const QuoteMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(["buyer", "store"]),
  kind: z.enum(QUOTE_MESSAGE_KINDS),
  body: z.string(),
  offer_id: z.number().nullable(),
  created_at: z.string(),
});

export const QuoteSchema = z.object({
  id: z.number().int(),
  request_group: z.string(),
  /** requested | offered | countered | accepted | declined */
  status: z.enum(QUOTE_STATUSES),
  /** The status as shown: `expired` for an offer past its time. */
  shown_status: z.enum(QUOTE_SHOWN_STATUSES),
  /** Whose move: store, buyer, or null (closed). */
  turn: z.enum(["store", "buyer"]).nullable(),
  declined_by: z.enum(["store", "buyer"]).nullable(),
  /** The buyer may still counter (once). */
  can_counter: z.boolean(),
  store: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  seller: z.object({ business_name: z.string(), rc_number: z.string(), address: z.string(), state: z.string().nullable(), email: z.string(), phone: z.string() }),
  buyer: z.object({ first_name: z.string(), last_name: z.string(), phone: z.string(), email: z.string(), company_name: z.string() }),
  site: z.object({ state: z.string(), lga: z.string(), city: z.string(), street_address: z.string() }),
  wanted_date: z.string(),
  note: z.string(),
  lines: z.array(QuoteLineSchema),
  offers: z.array(QuoteOfferSchemaOut),
  /** The offer the buyer may accept now (the latest, not expired, while the quote is offered), or null. */
  live_offer_id: z.number().nullable(),
  messages: z.array(QuoteMessageSchema),
  /** The order an accepted offer made, and whether it is paid (its tax invoice). */
  order_id: z.string().nullable(),
  order_paid: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiQuote = z.infer<typeof QuoteSchema>;

export const QuotePageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(QuoteSchema),
});
export type ApiQuotePage = z.infer<typeof QuotePageSchema>;

/** POST /quotes/: the quotes made (one per store of the lines). */
export const QuoteCreatedSchema = z.object({ request_group: z.string(), results: z.array(QuoteSchema) });
export type ApiQuoteCreated = z.infer<typeof QuoteCreatedSchema>;

/** POST /quotes/{quoteId}/accept/: the order made at the offer's prices (the same one when accepted again). */
export const QuoteAcceptedSchema = z.object({ order_id: z.string(), quote: QuoteSchema, replayed: z.boolean() });
export type ApiQuoteAccepted = z.infer<typeof QuoteAcceptedSchema>;

export const StoreTaxSchemaOut = z.object({ vat_registered: z.boolean(), tin: z.string() });
export type ApiStoreTax = z.infer<typeof StoreTaxSchemaOut>;
