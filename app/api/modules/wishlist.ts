/**
 * Wishlist (spec sections 4 and 7). Note the spellings clients use: reads under
 * /carts/wishlist/user/{userId}/, writes under /carts/carts/wishlist/. Only the owner (bearer
 * token) reads or changes entries; another user's entry is a 404, another user's list a 403.
 * Each entry carries a small `product` object (name, prices, image) so a page needs no call per entry.
 */
import * as z from "zod";
import type { Queryable } from "~/db/client.server";
import { koboToNaira } from "~/domain/money";
import { mediaUrl } from "~/integrations/storage.server";
import { badRequest, forbidden, json, noContent, notFound, paged, pageParams, validate } from "../http";
import type { ApiContext, AuthUser, RouteDef } from "../router";
import { PLACEHOLDER_IMAGE_KEY } from "../serializers";

interface EntryRow {
  id: number;
  user_id: number;
  product_id: number;
  name: string;
  selling_price_kobo: number;
  price_kobo: number;
  published: boolean;
  stock_quantity: number;
  type: "sale" | "rent";
  category_id: number;
  image_key: string | null;
  created_at: Date | string;
}

const ENTRY_SELECT = `SELECT w.id, w.user_id, w.product_id, w.created_at, p.name, p.selling_price_kobo, p.price_kobo, p.published,
       p.stock_quantity, p.type, p.category_id,
       (SELECT pi.image_key FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1) AS image_key
  FROM wishlist_items w JOIN products p ON p.id = w.product_id`;

function serializeEntry(e: EntryRow, origin: string) {
  return {
    id: e.id,
    product_id: e.product_id,
    user_id: e.user_id,
    created_at: new Date(e.created_at).toISOString(),
    product: {
      id: e.product_id,
      name: e.name,
      selling_price: koboToNaira(e.selling_price_kobo),
      price: koboToNaira(e.price_kobo),
      type: e.type,
      category_id: e.category_id,
      image: mediaUrl(origin, e.image_key ?? PLACEHOLDER_IMAGE_KEY),
      available: e.published && e.stock_quantity > 0,
    },
  };
}

async function entry(q: Queryable, id: number): Promise<EntryRow | null> {
  const r = await q.query<EntryRow>(`${ENTRY_SELECT} WHERE w.id = $1`, [id]);
  return r.rows[0] ?? null;
}

const positiveInt = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw notFound();
  return n;
};

async function requireSelf(ctx: ApiContext, userId: number): Promise<AuthUser> {
  const user = await ctx.requireUser();
  if (user.id !== userId && user.role !== "admin") throw forbidden();
  return user;
}

const idLike = z.union([z.number(), z.string().trim().regex(/^\d+$/, "A valid integer is required.")]).transform(Number);

const AddBody = z.object({
  user_id: idLike.optional(),
  product_id: idLike.pipe(z.number().int().positive("A valid integer is required.")),
});

const EntrySchema = z.object({ id: z.number(), product_id: z.number(), user_id: z.number() });

async function list(ctx: ApiContext) {
  const userId = positiveInt(ctx.params.userId);
  await requireSelf(ctx, userId);
  const { page, pageSize, offset } = pageParams(ctx.url, 20, 500);
  const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = $1", [userId]);
  const rows = await ctx.db.query<EntryRow>(
    `${ENTRY_SELECT} WHERE w.user_id = $1 ORDER BY w.created_at DESC, w.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
    [userId],
  );
  if (page > 1 && rows.rows.length === 0) throw notFound();
  return json(paged(ctx.url, rows.rows.map((e) => serializeEntry(e, ctx.url.origin)), count.rows[0].n, page, pageSize));
}

async function add(ctx: ApiContext) {
  const user = await ctx.requireUser();
  const body = validate(AddBody, await ctx.body());
  if (body.user_id !== undefined && body.user_id !== user.id && user.role !== "admin") throw forbidden();
  const ownerId = body.user_id ?? user.id;
  const p = await ctx.db.query<{ published: boolean }>("SELECT published FROM products WHERE id = $1", [body.product_id]);
  if (!p.rows[0] || !p.rows[0].published) throw badRequest({ product_id: ["This product is not available."] });
  // Idempotent: adding a product that is already there answers the existing entry.
  const ins = await ctx.db.query<{ id: number }>(
    `INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT (user_id, product_id) DO NOTHING RETURNING id`,
    [ownerId, body.product_id],
  );
  const created = !!ins.rows[0];
  const id =
    ins.rows[0]?.id ??
    (await ctx.db.query<{ id: number }>("SELECT id FROM wishlist_items WHERE user_id = $1 AND product_id = $2", [ownerId, body.product_id]))
      .rows[0].id;
  const e = await entry(ctx.db, id);
  return json(serializeEntry(e!, ctx.url.origin), created ? 201 : 200);
}

async function remove(ctx: ApiContext) {
  const user = await ctx.requireUser();
  const e = await entry(ctx.db, positiveInt(ctx.params.id));
  if (!e || (e.user_id !== user.id && user.role !== "admin")) throw notFound();
  await ctx.db.query("DELETE FROM wishlist_items WHERE id = $1", [e.id]);
  return noContent();
}

async function one(ctx: ApiContext) {
  const user = await ctx.requireUser();
  const e = await entry(ctx.db, positiveInt(ctx.params.id));
  if (!e || (e.user_id !== user.id && user.role !== "admin")) throw notFound();
  return json(serializeEntry(e, ctx.url.origin));
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/carts/wishlist/user/:userId/",
    summary: "The member's wishlist, newest first (paginated {count, next, previous, results: [{id, product_id, user_id, product}]})",
    tag: "wishlist",
    auth: "required",
    response: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(EntrySchema) }),
    handler: list,
  },
  {
    method: "POST",
    path: "/carts/carts/wishlist/",
    summary: "Add {user_id, product_id} to the caller's wishlist; idempotent (201 new, 200 already there)",
    tag: "wishlist",
    auth: "required",
    status: 201,
    body: AddBody,
    response: EntrySchema,
    handler: add,
  },
  {
    method: "GET",
    path: "/carts/carts/wishlist/:id/",
    summary: "One wishlist entry (owner only)",
    tag: "wishlist",
    auth: "required",
    response: EntrySchema,
    handler: one,
  },
  {
    method: "DELETE",
    path: "/carts/carts/wishlist/:id/",
    summary: "Remove a wishlist entry (owner only; 204)",
    tag: "wishlist",
    auth: "required",
    status: 204,
    handler: remove,
  },
];
