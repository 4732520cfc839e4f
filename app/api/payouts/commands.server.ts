/**
 * Vendor payouts (docs/payouts.md): the store ledger's writes, bank details through
 * Paystack, payouts through Paystack Transfers and their settlement by transfer.* webhooks.
 * Ledger writes take the caller's Queryable so they join the transaction of the change that
 * caused them (the Delivered step, a processed refund).
 */
import { randomUUID } from "node:crypto";
import { env } from "~/config.server";
import type { Db, Queryable } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import {
  ACCOUNT_NOT_RESOLVED_MESSAGE,
  BANK_CODE_MESSAGE,
  CONFIRM_NAME_CHANGED_MESSAGE,
  accountNameMatches,
  sameAccountName,
  type BankAccountConfirmInput,
  type BankAccountInput,
} from "~/domain/payouts";
import { payoutAllowance, UNVERIFIED_PAYOUT_WINDOW_DAYS } from "~/domain/business-check";
import { formatKobo } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import { owedKobo, refundEntries, saleEntries, shippingEntries, type LedgerEntry, type LedgerKind, type PaidBy } from "~/domain/pricing";
import { flushMailQueue, type MailMessage } from "~/integrations/mail.server";
import { emailLayout, link } from "~/integrations/mail/layout.server";
import { PaystackError, type BankData, type TransferData } from "~/integrations/paystack/client.server";
import { PaymentsNotConfigured, transferGateway } from "~/integrations/paystack/gateway.server";
import { log } from "~/ops/logger.server";
import { ApiError, badRequest } from "../core/http";
import { recordEvent } from "../notifications/commands.server";
import { AVAILABLE_SQL, findBankAccount, findPayoutByReference, storeBalances, type BankAccountRow, type PayoutRow } from "./queries.server";

// ---------------------------------------------------------------------------------------------
// The ledger

/**
 * Books the stores' delivered, paid shipments of an order by the one money rule
 * (app/domain/pricing.ts): for each active line its sale and the commission on it, for the
 * shipment its shipping fee; money the store collected itself (cash on delivery) is booked as held
 * by the store, so it is never paid out, and the commission on it is owed. Card money is
 * available RETURN_WINDOW_DAYS after the shipment's delivery; a cash sale's entries at once (the
 * store already holds the money). A shipment is paid when its cash is recorded, its order's card
 * payment is verified, or (pay on delivery) its buyer paid it by transfer before the door, which
 * is platform money like a card's. Each entry is written once (unique per kind and line, or kind and
 * shipment), so calling it again books only what became due since. Call it in the transaction of a
 * Delivered move, of "Cash received", and of a card payment. Returns the entries written.
 */
