/**
 * Orders of /api/v1 (spec section 7): reading a member's orders. Placing orders (checkout),
 * cancelling and the store's order views belong to the checkout and seller-area work.
 */
import * as z from "zod";
import type { Queryable } from "~/db/client.server";
import { koboToNaira } from "~/domain/money";
import { forbidden, json, notFound, paged, pageParams } from "../http";
import type { ApiContext, AuthUser, RouteDef } from "../router";

interface OrderRow {
  id: string;
  user_id: number | null;
  created_at: Date | string;
  order_total_kobo: number;
  shipping_kobo: number;
  order_delivery_status: string;
  order_payment_status: string;
  order_payment_method: string;
  delivery_address_id: number | null;
  delivery_address: Record<string, unknown>;
}

interface ItemRow {
  id: string;
  order_id: string;
  product_id: number | null;
  product_name: string;
  quantity: number;
  item_price_kobo: number;
  status: string;
  cancel_reason: string | null;
  image_key: string | null;
}

const ORDER_COLUMNS = `id, user_id, created_at, order_total_kobo, shipping_kobo, order_delivery_status, order_payment_status,
  order_payment_method, delivery_address_id, delivery_address`;

async function itemsFor(q: Queryable, orderIds: string[]): Promise<Map<string, ItemRow[]>> {
  const map = new Map<string, ItemRow[]>();
  if (!orderIds.length) return map;
  const r = await q.query<ItemRow>(
    `SELECT oi.id, oi.order_id, oi.product_id, oi.product_name, oi.quantity, oi.item_price_kobo, oi.status, oi.cancel_reason,
            (SELECT pi.image_key FROM product_images pi WHERE pi.product_id = oi.product_id ORDER BY pi.position, pi.id LIMIT 1) AS image_key
       FROM order_items oi WHERE oi.order_id = ANY($1::uuid[]) ORDER BY oi.created_at, oi.id`,
    [orderIds],
  );
  for (const row of r.rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return map;
}

function serializeOrder(o: OrderRow, items: ItemRow[], origin: string) {
  return {
    id: o.id,
    created_at: new Date(o.created_at).toISOString(),
    order_total_price: koboToNaira(o.order_total_kobo),
    shipping_cost: koboToNaira(o.shipping_kobo),
    delivery_charge: koboToNaira(o.shipping_kobo),
    order_delivery_status: o.order_delivery_status,
    order_payment_status: o.order_payment_status,
    order_payment_method: o.order_payment_method,
    delivery_address_id: o.delivery_address_id,
    delivery_address: o.delivery_address,
    user_id: o.user_id,
    order_items: items.map((i) => ({
      id: i.id,
      order_id: i.order_id,
      product_id: i.product_id,
      product_name: i.product_name,
      quantity: i.quantity,
      item_price: koboToNaira(i.item_price_kobo),
      status: i.status,
      cancel_reason: i.cancel_reason,
      image: i.image_key ? `${origin}/media/${i.image_key}` : null,
    })),
  };
}

const canSee = (me: AuthUser, userId: number | null) => me.role === "admin" || (userId !== null && me.id === userId);

async function listForUser(ctx: ApiContext) {
  const me = await ctx.requireUser();
  const userId = Number(ctx.params.userId);
  if (!Number.isInteger(userId)) throw notFound();
  if (!canSee(me, userId)) throw forbidden();
  const { page, pageSize, offset } = pageParams(ctx.url, 10, 50);
  const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE user_id = $1", [userId]);
  const rows = await ctx.db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT ${pageSize} OFFSET ${offset}`,
    [userId],
  );
  if (page > 1 && rows.rows.length === 0) throw notFound();
  const items = await itemsFor(
    ctx.db,
    rows.rows.map((o) => o.id),
  );
  return json(
    paged(
      ctx.url,
      rows.rows.map((o) => serializeOrder(o, items.get(o.id) ?? [], ctx.url.origin)),
      count.rows[0].n,
      page,
      pageSize,
    ),
  );
}

async function getOne(ctx: ApiContext) {
  const me = await ctx.requireUser();
  const id = ctx.params.id;
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const r = await ctx.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
  const o = r.rows[0];
  // Someone else's order answers exactly like a missing one.
  if (!o || !canSee(me, o.user_id)) throw notFound();
  const items = await itemsFor(ctx.db, [o.id]);
  return json(serializeOrder(o, items.get(o.id) ?? [], ctx.url.origin));
}

const OrderItemSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  product_id: z.number().nullable(),
  quantity: z.number(),
  item_price: z.number(),
});
const OrderSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  order_total_price: z.number(),
  shipping_cost: z.number(),
  order_delivery_status: z.enum(["Placed", "Confirmed", "Shipped", "Delivered"]),
  order_payment_status: z.string(),
  order_payment_method: z.enum(["CardPayment", "PayOnDelivery"]),
  delivery_address_id: z.number().nullable(),
  order_items: z.array(OrderItemSchema),
});

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/orders/user/:userId",
    summary: "A member's orders, newest first (paginated; only that member or an admin)",
    tag: "orders",
    auth: "required",
    handler: listForUser,
    response: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(OrderSchema) }),
  },
  {
    method: "GET",
    path: "/orders/:id/",
    summary: "One order with its items (only its buyer or an admin; others get 404)",
    tag: "orders",
    auth: "required",
    handler: getOne,
    response: OrderSchema,
  },
];
