/**
 * Vendor payouts (docs/payouts.md): a store's ledger and payouts (members), its bank
 * details (the owner), Paystack's bank list (anyone), and payouts run by an admin.
 */
import { env } from "~/config.server";
import { koboToNaira, nairaToKobo } from "~/domain/money";
import { ledgerTotals, owedKobo } from "~/domain/pricing";
import { log } from "~/ops/logger.server";
import { json, paged, pageParams } from "../core/http";
import { addressKey, rateLimiter, RULES } from "../rate-limit.server";
import type { ApiContext, RouteDef } from "../core/types";
import { createPayout, listBanks, resolveBankAccount, saveBankAccount } from "./commands.server";
import { settleCommission } from "~/workflows/settlements.server";
import { findBankAccount, ledgerByKind, listLedger, listPayouts, payableStores, storeBalances } from "./queries.server";
import {
  AdminPayoutBody,
  AdminPayoutsSchema,
  BankAccountAnswerSchema,
  BankAccountBody,
  BankAccountResolveBody,
  BankAccountResolvedSchema,
  BankListSchema,
  LedgerPageSchema,
  PayoutPageSchema,
  PayoutSchema,
  SettlementBody,
  SettlementSchema,
} from "./schemas";
import { serializeBankAccount, serializeLedgerEntry, serializePayableStore, serializePayout } from "./serialize";

async function ledger(ctx: ApiContext) {
  const storeId = ctx.intParam("storeId");
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 100);
  const b = await storeBalances(ctx.db, storeId);
  const t = ledgerTotals(await ledgerByKind(ctx.db, storeId));
  const { rows, count } = await listLedger(ctx.db, storeId, pageSize, offset);
  return json({
    balance: koboToNaira(Number(b.balance_kobo)),
    pending: koboToNaira(Number(b.pending_kobo)),
    paid_out: koboToNaira(Number(b.paid_out_kobo)),
    held: koboToNaira(Number(b.held_kobo)),
    commission_percent: env().MARKETPLACE_COMMISSION_PERCENT,
    return_window_days: env().RETURN_WINDOW_DAYS,
    owed: koboToNaira(owedKobo(Number(b.balance_kobo))),
    sales: koboToNaira(t.salesKobo),
    commission: koboToNaira(t.commissionKobo),
    cash_collected: koboToNaira(t.cashHeldKobo),
    settled: koboToNaira(t.settledKobo),
    ...paged(ctx.url, rows.map(serializeLedgerEntry), count, page, pageSize),
  });
}

async function storePayouts(ctx: ApiContext) {
  const storeId = ctx.intParam("storeId");
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 100);
  const { rows, count } = await listPayouts(ctx.db, storeId, pageSize, offset);
  return json(paged(ctx.url, rows.map(serializePayout), count, page, pageSize));
}

async function getBankAccount(ctx: ApiContext) {
  const account = await findBankAccount(ctx.db, ctx.intParam("storeId"));
  return json({ bank_account: account ? serializeBankAccount(account) : null });
}

/**
 * Counts one bank account lookup (it names an account's holder) per store, user and address
 * (RULES.bankLookup*, their limits from BANK_LOOKUP_LIMIT): 429 with Retry-After past a limit. Every lookup and refusal is logged,
 * with the number's last four digits only.
 */
async function countBankLookup(ctx: ApiContext, storeId: number, userId: number, accountNumber: string, what: "resolve" | "save") {
  const rl = rateLimiter(ctx.db);
  const seen = { storeId, userId, clientIp: ctx.clientIp, accountLast4: accountNumber.replace(/\D/g, "").slice(-4), lookup: what };
  const limit = env().BANK_LOOKUP_LIMIT;
  try {
    await rl.consume({ ...RULES.bankLookupStore, limit }, String(storeId));
    await rl.consume({ ...RULES.bankLookupUser, limit }, String(userId));
    await rl.consume({ ...RULES.bankLookupIp, limit: limit * 3 }, addressKey(ctx.clientIp));
  } catch (e) {
    if (e instanceof Response) log().warn({ ...seen, status: e.status }, "bank account lookup refused: too many");
    throw e;
  }
  log().info(seen, "bank account lookup");
}

async function putBankAccount(ctx: ApiContext<typeof BankAccountBody>) {
  const storeId = ctx.intParam("storeId");
  const user = await ctx.requireUser();
  const body = await ctx.input();
  await countBankLookup(ctx, storeId, user.id, body.account_number, "save");
  const saved = await saveBankAccount(ctx.db, storeId, user.id, body);
  return json({ bank_account: serializeBankAccount(saved) });
}

async function resolveBank(ctx: ApiContext<typeof BankAccountResolveBody>) {
  const storeId = ctx.intParam("storeId");
  const user = await ctx.requireUser();
  const body = await ctx.input();
  await countBankLookup(ctx, storeId, user.id, body.account_number, "resolve");
  const r = await resolveBankAccount(ctx.db, storeId, body);
  return json({
    bank_code: r.bank.code,
    bank_name: r.bank.name,
    account_last4: body.account_number.slice(-4),
    account_name: r.accountName,
    owner_name: r.ownerName,
    name_matches: r.nameMatches,
  });
}