export async function bookDeliveredShipments(tx: Queryable, orderId: string): Promise<number> {
  const e = env();
  const ships = await tx.query<{ id: number; store_id: number; shipping_kobo: number; delivered_at: Date | string | null; cash: boolean; card: boolean }>(
    `SELECT sh.id, sh.store_id, sh.shipping_kobo, sh.delivered_at,
            (sh.cash_received_at IS NOT NULL) AS cash,
            ((o.order_payment_method = 'CardPayment' AND o.order_payment_status = 'Complete') OR sh.transfer_paid_at IS NOT NULL) AS card
       FROM shipments sh JOIN orders o ON o.id = sh.order_id
      WHERE sh.order_id = $1 AND sh.status = 'Delivered' AND sh.store_id IS NOT NULL
      ORDER BY sh.store_id`,
    [orderId],
  );
  let written = 0;
  for (const sh of ships.rows) {
    const paidBy: PaidBy | null = sh.cash ? "cash" : sh.card ? "card" : null;
    if (!paidBy) continue;
    const lines = await tx.query<{ id: string; line_total_kobo: number; name: string }>(
      `SELECT id::text AS id, line_total_kobo, product_name || ' × ' || quantity AS name FROM order_items
        WHERE order_id = $1 AND store_id = $2 AND status = 'Active' ORDER BY created_at, id`,
      [orderId, sh.store_id],
    );
    if (!lines.rows.length) continue;
    const deliveredAt = sh.delivered_at ? new Date(sh.delivered_at) : new Date();
    const availableAt = paidBy === "card" ? new Date(deliveredAt.getTime() + e.RETURN_WINDOW_DAYS * 86_400_000) : new Date();
    const number = orderNumber(orderId);
    for (const l of lines.rows)
      for (const entry of saleEntries(Number(l.line_total_kobo), paidBy, e.MARKETPLACE_COMMISSION_PERCENT))
        written += await insertEntry(tx, { storeId: sh.store_id, entry, orderItemId: l.id, description: describe(entry.kind, l.name, e.MARKETPLACE_COMMISSION_PERCENT), availableAt });
    for (const entry of shippingEntries(Number(sh.shipping_kobo), paidBy))
      written += await insertEntry(tx, { storeId: sh.store_id, entry, shipmentId: sh.id, description: describe(entry.kind, `shipping of order ${number}`, 0), availableAt });
  }
  // A return already refunded before the money was recorded (the store paid the buyer back
  // before pressing "Cash received"): its refund is booked now, as it would have been then
  // (debitRefund books once per line, and only a line whose sale is booked).
  if (written) {
    const refunded = await tx.query<{ id: string; line_total_kobo: number }>(
      `SELECT oi.id::text AS id, oi.line_total_kobo FROM returns r JOIN order_items oi ON oi.id = r.order_item_id
        WHERE oi.order_id = $1 AND r.status = 'refunded'`,
      [orderId],
    );
    for (const r of refunded.rows) if (await debitRefund(tx, { orderItemId: r.id, amountKobo: Number(r.line_total_kobo) })) written += 1;
  }
  return written;
}

/** What an entry says after its kind's label on the store's payouts page (LEDGER_KIND_LABEL). */
function describe(kind: LedgerKind, what: string, percent: number): string {
  if (kind === "commission") return `${percent}% of ${what}`;
  if (kind === "shipping" || kind === "cash_held") return what.replace(/^shipping of /, "shipping of ");
  return what;
}

/** One ledger entry, once per kind and line (or kind and shipment); 1 when written, 0 when it was there. */
async function insertEntry(
  tx: Queryable,
  x: { storeId: number; entry: LedgerEntry; orderItemId?: string; shipmentId?: number; description: string; availableAt: Date | string },
): Promise<number> {
  if (x.entry.amountKobo === 0) return 0;
  const conflict = x.orderItemId ? "(kind, order_item_id) WHERE order_item_id IS NOT NULL" : "(kind, shipment_id) WHERE shipment_id IS NOT NULL";
  const r = await tx.query(
    `INSERT INTO store_ledger (store_id, kind, order_item_id, shipment_id, amount_kobo, description, available_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT ${conflict} DO NOTHING`,
    [x.storeId, x.entry.kind, x.orderItemId ?? null, x.shipmentId ?? null, x.entry.amountKobo, x.description.slice(0, 300), new Date(x.availableAt).toISOString()],
  );
  return r.rowCount;
}

/**
 * Books a refund of `amountKobo` of an item the store was already booked for (app/domain/pricing.ts
 * refundEntries): the share of the sale goes back, with the commission on it; a cash sale's refund
 * is paid by the store, which held the cash. An item never booked (cancelled before delivery)
 * books nothing. Once per item. The entries become available with the sale (or now, if it already
 * is). Returns true when the refund was booked now.
 */
