/**
 * A store's business check (issue 36 item 1, decision 0032): the registration number looked up
 * with the company registry (app/integrations/registry/), the registered name compared with the
 * store's (stores area) and with its payout account's name (payouts area), the outcome and the
 * badge written by the stores area. The lookup runs outside any transaction; a provider that is
 * down leaves the check pending and `retryBusinessChecks` (the background jobs) asks again later:
 * a store never sees a 5xx for it.
 */
import type { Db } from "~/db/client.server";
import { checkOutcome, parseRegistrationNumber, type CheckReason } from "~/domain/business-check";
import { businessRegistry } from "~/integrations/registry/registry.server";
import { RegistryUnavailable } from "~/integrations/registry/client.server";
import { log } from "~/ops/logger.server";
import { findBankAccount } from "~/api/payouts/queries.server";
import { badRequest } from "~/api/core/http";
import {
  claimDueChecks,
  findBusinessCheck,
  recordCheckFailure,
  recordCheckOutcome,
  startBusinessCheck,
  storeVerification,
  type BusinessCheckRow,
} from "~/api/stores/business-checks.server";
import { REGISTRATION_NUMBER_MESSAGE } from "~/domain/business-check";

export type CheckRun = "verified" | "not_verified" | "pending";

/** The store gives its RC/BN number (400 on registration_number when it is not one): the check is recorded and run now. */
export async function requestBusinessCheck(db: Db, storeId: number, userId: number, registrationNumber: string): Promise<CheckRun> {
  const parsed = parseRegistrationNumber(registrationNumber);
  if (!parsed) throw badRequest({ registration_number: [REGISTRATION_NUMBER_MESSAGE] });
  await db.tx((q) => startBusinessCheck(q, storeId, userId, parsed.type, parsed.number));
  return runBusinessCheck(db, storeId);
}

/**
 * Asks the registry about the store's pending check and records the outcome; "pending" when the
 * registry could not answer (recorded for a later retry, never thrown).
 */
export async function runBusinessCheck(db: Db, storeId: number): Promise<CheckRun> {
  const store = await storeVerification(db, storeId);
  const check = store?.check;
  if (!store || !check) return "pending";
  let record;
  try {
    record = await (await businessRegistry()).lookup(check.company_type, check.registration_number, store.name);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!(e instanceof RegistryUnavailable)) log().error({ storeId, err: message }, "business check failed unexpectedly; retried later");
    else log().warn({ storeId, err: message }, "company registry unavailable; the business check is retried later");
    await recordCheckFailure(db, storeId, message);
    return "pending";
  }
  return db.tx(async (q) => {
    const locked = await findBusinessCheck(q, storeId, true);
    // The store gave another number meanwhile: that one's own run decides.
    if (!locked || locked.registration_number !== check.registration_number || locked.company_type !== check.company_type) return "pending";
    const bank = await findBankAccount(q, storeId);
    const accountName = bank?.account_name ?? null;
    const outcome = checkOutcome(record, store.name, accountName);
    await recordCheckOutcome(q, storeId, record, accountName, outcome);
    log().info({ storeId, verified: outcome.verified, reasons: outcome.reasons }, "business check done");
    return outcome.verified ? "verified" : "not_verified";
  });
}

/** The background job: checks the provider could not answer, asked again when due (several servers: each row claimed once). */
export async function retryBusinessChecks(db: Db, limit = 20): Promise<{ tried: number; settled: number }> {
  const due = await claimDueChecks(db, limit);
  let settled = 0;
  for (const storeId of due) if ((await runBusinessCheck(db, storeId)) !== "pending") settled++;
  return { tried: due.length, settled };
}

export type { BusinessCheckRow, CheckReason };
