/** What an invoice page shows (issue 35 item 3): built by ./invoices.server.ts, drawn by components/quotes/invoice.tsx. */
export interface InvoiceData {
  kind: "proforma" | "tax";
  /** The offer's number (Q-00012-2) or the order's. */
  number: string;
  /** The offer's number on a tax invoice (the order it came from). */
  offerNumber?: string | null;
  issuedAt: string;
  /** A pro-forma's expiry. */
  validUntil?: string | null;
  deliveryDate: string;
  seller: { business_name: string; rc_number: string; address: string; state: string | null; email: string; phone: string; tin: string | null };
  buyer: { name: string; company_name: string; phone: string; email: string; site: string };
  lines: { name: string; quantity: number; unit: string; unitPrice: number; amount: number }[];
  items: number;
  delivery: number;
  total: number;
  vat: number | null;
  net: number | null;
}

