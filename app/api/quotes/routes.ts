/**
 * Bulk quotes of /api/v1 (issue 35; rules app/domain/quote-rules.ts, decision 0036). Answer types:
 * `ApiQuote`, `ApiQuotePage`, `ApiQuoteCreated`, `ApiQuoteAccepted` in ./schemas.ts. Money is naira.
 *
 * POST /quotes/   a signed-in buyer: {lines: [{product_id, option_id?, quantity}], receiver_first_name,
 *   receiver_last_name, receiver_phone_one, company_name?, street_address, city, state, lga, wanted_date
 *   (YYYY-MM-DD), note?} → 201 ApiQuoteCreated: one quote per store of the lines; each store is told.
 * GET /quotes/?status=   the buyer's quotes (an admin: their own) → paged ApiQuote.
 * GET /quotes/{quoteId}/   the buyer (or an admin) → ApiQuote (thread, offers, pro-forma figures).
 * POST /quotes/{quoteId}/accept/   the buyer: the live offer becomes an order at its prices →
 *   201 ApiQuoteAccepted (200 with the same order when accepted before); 410 expired; 409 no offer.
 * POST /quotes/{quoteId}/counter/ {note}   the buyer, once, on an offer → 200 ApiQuote; 409 twice.
 * POST /quotes/{quoteId}/decline/ {reason?}   the buyer → 200 ApiQuote; 409 closed.
 * GET /stores/{storeId}/quotes/?status=   members → paged ApiQuote.
 * GET /stores/{storeId}/quotes/{quoteId}/   members → ApiQuote.
 * POST /stores/{storeId}/quotes/{quoteId}/offer/ {lines: [{quote_line_id, unit_price, reason?}], delivery,
 *   delivery_date, valid_hours?, note?}   members → 200 ApiQuote; 400 a price above the list without reason.
 * POST /stores/{storeId}/quotes/{quoteId}/decline/ {reason}   members → 200 ApiQuote.
 * GET /stores/{storeId}/tax/, PUT (owner) {vat_registered, tin}: VAT 7.5% on the store's invoices.
 * GET /admin/quotes/?status=open|expired|accepted|declined, GET /admin/quotes/{quoteId}/   admins.
 */
import type * as z from "zod";
import type { QuoteFilter } from "~/domain/quote-rules";
import { resolveLanguage } from "~/i18n/i18next.server";
import { flushMailQueue } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";
import { json, notFound, paged, pageParams } from "../core/http";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { acceptOffer, buyerDecline, counterOffer, makeOffer, requestQuotes, storeDecline } from "~/workflows/quotes.server";
import { findQuote, listQuotes, quoteLines, quoteMessages, quoteOffers, storeInvoiceDetails, type QuoteRow } from "./queries.server";
import {
  QuoteAcceptedSchema,
  QuoteBuyerDeclineBody,
  QuoteCounterBody,
  QuoteCreatedSchema,
  QuoteDeclineBody,
  QuoteListQuery,
  QuoteOfferBody,
  QuotePageSchema,
  QuoteRequestBody,
  QuoteSchema,
  StoreTaxBody,
  StoreTaxSchemaOut,
} from "./schemas";
import { serializeQuote } from "./serialize";

const TAG = "quotes";

function afterCommit(ctx: ApiContext) {
  void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending quote mail failed; the job retries"));
}

async function serialized(ctx: ApiContext, rows: QuoteRow[]) {
  const ids = rows.map((r) => r.id);
  const [lines, offers, messages] = await Promise.all([quoteLines(ctx.db, ids), quoteOffers(ctx.db, ids), quoteMessages(ctx.db, ids)]);
  const sellers = new Map<number, Awaited<ReturnType<typeof storeInvoiceDetails>>>();
  for (const id of new Set(rows.map((r) => r.store_id))) sellers.set(id, await storeInvoiceDetails(ctx.db, id));
  return rows.map((r) => serializeQuote(r, lines.get(r.id) ?? [], offers.get(r.id) ?? [], messages.get(r.id) ?? [], sellers.get(r.store_id) ?? null));
}

async function one(ctx: ApiContext, id: number) {
  const q = await findQuote(ctx.db, id);
  if (!q) throw notFound();
  return (await serialized(ctx, [q]))[0];
}

/** The caller's own quote (or any, for an admin); 404 for anyone else's. */
async function buyerQuote(ctx: ApiContext): Promise<QuoteRow> {
  const q = await findQuote(ctx.db, ctx.intParam("quoteId"));
  if (!q) throw notFound();
  await ctx.requireOwner(q.user_id);
  return q;
}

