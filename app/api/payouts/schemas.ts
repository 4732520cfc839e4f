/** Vendor payouts: request and answer schemas (client-safe: the storefront imports the types). */
import * as z from "zod";
import { intIdField } from "~/domain/validation";
import { BankAccountConfirmSchema, BankAccountSchema, PAYOUT_REFERENCE_RE } from "~/domain/payouts";

/** {bank_code, account_number, confirm_account_name?}: the last (optional) is the name the owner confirmed. */
export const BankAccountBody = BankAccountConfirmSchema;
export const BankAccountResolveBody = BankAccountSchema;

/** The answer of POST /stores/{storeId}/bank-account/resolve/: what the bank says, nothing saved. */
export const BankAccountResolvedSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  account_last4: z.string(),
  /** The name the bank gives for the account. */
  account_name: z.string(),
  /** The store owner's name, and whether account_name loosely matches it (case, word order, punctuation and extra names aside). */
  owner_name: z.string(),
  name_matches: z.boolean(),
});
export type ApiBankAccountResolved = z.infer<typeof BankAccountResolvedSchema>;

export const AdminPayoutBody = z.object({
  store_id: intIdField,
  /** Optional idempotency: the same reference again answers the same payout (one transfer). */
  reference: z
    .string()
    .trim()
    .regex(PAYOUT_REFERENCE_RE, "A reference is 16 to 50 lowercase letters, digits, - or _.")
    .optional(),
});

export { LEDGER_KINDS } from "~/domain/pricing";
import { LEDGER_KINDS } from "~/domain/pricing";

/**
 * POST /admin/payouts/settlements/: commission a store paid the platform directly {store_id,
 * amount (naira), reference (the transfer's), note?}. The same reference again: the same settlement.
 */
export const SettlementBody = z.object({
  store_id: intIdField,
  amount: z.coerce.number({ error: "Enter the amount paid, in naira." }).positive("Enter the amount paid, in naira.").max(1e10),
  reference: z.string({ error: "Enter the payment's reference." }).trim().min(4, "Enter the payment's reference.").max(80),
  note: z.string().trim().max(200).optional().nullable(),
});
export const SettlementSchema = z.object({ store_id: z.number().int(), amount: z.number(), reference: z.string(), balance: z.number(), owed: z.number() });
export type ApiSettlement = z.infer<typeof SettlementSchema>;
export const PAYOUT_STATUSES = ["pending", "success", "failed", "reversed"] as const;

export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Naira, signed: credits positive. */
  amount: z.number(),
  description: z.string(),
  order_id: z.string().nullable(),
  order_item_id: z.string().nullable(),
  payout_id: z.number().int().nullable(),
  available_at: z.string(),
  /** False while inside the return window (counted in `pending`). */
  available: z.boolean(),
  /** Additive (decision 0034): held by an open claim on its line (counted in `pending`, not paid out). */
  held: z.boolean(),
  created_at: z.string(),
});
export type ApiLedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const BalancesSchema = z.object({
  /** Naira that can be paid out now: available credits less refunds and payouts sent or on their way. */
  balance: z.number(),
  /** Naira credited but still inside the return window. */
  pending: z.number(),
  /** Naira paid out successfully. */
  paid_out: z.number(),
  commission_percent: z.number(),
  return_window_days: z.number().int(),
  /**
   * Additive (docs/payouts.md): commission the store owes now, ≥ 0 (its cash sales' commission not
   * yet taken from card payouts or settled); what its money is, all entries: `sales` (sales and
   * shipping less refunds), `commission` (net), `cash_collected` (cash on delivery it kept),
   * `settled` (commission it paid the platform directly).
   */
  owed: z.number(),
  sales: z.number(),
  commission: z.number(),
  cash_collected: z.number(),
  settled: z.number(),
});
export type ApiBalances = z.infer<typeof BalancesSchema>;

export const LedgerPageSchema = BalancesSchema.extend({
  /** Additive (decision 0034): naira of entries held by open claims (part of `pending`). */
  held: z.number(),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(LedgerEntrySchema),
});
export type ApiLedgerPage = z.infer<typeof LedgerPageSchema>;

export const BankAccountSchemaOut = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  /** Only the last four digits ever leave the server. */
  account_last4: z.string(),
  account_name: z.string(),
  updated_at: z.string(),
});
export const BankAccountAnswerSchema = z.object({ bank_account: BankAccountSchemaOut.nullable() });
export type ApiBankAccount = z.infer<typeof BankAccountSchemaOut>;
export type ApiBankAccountAnswer = z.infer<typeof BankAccountAnswerSchema>;

export const BankSchema = z.object({ code: z.string(), name: z.string() });
export const BankListSchema = z.object({ results: z.array(BankSchema) });
export type ApiBank = z.infer<typeof BankSchema>;
export type ApiBankList = z.infer<typeof BankListSchema>;

export const PayoutSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  store_name: z.string(),
  store_slug: z.string(),
  amount: z.number(),
  reference: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  bank_name: z.string(),
  account_last4: z.string(),
  transfer_code: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type ApiPayout = z.infer<typeof PayoutSchema>;

export const PayoutPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(PayoutSchema),
});
export type ApiPayoutPage = z.infer<typeof PayoutPageSchema>;

export const PayableStoreSchema = z.object({
  store_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  balance: z.number(),
  pending: z.number(),
  has_bank_account: z.boolean(),
  payout_pending: z.boolean(),
  /** Additive: commission the store owes now (its balance below zero), naira. */
  owed: z.number(),
});
export type ApiPayableStore = z.infer<typeof PayableStoreSchema>;

export const AdminPayoutsSchema = PayoutPageSchema.extend({
  /** Stores with money available or pending, or owing commission; most available first. */
  stores: z.array(PayableStoreSchema),
});
export type ApiAdminPayouts = z.infer<typeof AdminPayoutsSchema>;
