/** The buyer's delivery code of a store's shipment, as the buyer's answers show it (tests act as the buyer reading it out). */
import type { Queryable } from "~/db/client.server";
import { deliveryCodeFor } from "~/api/core/delivery-code.server";

export async function deliveryCodeOf(db: Queryable, orderId: string, storeId: number): Promise<string | undefined> {
  const r = await db.query<{ id: number; salt: string | null }>("SELECT id, delivery_code_salt AS salt FROM shipments WHERE order_id = $1 AND store_id = $2", [orderId, storeId]);
  const row = r.rows[0];
  return row?.salt ? deliveryCodeFor(row.id, row.salt) : undefined;
}

/** A store's status body: a Delivered step carries the buyer's code when the shipment has one (as a store at the door would). */
export async function statusBody(db: Queryable, orderId: string, storeId: number, status: string): Promise<{ status: string; delivery_code?: string }> {
  if (!/^delivered$/i.test(status)) return { status };
  const code = await deliveryCodeOf(db, orderId, storeId);
  return code ? { status, delivery_code: code } : { status };
}
