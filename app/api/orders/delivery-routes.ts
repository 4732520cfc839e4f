/**
 * The delivery code's admin side (docs/decisions/0025-delivery-code.md; the store's side is
 * ./store-routes.ts). All `access: "admin"`; each change in one transaction with its audit row.
 *
 * GET  /admin/deliveries/                       pay-on-delivery shipments on their way with a code
 *                                               (?status=locked: only the locked ones), newest first,
 *                                               with the wrong tries so far; never the code.
 * POST /admin/deliveries/{shipmentId}/unlock/   {reason?}: the store may try the code again (tries back to 5). Nothing to unlock: 200, no-op.
 * POST /admin/deliveries/{shipmentId}/deliver/  {reason} (at least 10 characters): Delivered without the
 *                                               code (ledger, e-mail, notices as the store's step). Not
 *                                               Shipped: 409; Delivered already: 200, no-op.
 */
import * as z from "zod";
import { DELIVERY_CODE_MAX_TRIES, DeliveryOverrideSchema, DeliveryUnlockSchema } from "~/domain/delivery-code";
import { orderNumber } from "~/domain/order-rules";
import { flushMailQueue } from "~/integrations/mail.server";
import { log } from "~/ops/logger.server";
import { json, notFound, paged, pageParams } from "../core/http";
import type { ApiContext, RouteDef } from "../core/types";
import { unlockDeliveryCode } from "~/workflows/delivery-code.server";
import { overrideDelivered } from "~/workflows/order-delivery.server";

export const AdminDeliverySchema = z.object({
  shipment_id: z.number(),
  order_id: z.string(),
  order_number: z.string(),
  store: z.number().nullable(),
  store_name: z.string(),
  status: z.string(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  wrong_tries: z.number(),
  tries_left: z.number(),
  locked: z.boolean(),
  locked_at: z.string().nullable(),
  /** Set when an admin marked it Delivered without the code. */
  override_reason: z.string().nullable(),
});
export type ApiAdminDelivery = z.infer<typeof AdminDeliverySchema>;

interface DeliveryRow {
  id: number;
  order_id: string;
  store_id: number | null;
  store_name: string | null;
  status: string;
  shipped_at: Date | string | null;
  delivered_at: Date | string | null;
  delivery_code_attempts: number;
  delivery_code_locked_at: Date | string | null;
  delivered_override_reason: string | null;
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

const serialize = (r: DeliveryRow): z.infer<typeof AdminDeliverySchema> => ({
  shipment_id: r.id,
  order_id: r.order_id,
  order_number: orderNumber(r.order_id),
  store: r.store_id,
  store_name: r.store_name ?? "Seller no longer on BuildMart",
  status: r.status,
  shipped_at: iso(r.shipped_at),
  delivered_at: iso(r.delivered_at),
  wrong_tries: r.delivery_code_attempts,
  tries_left: Math.max(0, DELIVERY_CODE_MAX_TRIES - r.delivery_code_attempts),
  locked: r.delivery_code_locked_at !== null,
  locked_at: iso(r.delivery_code_locked_at),
  override_reason: r.delivered_override_reason,
});

const COLUMNS = `sh.id, sh.order_id::text AS order_id, sh.store_id, s.name AS store_name, sh.status, sh.shipped_at, sh.delivered_at,
  sh.delivery_code_attempts, sh.delivery_code_locked_at, sh.delivered_override_reason`;

const DeliveriesQuery = z.object({ status: z.enum(["locked", "waiting"]).optional(), page: z.string().optional() });

async function list(ctx: ApiContext<z.ZodType, typeof DeliveriesQuery>) {
  await ctx.requireAdmin();
  const { status } = ctx.query();
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 100);
  const where = `sh.delivery_code_salt IS NOT NULL AND sh.status = 'Shipped'${status === "locked" ? " AND sh.delivery_code_locked_at IS NOT NULL" : ""}`;
  const count = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipments sh WHERE ${where}`);
  const rows = await ctx.db.query<DeliveryRow>(
    `SELECT ${COLUMNS} FROM shipments sh LEFT JOIN stores s ON s.id = sh.store_id WHERE ${where}
      ORDER BY (sh.delivery_code_locked_at IS NULL), sh.shipped_at DESC NULLS LAST, sh.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
  );
  if (page > 1 && rows.rows.length === 0) throw notFound();
  return json(paged(ctx.url, rows.rows.map(serialize), count.rows[0].n, page, pageSize));
}

async function one(ctx: ApiContext, id: number) {
  const r = await ctx.db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM shipments sh LEFT JOIN stores s ON s.id = sh.store_id WHERE sh.id = $1`, [id]);
  if (!r.rows[0]) throw notFound();
  return serialize(r.rows[0]);
}

async function unlock(ctx: ApiContext<typeof DeliveryUnlockSchema>) {
  const admin = await ctx.requireAdmin();
  const id = ctx.intParam("shipmentId");
  const body = await ctx.input();
  const changed = await ctx.db.tx((q) => unlockDeliveryCode(q, id, admin.id, body.reason || null));
  if (changed) log().info({ requestId: ctx.requestId, shipmentId: id, adminId: admin.id }, "delivery code unlocked");
  return json(await one(ctx, id));
}

async function deliver(ctx: ApiContext<typeof DeliveryOverrideSchema>) {
  const admin = await ctx.requireAdmin();
  const id = ctx.intParam("shipmentId");
  const body = await ctx.input();
  const changed = await ctx.db.tx((q) => overrideDelivered(q, id, admin.id, body.reason));
  if (changed) {
    log().info({ requestId: ctx.requestId, shipmentId: id, adminId: admin.id }, "shipment delivered by an admin without its code");
    void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending delivery mail failed; the job retries"));
  }
  return json(await one(ctx, id));
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/admin/deliveries/",
    access: "admin",
    summary:
      "Pay-on-delivery shipments on their way with a delivery code (paginated; ?status=locked: only those locked after 5 wrong codes), with wrong_tries, tries_left, locked; never the code",
    tag: "orders",
    auth: "required",
    query: DeliveriesQuery,
    response: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(AdminDeliverySchema) }),
    handler: list,
  },
  {
    method: "POST",
    path: "/admin/deliveries/:shipmentId/unlock/",
    access: "admin",
    summary: "Unlock a shipment's delivery code after wrong tries {reason?}: the store may try again (5 tries). Audited. Nothing to unlock: 200, no-op",
    tag: "orders",
    auth: "required",
    body: DeliveryUnlockSchema,
    response: AdminDeliverySchema,
    handler: unlock,
  },
  {
    method: "POST",
    path: "/admin/deliveries/:shipmentId/deliver/",
    access: "admin",
    summary:
      "Mark a Shipped shipment Delivered without the buyer's code {reason} (at least 10 characters; 400 without): the store's Delivered step's effects, the reason kept and audited. Not Shipped: 409; Delivered already: 200, no-op",
    tag: "orders",
    auth: "required",
    body: DeliveryOverrideSchema,
    response: AdminDeliverySchema,
    handler: deliver,
  },
];
