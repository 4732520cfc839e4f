/** Quotes as the API answers them (naira; figures from the one money rule, app/domain/pricing.ts). */
import { koboToNaira } from "~/domain/money";
import { offerFigures } from "~/domain/pricing";
import { offerNumber, quoteTurn, type QuoteShownStatus } from "~/domain/quote-rules";
import type { OfferRow, QuoteLineRow, QuoteMessageRow, QuoteRow, StoreInvoiceRow } from "./queries.server";
import type { ApiQuote } from "./schemas";

const iso = (d: Date | string) => new Date(d).toISOString();

export function serializeOffer(quoteId: number, o: OfferRow, lines: QuoteLineRow[]): ApiQuote["offers"][number] {
  const qty = new Map(lines.map((l) => [l.id, l.quantity]));
  const f = offerFigures(
    o.lines.map((l) => ({ unitKobo: l.unit_kobo, quantity: qty.get(l.quote_line_id) ?? 0, totalKobo: l.line_total_kobo })),
    o.delivery_kobo,
    o.vat_registered,
  );
  return {
    id: o.id,
    number: o.number,
    offer_number: offerNumber(quoteId, o.number),
    lines: o.lines.map((l) => ({ quote_line_id: l.quote_line_id, unit_price: koboToNaira(l.unit_kobo), total: koboToNaira(l.line_total_kobo), above_list_reason: l.above_list_reason })),
    items_total: koboToNaira(f.itemsKobo),
    delivery: koboToNaira(f.deliveryKobo),
    total: koboToNaira(f.totalKobo),
    vat: f.vatKobo === null ? null : koboToNaira(f.vatKobo),
    net: f.netKobo === null ? null : koboToNaira(f.netKobo),
    vat_registered: o.vat_registered,
    tin: o.tin,
    delivery_date: o.delivery_date,
    valid_hours: o.valid_hours,
    expires_at: iso(o.expires_at),
    expired: o.expired,
    note: o.note,
    created_at: iso(o.created_at),
  };
}

export function serializeQuote(q: QuoteRow, lines: QuoteLineRow[], offers: OfferRow[], messages: QuoteMessageRow[], seller: StoreInvoiceRow | null): ApiQuote {
  const latest = offers[offers.length - 1];
  const shown: QuoteShownStatus = q.status === "offered" && latest?.expired ? "expired" : q.status;
  return {
    id: q.id,
    request_group: q.request_group,
    status: q.status,
    shown_status: shown,
    turn: quoteTurn(shown),
    declined_by: q.declined_by,
    can_counter: q.status === "offered" && q.countered_at === null,
    store: { id: q.store_id, name: q.store_name, slug: q.store_slug },
    seller: {
      business_name: seller?.business_name ?? q.store_name,
      rc_number: seller?.rc_number ?? "",
      address: seller?.address ?? "",
      state: seller?.state ?? null,
      email: seller?.email ?? "",
      phone: seller?.phone ?? "",
    },
    buyer: { first_name: q.contact_first_name, last_name: q.contact_last_name, phone: q.contact_phone, email: q.contact_email, company_name: q.company_name },
    site: { state: q.delivery_state, lga: q.delivery_lga, city: q.city, street_address: q.site_address },
    wanted_date: q.wanted_date,
    note: q.note,
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      option_id: l.option_id,
      product_name: l.product_name,
      option_label: l.option_label,
      unit: l.unit,
      quantity: l.quantity,
      list_unit_price: koboToNaira(l.list_unit_kobo),
    })),
    offers: offers.map((o) => serializeOffer(q.id, o, lines)),
    live_offer_id: q.status === "offered" && latest && !latest.expired ? latest.id : null,
    messages: messages.map((m) => ({ id: m.id, author: m.author_role, kind: m.kind, body: m.body, offer_id: m.offer_id, created_at: iso(m.created_at) })),
    order_id: q.order_id,
    order_paid: q.order_paid,
    created_at: iso(q.created_at),
    updated_at: iso(q.updated_at),
  };
}