export async function debitRefund(tx: Queryable, input: { orderItemId: string; amountKobo: number }): Promise<boolean> {
  const r = await tx.query<{ kind: LedgerKind; store_id: number; amount_kobo: number; available_at: Date | string; name: string }>(
    `SELECT l.kind, l.store_id, l.amount_kobo, l.available_at, i.product_name AS name
       FROM store_ledger l JOIN order_items i ON i.id = l.order_item_id
      WHERE l.order_item_id = $1 AND l.kind IN ('sale', 'commission', 'cash_held')`,
    [input.orderItemId],
  );
  const sale = r.rows.find((x) => x.kind === "sale");
  if (!sale) return false;
  const commission = r.rows.find((x) => x.kind === "commission");
  const paidBy: PaidBy = r.rows.some((x) => x.kind === "cash_held") ? "cash" : "card";
  const entries = refundEntries({
    lineKobo: Number(sale.amount_kobo),
    commissionBookedKobo: -Number(commission?.amount_kobo ?? 0),
    refundKobo: input.amountKobo,
    paidBy,
  });
  const availableAt = new Date(Math.max(new Date(sale.available_at).getTime(), Date.now()));
  let booked = false;
  for (const entry of entries) {
    const n = await insertEntry(tx, { storeId: sale.store_id, entry, orderItemId: input.orderItemId, description: describe(entry.kind, sale.name, 0), availableAt });
    if (entry.kind === "refund" && n) booked = true;
  }
  return booked;
}

/**
 * Holds the credit of a line (its sale and commission entries) for claim `claimId` (decision 0034):
 * held entries count in `pending`, never in the balance, so no payout pays them. Entries booked for
 * the line while the claim is open are held too (bookDeliveredShipments runs first). Returns the
 * number of entries held.
 */
export async function holdLineCredit(tx: Queryable, input: { orderItemId: string; claimId: number }): Promise<number> {
  const r = await tx.query("UPDATE store_ledger SET held_claim_id = $2 WHERE order_item_id = $1 AND held_claim_id IS NULL", [input.orderItemId, input.claimId]);
  return r.rowCount;
}

/** Releases what claim `claimId` held: the entries count again as their available_at says. */
export async function releaseClaimHold(tx: Queryable, claimId: number): Promise<number> {
  const r = await tx.query("UPDATE store_ledger SET held_claim_id = NULL WHERE held_claim_id = $1", [claimId]);
  return r.rowCount;
}

/**
 * An admin records commission a store paid the platform directly (a bank transfer to BuildMart):
 * a `settlement` entry, available at once, at most what the store owes now (400 otherwise). The
 * same reference again answers the same settlement (created false), so a double submit records it
 * once. In the caller's transaction, under the store's row lock (a payout or another settlement waits).
 */
export async function recordSettlement(
  q: Queryable,
  input: { storeId: number; amountKobo: number; reference: string; note: string | null; adminId: number },
): Promise<{ created: boolean; amountKobo: number }> {
  {
    const store = await q.query<{ id: number; verified: boolean }>("SELECT id, verified_at IS NOT NULL AS verified FROM stores WHERE id = $1 FOR UPDATE", [input.storeId]);
    if (!store.rows[0]) throw badRequest({ store_id: ["There is no such store."] });
    const seen = await q.query<{ amount_kobo: number }>("SELECT amount_kobo FROM store_ledger WHERE store_id = $1 AND kind = 'settlement' AND reference = $2", [
      input.storeId,
      input.reference,
    ]);
    if (seen.rows[0]) return { created: false, amountKobo: Number(seen.rows[0].amount_kobo) };
    const owed = owedKobo(Number((await storeBalances(q, input.storeId)).balance_kobo));
    if (owed <= 0) throw badRequest({ amount: ["This store owes no commission now."] });
    if (input.amountKobo > owed) throw badRequest({ amount: [`This store owes ${formatKobo(owed)}: record at most that.`] });
    await q.query(
      `INSERT INTO store_ledger (store_id, kind, amount_kobo, description, available_at, reference, created_by)
       VALUES ($1, 'settlement', $2, $3, now(), $4, $5)`,
      [input.storeId, input.amountKobo, `Commission paid to BuildMart${input.note ? `: ${input.note}` : ""}`.slice(0, 300), input.reference, input.adminId],
    );
    return { created: true, amountKobo: input.amountKobo };
  }
}

