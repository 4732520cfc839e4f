/**
 * The visitor's own parts of a shared page (~/components/personal) for the page cache, read
 * through the request's API client like any loader's data (in process, or over HTTP with
 * API_URL): ONE small call. A guest with a cart asks for the cart's quantity
 * (GET /carts/{id}/quantity/); a member for their header (GET /users/{id}/header/: stores, the
 * bell, the cart's quantity, with `wishlist=1` the hearts and `delivery=1` their default
 * address's state for the delivery promise). The API checks what it always
 * checks (the token: signature, expiry, its version against the user's; a guest cart by its id).
 *
 * Null when the page must be rendered for the visitor instead, with everything a render does:
 * the session carries a flash message (a render shows and takes it), the access token is about
 * to expire (a render refreshes it and sends the new session cookie), the call refreshed it or
 * failed (401: the session ended on the server; the render signs out), or the session changed
 * in any other way (an answer from here sends no Set-Cookie, so it must not need one).
 */
import type { PersonalData } from "~/domain/personal";
import { apiFor, type StorefrontContext } from "./api.server";
import type { ApiMemberHeader } from "./api-types";
import { deliveryStateOf, pickedDeliveryState, type DeliveryState } from "./delivery.server";
import { getGuestCartId } from "./session.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A token this close to its expiry is left to the render (which refreshes it). */
const EXPIRY_MARGIN_MS = 60_000;

/** The visitor's parts, and for a page showing the delivery promise (`delivery`) its state. */
export interface PersonalLookup {
  data: PersonalData;
  delivery: DeliveryState | null;
}

export async function personalFor(request: Request, context: StorefrontContext, opts: { wishlist: boolean; delivery: boolean }): Promise<PersonalLookup | null> {
  // The request's client (memoised on the context): its session, read once for this request; a
  // page rendered for the visitor after all uses the same client.
  const api = await apiFor(request, context);
  const session = api.session;
  if (session.has("flash") || api.dirty) return null;
  const user = api.user;
  // The promise's state by the same rule as a render's (deliveryStateFor), its default address
  // read with the header.
  const picked = opts.delivery ? await pickedDeliveryState(request) : null;
  if (!user) {
    const delivery = opts.delivery ? deliveryStateOf(picked, null) : null;
    const cartId = await getGuestCartId(request);
    if (!cartId || !UUID.test(cartId)) return { data: { user: null, cartCount: 0, unread: 0, stores: [], wishlist: [] }, delivery };
    const r = await api.get<{ total_quantity: number }>(`/carts/${cartId}/quantity/`, { auth: false });
    // A cart that is gone shows 0, as the header does; any other failure: rendered for them.
    if (!r.ok && r.status !== 404) return null;
    if (api.dirty) return null;
    return { data: { user: null, cartCount: r.ok ? Number(r.data.total_quantity) || 0 : 0, unread: 0, stores: [], wishlist: [] }, delivery };
  }
  const exp = Date.parse(session.get("accessExpiration") ?? "");
  if (!Number.isFinite(exp) || exp - EXPIRY_MARGIN_MS <= Date.now()) return null;
  const query = [opts.wishlist ? "wishlist=1" : "", opts.delivery && !picked ? "delivery=1" : ""].filter(Boolean).join("&");
  const r = await api.get<ApiMemberHeader>(`/users/${user.id}/header/${query ? `?${query}` : ""}`);
  if (!r.ok || api.dirty) return null;
  const h = r.data;
  return {
    data: {
      user,
      cartCount: Number(h.cart_quantity) || 0,
      unread: typeof h.unread === "number" ? h.unread : 0,
      stores: Array.isArray(h.stores) ? h.stores.map(({ id, name, slug }) => ({ id, name, slug })) : [],
      wishlist: Array.isArray(h.wishlist) ? h.wishlist : [],
    },
    delivery: opts.delivery ? deliveryStateOf(picked, h.default_address_state ?? null) : null,
  };
}

