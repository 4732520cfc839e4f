/**
 * The admin audit log: every admin change writes one row here with `audit(tx, ...)`
 * INSIDE the change's transaction, so a change is never without its record nor a record without
 * its change. The /admin/audit page reads it back (queries.server.ts `listAudit`).
 */
import type { Queryable } from "~/db/client.server";

export type AuditTarget = "store" | "product" | "category" | "review" | "user" | "payment" | "shipment";

export interface AuditEntry {
  actorId: number;
  /** What was done, e.g. "store.suspend". */
  action: string;
  targetType: AuditTarget;
  targetId: string | number;
  /** The relevant fields before and after the change (null when there was none, e.g. a new category). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export async function audit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, reason) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [e.actorId, e.action, e.targetType, String(e.targetId), e.before == null ? null : JSON.stringify(e.before), e.after == null ? null : JSON.stringify(e.after), e.reason ?? null],
  );
}