// ---------------------------------------------------------------------------------------------
// Paystack: banks and bank details

const BANKS_TTL_MS = 10 * 60_000;
let banksCache: { at: number; key: string; banks: BankData[] } | null = null;

function paystackUnavailable(e: unknown): ApiError {
  if (e instanceof PaymentsNotConfigured) return new ApiError(503, { detail: "Payouts are not configured on this server." });
  log().warn({ err: e instanceof Error ? e.message : String(e) }, "Paystack could not be reached for payouts");
  return new ApiError(503, { detail: "Paystack could not be reached. Please try again in a few minutes." });
}

/** Paystack's Nigerian banks, kept in memory for 10 minutes. */
export async function listBanks(): Promise<BankData[]> {
  const e = env();
  const key = `${e.PAYSTACK_SECRET_KEY ?? "standin"}|${e.PAYSTACK_BASE_URL ?? ""}`;
  if (banksCache && banksCache.key === key && Date.now() - banksCache.at < BANKS_TTL_MS) return banksCache.banks;
  try {
    const banks = (await (await transferGateway()).listBanks()).filter((b) => b.active !== false);
    banks.sort((a, b) => a.name.localeCompare(b.name));
    banksCache = { at: Date.now(), key, banks };
    return banks;
  } catch (err) {
    throw paystackUnavailable(err);
  }
}

export interface ResolvedBankAccount {
  bank: BankData;
  accountName: string;
  /** The store owner's name ("First Last"), and whether the bank's name loosely matches it. */
  ownerName: string;
  nameMatches: boolean;
}

/**
 * Resolves bank details through Paystack without saving anything ("Is this you?"): the bank must
 * be one of Paystack's (400 on bank_code), the account known to it (400 on account_number); the
 * name the bank gives is compared loosely with the store owner's.
 */
export async function resolveBankAccount(db: Queryable, storeId: number, input: BankAccountInput): Promise<ResolvedBankAccount> {
  const banks = await listBanks();
  const bank = banks.find((b) => b.code === input.bank_code);
  if (!bank) throw badRequest({ bank_code: [BANK_CODE_MESSAGE] });
  let accountName: string;
  try {
    const resolved = await (await transferGateway()).resolveAccount(input.account_number, input.bank_code);
    if (!resolved?.account_name) throw badRequest({ account_number: [ACCOUNT_NOT_RESOLVED_MESSAGE] });
    accountName = resolved.account_name;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof PaystackError && err.status >= 400 && err.status < 500) throw badRequest({ account_number: [ACCOUNT_NOT_RESOLVED_MESSAGE] });
    throw paystackUnavailable(err);
  }
  const owner = await db.query<{ name: string }>(
    "SELECT trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS name FROM stores s JOIN users u ON u.id = s.owner_id WHERE s.id = $1",
    [storeId],
  );
  const ownerName = owner.rows[0]?.name ?? "";
  return { bank, accountName, ownerName, nameMatches: accountNameMatches(accountName, ownerName) };
}

/**
 * Saves a store's bank details: resolved through Paystack first (resolveBankAccount: unknown
 * bank or account is a 400, nothing saved); with `confirm_account_name` (the name the owner
 * confirmed), the bank must still give that name (else 400 on account_number, nothing saved).
 * Then a transfer recipient is created and its code stored with the name the bank gave.
 */
