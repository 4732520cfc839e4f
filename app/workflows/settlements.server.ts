/**
 * Commission settled by a store directly (docs/payouts.md): an admin records the store's payment
 * to BuildMart in the store's ledger (payouts area) and in the audit log (admin area), in one
 * transaction.
 */
import type { Db } from "~/db/client.server";
import { audit } from "~/api/admin/audit.server";
import { recordSettlement } from "~/api/payouts/commands.server";

export async function settleCommission(
  db: Db,
  input: { storeId: number; amountKobo: number; reference: string; note: string | null; adminId: number },
): Promise<{ created: boolean; amountKobo: number }> {
  return db.tx(async (q) => {
    const r = await recordSettlement(q, input);
    if (r.created)
      await audit(q, {
        actorId: input.adminId,
        action: "payouts.settlement",
        targetType: "store",
        targetId: input.storeId,
        after: { amount_kobo: r.amountKobo, reference: input.reference },
        reason: input.note,
      });
    return r;
  });
}
