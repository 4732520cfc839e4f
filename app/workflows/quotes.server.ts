/**
 * Bulk quotes (issue 35; decision 0036): a buyer's request to each store of its lines, the store's
 * offers and declines, the buyer's counter (once), decline and accept. Each step takes the quote's
 * row lock first, writes its thread message and tells the other side (a notice on its bell, an
 * e-mail), in the caller's transaction. Accepting a live offer places an order at the offered prices
 * through checkout's `placeOrder` (stock taken as checkout takes it, the delivery charge as the
 * shipment's fee) and links it to the quote (unique): a second accept answers the same order; an
 * accept at the moment the offer expires either makes the order or is refused (410), decided once
 * under the lock by the database's clock.
 */
import crypto from "node:crypto";
import type { NoticeText } from "~/domain/notices";
import type { Queryable } from "~/db/client.server";
import { ApiError, badRequest, notFound } from "~/api/core/http";
import type { AuthUser } from "~/api/core/types";
import { productOption } from "~/api/carts/queries.server";
import { listedSql } from "~/api/catalog/listed";
import { recordEvent, type Notice } from "~/api/notifications/commands.server";
import { findQuote, quoteLines, quoteOffers, type QuoteRow } from "~/api/quotes/queries.server";
import { lineTotalKobo, unitPriceKobo } from "~/domain/pricing";
import { QUOTE_MESSAGES, type QuoteMessageKind } from "~/domain/quote-rules";
import type { QuoteOfferBody, QuoteRequestBody } from "~/domain/quotes";
import type { PriceTier } from "~/domain/units";
import { link } from "~/integrations/mail/layout.server";
import type { MailMessage } from "~/integrations/mail.server";
import { quoteEmail, type QuoteEmailStep } from "~/integrations/mail/quote-emails.server";
import { placeOrder } from "./checkout.server";

const conflict = (detail: string) => new ApiError(409, { detail });
export const buyerQuotePath = (id: number) => `/users/quotes/${id}`;
export const storeQuotePath = (slug: string, id: number) => `/stores/${encodeURIComponent(slug)}/quotes/${id}`;

interface PricedProduct {
  product_id: number;
  name: string;
  store_id: number;
  unit: string;
  selling_price_kobo: number;
  price_tiers: PriceTier[] | null;
  published: boolean;
  owner_id: number;
}

async function productFor(q: Queryable, productId: number): Promise<PricedProduct | null> {
  const r = await q.query<PricedProduct>(
    `SELECT p.id AS product_id, p.name, p.store_id, p.unit, p.selling_price_kobo::bigint AS selling_price_kobo, p.price_tiers, ${listedSql("p")} AS published, s.owner_id
       FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = $1`,
    [productId],
  );
  const p = r.rows[0];
  return p ? { ...p, selling_price_kobo: Number(p.selling_price_kobo) } : null;
}

/** The list (or ladder) unit price of a product, option and quantity now: the one money rule's catalogue price. */
async function listUnitKobo(q: Queryable, p: PricedProduct, optionId: number | null, quantity: number, field: string): Promise<{ unitKobo: number; optionLabel: string | null }> {
  const option = optionId ? await productOption(q, p.product_id, optionId, field) : null;
  return { unitKobo: unitPriceKobo(p.selling_price_kobo, option?.price_kobo, { tiers: option ? option.price_tiers : p.price_tiers, quantity }), optionLabel: option?.label ?? null };
}

async function addMessage(q: Queryable, quoteId: number, m: { role: "buyer" | "store"; authorId: number | null; kind: QuoteMessageKind; body?: string | null; offerId?: number | null }) {
  await q.query("INSERT INTO quote_messages (quote_id, author_role, author_id, kind, body, offer_id) VALUES ($1, $2, $3, $4, $5, $6)", [
    quoteId,
    m.role,
    m.authorId,
    m.kind,
    m.body ?? "",
    m.offerId ?? null,
  ]);
  await q.query("UPDATE quotes SET updated_at = now() WHERE id = $1", [quoteId]);
}