export async function saveBankAccount(db: Db, storeId: number, userId: number, input: BankAccountConfirmInput): Promise<BankAccountRow> {
  const { bank, accountName } = await resolveBankAccount(db, storeId, input);
  if (input.confirm_account_name !== undefined && !sameAccountName(input.confirm_account_name, accountName))
    throw badRequest({ account_number: [CONFIRM_NAME_CHANGED_MESSAGE] });
  let recipientCode: string;
  try {
    const recipient = await (
      await transferGateway()
    ).createTransferRecipient({ type: "nuban", name: accountName, account_number: input.account_number, bank_code: input.bank_code, currency: "NGN" });
    recipientCode = recipient.recipient_code;
  } catch (err) {
    if (err instanceof PaystackError && err.status >= 400 && err.status < 500) throw badRequest({ account_number: [ACCOUNT_NOT_RESOLVED_MESSAGE] });
    throw paystackUnavailable(err);
  }
  await db.query(
    `INSERT INTO store_bank_accounts (store_id, bank_code, bank_name, account_number, account_name, recipient_code, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (store_id) DO UPDATE SET bank_code = EXCLUDED.bank_code, bank_name = EXCLUDED.bank_name, account_number = EXCLUDED.account_number,
       account_name = EXCLUDED.account_name, recipient_code = EXCLUDED.recipient_code, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [storeId, input.bank_code, bank.name, input.account_number, accountName, recipientCode, userId],
  );
  log().info({ storeId, bank: bank.name }, "store bank account saved");
  return (await findBankAccount(db, storeId))!;
}

// ---------------------------------------------------------------------------------------------
// Payouts

/** A fresh payout reference (Paystack: lowercase, `-`/`_`, at least 16 characters). */
export const newPayoutReference = (storeId: number) => `payout-s${storeId}-${randomUUID().replace(/-/g, "").slice(0, 20)}`;

/** The scheduled job's reference: one per store per day, so a rerun (or a second server) pays once. */
export const dailyPayoutReference = (storeId: number, day = new Date()) => `payout-s${storeId}-d${day.toISOString().slice(0, 10).replace(/-/g, "")}`;

export interface PayoutOutcome {
  payout: PayoutRow;
  created: boolean;
}

/**
 * Pays a store's available balance: under the store's row lock, the same reference again
 * answers the existing payout (no second transfer); otherwise the store needs a bank account
 * (400), no payout on its way (409) and a balance above zero (400). An unverified store is paid
 * at most UNVERIFIED_PAYOUT_LIMIT_NAIRA in 30 days, the rest held (400 when nothing is left of
 * it; app/domain/business-check.ts payoutAllowance, decision 0032). The payout row and its
 * ledger debit are written in one transaction, then Paystack is asked to transfer (after the
 * commit, with the payout's reference: Paystack makes one transfer per reference).
 */
export async function createPayout(db: Db, input: { storeId: number; requestedBy: number | null; reference?: string }): Promise<PayoutOutcome> {
  const reference = input.reference ?? newPayoutReference(input.storeId);
  const outcome = await db.tx(async (q) => {
    const store = await q.query<{ id: number; verified: boolean }>("SELECT id, verified_at IS NOT NULL AS verified FROM stores WHERE id = $1 FOR UPDATE", [input.storeId]);
    if (!store.rows[0]) throw badRequest({ store_id: ["There is no such store."] });
    const existing = await findPayoutByReference(q, reference);
    if (existing) {
      if (existing.store_id !== input.storeId) throw badRequest({ reference: ["This reference belongs to another store's payout."] });
      return { payout: existing, created: false };
    }
    const bank = await findBankAccount(q, input.storeId);
    if (!bank) throw badRequest({ store_id: ["This store has no bank account for payouts yet: its owner adds one on the store's Payouts page."] });
    const open = await q.query("SELECT 1 FROM payouts WHERE store_id = $1 AND status = 'pending'", [input.storeId]);
    if (open.rows.length) throw new ApiError(409, { detail: "A payout to this store is already on its way: wait for Paystack's answer." });
    const { balance_kobo } = await storeBalances(q, input.storeId);
    const balance = Number(balance_kobo);
    if (balance <= 0) throw badRequest({ store_id: ["This store has no available balance to pay out."] });
    // An unverified store is paid at most UNVERIFIED_PAYOUT_LIMIT_NAIRA in 30 days (decision 0032);
    // the rest of its balance stays, held until it is a verified business.
    const verified = store.rows[0].verified;
    const paidInWindow = verified ? 0 : await paidOutRecently(q, input.storeId);
    const { amountKobo: amount, heldKobo } = payoutAllowance(balance, verified, env().UNVERIFIED_PAYOUT_LIMIT_NAIRA * 100, paidInWindow);
    if (amount <= 0) throw badRequest({ store_id: [unverifiedHeldMessage(paidInWindow, balance)] });
    if (heldKobo > 0) log().info({ storeId: input.storeId, amountKobo: amount, heldKobo }, "unverified store: payout limited, the rest held until verified");
    const ins = await q.query<{ id: number }>(
      `INSERT INTO payouts (store_id, amount_kobo, reference, recipient_code, bank_name, account_last4, requested_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [input.storeId, amount, reference, bank.recipient_code, bank.bank_name, bank.account_number.slice(-4), input.requestedBy],
    );
    await q.query(
      `INSERT INTO store_ledger (store_id, kind, payout_id, amount_kobo, description, available_at) VALUES ($1, 'payout', $2, $3, $4, now())`,
      [input.storeId, ins.rows[0].id, -amount, `To ${bank.bank_name} ••••${bank.account_number.slice(-4)}`],
    );
    return { payout: (await findPayoutByReference(q, reference))!, created: true };
  });
  if (outcome.payout.status === "pending" && !outcome.payout.transfer_code) {
    await sendTransfer(db, outcome.payout);
    outcome.payout = (await findPayoutByReference(db, reference))!;
  }
  return outcome;
}

