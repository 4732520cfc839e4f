/**
 * The invoices of a quote (issue 35 item 3), for its pages: the pro-forma of one offer (its figures
 * as the API answers them) and the tax invoice of the paid order it made (the order's lines, its
 * shipping and total as the API answers them; the VAT in that total by the one money rule,
 * `vatIncludedKobo`, the same function the offer's VAT came from, so both carry the same numbers).
 */
import type { InvoiceData } from "./invoice-types";
import { koboToNaira, nairaToKobo } from "~/domain/money";
import { vatIncludedKobo } from "~/domain/pricing";
import { orderNumber } from "~/domain/order-rules";
import type { ApiOrder, ApiQuote } from "./api-types";

const site = (q: ApiQuote) => `${q.site.street_address}, ${q.site.city}, ${q.site.lga}, ${q.site.state}`;
const buyer = (q: ApiQuote) => ({ name: `${q.buyer.first_name} ${q.buyer.last_name}`, company_name: q.buyer.company_name, phone: q.buyer.phone, email: q.buyer.email, site: site(q) });

export function proforma(q: ApiQuote, offerId: number): InvoiceData | null {
  const o = q.offers.find((x) => x.id === offerId);
  if (!o) return null;
  return {
    kind: "proforma",
    number: o.offer_number,
    issuedAt: o.created_at,
    validUntil: o.expires_at,
    deliveryDate: o.delivery_date,
    seller: { ...q.seller, tin: o.vat_registered ? o.tin : null },
    buyer: buyer(q),
    lines: o.lines.map((l) => {
      const line = q.lines.find((x) => x.id === l.quote_line_id);
      return { name: `${line?.product_name ?? ""}${line?.option_label ? ` (${line.option_label})` : ""}`, quantity: line?.quantity ?? 0, unit: line?.unit ?? "piece", unitPrice: l.unit_price, amount: l.total };
    }),
    items: o.items_total,
    delivery: o.delivery,
    total: o.total,
    vat: o.vat,
    net: o.net,
  };
}

/** The tax invoice of the paid order the accepted offer made (null before it is paid). */
export function taxInvoice(q: ApiQuote, order: ApiOrder): InvoiceData | null {
  if (order.order_payment_status !== "Complete") return null;
  const accepted = [...q.messages].reverse().find((m) => m.kind === "accepted")?.offer_id;
  const o = q.offers.find((x) => x.id === accepted) ?? q.offers[q.offers.length - 1];
  if (!o) return null;
  const active = order.order_items.filter((i) => i.status === "Active");
  const totalKobo = nairaToKobo(order.total);
  const vatKobo = o.vat_registered ? vatIncludedKobo(totalKobo) : null;
  const paidAt = order.status_history.find((e) => e.kind === "paid")?.at ?? order.created_at;
  return {
    kind: "tax",
    number: orderNumber(order.id),
    offerNumber: o.offer_number,
    issuedAt: paidAt,
    deliveryDate: o.delivery_date,
    seller: { ...q.seller, tin: o.vat_registered ? o.tin : null },
    buyer: buyer(q),
    lines: active.map((i) => ({ name: `${i.product_name}${i.option_label ? ` (${i.option_label})` : ""}`, quantity: i.quantity, unit: i.unit, unitPrice: i.item_price, amount: i.line_total })),
    items: order.order_total_price,
    delivery: order.shipping_cost,
    total: order.total,
    vat: vatKobo === null ? null : koboToNaira(vatKobo),
    net: vatKobo === null ? null : koboToNaira(totalKobo - vatKobo),
  };
}