/** The store's members who take order e-mails (owner first). */
async function storeMailees(q: Queryable, storeId: number) {
  const r = await q.query<{ email: string; first_name: string | null; language: string | null }>(
    `SELECT u.email::text AS email, NULLIF(u.first_name, '') AS first_name, u.language FROM store_members m JOIN users u ON u.id = m.user_id
      WHERE m.store_id = $1 AND m.accepted_at IS NOT NULL AND m.order_emails AND u.deleted_at IS NULL AND NULLIF(u.email::text, '') IS NOT NULL
      ORDER BY (m.role = 'Owner') DESC, m.id`,
    [storeId],
  );
  return r.rows;
}

/** Tells the store (bell notice as written, e-mails to its members) of a buyer's step. */
async function tellStore(q: Queryable, quote: Pick<QuoteRow, "id" | "store_id" | "store_slug" | "store_name">, step: QuoteEmailStep, text: NoticeText, words: string | null) {
  const path = storeQuotePath(quote.store_slug, quote.id);
  const kind = step === "requested" || step === "countered" ? "quote_requested" : "quote_answered";
  // A key and its values, said in the reader's language; the body is the buyer's own words as written.
  const notices: Notice[] = [{ kind, storeId: quote.store_id, text, body: words ?? "", link: path }];
  const mails: MailMessage[] = (await storeMailees(q, quote.store_id)).map((p) =>
    quoteEmail({ to: p.email, firstName: p.first_name, lang: p.language, step, quoteId: quote.id, storeName: quote.store_name, words, href: link(path) }),
  );
  await recordEvent(q, { notices, mails });
}

/** Tells the buyer (a notice in their language, an e-mail) of the store's step. */
async function tellBuyer(q: Queryable, quote: QuoteRow, step: "offered" | "declined_store", words: string | null) {
  const path = buyerQuotePath(quote.id);
  const lang = quote.user_id ? (await q.query<{ language: string | null }>("SELECT language FROM users WHERE id = $1", [quote.user_id])).rows[0]?.language : null;
  const notices: Notice[] = [
    { kind: step === "offered" ? "quote_offered" : "quote_answered", userId: quote.user_id, text: { title: step === "offered" ? "quote_offered" : "quote_declined", params: { store: quote.store_name, number: String(quote.id) } }, link: path },
  ];
  const mails: MailMessage[] = quote.contact_email
    ? [quoteEmail({ to: quote.contact_email, firstName: quote.contact_first_name, lang, step, quoteId: quote.id, storeName: quote.store_name, words, href: link(path) })]
    : [];
  await recordEvent(q, { notices, mails });
}

/**
 * A buyer's request: its lines grouped by store, one quote per store (sharing a request group),
 * each with its lines (at their list price now, for the store's eyes), the `requested` message, and
 * the store told. 400 on `lines[i].product_id` for a product not for sale (or the buyer's own store's).
 * Returns the quotes' ids.
 */