/** What the store was paid, or is being paid, in the last UNVERIFIED_PAYOUT_WINDOW_DAYS (kobo). */
async function paidOutRecently(q: Queryable, storeId: number): Promise<number> {
  const r = await q.query<{ kobo: string | number }>(
    `SELECT COALESCE(sum(amount_kobo), 0) AS kobo FROM payouts WHERE store_id = $1 AND status IN ('pending', 'success') AND created_at >= now() - make_interval(days => $2)`,
    [storeId, UNVERIFIED_PAYOUT_WINDOW_DAYS],
  );
  return Number(r.rows[0]?.kobo ?? 0);
}

const unverifiedHeldMessage = (paidKobo: number, balanceKobo: number) =>
  `This store is not a verified business yet: it was paid ${formatKobo(paidKobo)} in the last ${UNVERIFIED_PAYOUT_WINDOW_DAYS} days, the most an unverified store is paid. Its balance of ${formatKobo(balanceKobo)} waits until it is verified.`;

/**
 * Asks Paystack to transfer a pending payout (its reference makes a retry the same transfer).
 * Unreachable: the payout stays pending without a transfer code and is sent again later (the
 * payout job, or the same request again). Refused (4xx): the payout fails and its money is back.
 */
export async function sendTransfer(db: Db, payout: PayoutRow): Promise<void> {
  let data: TransferData;
  try {
    data = await (
      await transferGateway()
    ).initiateTransfer({
      source: "balance",
      amount: Number(payout.amount_kobo),
      recipient: payout.recipient_code,
      reference: payout.reference,
      reason: `BuildMart NG payout to ${payout.store_name}`.slice(0, 100),
    });
  } catch (err) {
    if (err instanceof PaystackError && err.status >= 400 && err.status < 500 && /duplicate|already/i.test(err.message)) {
      // The reference was sent before (a retry): that one transfer's webhook settles the payout.
      log().info({ reference: payout.reference }, "payout already with Paystack");
      return;
    }
    if (err instanceof PaystackError && err.status >= 400 && err.status < 500) {
      log().error({ reference: payout.reference, err: err.message }, "PAYOUT REFUSED by Paystack");
      await settlePayout(db, payout.reference, "failed", `Paystack refused the transfer: ${err.message}`);
      return;
    }
    log().warn({ reference: payout.reference, err: err instanceof Error ? err.message : String(err) }, "sending a payout to Paystack failed; it stays pending and is sent again");
    return;
  }
  await db.query("UPDATE payouts SET transfer_code = $2 WHERE id = $1 AND transfer_code IS NULL", [payout.id, data.transfer_code ?? null]);
  log().info({ reference: payout.reference, status: data.status, amountKobo: payout.amount_kobo }, "payout sent to Paystack");
  if (data.status === "success" || data.status === "failed" || data.status === "reversed")
    await settlePayout(db, payout.reference, data.status, data.status === "success" ? null : "Paystack reported the transfer " + data.status);
}

