/**
 * A store's business check and its daily order cap (issue 36 items 1 and 4, decision 0032;
 * rules in app/domain/business-check.ts). The check's rows (`store_business_checks`, migration
 * 0039) and the badge (`stores.verified_at`, `verified_by`). The lookup itself, which also reads
 * the payout account, is app/workflows/business-check.server.ts; these take the caller's
 * Queryable so they join its transaction.
 */
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { dailyOrderCap, type CheckReason, type CompanyType, type RegistryRecord } from "~/domain/business-check";
import type { DeadlineSettings } from "~/domain/deadlines";
import { recordEvent } from "../notifications/commands.server";
import { storeScorecard } from "./queries.server";

export interface BusinessCheckRow {
  store_id: number;
  company_type: CompanyType;
  registration_number: string;
  status: "pending" | "verified" | "not_verified";
  reasons: CheckReason[];
  registered_name: string | null;
  registry_status: string | null;
  account_name: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  checked_at: Date | string | null;
}

export interface StoreVerification {
  store_id: number;
  name: string;
  slug: string;
  business_license_number: string;
  verified_at: Date | string | null;
  verified_by: "registry" | "admin" | null;
  check: BusinessCheckRow | null;
}

export async function findBusinessCheck(q: Queryable, storeId: number, lock = false): Promise<BusinessCheckRow | null> {
  const r = await q.query<BusinessCheckRow>(
    `SELECT store_id, company_type, registration_number, status, reasons, registered_name, registry_status, account_name, attempts, last_error, next_attempt_at, checked_at
       FROM store_business_checks WHERE store_id = $1${lock ? " FOR UPDATE" : ""}`,
    [storeId],
  );
  return r.rows[0] ?? null;
}

export async function storeVerification(q: Queryable, storeId: number): Promise<StoreVerification | null> {
  const s = await q.query<Omit<StoreVerification, "check">>(
    "SELECT id AS store_id, name, slug, business_license_number, verified_at, verified_by FROM stores WHERE id = $1",
    [storeId],
  );
  if (!s.rows[0]) return null;
  return { ...s.rows[0], check: await findBusinessCheck(q, storeId) };
}

/** Records the number the store gave (also as its business_license_number) and a check due now. */
export async function startBusinessCheck(q: Queryable, storeId: number, userId: number | null, type: CompanyType, number: string): Promise<void> {
  await q.query("UPDATE stores SET business_license_number = $2, updated_at = now() WHERE id = $1", [storeId, `${type} ${number}`]);
  await q.query(
    `INSERT INTO store_business_checks (store_id, company_type, registration_number, status, reasons, attempts, next_attempt_at, requested_by)
     VALUES ($1, $2, $3, 'pending', '{}', 0, now(), $4)
     ON CONFLICT (store_id) DO UPDATE SET company_type = EXCLUDED.company_type, registration_number = EXCLUDED.registration_number, status = 'pending',
       reasons = '{}', registered_name = NULL, registry_status = NULL, account_name = NULL, attempts = 0, last_error = NULL, next_attempt_at = now(),
       requested_by = EXCLUDED.requested_by, updated_at = now()`,
    [storeId, type, number, userId],
  );
}

/**
 * The registry's answer, kept with its outcome; the badge follows it: given when verified (kept
 * as an admin's when an admin gave it), taken away when not, unless an admin approved the store
 * after a manual check (that approval stands until an admin removes it).
 */
export async function recordCheckOutcome(
  q: Queryable,
  storeId: number,
  record: RegistryRecord,
  accountName: string | null,
  outcome: { verified: boolean; reasons: CheckReason[] },
): Promise<void> {
  await q.query(
    `UPDATE store_business_checks SET status = $2, reasons = $3, registered_name = $4, registry_status = $5, account_name = $6,
            last_error = NULL, next_attempt_at = NULL, checked_at = now(), updated_at = now() WHERE store_id = $1`,
    [storeId, outcome.verified ? "verified" : "not_verified", outcome.reasons, record.registeredName, record.status, accountName],
  );
  if (outcome.verified) {
    const r = await q.query<{ name: string; slug: string }>(
      `UPDATE stores SET verified_at = now(), verified_by = 'registry', updated_at = now() WHERE id = $1 AND verified_at IS NULL RETURNING name, slug`,
      [storeId],
    );
    if (r.rows[0])
      await recordEvent(q, { notices: [{ storeId, kind: "store_verified", title: `${r.rows[0].name} is now a Verified business`, link: `/stores/${r.rows[0].slug}/verification` }] });
  } else {
    await q.query(`UPDATE stores SET verified_at = NULL, verified_by = NULL, updated_at = now() WHERE id = $1 AND verified_by = 'registry'`, [storeId]);
  }
}

/** The provider did not answer: the check waits and is tried again later, less often each time (1, 2, 4… minutes, at most 6 hours). */
export async function recordCheckFailure(q: Queryable, storeId: number, error: string): Promise<void> {
  await q.query(
    `UPDATE store_business_checks SET attempts = attempts + 1, last_error = $2,
            next_attempt_at = now() + make_interval(mins => LEAST(360, power(2, LEAST(attempts, 9))::int)), updated_at = now()
      WHERE store_id = $1 AND status = 'pending'`,
    [storeId, error.slice(0, 500)],
  );
}

/**
 * Claims pending checks that are due, for one caller: each claimed row's next attempt moves five
 * minutes on (a lease), under FOR UPDATE SKIP LOCKED, so two servers never ask twice at once.
 */
export async function claimDueChecks(q: Queryable, limit = 20): Promise<number[]> {
  const r = await q.query<{ store_id: number }>(
    `UPDATE store_business_checks SET next_attempt_at = now() + interval '5 minutes'
      WHERE store_id IN (SELECT store_id FROM store_business_checks WHERE status = 'pending' AND next_attempt_at <= now()
                          ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING store_id`,
    [limit],
  );
  return r.rows.map((x) => x.store_id);
}

// ---- the daily order cap ---------------------------------------------------------------------

export interface OrderCap {
  /** Orders a day, null: no cap. */
  cap: number | null;
  /** Orders with a line of this store placed since the start of today in Lagos. */
  today: number;
  delivered: number;
  cancelled: number;
}

/** Orders with an active line of the store placed since the start of the Lagos day. */
export async function ordersToday(q: Queryable, storeId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(DISTINCT oi.order_id)::int AS n FROM order_items oi
      WHERE oi.store_id = $1 AND oi.status = 'Active'
        AND oi.created_at >= (date_trunc('day', now() AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos')`,
    [storeId],
  );
  return r.rows[0]?.n ?? 0;
}

/** A store's cap from its scorecard (app/domain/business-check.ts `dailyOrderCap`) and what it took today. */
export async function storeOrderCap(q: Queryable, storeId: number, settings: DeadlineSettings): Promise<OrderCap> {
  const card = await storeScorecard(q, storeId, settings);
  const age = await q.query<{ days: number }>("SELECT floor(extract(epoch FROM now() - created_at) / 86400)::int AS days FROM stores WHERE id = $1", [storeId]);
  const on = env().NEW_STORE_ORDER_CAP !== "off";
  const cap = on ? dailyOrderCap({ ageDays: age.rows[0]?.days ?? 0, delivered: card.delivered, cancelled: card.cancelled.n, orders: card.orders }) : null;
  return { cap, today: await ordersToday(q, storeId), delivered: card.delivered, cancelled: card.cancelled.n };
}