export async function requestQuotes(tx: Queryable, input: { user: AuthUser; body: QuoteRequestBody }): Promise<{ group: string; ids: number[] }> {
  const { user, body } = input;
  const byStore = new Map<number, { p: PricedProduct; optionId: number | null; optionLabel: string | null; quantity: number; listKobo: number }[]>();
  for (const [i, l] of body.lines.entries()) {
    const p = await productFor(tx, l.product_id);
    if (!p || !p.published) throw badRequest({ [`lines[${i}].product_id`]: [QUOTE_MESSAGES.product] });
    if (p.owner_id === user.id) throw badRequest({ [`lines[${i}].product_id`]: [QUOTE_MESSAGES.ownStore] });
    const { unitKobo, optionLabel } = await listUnitKobo(tx, p, l.option_id, l.quantity, `lines[${i}].option_id`);
    const list = byStore.get(p.store_id) ?? [];
    list.push({ p, optionId: l.option_id, optionLabel, quantity: l.quantity, listKobo: unitKobo });
    byStore.set(p.store_id, list);
  }
  const group = crypto.randomUUID();
  const ids: number[] = [];
  for (const [storeId, lines] of byStore) {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO quotes (request_group, user_id, store_id, contact_first_name, contact_last_name, contact_phone, contact_email, company_name,
                           delivery_state, delivery_lga, site_address, city, wanted_date, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        group,
        user.id,
        storeId,
        body.receiver_first_name,
        body.receiver_last_name,
        body.receiver_phone_one,
        user.email,
        body.company_name ?? "",
        body.state,
        body.lga,
        body.street_address,
        body.city,
        body.wanted_date,
        body.note ?? "",
      ],
    );
    const id = r.rows[0].id;
    ids.push(id);
    for (const l of lines)
      await tx.query(
        "INSERT INTO quote_lines (quote_id, product_id, option_id, product_name, option_label, unit, quantity, list_unit_kobo) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        [id, l.p.product_id, l.optionId, l.p.name, l.optionLabel, l.p.unit, l.quantity, l.listKobo],
      );
    await addMessage(tx, id, { role: "buyer", authorId: user.id, kind: "requested", body: body.note });
    const quote = (await findQuote(tx, id))!;
    await tellStore(tx, quote, "requested", { title: "store_quote_requested", params: { number: String(id), count: lines.length, lga: body.lga, state: body.state } }, body.note);
  }
  return { group, ids };
}

/** The store's quote, locked; 404 for another store's. */
async function storeQuote(tx: Queryable, storeId: number, quoteId: number): Promise<QuoteRow> {
  const quote = await findQuote(tx, quoteId, true);
  if (!quote || quote.store_id !== storeId) throw notFound();
  return quote;
}

/**
 * The store offers (or offers again): a unit price for every line of the quote (not above its list or
 * ladder price for the quantity, unless a reason is given), the delivery charge, date and validity.
 * Allowed on a request, a counter, or over its own earlier offer; 409 once accepted or declined.
 */
export async function makeOffer(tx: Queryable, input: { storeId: number; quoteId: number; body: QuoteOfferBody; userId: number }): Promise<number> {
  const quote = await storeQuote(tx, input.storeId, input.quoteId);
  if (quote.status === "accepted" || quote.status === "declined") throw conflict(QUOTE_MESSAGES.notOpen);
  const lines = (await quoteLines(tx, [quote.id])).get(quote.id) ?? [];
  const given = new Map(input.body.lines.map((l, i) => [l.quote_line_id, { ...l, i }]));
  const errors: Record<string, string[]> = {};
  const priced: { lineId: number; unitKobo: number; totalKobo: number; reason: string }[] = [];
  for (const [i, line] of lines.entries()) {
    const g = given.get(line.id);
    if (!g) {
      errors[`lines[${i}].unit_price`] = [QUOTE_MESSAGES.priceMissing];
      continue;
    }
    // The list or ladder price now (the product may have changed since the request); a product gone: the asked price.
    const p = line.product_id ? await productFor(tx, line.product_id) : null;
    const listKobo = p ? (await listUnitKobo(tx, p, line.option_id, line.quantity, `lines[${g.i}].unit_price`).catch(() => ({ unitKobo: line.list_unit_kobo }))).unitKobo : line.list_unit_kobo;
    if (g.unit_price > listKobo && !g.reason) errors[`lines[${g.i}].reason`] = [QUOTE_MESSAGES.aboveList];
    priced.push({ lineId: line.id, unitKobo: g.unit_price, totalKobo: lineTotalKobo(g.unit_price, line.quantity), reason: g.unit_price > listKobo ? (g.reason ?? "") : "" });
  }
  if (input.body.lines.some((l) => !lines.some((x) => x.id === l.quote_line_id))) errors.lines = [QUOTE_MESSAGES.priceMissing];
  if (Object.keys(errors).length) throw badRequest(errors);
  const store = (await tx.query<{ vat_registered: boolean; tin: string }>("SELECT vat_registered, tin FROM stores WHERE id = $1", [quote.store_id])).rows[0];
  const o = await tx.query<{ id: number }>(
    `INSERT INTO quote_offers (quote_id, number, delivery_kobo, delivery_date, valid_hours, expires_at, note, vat_registered, tin, created_by)
     VALUES ($1, (SELECT COALESCE(max(number), 0) + 1 FROM quote_offers WHERE quote_id = $1), $2, $3, $4, clock_timestamp() + make_interval(hours => $4), $5, $6, $7, $8)
     RETURNING id`,
    [quote.id, input.body.delivery, input.body.delivery_date, input.body.valid_hours, input.body.note ?? "", store.vat_registered, store.vat_registered ? store.tin : "", input.userId],
  );
  const offerId = o.rows[0].id;
  for (const l of priced)
    await tx.query("INSERT INTO quote_offer_lines (offer_id, quote_line_id, unit_kobo, line_total_kobo, above_list_reason) VALUES ($1, $2, $3, $4, $5)", [
      offerId,
      l.lineId,
      l.unitKobo,
      l.totalKobo,
      l.reason,
    ]);
  await tx.query("UPDATE quotes SET status = 'offered' WHERE id = $1", [quote.id]);
  await addMessage(tx, quote.id, { role: "store", authorId: input.userId, kind: "offered", body: input.body.note, offerId });
  await tellBuyer(tx, quote, "offered", input.body.note);
  return offerId;
}

