/**
 * Quotes' reads (issue 35): a quote with its store, its lines, its offers (with their own prices)
 * and its thread; lists for the buyer, a store and the admins; a store's details for its invoices.
 */
import type { Queryable } from "~/db/client.server";
import type { QuoteFilter, QuoteMessageKind, QuoteStatus } from "~/domain/quote-rules";

export interface QuoteRow {
  id: number;
  request_group: string;
  user_id: number | null;
  store_id: number;
  store_name: string;
  store_slug: string;
  status: QuoteStatus;
  declined_by: "store" | "buyer" | null;
  contact_first_name: string;
  contact_last_name: string;
  contact_phone: string;
  contact_email: string;
  company_name: string;
  delivery_state: string;
  delivery_lga: string;
  site_address: string;
  city: string;
  wanted_date: string;
  note: string;
  countered_at: Date | string | null;
  order_id: string | null;
  order_paid: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  /** The latest offer's expiry, or null before any offer. */
  expires_at: Date | string | null;
}

const QUOTE_COLUMNS = `q.id, q.request_group::text AS request_group, q.user_id, q.store_id, s.name AS store_name, s.slug AS store_slug, q.status, q.declined_by,
  q.contact_first_name, q.contact_last_name, q.contact_phone, q.contact_email, q.company_name, q.delivery_state, q.delivery_lga, q.site_address, q.city,
  to_char(q.wanted_date, 'YYYY-MM-DD') AS wanted_date, q.note, q.countered_at, q.order_id::text AS order_id,
  COALESCE(o.order_payment_status = 'Complete', false) AS order_paid, q.created_at, q.updated_at,
  (SELECT qo.expires_at FROM quote_offers qo WHERE qo.quote_id = q.id ORDER BY qo.number DESC LIMIT 1) AS expires_at`;
const QUOTE_FROM = `quotes q JOIN stores s ON s.id = q.store_id LEFT JOIN orders o ON o.id = q.order_id`;

