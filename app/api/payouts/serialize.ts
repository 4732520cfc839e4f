/** Vendor payouts: rows to JSON (naira in answers, kobo in the database). */
import { koboToNaira } from "~/domain/money";
import { owedKobo } from "~/domain/pricing";
import type { ApiBankAccount, ApiLedgerEntry, ApiPayableStore, ApiPayout } from "./schemas";
import type { BankAccountRow, LedgerRow, PayableStoreRow, PayoutRow } from "./queries.server";

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export const serializeLedgerEntry = (r: LedgerRow): ApiLedgerEntry => ({
  id: r.id,
  kind: r.kind,
  amount: koboToNaira(Number(r.amount_kobo)),
  description: r.description,
  order_id: r.order_id,
  order_item_id: r.order_item_id,
  payout_id: r.payout_id,
  available_at: iso(r.available_at),
  available: r.available,
  held: r.held,
  created_at: iso(r.created_at),
});

export const serializeBankAccount = (r: BankAccountRow): ApiBankAccount => ({
  bank_code: r.bank_code,
  bank_name: r.bank_name,
  account_last4: r.account_number.slice(-4),
  account_name: r.account_name,
  updated_at: iso(r.updated_at),
});

export const serializePayout = (r: PayoutRow): ApiPayout => ({
  id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  store_slug: r.store_slug,
  amount: koboToNaira(Number(r.amount_kobo)),
  reference: r.reference,
  status: r.status,
  bank_name: r.bank_name,
  account_last4: r.account_last4,
  transfer_code: r.transfer_code,
  failure_reason: r.failure_reason,
  created_at: iso(r.created_at),
  settled_at: r.settled_at === null ? null : iso(r.settled_at),
});

export const serializePayableStore = (r: PayableStoreRow): ApiPayableStore => ({
  store_id: r.store_id,
  name: r.name,
  slug: r.slug,
  balance: koboToNaira(Number(r.balance_kobo)),
  pending: koboToNaira(Number(r.pending_kobo)),
  has_bank_account: r.has_bank_account,
  payout_pending: r.payout_pending,
  owed: koboToNaira(owedKobo(Number(r.balance_kobo))),
});
