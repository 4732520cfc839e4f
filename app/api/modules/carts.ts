/**
 * Carts (spec sections 4 and 7; api-contract.md).
 *
 * Who may touch a cart:
 *  - a guest cart (user_id NULL) is keyed by an unguessable uuid: holding the id is the credential;
 *  - a member cart (user_id set) needs that member's bearer token; anybody else gets 404 (401 with
 *    no or a bad token, so clients refresh once).
 * Merging needs both: the bearer token of {userId} and the guest cart's id.
 * Each item carries the product's name, price, image and size so a page needs no call per line;
 * `shipping_cost` comes from the shared rule in app/domain/shipping.ts.
 */
import * as z from "zod";
import type { Queryable } from "~/db/client.server";
import { koboToNaira } from "~/domain/money";
import { shippingKobo, subtotalKobo, type ShipmentSize } from "~/domain/shipping";
import { mediaUrl } from "~/integrations/storage.server";
import { badRequest, forbidden, json, noContent, notFound, validate } from "../http";
import type { ApiContext, AuthUser, RouteDef } from "../router";
import { PLACEHOLDER_IMAGE_KEY } from "../serializers";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Largest quantity of one product in one cart. */
export const MAX_LINE_QUANTITY = 999;

interface CartRow {
  id: string;
  user_id: number | null;
}

interface ItemRow {
  id: number;
  product_id: number;
  quantity: number;
  name: string;
  selling_price_kobo: number;
  price_kobo: number;
  size: ShipmentSize;
  published: boolean;
  stock_quantity: number;
  image_key: string | null;
  category_id: number;
}

const positiveInt = (name: string) => {
  const n = Number(name);
  if (!Number.isInteger(n) || n <= 0) throw notFound();
  return n;
};

function cartIdParam(ctx: ApiContext): string {
  const id = ctx.params.cartId;
  if (!UUID_RE.test(id)) throw notFound();
  return id.toLowerCase();
}

async function findCart(q: Queryable, id: string): Promise<CartRow | null> {
  const r = await q.query<CartRow>("SELECT id::text AS id, user_id FROM carts WHERE id = $1", [id]);
  return r.rows[0] ?? null;
}

/** The cart of the path, if the caller may use it (see the file comment). */
async function accessibleCart(ctx: ApiContext): Promise<CartRow> {
  const cart = await findCart(ctx.db, cartIdParam(ctx));
  if (!cart) throw notFound();
  if (cart.user_id !== null) {
    const user = await ctx.requireUser();
    if (user.id !== cart.user_id && user.role !== "admin") throw notFound();
  }
  return cart;
}

async function loadItems(q: Queryable, cartId: string): Promise<ItemRow[]> {
  const r = await q.query<ItemRow>(
    `SELECT ci.id, ci.product_id, ci.quantity, p.name, p.selling_price_kobo, p.price_kobo, p.size, p.published,
            p.stock_quantity, p.category_id,
            (SELECT pi.image_key FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1) AS image_key
       FROM cart_items ci JOIN products p ON p.id = ci.product_id
      WHERE ci.cart_id = $1
      ORDER BY ci.created_at, ci.id`,
    [cartId],
  );
  return r.rows;
}

function serializeItem(it: ItemRow, origin: string) {
  return {
    id: it.id,
    prod_id: it.product_id,
    quantity: it.quantity,
    // extra fields (not in the original contract) so a page needs no call per line
    name: it.name,
    price: koboToNaira(it.selling_price_kobo),
    original_price: koboToNaira(it.price_kobo),
    line_total: koboToNaira(it.selling_price_kobo * it.quantity),
    image: mediaUrl(origin, it.image_key ?? PLACEHOLDER_IMAGE_KEY),
    size: it.size,
    category_id: it.category_id,
    available: it.published && it.stock_quantity > 0,
    stock_quantity: it.stock_quantity,
  };
}