async function banks() {
  const list = await listBanks();
  return json({ results: list.map((b) => ({ code: b.code, name: b.name })) }, 200, { "Cache-Control": "public, max-age=600" });
}

async function adminCreate(ctx: ApiContext<typeof AdminPayoutBody>) {
  const admin = await ctx.requireAdmin();
  const body = await ctx.input();
  const { payout, created } = await createPayout(ctx.db, { storeId: body.store_id, requestedBy: admin.id, reference: body.reference });
  return json(serializePayout(payout), created ? 201 : 200);
}

async function adminSettle(ctx: ApiContext<typeof SettlementBody>) {
  const admin = await ctx.requireAdmin();
  const body = await ctx.input();
  const amountKobo = nairaToKobo(body.amount);
  const r = await settleCommission(ctx.db, { storeId: body.store_id, amountKobo, reference: body.reference, note: body.note ?? null, adminId: admin.id });
  const b = await storeBalances(ctx.db, body.store_id);
  return json(
    { store_id: body.store_id, amount: koboToNaira(r.amountKobo), reference: body.reference, balance: koboToNaira(Number(b.balance_kobo)), owed: koboToNaira(owedKobo(Number(b.balance_kobo))) },
    r.created ? 201 : 200,
  );
}

async function adminList(ctx: ApiContext) {
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 100);
  const { rows, count } = await listPayouts(ctx.db, null, pageSize, offset);
  const stores = await payableStores(ctx.db);
  return json({ ...paged(ctx.url, rows.map(serializePayout), count, page, pageSize), stores: stores.map(serializePayableStore) });
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/stores/:storeId/ledger/",
    access: "store-member",
    summary:
      "The store's money: balance (available to pay out), pending (inside the return window), paid_out (successful payouts), and the ledger entries, newest first (paginated)",
    tag: "payouts",
    auth: "required",
    response: LedgerPageSchema,
    handler: ledger,
  },
  {
    method: "GET",
    path: "/stores/:storeId/payouts/",
    access: "store-member",
    summary: "The store's payouts, newest first (paginated)",
    tag: "payouts",
    auth: "required",
    response: PayoutPageSchema,
    handler: storePayouts,
  },
  {
    method: "GET",
    path: "/stores/:storeId/bank-account/",
    access: "store-owner",
    summary: "The store's bank account for payouts ({bank_account: null} when none); only the last four digits of the number",
    tag: "payouts",
    auth: "required",
    response: BankAccountAnswerSchema,
    handler: getBankAccount,
  },
  {
    method: "PUT",
    path: "/stores/:storeId/bank-account/",
    access: "store-owner",
    summary:
      "Save the store's bank account {bank_code, account_number, confirm_account_name?}: resolved through Paystack first (400 on account_number when it is not found), then a transfer recipient is made. Optional confirm_account_name (additive): the name the owner confirmed after POST …/bank-account/resolve/; when the bank now gives another name (case, spaces and punctuation aside), 400 on account_number and nothing is saved",
    tag: "payouts",
    auth: "required",
    body: BankAccountBody,
    response: BankAccountAnswerSchema,
    handler: putBankAccount,
  },
  {
    method: "POST",
    path: "/stores/:storeId/bank-account/resolve/",
    access: "store-owner",
    summary:
      "\"Is this you?\" (additive): resolve {bank_code, account_number} through Paystack without saving anything: the bank's account_name, the store owner's owner_name and name_matches (loose: case, word order, punctuation and extra names aside). 400 on bank_code or account_number as for PUT …/bank-account/",
    tag: "payouts",
    auth: "required",
    body: BankAccountResolveBody,
    response: BankAccountResolvedSchema,
    handler: resolveBank,
  },
  {
    method: "GET",
    path: "/payouts/banks/",
    access: "public",
    summary: "Nigerian banks Paystack can pay out to ({results: [{code, name}]}, cached for 10 minutes)",
    tag: "payouts",
    auth: "none",
    response: BankListSchema,
    handler: banks,
  },
  {
    method: "POST",
    path: "/admin/payouts/",
    access: "admin",
    summary:
      "Pay a store's available balance through Paystack Transfers {store_id, reference?}: 201 the payout (pending until Paystack's webhook); the same reference again: 200 the same payout, no second transfer. 400 without a bank account or balance; 409 while one is on its way",
    tag: "payouts",
    auth: "required",
    body: AdminPayoutBody,
    response: PayoutSchema,
    status: 201,
    handler: adminCreate,
  },
  {
    method: "POST",
    path: "/admin/payouts/settlements/",
    access: "admin",
    summary:
      "Record commission a store paid BuildMart directly {store_id, amount (naira), reference, note?}: a settlement entry in its ledger, at most what it owes now (400 otherwise, or when it owes nothing). The same reference again: 200, the same settlement. Audited",
    tag: "payouts",
    auth: "required",
    body: SettlementBody,
    response: SettlementSchema,
    status: 201,
    handler: adminSettle,
  },
  {
    method: "GET",
    path: "/admin/payouts/",
    access: "admin",
    summary: "Every payout, newest first (paginated), with `stores`: the stores holding money (available and pending)",
    tag: "payouts",
    auth: "required",
    response: AdminPayoutsSchema,
    handler: adminList,
  },
];
