/**
 * Carts (spec sections 4 and 7; docs/api-contract.md).
 *
 * Who may touch a cart:
 *  - a guest cart (user_id NULL) is keyed by an unguessable uuid: holding the id is the credential;
 *  - a member cart (user_id set) needs that member's bearer token; anybody else gets 404 (401 with
 *    no or a bad token, so clients refresh once).
 * Merging needs both: the bearer token of {userId} and the guest cart's id.
 * Each item carries the product's name, price, image and size so a page needs no call per line;
 * `shipping_cost` comes from the shared rule in app/domain/shipping.ts; `?state=Lagos` on the GETs
 * quotes it for that destination state (the checkout page's summary), else the base zone.
 */
import { json, noContent, notFound } from "../core/http";
import { cartQuantityCacheFor } from "./quantity-cache.server";
import { route, type ApiContext, type RouteDef } from "../core/types";
import { addItem, createGuestCart, deleteCart, ensureUserCart, mergeIntoUserCart, removeItem, setItemQuantity } from "./commands.server";
import { quantityForUnit } from "~/domain/units";
import { availableProduct, cartLineStock, cartQuantity, checkOptionInStock, checkQuantityRule, checkStock, findCart, findUserCart, loadCart, loadCartItems, productOption, requireOptionIfStocked } from "./queries.server";
import { canonicalState } from "~/domain/addresses";
import { AddItemBody, CartLineSchema, CartQuantitySchema, CartQuoteQuery, CartSchema, CreateCartBody, QuantityBody } from "./schemas";
import { serializeItem, type CartRow } from "./serialize";

/** The cart of the path, if the caller may use it (see the file comment). */
async function accessibleCart(ctx: ApiContext): Promise<CartRow> {
  const cart = await findCart(ctx.db, ctx.uuidParam("cartId"));
  if (!cart) throw notFound();
  if (cart.user_id !== null) await ctx.requireOwner(cart.user_id);
  return cart;
}

/** The destination state of ?state= (canonical name), or null (unknown names quote the base zone). */
function quoteState(ctx: ApiContext): string | null {
  const v = ctx.url.searchParams.get("state");
  return v ? canonicalState(v.slice(0, 64)) : null;
}

async function lineResponse(ctx: ApiContext, cartId: string, itemId: number, status: number) {
  const it = (await loadCartItems(ctx.db, cartId)).find((i) => i.id === itemId);
  if (!it) throw notFound();
  return json({ ...serializeItem(it, ctx.url.origin), cart: cartId }, status);
}

async function setQuantity(ctx: ApiContext<typeof QuantityBody>) {
  const cart = await accessibleCart(ctx);
  const itemId = ctx.intParam("itemId");
  const typed = (await ctx.input()).quantity;
  const line = await cartLineStock(ctx.db, cart.id, itemId);
  if (line === null) throw notFound();
  const quantity = quantityForUnit(typed, line.rule.unit);
  checkQuantityRule(line.rule, quantity);
  checkStock(line.stock, quantity, "quantity", line.option);
  await setItemQuantity(ctx.db, cart.id, itemId, quantity);
  return lineResponse(ctx, cart.id, itemId, 200);
}

async function merge(ctx: ApiContext) {
  const userId = ctx.intParam("userId"); // the caller is that user (access "self")
  const guestId = ctx.uuidParam("cartId");
  const result = await ctx.db.tx(async (q) => {
    const guest = await findCart(q, guestId);
    if (!guest) throw notFound();
    if (guest.user_id === userId) return guest; // already the member's cart: nothing to merge
    if (guest.user_id !== null) throw notFound();
    return mergeIntoUserCart(q, guest, userId);
  });
  return json(await loadCart(ctx.db, result, ctx.url.origin));
}

