/** The shopper's cart as the storefront sees it (member cart by user id, guest cart by cookie). */
import type { Api } from "./api.server";
import { cartCookie, getGuestCartId } from "./session.server";

/**
 * After login: merge the guest cart of the cartId cookie into the member's cart (spec section 4)
 * and drop the cookie. Returns the Set-Cookie header to send, or null when there was no guest cart.
 * Throws an Error with a user-facing message when the merge fails.
 */
export async function mergeGuestCartAfterLogin(api: Api, request: Request): Promise<string | null> {
  const cartId = await getGuestCartId(request);
  const user = api.user;
  if (!cartId || !user) return null;
  const r = await api.get(`/carts/${cartId}/merge/${user.id}`);
  // A guest cart that no longer exists has nothing to merge: just drop the stale cookie.
  if (!r.ok && r.status !== 404) throw new Error("We could not move the items in your cart to your account. Please try again.");
  return cartCookie().serialize("", { maxAge: 0 });
}
