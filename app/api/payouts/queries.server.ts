/**
 * Vendor payouts: reads. A store's money is its ledger (store_ledger, migration 0011):
 *   balance  = entries already available (sales past the return window, refunds' debits, payouts
 *              sent or on their way as negatives, failed/reversed payouts' money back);
 *   pending  = entries not yet available (sales inside the return window, less their refunds);
 *   paid_out = successful payouts;
 *   held     = entries of lines under an open claim (held_claim_id, migration 0042): counted in
 *              pending, never in the balance, until the claim is resolved (decision 0034).
 */
import type { Queryable } from "~/db/client.server";
import type { LedgerEntry, LedgerKind } from "~/domain/pricing";

export interface Balances {
  balance_kobo: number;
  pending_kobo: number;
  paid_out_kobo: number;
  held_kobo: number;
}

/** SQL: the entry `l` counts in the balance (available and not held by a claim). */
export const AVAILABLE_SQL = (l = "store_ledger") => `(${l}.available_at <= now() AND ${l}.held_claim_id IS NULL)`;

export async function storeBalances(q: Queryable, storeId: number): Promise<Balances> {
  const r = await q.query<Balances>(
    `SELECT COALESCE((SELECT sum(amount_kobo) FROM store_ledger WHERE store_id = $1 AND ${AVAILABLE_SQL()}), 0)::bigint AS balance_kobo,
            COALESCE((SELECT sum(amount_kobo) FROM store_ledger WHERE store_id = $1 AND NOT ${AVAILABLE_SQL()}), 0)::bigint AS pending_kobo,
            COALESCE((SELECT sum(amount_kobo) FROM payouts WHERE store_id = $1 AND status = 'success'), 0)::bigint AS paid_out_kobo,
            COALESCE((SELECT sum(amount_kobo) FROM store_ledger WHERE store_id = $1 AND held_claim_id IS NOT NULL), 0)::bigint AS held_kobo`,
    [storeId],
  );
  return r.rows[0];
}

/** Every entry of a store summed by kind: what app/domain/pricing.ts ledgerTotals reads. */
export async function ledgerByKind(q: Queryable, storeId: number): Promise<LedgerEntry[]> {
  const r = await q.query<{ kind: LedgerKind; amount_kobo: number }>(
    "SELECT kind, COALESCE(sum(amount_kobo), 0)::bigint AS amount_kobo FROM store_ledger WHERE store_id = $1 GROUP BY kind",
    [storeId],
  );
  return r.rows.map((x) => ({ kind: x.kind, amountKobo: Number(x.amount_kobo) }));
}

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  amount_kobo: number;
  description: string;
  order_id: string | null;
  order_item_id: string | null;
  payout_id: number | null;
  available_at: Date | string;
  available: boolean;
  held: boolean;
  created_at: Date | string;
}

export async function listLedger(q: Queryable, storeId: number, limit: number, offset: number): Promise<{ rows: LedgerRow[]; count: number }> {
  const r = await q.query<LedgerRow>(
    `SELECT l.id, l.kind, l.amount_kobo, l.description, i.order_id::text AS order_id, l.order_item_id::text AS order_item_id, l.payout_id,
            l.available_at, ${AVAILABLE_SQL("l")} AS available, l.held_claim_id IS NOT NULL AS held, l.created_at
       FROM store_ledger l LEFT JOIN order_items i ON i.id = l.order_item_id
      WHERE l.store_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
    [storeId, limit, offset],
  );
  const c = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM store_ledger WHERE store_id = $1", [storeId]);
  return { rows: r.rows, count: c.rows[0].n };
}

export interface BankAccountRow {
  store_id: number;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  recipient_code: string;
  updated_at: Date | string;
}

export async function findBankAccount(q: Queryable, storeId: number): Promise<BankAccountRow | null> {
  const r = await q.query<BankAccountRow>(
    "SELECT store_id, bank_code, bank_name, account_number, account_name, recipient_code, updated_at FROM store_bank_accounts WHERE store_id = $1",
    [storeId],
  );
  return r.rows[0] ?? null;
}

export interface PayoutRow {
  id: number;
  store_id: number;
  store_name: string;
  store_slug: string;
  amount_kobo: number;
  reference: string;
  status: "pending" | "success" | "failed" | "reversed";
  recipient_code: string;
  bank_name: string;
  account_last4: string;
  transfer_code: string | null;
  failure_reason: string | null;
  requested_by: number | null;
  created_at: Date | string;
  settled_at: Date | string | null;
}

export const PAYOUT_COLUMNS = `p.id, p.store_id, s.name AS store_name, s.slug AS store_slug, p.amount_kobo, p.reference, p.status, p.recipient_code,
  p.bank_name, p.account_last4, p.transfer_code, p.failure_reason, p.requested_by, p.created_at, p.settled_at`;

export async function findPayoutByReference(q: Queryable, reference: string, lock = false): Promise<PayoutRow | null> {
  const r = await q.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN stores s ON s.id = p.store_id WHERE p.reference = $1${lock ? " FOR UPDATE OF p" : ""}`,
    [reference],
  );
  return r.rows[0] ?? null;
}

export async function listPayouts(q: Queryable, storeId: number | null, limit: number, offset: number): Promise<{ rows: PayoutRow[]; count: number }> {
  const where = storeId === null ? "" : "WHERE p.store_id = $3";
  const params: unknown[] = storeId === null ? [limit, offset] : [limit, offset, storeId];
  const r = await q.query<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN stores s ON s.id = p.store_id ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT $1 OFFSET $2`, params);
  const c = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payouts p ${storeId === null ? "" : "WHERE p.store_id = $1"}`,
    storeId === null ? [] : [storeId],
  );
  return { rows: r.rows, count: c.rows[0].n };
}

export interface PayableStoreRow {
  store_id: number;
  name: string;
  slug: string;
  balance_kobo: number;
  pending_kobo: number;
  has_bank_account: boolean;
  payout_pending: boolean;
}

/** Stores with money in their ledger (available or pending) or owing commission (balance below zero), most available first. */
export async function payableStores(q: Queryable, limit = 200): Promise<PayableStoreRow[]> {
  const r = await q.query<PayableStoreRow>(
    `SELECT s.id AS store_id, s.name, s.slug, t.balance_kobo, t.pending_kobo,
            EXISTS (SELECT 1 FROM store_bank_accounts b WHERE b.store_id = s.id) AS has_bank_account,
            EXISTS (SELECT 1 FROM payouts p WHERE p.store_id = s.id AND p.status = 'pending') AS payout_pending
       FROM (SELECT store_id,
                    COALESCE(sum(amount_kobo) FILTER (WHERE ${AVAILABLE_SQL()}), 0)::bigint AS balance_kobo,
                    COALESCE(sum(amount_kobo) FILTER (WHERE NOT ${AVAILABLE_SQL()}), 0)::bigint AS pending_kobo
               FROM store_ledger GROUP BY store_id) t
       JOIN stores s ON s.id = t.store_id
      WHERE t.balance_kobo <> 0 OR t.pending_kobo > 0
      ORDER BY t.balance_kobo DESC, s.id LIMIT $1`,
    [limit],
  );
  return r.rows;
}