/** One quote (locked FOR UPDATE when asked: the quote row is the lock every step takes). */
export async function findQuote(q: Queryable, id: number, lock = false): Promise<QuoteRow | null> {
  if (lock) await q.query("SELECT id FROM quotes WHERE id = $1 FOR UPDATE", [id]);
  const r = await q.query<QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.id = $1`, [id]);
  return r.rows[0] ?? null;
}

export interface QuoteLineRow {
  id: number;
  quote_id: number;
  product_id: number | null;
  option_id: number | null;
  product_name: string;
  option_label: string | null;
  unit: string;
  quantity: number;
  list_unit_kobo: number;
}

export async function quoteLines(q: Queryable, quoteIds: number[]): Promise<Map<number, QuoteLineRow[]>> {
  const map = new Map<number, QuoteLineRow[]>();
  if (!quoteIds.length) return map;
  const r = await q.query<QuoteLineRow>(
    `SELECT id, quote_id, product_id, option_id, product_name, option_label, unit, quantity::float8 AS quantity, list_unit_kobo::bigint AS list_unit_kobo
       FROM quote_lines WHERE quote_id = ANY($1::int[]) ORDER BY quote_id, id`,
    [quoteIds],
  );
  for (const l of r.rows) map.set(l.quote_id, [...(map.get(l.quote_id) ?? []), { ...l, quantity: Number(l.quantity), list_unit_kobo: Number(l.list_unit_kobo) }]);
  return map;
}

export interface OfferLineRow {
  quote_line_id: number;
  unit_kobo: number;
  line_total_kobo: number;
  above_list_reason: string;
}

export interface OfferRow {
  id: number;
  quote_id: number;
  number: number;
  delivery_kobo: number;
  delivery_date: string;
  valid_hours: number;
  expires_at: Date | string;
  expired: boolean;
  note: string;
  vat_registered: boolean;
  tin: string;
  created_at: Date | string;
  lines: OfferLineRow[];
}

/** Every offer of the quotes, oldest first, each with its lines (in the quote's line order). */
export async function quoteOffers(q: Queryable, quoteIds: number[]): Promise<Map<number, OfferRow[]>> {
  const map = new Map<number, OfferRow[]>();
  if (!quoteIds.length) return map;
  const r = await q.query<Omit<OfferRow, "lines">>(
    `SELECT id, quote_id, number, delivery_kobo::bigint AS delivery_kobo, to_char(delivery_date, 'YYYY-MM-DD') AS delivery_date, valid_hours, expires_at,
            expires_at <= clock_timestamp() AS expired, note, vat_registered, tin, created_at
       FROM quote_offers WHERE quote_id = ANY($1::int[]) ORDER BY quote_id, number`,
    [quoteIds],
  );
  const lines = await q.query<OfferLineRow & { offer_id: number }>(
    `SELECT ol.offer_id, ol.quote_line_id, ol.unit_kobo::bigint AS unit_kobo, ol.line_total_kobo::bigint AS line_total_kobo, ol.above_list_reason
       FROM quote_offer_lines ol JOIN quote_offers o ON o.id = ol.offer_id WHERE o.quote_id = ANY($1::int[]) ORDER BY ol.offer_id, ol.quote_line_id`,
    [quoteIds],
  );
  const byOffer = new Map<number, OfferLineRow[]>();
  for (const l of lines.rows)
    byOffer.set(l.offer_id, [
      ...(byOffer.get(l.offer_id) ?? []),
      { quote_line_id: l.quote_line_id, unit_kobo: Number(l.unit_kobo), line_total_kobo: Number(l.line_total_kobo), above_list_reason: l.above_list_reason },
    ]);
  for (const o of r.rows) map.set(o.quote_id, [...(map.get(o.quote_id) ?? []), { ...o, delivery_kobo: Number(o.delivery_kobo), lines: byOffer.get(o.id) ?? [] }]);
  return map;
}

export interface QuoteMessageRow {
  id: number;
  quote_id: number;
  author_role: "buyer" | "store";
  kind: QuoteMessageKind;
  body: string;
  offer_id: number | null;
  created_at: Date | string;
}

export async function quoteMessages(q: Queryable, quoteIds: number[]): Promise<Map<number, QuoteMessageRow[]>> {
  const map = new Map<number, QuoteMessageRow[]>();
  if (!quoteIds.length) return map;
  const r = await q.query<QuoteMessageRow>(
    "SELECT id, quote_id, author_role, kind, body, offer_id, created_at FROM quote_messages WHERE quote_id = ANY($1::int[]) ORDER BY quote_id, id",
    [quoteIds],
  );
  for (const m of r.rows) map.set(m.quote_id, [...(map.get(m.quote_id) ?? []), m]);
  return map;
}

/** SQL of an admin filter: open (someone's move, the offer still live), expired (an offer past its time, unanswered). */
function filterSql(filter: QuoteFilter | undefined): string {
  const latest = "(SELECT qo.expires_at FROM quote_offers qo WHERE qo.quote_id = q.id ORDER BY qo.number DESC LIMIT 1)";
  switch (filter) {
    case "open":
      return `(q.status IN ('requested', 'countered') OR (q.status = 'offered' AND ${latest} > clock_timestamp()))`;
    case "expired":
      return `(q.status = 'offered' AND ${latest} <= clock_timestamp())`;
    case "accepted":
      return "q.status = 'accepted'";
    case "declined":
      return "q.status = 'declined'";
    default:
      return "true";
  }
}

/** Quotes newest first: a buyer's (`userId`), a store's (`storeId`) or every one (admins), with a filter. */
export async function listQuotes(
  q: Queryable,
  where: { userId?: number; storeId?: number; filter?: QuoteFilter },
  limit: number,
  offset: number,
): Promise<{ rows: QuoteRow[]; count: number }> {
  const conds: string[] = [filterSql(where.filter)];
  const params: unknown[] = [];
  if (where.userId !== undefined) conds.push(`q.user_id = $${params.push(where.userId)}`);
  if (where.storeId !== undefined) conds.push(`q.store_id = $${params.push(where.storeId)}`);
  const w = conds.join(" AND ");
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM quotes q WHERE ${w}`, params);
  const r = await q.query<QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE ${w} ORDER BY q.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`, params);
  return { rows: r.rows, count: count.rows[0].n };
}

export interface StoreInvoiceRow {
  id: number;
  name: string;
  business_name: string;
  rc_number: string;
  address: string;
  state: string | null;
  email: string;
  phone: string;
  vat_registered: boolean;
  tin: string;
}

/** A store's details for its invoices: the registered name and RC/BN number of its business check, else what it typed. */
export async function storeInvoiceDetails(q: Queryable, storeId: number): Promise<StoreInvoiceRow | null> {
  const r = await q.query<StoreInvoiceRow>(
    `SELECT s.id, s.name, COALESCE(NULLIF(c.registered_name, ''), s.name) AS business_name,
            COALESCE(c.company_type || ' ' || c.registration_number, NULLIF(s.business_license_number, ''), '') AS rc_number,
            s.address, s.state, s.email::text AS email, s.phone, s.vat_registered, s.tin
       FROM stores s LEFT JOIN store_business_checks c ON c.store_id = s.id WHERE s.id = $1`,
    [storeId],
  );
  return r.rows[0] ?? null;
}
