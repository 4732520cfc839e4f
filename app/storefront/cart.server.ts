/** The shopper's cart as the storefront sees it (member cart by user id, guest cart by cookie). */
import type { Api } from "./api.server";
import type { ApiCart, ApiCartItem } from "./api-types";
import { apiMessage } from "./form-reply";
import { cartCookie, getGuestCartId } from "./session.server";
import { QUANTITY_WHOLE_MESSAGE, isDivisible, quantityProblem } from "~/domain/units";
import { stockMessage } from "~/domain/cart";
import { requestFormMessage } from "~/i18n/i18next.server";

export type CartItem = ApiCartItem;
export type Cart = ApiCart;

/**
 * The shopper's cart, or null when they have none yet (a stale guest cookie counts as none).
 * Fetched once per request (the header badge and the cart page share it); changes call
 * `forgetCart(api)`.
 */
export function loadCart(api: Api, request: Request): Promise<Cart | null> {
  return api.once("cart", () => fetchCart(api, request));
}

export function forgetCart(api: Api) {
  api.forget("cart");
}

async function fetchCart(api: Api, request: Request): Promise<Cart | null> {
  const user = api.user;
  if (user) {
    const r = await api.get<Cart>(`/carts/user/${user.id}/`);
    if (r.ok) return r.data;
    if (r.status === 404) return null;
    throw await api.failure(r, "Your cart could not be loaded. Please try again.");
  }
  const guestId = await getGuestCartId(request);
  if (!guestId) return null;
  const r = await api.get<Cart>(`/carts/${guestId}/`);
  if (r.ok) return r.data;
  if (r.status === 404) return null;
  throw new Response("Your cart could not be loaded. Please try again.", { status: 502 });
}

/**
 * The shopper's cart id, creating the cart on first use. A new guest cart comes with the
 * Set-Cookie header for the cartId cookie (path /, 7 days).
 */
export async function ensureCart(api: Api, request: Request): Promise<{ cartId: string; setCookie: string | null }> {
  const user = api.user;
  if (user) {
    const found = await api.get<Cart>(`/carts/user/${user.id}/`);
    if (found.ok) return { cartId: found.data.id, setCookie: null };
    const created = await api.post<Cart>("/carts/", { user_id: user.id });
    if (!created.ok) throw new CartError("We could not create your cart. Please try again.");
    return { cartId: created.data.id, setCookie: null };
  }
  const guestId = await getGuestCartId(request);
  if (guestId) {
    const found = await api.get<Cart>(`/carts/${guestId}/`);
    if (found.ok) return { cartId: guestId, setCookie: null };
  }
  const created = await api.post<Cart>("/carts/", { user_id: null });
  if (!created.ok) throw new CartError("We could not create your cart. Please try again.");
  return { cartId: created.data.id, setCookie: await cartCookie().serialize(created.data.id) };
}

/** A failure with a message for the shopper. */
export class CartError extends Error {}

export { apiMessage };

/**
 * Adds a product, creating the cart when needed. `setCookie` (a new guest cart's cookie) must be
 * sent whether or not the add itself worked.
 */
export async function addToCart(
  api: Api,
  request: Request,
  productId: number,
  quantity = 1,
  /** One of the product's options (the line is priced with it), or none. */
  optionId: number | null = null,
): Promise<{ ok: true; setCookie: string | null } | { ok: false; message: string; setCookie: string | null }> {
  const { cartId, setCookie } = await ensureCart(api, request);
  const r = await api.post(`/carts/${cartId}/items/`, optionId ? { prod_id: productId, quantity, option_id: optionId } : { prod_id: productId, quantity });
  forgetCart(api);
  if (!r.ok) return { ok: false, message: apiMessage(r.data, "This product could not be added to your cart."), setCookie };
  return { ok: true, setCookie };
}

/**
 * After login: merge the guest cart of the cartId cookie into the member's cart (spec section 4)
 * and drop the cookie. Returns the Set-Cookie header to send, or null when there was no guest cart.
 * Throws an Error with a user-facing message when the merge fails.
 */
export async function mergeGuestCartAfterLogin(api: Api, request: Request): Promise<string | null> {
  const cartId = await getGuestCartId(request);
  const user = api.user;
  if (!cartId || !user) return null;
  const r = await api.post(`/carts/${cartId}/merge/${user.id}/`);
  forgetCart(api);
  // A guest cart that no longer exists has nothing to merge: just drop the stale cookie.
  if (!r.ok && r.status !== 404) throw new Error("We could not move the items in your cart to your account. Please try again.");
  return cartCookie().serialize("", { maxAge: 0 });
}

/** A quantity typed into a form and sent back in the query (?qty=) after a refusal: a number, else null. */
export function typedQtyParam(raw: string | null): number | null {
  return raw !== null && /^\d{1,7}(\.\d{1,2})?$/.test(raw) ? Number(raw) : null;
}

/**
 * Why `q` cannot be bought of a product or cart line (its minimum, step, whole units, stock), in the
 * reader's language; null when it can (issue 34: the message next to the field, nothing typed lost).
 */
export async function quantityMessage(request: Request, q: number, p: { unit: string; min_quantity: number; quantity_step: number; stock_quantity: number }): Promise<string | null> {
  const rule = { unit: p.unit, min_quantity: p.min_quantity, quantity_step: p.quantity_step };
  const problem = !isDivisible(p.unit) && !Number.isInteger(q) ? QUANTITY_WHOLE_MESSAGE : quantityProblem(q, rule);
  if (!problem && q <= p.stock_quantity) return null;
  return requestFormMessage(request, problem ?? stockMessage(p.stock_quantity));
}