export async function serializeCart(q: Queryable, cart: CartRow, origin: string) {
  const items = await loadItems(q, cart.id);
  const lines = items.map((i) => ({ size: i.size, quantity: i.quantity, unitPriceKobo: i.selling_price_kobo }));
  const sub = subtotalKobo(lines);
  const ship = shippingKobo(lines);
  return {
    id: cart.id,
    user_id: cart.user_id,
    total_quantity: items.reduce((n, i) => n + i.quantity, 0),
    shipping_cost: koboToNaira(ship),
    subtotal: koboToNaira(sub),
    total: koboToNaira(sub + ship),
    cart_items: items.map((i) => serializeItem(i, origin)),
  };
}

export type ApiCart = Awaited<ReturnType<typeof serializeCart>>;
export type ApiCartItem = ApiCart["cart_items"][number];

async function touch(q: Queryable, cartId: string) {
  await q.query("UPDATE carts SET updated_at = now() WHERE id = $1", [cartId]);
}

/** A product that may go in a cart, or a clear 400. */
async function availableProduct(q: Queryable, productId: number) {
  const r = await q.query<{ id: number; published: boolean; stock_quantity: number; name: string }>(
    "SELECT id, published, stock_quantity, name FROM products WHERE id = $1",
    [productId],
  );
  const p = r.rows[0];
  if (!p || !p.published) throw badRequest({ prod_id: ["This product is not available."] });
  if (p.stock_quantity <= 0) throw badRequest({ prod_id: ["This product is out of stock."] });
  return p;
}

function checkStock(stock: number, quantity: number) {
  if (quantity > Math.min(stock, MAX_LINE_QUANTITY)) {
    throw badRequest({ quantity: [`Only ${Math.min(stock, MAX_LINE_QUANTITY)} available.`] });
  }
}

const idLike = z.union([z.number(), z.string().trim().regex(/^\d+$/)]).transform(Number);

const CreateCartBody = z.object({
  user_id: z.union([idLike, z.null(), z.literal("")]).optional().transform((v) => (v === "" || v === undefined ? null : v)),
});

const AddItemBody = z.object({
  prod_id: idLike.pipe(z.number().int().positive({ message: "A valid integer is required." })),
  quantity: idLike
    .optional()
    .nullable()
    .transform((v) => v ?? 1)
    .pipe(z.number().int().min(1, "Ensure this value is greater than or equal to 1.")),
});

/** Quantities below 1 become 1 (spec section 5); not a number is a 400. */
const QuantityBody = z.object({
  quantity: z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, "A valid integer is required.")], {
      error: "A valid integer is required.",
    })
    .transform((v) => Math.max(1, Math.floor(Number(v)))),
});

const CartItemSchema = z.object({
  id: z.number(),
  prod_id: z.number(),
  quantity: z.number(),
  name: z.string(),
  price: z.number(),
  line_total: z.number(),
  image: z.string(),
});
const CartSchema = z.object({
  id: z.string(),
  user_id: z.number().nullable(),
  total_quantity: z.number(),
  shipping_cost: z.number(),
  subtotal: z.number(),
  total: z.number(),
  cart_items: z.array(CartItemSchema),
});

async function requireSelf(ctx: ApiContext, userId: number): Promise<AuthUser> {
  const user = await ctx.requireUser();
  if (user.id !== userId && user.role !== "admin") throw forbidden();
  return user;
}

async function itemResponse(ctx: ApiContext, cartId: string, itemId: number, status: number) {
  const items = await loadItems(ctx.db, cartId);
  const it = items.find((i) => i.id === itemId);
  if (!it) throw notFound();
  return json({ ...serializeItem(it, ctx.url.origin), cart: cartId }, status);
}