/** The store's quote; 404 for another store's. */
async function storeQuote(ctx: ApiContext): Promise<QuoteRow> {
  const q = await findQuote(ctx.db, ctx.intParam("quoteId"));
  if (!q || q.store_id !== ctx.intParam("storeId")) throw notFound();
  return q;
}

async function list(ctx: ApiContext<z.ZodType, typeof QuoteListQuery>, where: { userId?: number; storeId?: number }) {
  const { status } = ctx.query();
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 50);
  const { rows, count } = await listQuotes(ctx.db, { ...where, filter: status as QuoteFilter | undefined }, pageSize, offset);
  if (page > 1 && rows.length === 0) throw notFound();
  return json(paged(ctx.url, await serialized(ctx, rows), count, page, pageSize));
}

async function create(ctx: ApiContext<typeof QuoteRequestBody>) {
  const user = await ctx.requireUser();
  const body = await ctx.input();
  const { group, ids } = await ctx.db.tx((tx) => requestQuotes(tx, { user, body }));
  afterCommit(ctx);
  const rows = (await Promise.all(ids.map((id) => findQuote(ctx.db, id)))).filter((r): r is QuoteRow => r !== null);
  return json({ request_group: group, results: await serialized(ctx, rows) }, 201);
}

async function accept(ctx: ApiContext) {
  const q = await buyerQuote(ctx);
  const user = await ctx.requireUser();
  const language = await resolveLanguage(ctx.request);
  const r = await ctx.db.tx((tx) => acceptOffer(tx, { quoteId: q.id, user, language }));
  afterCommit(ctx);
  return json({ order_id: r.orderId, replayed: r.replayed, quote: await one(ctx, q.id) }, r.replayed ? 200 : 201);
}

async function counter(ctx: ApiContext<typeof QuoteCounterBody>) {
  const q = await buyerQuote(ctx);
  const user = await ctx.requireUser();
  const { note } = await ctx.input();
  await ctx.db.tx((tx) => counterOffer(tx, { quoteId: q.id, note, userId: user.id }));
  afterCommit(ctx);
  return json(await one(ctx, q.id));
}

async function decline(ctx: ApiContext<typeof QuoteBuyerDeclineBody>) {
  const q = await buyerQuote(ctx);
  const user = await ctx.requireUser();
  const { reason } = await ctx.input();
  await ctx.db.tx((tx) => buyerDecline(tx, { quoteId: q.id, reason, userId: user.id }));
  afterCommit(ctx);
  return json(await one(ctx, q.id));
}

async function offer(ctx: ApiContext<typeof QuoteOfferBody>) {
  const storeId = ctx.intParam("storeId");
  const user = await ctx.requireStoreRole(storeId, "member");
  const q = await storeQuote(ctx);
  const body = await ctx.input();
  await ctx.db.tx((tx) => makeOffer(tx, { storeId, quoteId: q.id, body, userId: user.id }));
  afterCommit(ctx);
  return json(await one(ctx, q.id));
}

async function storeDeclined(ctx: ApiContext<typeof QuoteDeclineBody>) {
  const storeId = ctx.intParam("storeId");
  const user = await ctx.requireStoreRole(storeId, "member");
  const q = await storeQuote(ctx);
  const { reason } = await ctx.input();
  await ctx.db.tx((tx) => storeDecline(tx, { storeId, quoteId: q.id, reason, userId: user.id }));
  afterCommit(ctx);
  return json(await one(ctx, q.id));
}

async function tax(ctx: ApiContext) {
  const s = await storeInvoiceDetails(ctx.db, ctx.intParam("storeId"));
  if (!s) throw notFound();
  return json({ vat_registered: s.vat_registered, tin: s.tin });
}

async function setTax(ctx: ApiContext<typeof StoreTaxBody>) {
  const storeId = ctx.intParam("storeId");
  await ctx.requireStoreRole(storeId, "owner");
  const body = await ctx.input();
  await ctx.db.query("UPDATE stores SET vat_registered = $2, tin = $3, updated_at = now() WHERE id = $1", [storeId, body.vat_registered, body.tin ?? ""]);
  return tax(ctx);
}

