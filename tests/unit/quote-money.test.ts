/**
 * Bulk quotes' money (issue 35, decision 0036): the VAT included in a total at 7.5%, rounded half up
 * to the kobo once on the total; an offer's figures by the one money rule; the pro-forma and the tax
 * invoice of the order it made carry the same numbers.
 */
import { describe, expect, it } from "vitest";
import { offerFigures, unitPriceKobo, vatIncludedKobo } from "~/domain/pricing";
import { proforma, taxInvoice } from "~/storefront/invoices.server";
import type { ApiOrder, ApiQuote } from "~/storefront/api-types";

describe("VAT included at 7.5%", () => {
  it("is total × 75 / 1075, rounded half up to the kobo", () => {
    expect(vatIncludedKobo(107_500)).toBe(7_500);
    expect(vatIncludedKobo(1_000)).toBe(70); // 69.77
    expect(vatIncludedKobo(7)).toBe(0); // 0.488
    expect(vatIncludedKobo(14)).toBe(1); // 0.977
    // every total up to ₦50: the nearest kobo, a half kobo up
    for (let t = 1; t < 5_000; t++) {
      const exact = (t * 75) / 1075;
      expect(vatIncludedKobo(t)).toBe(Math.floor(exact + 0.5 + 1e-9));
    }
  });
  it("keeps integers for big totals (₦1 billion)", () => {
    const t = 100_000_000_000;
    expect(Number.isInteger(vatIncludedKobo(t))).toBe(true);
    expect(Math.abs(vatIncludedKobo(t) - (t * 75) / 1075)).toBeLessThanOrEqual(0.5);
  });
});

describe("an offer's figures", () => {
  it("price its lines by the offered unit price, not the list or the ladder", () => {
    expect(unitPriceKobo(1_045_050, null, { tiers: [{ min_quantity: 100, price_kobo: 1_000_000 }], quantity: 500 }, 985_025)).toBe(985_025);
    expect(unitPriceKobo(1_045_050, null, { tiers: [{ min_quantity: 100, price_kobo: 1_000_000 }], quantity: 500 })).toBe(1_000_000);
    const f = offerFigures([{ unitKobo: 985_025, quantity: 500 }], 8_500_000, true);
    expect(f).toMatchObject({ itemsKobo: 492_512_500, deliveryKobo: 8_500_000, totalKobo: 501_012_500, vatKobo: vatIncludedKobo(501_012_500) });
    expect(f.netKobo! + f.vatKobo!).toBe(f.totalKobo);
    expect(offerFigures([{ unitKobo: 100, quantity: 3 }], 0, false)).toMatchObject({ totalKobo: 300, vatKobo: null, netKobo: null });
  });
});

describe("the pro-forma and the tax invoice", () => {
  const offer = {
    id: 7,
    number: 2,
    offer_number: "Q-00012-2",
    lines: [{ quote_line_id: 1, unit_price: 9_850.25, total: 4_925_125, above_list_reason: "" }],
    items_total: 4_925_125,
    delivery: 85_000,
    total: 5_010_125,
    vat: vatIncludedKobo(501_012_500) / 100,
    net: (501_012_500 - vatIncludedKobo(501_012_500)) / 100,
    vat_registered: true,
    tin: "12345678-0001",
    delivery_date: "2026-12-04",
    valid_hours: 72,
    expires_at: "2026-12-02T10:00:00.000Z",
    expired: false,
    note: "",
    created_at: "2026-11-29T10:00:00.000Z",
  };
  const quote = {
    id: 12,
    lines: [{ id: 1, product_id: 5, option_id: null, product_name: "Dangote cement 50kg", option_label: null, unit: "bag", quantity: 500, list_unit_price: 10_450.5 }],
    offers: [offer],
    messages: [{ id: 3, author: "buyer", kind: "accepted", body: "", offer_id: 7, created_at: "2026-11-29T11:00:00.000Z" }],
    seller: { business_name: "Lagos Building Depot Ltd", rc_number: "RC 123456", address: "1 Marina", state: "Lagos", email: "s@example.com", phone: "0803" },
    buyer: { first_name: "Tunde", last_name: "Bakare", phone: "0803", email: "t@example.com", company_name: "Bakare Builders Ltd" },
    site: { state: "Lagos", lga: "Ikeja", city: "Ikeja", street_address: "12 Allen Avenue" },
  } as unknown as ApiQuote;
  const order = {
    id: "0f0e0d0c-0000-4000-8000-000000000000",
    created_at: "2026-11-29T11:00:00.000Z",
    order_total_price: 4_925_125,
    shipping_cost: 85_000,
    total: 5_010_125,
    order_payment_status: "Complete",
    order_items: [{ product_name: "Dangote cement 50kg", option_label: null, quantity: 500, item_price: 9_850.25, line_total: 4_925_125, unit: "bag", status: "Active" }],
    status_history: [{ kind: "paid", at: "2026-11-29T12:00:00.000Z", order_item_id: null }],
  } as unknown as ApiOrder;

  it("carry the same lines, delivery, total and VAT", () => {
    const p = proforma(quote, 7)!;
    const t = taxInvoice(quote, order)!;
    for (const k of ["items", "delivery", "total", "vat", "net"] as const) expect(t[k], k).toBe(p[k]);
    expect(t.lines).toEqual(p.lines);
    expect(t).toMatchObject({ kind: "tax", offerNumber: "Q-00012-2", seller: { tin: "12345678-0001" } });
    expect(p).toMatchObject({ kind: "proforma", number: "Q-00012-2", validUntil: offer.expires_at });
  });
  it("has no tax invoice before the order is paid", () => {
    expect(taxInvoice(quote, { ...order, order_payment_status: "Pending" } as ApiOrder)).toBeNull();
  });
});