async function setQuantity(ctx: ApiContext) {
  const cart = await accessibleCart(ctx);
  const itemId = positiveInt(ctx.params.itemId);
  const { quantity } = validate(QuantityBody, await ctx.body());
  const r = await ctx.db.query<{ stock_quantity: number }>(
    `SELECT p.stock_quantity FROM cart_items ci JOIN products p ON p.id = ci.product_id WHERE ci.id = $1 AND ci.cart_id = $2`,
    [itemId, cart.id],
  );
  if (!r.rows[0]) throw notFound();
  checkStock(r.rows[0].stock_quantity, quantity);
  await ctx.db.query("UPDATE cart_items SET quantity = $1 WHERE id = $2 AND cart_id = $3", [quantity, itemId, cart.id]);
  await touch(ctx.db, cart.id);
  return itemResponse(ctx, cart.id, itemId, 200);
}

async function merge(ctx: ApiContext) {
  const userId = positiveInt(ctx.params.userId);
  await requireSelf(ctx, userId);
  const guestId = cartIdParam(ctx);
  const result = await ctx.db.tx(async (q) => {
    const guest = await findCart(q, guestId);
    if (!guest) throw notFound();
    if (guest.user_id === userId) return guest; // already the member's cart: nothing to merge
    if (guest.user_id !== null) throw notFound();
    const own = await q.query<CartRow>(
      `INSERT INTO carts (user_id) VALUES ($1)
       ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
       RETURNING id::text AS id, user_id`,
      [userId],
    );
    const target = own.rows[0];
    // Quantities add up; a line never exceeds the stock or the per-line maximum.
    await q.query(
      `INSERT INTO cart_items (cart_id, product_id, quantity)
       SELECT $1, ci.product_id, ci.quantity FROM cart_items ci WHERE ci.cart_id = $2
       ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity`,
      [target.id, guest.id],
    );
    await q.query(
      `UPDATE cart_items ci SET quantity = GREATEST(1, LEAST(ci.quantity, p.stock_quantity, ${MAX_LINE_QUANTITY}))
         FROM products p WHERE p.id = ci.product_id AND ci.cart_id = $1 AND ci.quantity > LEAST(p.stock_quantity, ${MAX_LINE_QUANTITY})`,
      [target.id],
    );
    await q.query("DELETE FROM carts WHERE id = $1", [guest.id]);
    return target;
  });
  return json(await serializeCart(ctx.db, result, ctx.url.origin));
}