/** The store declines with a reason (a request, a counter, or its own live offer); 409 once closed. */
export async function storeDecline(tx: Queryable, input: { storeId: number; quoteId: number; reason: string; userId: number }): Promise<void> {
  const quote = await storeQuote(tx, input.storeId, input.quoteId);
  if (quote.status === "accepted" || quote.status === "declined") throw conflict(QUOTE_MESSAGES.notOpen);
  await tx.query("UPDATE quotes SET status = 'declined', declined_by = 'store' WHERE id = $1", [quote.id]);
  await addMessage(tx, quote.id, { role: "store", authorId: input.userId, kind: "declined", body: input.reason });
  await tellBuyer(tx, quote, "declined_store", input.reason);
}

/** The buyer's own quote, locked. The route has checked who may act (the buyer or an admin). */
async function buyerQuote(tx: Queryable, quoteId: number): Promise<QuoteRow> {
  const quote = await findQuote(tx, quoteId, true);
  if (!quote) throw notFound();
  return quote;
}

/** The buyer counters the store's offer, once, with a note; the store may then offer again. */
export async function counterOffer(tx: Queryable, input: { quoteId: number; note: string; userId: number }): Promise<void> {
  const quote = await buyerQuote(tx, input.quoteId);
  if (quote.status === "accepted" || quote.status === "declined") throw conflict(QUOTE_MESSAGES.notOpen);
  if (quote.countered_at !== null) throw conflict(QUOTE_MESSAGES.counterUsed);
  if (quote.status !== "offered") throw conflict(QUOTE_MESSAGES.noLiveOffer);
  await tx.query("UPDATE quotes SET status = 'countered', countered_at = now() WHERE id = $1", [quote.id]);
  await addMessage(tx, quote.id, { role: "buyer", authorId: input.userId, kind: "countered", body: input.note });
  await tellStore(tx, quote, "countered", { title: "store_quote_countered", params: { number: String(quote.id) } }, input.note);
}