function payoutMail(to: string, p: PayoutRow, ok: boolean, reason: string | null): MailMessage {
  const amount = formatKobo(Number(p.amount_kobo));
  const href = link(`/stores/${p.store_slug}/payouts`);
  const title = ok ? `Payout of ${amount} sent` : `Payout of ${amount} did not go through`;
  const intro = ok
    ? [`We sent ${amount} to your ${p.bank_name} account ending ${p.account_last4} (reference ${p.reference}).`]
    : [`Your payout of ${amount} to ${p.bank_name} ••••${p.account_last4} did not go through${reason ? `: ${reason}` : ""}.`, "The money is back in your store's balance."];
  return {
    to,
    subject: `${title} — ${p.store_name}`,
    text: `${title}\n\n${intro.join("\n")}\n\nSee your payouts: ${href}\n`,
    html: emailLayout({ title, intro, action: { label: "See your payouts", href }, after: [] }),
  };
}

/**
 * Settles a payout from Paystack's word: pending → success | failed | reversed, success →
 * reversed. Failed or reversed: a `payout_reversal` entry puts the money back in the balance
 * (once). Notifies the store (payout_sent / payout_failed) and e-mails its owner in the same
 * transaction. Answers whether the payout changed.
 */
export async function settlePayout(db: Db, reference: string, status: "success" | "failed" | "reversed", reason: string | null): Promise<boolean> {
  const changed = await db.tx(async (q) => {
    const p = await findPayoutByReference(q, reference, true);
    if (!p) return false;
    const from = status === "reversed" ? ["pending", "success"] : ["pending"];
    if (!from.includes(p.status)) return false;
    await q.query(`UPDATE payouts SET status = $2, failure_reason = $3, settled_at = now() WHERE id = $1`, [p.id, status, status === "success" ? null : reason]);
    if (status !== "success")
      await q.query(
        `INSERT INTO store_ledger (store_id, kind, payout_id, amount_kobo, description, available_at) VALUES ($1, 'payout_reversal', $2, $3, $4, now())
         ON CONFLICT (kind, payout_id) WHERE payout_id IS NOT NULL DO NOTHING`,
        [p.store_id, p.id, Number(p.amount_kobo), status === "failed" ? "Payout failed: money back" : "Payout reversed: money back"],
      );
    const owner = await q.query<{ email: string }>("SELECT u.email::text AS email FROM stores s JOIN users u ON u.id = s.owner_id WHERE s.id = $1", [p.store_id]);
    const amount = formatKobo(Number(p.amount_kobo));
    await recordEvent(q, {
      notices: [
        {
          kind: status === "success" ? "payout_sent" : "payout_failed",
          storeId: p.store_id,
          title: status === "success" ? `Payout of ${amount} sent to ${p.bank_name} ••••${p.account_last4}` : `Payout of ${amount} ${status}: the money is back in your balance`,
          body: status === "success" ? `Reference ${p.reference}` : (reason ?? ""),
          link: `/stores/${p.store_slug}/payouts`,
        },
      ],
      mails: owner.rows[0] ? [payoutMail(owner.rows[0].email, p, status === "success", reason)] : [],
    });
    return true;
  });
  if (changed) {
    log().info({ reference, status }, "payout settled");
    void flushMailQueue(db).catch((err) => log().warn({ err }, "sending payout mail failed; the mail job retries"));
  }
  return changed;
}