export const routes: RouteDef[] = [
  {
    method: "POST",
    path: "/carts/",
    summary:
      "Create a cart: {user_id: null} for a guest (anyone; the returned uuid is the guest's key), {user_id} for a member (that member's token; answers the existing cart when there is one). Always 201.",
    tag: "carts",
    auth: "optional",
    status: 201,
    body: CreateCartBody,
    response: CartSchema,
    async handler(ctx) {
      const { user_id } = validate(CreateCartBody, await ctx.body());
      if (user_id === null) {
        const r = await ctx.db.query<CartRow>("INSERT INTO carts (user_id) VALUES (NULL) RETURNING id::text AS id, user_id");
        return json(await serializeCart(ctx.db, r.rows[0], ctx.url.origin), 201);
      }
      await requireSelf(ctx, user_id);
      const r = await ctx.db.query<CartRow>(
        `INSERT INTO carts (user_id) VALUES ($1)
         ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
         RETURNING id::text AS id, user_id`,
        [user_id],
      );
      return json(await serializeCart(ctx.db, r.rows[0], ctx.url.origin), 201);
    },
  },
  {
    method: "GET",
    path: "/carts/user/:userId/",
    summary: "The member's cart (their token). 404 {detail: 'Not found.'} when they have none.",
    tag: "carts",
    auth: "required",
    response: CartSchema,
    async handler(ctx) {
      const userId = positiveInt(ctx.params.userId);
      await requireSelf(ctx, userId);
      const r = await ctx.db.query<CartRow>("SELECT id::text AS id, user_id FROM carts WHERE user_id = $1", [userId]);
      if (!r.rows[0]) throw notFound();
      return json(await serializeCart(ctx.db, r.rows[0], ctx.url.origin));
    },
  },
  {
    method: "GET",
    path: "/carts/:cartId/",
    summary: "One cart with its items (guest cart: the id is the key; member cart: the owner's token)",
    tag: "carts",
    auth: "optional",
    response: CartSchema,
    async handler(ctx) {
      const cart = await accessibleCart(ctx);
      return json(await serializeCart(ctx.db, cart, ctx.url.origin));
    },
  },
  {
    method: "DELETE",
    path: "/carts/:cartId/",
    summary: "Delete a cart and its items (204)",
    tag: "carts",
    auth: "optional",
    status: 204,
    async handler(ctx) {
      const cart = await accessibleCart(ctx);
      await ctx.db.query("DELETE FROM carts WHERE id = $1", [cart.id]);
      return noContent();
    },
  },
  {
    method: "POST",
    path: "/carts/:cartId/items/",
    summary:
      "Add a product {prod_id, quantity (default 1)}; a product already in the cart has its quantity raised. Unpublished or out-of-stock products: 400. Answers the line (201).",
    tag: "carts",
    auth: "optional",
    status: 201,
    body: AddItemBody,
    response: CartItemSchema,
    async handler(ctx) {
      const cart = await accessibleCart(ctx);
      const body = validate(AddItemBody, await ctx.body());
      const product = await availableProduct(ctx.db, body.prod_id);
      const itemId = await ctx.db.tx(async (q) => {
        const existing = await q.query<{ quantity: number }>(
          "SELECT quantity FROM cart_items WHERE cart_id = $1 AND product_id = $2 FOR UPDATE",
          [cart.id, product.id],
        );
        checkStock(product.stock_quantity, (existing.rows[0]?.quantity ?? 0) + body.quantity);
        const r = await q.query<{ id: number }>(
          `INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, $3)
           ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity
           RETURNING id`,
          [cart.id, product.id, body.quantity],
        );
        await touch(q, cart.id);
        return r.rows[0].id;
      });
      return itemResponse(ctx, cart.id, itemId, 201);
    },
  },
  {
    method: "PATCH",
    path: "/carts/:cartId/items/:itemId/",
    summary: "Set a line's quantity {quantity}; values below 1 become 1",
    tag: "carts",
    auth: "optional",
    body: QuantityBody,
    response: CartItemSchema,
    handler: setQuantity,
  },
  {
    method: "PUT",
    path: "/carts/:cartId/items/:itemId/",
    summary: "Same as PATCH",
    tag: "carts",
    auth: "optional",
    body: QuantityBody,
    handler: setQuantity,
  },
  {
    method: "DELETE",
    path: "/carts/:cartId/items/:itemId/",
    summary: "Remove a line (204)",
    tag: "carts",
    auth: "optional",
    status: 204,
    async handler(ctx) {
      const cart = await accessibleCart(ctx);
      const itemId = positiveInt(ctx.params.itemId);
      const r = await ctx.db.query<{ id: number }>("DELETE FROM cart_items WHERE id = $1 AND cart_id = $2 RETURNING id", [itemId, cart.id]);
      if (!r.rows[0]) throw notFound();
      await touch(ctx.db, cart.id);
      return noContent();
    },
  },
  {
    method: "GET",
    path: "/carts/:cartId/merge/:userId",
    summary:
      "Merge the guest cart {cartId} into {userId}'s cart (caller: that user's token, holding the guest id). Quantities add up; the guest cart is removed. Answers the member's cart.",
    tag: "carts",
    auth: "required",
    response: CartSchema,
    handler: merge,
  },
  {
    method: "POST",
    path: "/carts/:cartId/merge/:userId",
    summary: "Same as GET",
    tag: "carts",
    auth: "required",
    response: CartSchema,
    handler: merge,
  },
];