/** The buyer declines (with an optional reason); 409 once closed. */
export async function buyerDecline(tx: Queryable, input: { quoteId: number; reason: string | null; userId: number }): Promise<void> {
  const quote = await buyerQuote(tx, input.quoteId);
  if (quote.status === "accepted" || quote.status === "declined") throw conflict(QUOTE_MESSAGES.notOpen);
  await tx.query("UPDATE quotes SET status = 'declined', declined_by = 'buyer' WHERE id = $1", [quote.id]);
  await addMessage(tx, quote.id, { role: "buyer", authorId: input.userId, kind: "declined", body: input.reason });
  await tellStore(tx, quote, "declined_buyer", { title: "store_quote_declined", params: { number: String(quote.id) } }, input.reason);
}

/**
 * The buyer accepts the live offer: under the quote's lock, an order at the offer's prices and
 * delivery charge to the site (card, transfer or USSD: paid on the payment pages), stock taken as
 * checkout takes it; the quote accepted and linked to the order (orders.quote_id is unique). Accepted
 * before: the same order (`replayed`). 410 when the offer expired (the database's clock, once, under
 * the lock); 409 when there is no offer to accept. Stock short: checkout's 409, nothing written.
 */
export async function acceptOffer(tx: Queryable, input: { quoteId: number; user: AuthUser; language?: string | null }): Promise<{ orderId: string; replayed: boolean }> {
  const quote = await buyerQuote(tx, input.quoteId);
  if (quote.status === "accepted" && quote.order_id) return { orderId: quote.order_id, replayed: true };
  if (quote.status !== "offered") throw conflict(quote.status === "declined" ? QUOTE_MESSAGES.notOpen : quote.status === "countered" ? QUOTE_MESSAGES.notYourTurn : QUOTE_MESSAGES.noLiveOffer);
  const offers = (await quoteOffers(tx, [quote.id])).get(quote.id) ?? [];
  const offer = offers[offers.length - 1];
  if (!offer) throw conflict(QUOTE_MESSAGES.noLiveOffer);
  const live = await tx.query<{ live: boolean }>("SELECT expires_at > clock_timestamp() AS live FROM quote_offers WHERE id = $1", [offer.id]);
  if (!live.rows[0]?.live) throw new ApiError(410, { detail: QUOTE_MESSAGES.expired, code: "offer_expired" });
  const lines = (await quoteLines(tx, [quote.id])).get(quote.id) ?? [];
  const price = new Map(offer.lines.map((l) => [l.quote_line_id, l.unit_kobo]));
  const missing = lines.find((l) => l.product_id === null);
  if (missing) throw conflict(`${missing.product_name} is no longer sold: ask the store for a new offer.`);
  const placed = await placeOrder(tx, {
    user: { id: input.user.id, email: input.user.email, first_name: input.user.first_name },
    paymentMethod: "CardPayment",
    address: {
      kind: "inline",
      value: {
        email: quote.contact_email || input.user.email,
        receiver_first_name: quote.contact_first_name,
        receiver_last_name: quote.contact_last_name,
        receiver_phone_one: quote.contact_phone,
        street_address: quote.site_address,
        city: quote.city,
        state: quote.delivery_state,
        zip_code: null,
        lga: quote.delivery_lga,
        landmark: null,
        country: "NGA",
      },
    },
    source: {
      kind: "quote",
      storeId: quote.store_id,
      deliveryKobo: offer.delivery_kobo,
      lines: lines.map((l) => ({ productId: l.product_id!, optionId: l.option_id, quantity: l.quantity, unitKobo: price.get(l.id)! })),
    },
    language: input.language ?? null,
  });
  const orderId = placed.order.id;
  // The order made by the offer: one per quote (unique on both sides).
  await tx.query("UPDATE orders SET quote_id = $2 WHERE id = $1", [orderId, quote.id]);
  await tx.query("UPDATE quotes SET status = 'accepted', order_id = $2 WHERE id = $1", [quote.id, orderId]);
  await addMessage(tx, quote.id, { role: "buyer", authorId: input.user.id, kind: "accepted", offerId: offer.id });
  await tellStore(tx, quote, "accepted", { title: "store_quote_accepted", params: { number: String(quote.id), offer: offer.number } }, null);
  return { orderId, replayed: false };
}