const TRANSFER_EVENTS: Record<string, "success" | "failed" | "reversed"> = {
  "transfer.success": "success",
  "transfer.failed": "failed",
  "transfer.reversed": "reversed",
};

/**
 * Handles one stored transfer.* webhook event (the webhook dispatcher calls it): the event is
 * only a hint, Paystack's transfer verify decides (status and amount). A reference we never
 * made is ignored. Throws when Paystack cannot be asked: the event stays unprocessed.
 */
export async function applyTransferEvent(db: Db, eventId: number, event: string, data: Record<string, unknown>): Promise<void> {
  const done = () => db.query("UPDATE webhook_events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL", [eventId]);
  const reference = String(data.reference ?? "");
  const payout = TRANSFER_EVENTS[event] ? await findPayoutByReference(db, reference) : null;
  if (!payout) {
    if (TRANSFER_EVENTS[event]) log().warn({ reference, eventId, event }, "transfer event for a payout we never made: ignored");
    await done();
    return;
  }
  const verified = await (await transferGateway()).verifyTransfer(reference);
  const status = verified?.status;
  if (!verified || Number(verified.amount) !== Number(payout.amount_kobo)) {
    log().error({ reference, eventId, event, verified: verified ? { status, amount: verified.amount } : null }, "PAYOUT MISMATCH: the transfer Paystack reports is not the payout we made");
    await done();
    return;
  }
  if (status === "success" || status === "failed" || status === "reversed") {
    const failures = (verified as unknown as { failures?: { reason?: string } | null }).failures;
    await settlePayout(db, reference, status, status === "success" ? null : (failures?.reason ?? `Paystack reported the transfer ${status}`));
  }
  await done();
}

export interface PayoutRun {
  paid: number;
  resent: number;
  skipped: number;
  errors: number;
}

/**
 * Pays every store's available balance (the daily job when PAYOUT_SCHEDULE=daily, off by
 * default): stores with a bank account, a balance above zero and no payout on its way, each with
 * the day's reference (one payout per store per day, whichever server runs it). Payouts left
 * pending without a transfer code (Paystack was unreachable) for 5 minutes are sent again.
 */
export async function payOutAvailableBalances(db?: Db, day = new Date()): Promise<PayoutRun> {
  const q = db ?? (await getDb());
  const run: PayoutRun = { paid: 0, resent: 0, skipped: 0, errors: 0 };
  const stale = await q.query<{ reference: string }>(
    "SELECT reference FROM payouts WHERE status = 'pending' AND transfer_code IS NULL AND created_at <= now() - interval '5 minutes' ORDER BY id LIMIT 100",
  );
  for (const { reference } of stale.rows) {
    const p = await findPayoutByReference(q, reference);
    if (!p) continue;
    await sendTransfer(q, p);
    run.resent++;
  }
  const due = await q.query<{ store_id: number }>(
    `SELECT b.store_id FROM store_bank_accounts b
      WHERE NOT EXISTS (SELECT 1 FROM payouts p WHERE p.store_id = b.store_id AND p.status = 'pending')
        AND COALESCE((SELECT sum(amount_kobo) FROM store_ledger l WHERE l.store_id = b.store_id AND ${AVAILABLE_SQL("l")}), 0) > 0
      ORDER BY b.store_id`,
  );
  for (const { store_id } of due.rows) {
    try {
      const r = await createPayout(q, { storeId: store_id, requestedBy: null, reference: dailyPayoutReference(store_id, day) });
      if (r.created) run.paid++;
      else run.skipped++;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) run.skipped++;
      else {
        run.errors++;
        log().error({ job: "payouts", storeId: store_id, err }, "paying out a store failed");
      }
    }
  }
  return run;
}