export const routes: RouteDef[] = [
  route({
    method: "POST",
    path: "/quotes/",
    access: "authenticated",
    summary: "Ask for a bulk price: lines, the site (state, LGA, address), the wanted date, a note; one quote per store of the lines",
    tag: TAG,
    auth: "required",
    body: QuoteRequestBody,
    response: QuoteCreatedSchema,
    status: 201,
    handler: create,
  }),
  route({
    method: "GET",
    path: "/quotes/",
    access: "authenticated",
    summary: "The caller's quotes, newest first (?status=open|expired|accepted|declined)",
    tag: TAG,
    auth: "required",
    query: QuoteListQuery,
    response: QuotePageSchema,
    handler: async (ctx) => list(ctx, { userId: (await ctx.requireUser()).id }),
  }),
  {
    method: "GET",
    path: "/quotes/:quoteId/",
    access: "owner",
    summary: "One of the caller's quotes: its lines, the store's offers (pro-forma figures), the thread",
    tag: TAG,
    auth: "required",
    response: QuoteSchema,
    handler: async (ctx) => json(await one(ctx, (await buyerQuote(ctx)).id)),
  },
  {
    method: "POST",
    path: "/quotes/:quoteId/accept/",
    access: "owner",
    summary: "Accept the live offer: an order at its prices and delivery charge, to pay by card, transfer or USSD (410 expired; the same order when accepted again)",
    tag: TAG,
    auth: "required",
    response: QuoteAcceptedSchema,
    status: 201,
    handler: accept,
  },
  route({
    method: "POST",
    path: "/quotes/:quoteId/counter/",
    access: "owner",
    summary: "Counter the store's offer once, with a note (409 the second time)",
    tag: TAG,
    auth: "required",
    body: QuoteCounterBody,
    response: QuoteSchema,
    handler: counter,
  }),
  route({
    method: "POST",
    path: "/quotes/:quoteId/decline/",
    access: "owner",
    summary: "Decline the quote (an optional reason)",
    tag: TAG,
    auth: "required",
    body: QuoteBuyerDeclineBody,
    response: QuoteSchema,
    handler: decline,
  }),
  route({
    method: "GET",
    path: "/stores/:storeId/quotes/",
    access: "store-member",
    summary: "A store's quotes, newest first (?status=)",
    tag: TAG,
    auth: "required",
    query: QuoteListQuery,
    response: QuotePageSchema,
    handler: (ctx) => list(ctx, { storeId: ctx.intParam("storeId") }),
  }),
  {
    method: "GET",
    path: "/stores/:storeId/quotes/:quoteId/",
    access: "store-member",
    summary: "One of the store's quotes, with its offers and thread",
    tag: TAG,
    auth: "required",
    response: QuoteSchema,
    handler: async (ctx) => json(await one(ctx, (await storeQuote(ctx)).id)),
  },
  route({
    method: "POST",
    path: "/stores/:storeId/quotes/:quoteId/offer/",
    access: "store-member",
    summary: "Offer (or offer again): a unit price per line (above the list price only with a reason), delivery charge, delivery date, hours it holds, a note",
    tag: TAG,
    auth: "required",
    body: QuoteOfferBody,
    response: QuoteSchema,
    handler: offer,
  }),
  route({
    method: "POST",
    path: "/stores/:storeId/quotes/:quoteId/decline/",
    access: "store-member",
    summary: "Decline a quote with a reason",
    tag: TAG,
    auth: "required",
    body: QuoteDeclineBody,
    response: QuoteSchema,
    handler: storeDeclined,
  }),
  {
    method: "GET",
    path: "/stores/:storeId/tax/",
    access: "store-member",
    summary: "The store's VAT registration (VAT 7.5% on its invoices when registered, with its TIN)",
    tag: TAG,
    auth: "required",
    response: StoreTaxSchemaOut,
    handler: tax,
  },
  route({
    method: "PUT",
    path: "/stores/:storeId/tax/",
    access: "store-owner",
    summary: "Set the store's VAT registration and TIN (the owner)",
    tag: TAG,
    auth: "required",
    body: StoreTaxBody,
    response: StoreTaxSchemaOut,
    handler: setTax,
  }),
  route({
    method: "GET",
    path: "/admin/quotes/",
    access: "admin",
    summary: "Every store's quotes (?status=open|expired|accepted|declined)",
    tag: TAG,
    auth: "required",
    query: QuoteListQuery,
    response: QuotePageSchema,
    handler: async (ctx) => {
      await ctx.requireAdmin();
      return list(ctx, {});
    },
  }),
  {
    method: "GET",
    path: "/admin/quotes/:quoteId/",
    access: "admin",
    summary: "One quote, with its offers and thread",
    tag: TAG,
    auth: "required",
    response: QuoteSchema,
    handler: async (ctx) => {
      await ctx.requireAdmin();
      return json(await one(ctx, ctx.intParam("quoteId")));
    },
  },
];