export const routes: RouteDef[] = [
  route({
    method: "POST",
    path: "/carts/",
    access: "holder",
    summary:
      "Create a cart: {user_id: null} for a guest (anyone; the returned uuid is the guest's key), {user_id} for a member (that member's token; answers the existing cart when there is one). Always 201.",
    tag: "carts",
    auth: "optional",
    status: 201,
    body: CreateCartBody,
    response: CartSchema,
    async handler(ctx) {
      const { user_id } = await ctx.input();
      if (user_id === null) return json(await loadCart(ctx.db, await createGuestCart(ctx.db), ctx.url.origin), 201);
      await ctx.requireSelf(user_id);
      return json(await loadCart(ctx.db, await ensureUserCart(ctx.db, user_id), ctx.url.origin), 201);
    },
  }),
  {
    method: "GET",
    path: "/carts/user/:userId/",
    access: "self",
    summary: "The member's cart (their token); ?state= quotes shipping to that state. 404 {detail: 'Not found.'} when they have none.",
    tag: "carts",
    auth: "required",
    query: CartQuoteQuery,
    response: CartSchema,
    async handler(ctx) {
      const cart = await findUserCart(ctx.db, ctx.intParam("userId"));
      if (!cart) throw notFound();
      return json(await loadCart(ctx.db, cart, ctx.url.origin, quoteState(ctx)));
    },
  },
  {
    method: "GET",
    path: "/carts/:cartId/quantity/",
    access: "holder",
    summary: "The number of items in one cart ({total_quantity}, as the cart's own), without its lines: the storefront header's badge (guest cart: the id is the key; member cart: the owner's token)",
    tag: "carts",
    auth: "optional",
    response: CartQuantitySchema,
    async handler(ctx) {
      // As accessibleCart, in one statement with the count; a read may take it from this
      // process's kept quantities (./quantity-cache.server.ts), the owner checked all the same.
      const cartId = ctx.uuidParam("cartId").toLowerCase();
      const kept = ctx.request.method === "GET" || ctx.request.method === "HEAD" ? await cartQuantityCacheFor(ctx.db) : null;
      const cart = kept ? await kept.read(cartId, () => cartQuantity(ctx.db, cartId)) : await cartQuantity(ctx.db, cartId);
      if (!cart) throw notFound();
      if (cart.user_id !== null) await ctx.requireOwner(cart.user_id);
      return json({ total_quantity: cart.quantity });
    },
  },
  {
    method: "GET",
    path: "/carts/:cartId/",
    access: "holder",
    summary: "One cart with its items (guest cart: the id is the key; member cart: the owner's token); ?state=Lagos quotes shipping_cost to that state",
    tag: "carts",
    auth: "optional",
    query: CartQuoteQuery,
    response: CartSchema,
    async handler(ctx) {
      return json(await loadCart(ctx.db, await accessibleCart(ctx), ctx.url.origin, quoteState(ctx)));
    },
  },
  {
    method: "DELETE",
    path: "/carts/:cartId/",
    access: "holder",
    summary: "Delete a cart and its items (204)",
    tag: "carts",
    auth: "optional",
    status: 204,
    async handler(ctx) {
      const cart = await accessibleCart(ctx);
      await deleteCart(ctx.db, cart.id);
      return noContent();
    },
  },
  route({
    method: "POST",
    path: "/carts/:cartId/items/",
    access: "holder",
    summary:
      "Add a product {prod_id, quantity (default 1), option_id (optional, one of the product's options: the line is priced with it)}; the same product and option already in the cart has its quantity raised. Unpublished or out-of-stock products or options, an option of another product, or no option for a product whose options have stock: 400. Answers the line (201).",
    tag: "carts",
    auth: "optional",
    status: 201,
    body: AddItemBody,
    response: CartLineSchema,
    async handler(ctx) {
      const cart = await accessibleCart(ctx);
      const body = await ctx.input();
      const product = await availableProduct(ctx.db, body.prod_id);
      const option = body.option_id === null ? null : await productOption(ctx.db, product.id, body.option_id);
      if (option) checkOptionInStock(option);
      else await requireOptionIfStocked(ctx.db, product.id);
      const itemId = await ctx.db.tx((q) => addItem(q, cart.id, product, body.quantity, option));
      return lineResponse(ctx, cart.id, itemId, 201);
    },
  }),
  {
    method: "PATCH",
    path: "/carts/:cartId/items/:itemId/",
    access: "holder",
    summary: "Set a line's quantity {quantity}; values below 1 become 1",
    tag: "carts",
    auth: "optional",
    body: QuantityBody,
    response: CartLineSchema,
    handler: setQuantity,
  },
  {
    method: "PUT",
    path: "/carts/:cartId/items/:itemId/",
    access: "holder",
    summary: "Same as PATCH",
    tag: "carts",
    auth: "optional",
    body: QuantityBody,
    response: CartLineSchema,
    handler: setQuantity,
  },
  {
    method: "DELETE",
    path: "/carts/:cartId/items/:itemId/",
    access: "holder",
    summary: "Remove a line (204)",
    tag: "carts",
    auth: "optional",
    status: 204,
    async handler(ctx) {
      const cart = await accessibleCart(ctx);
      if (!(await removeItem(ctx.db, cart.id, ctx.intParam("itemId")))) throw notFound();
      return noContent();
    },
  },
  {
    method: "GET",
    path: "/carts/:cartId/merge/:userId",
    access: "self",
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
    access: "self",
    summary: "Same as GET",
    tag: "carts",
    auth: "required",
    response: CartSchema,
    handler: merge,
  },
];
