/** The signed-in shopper's wishlist (hearts on cards and product pages, the /users/wishlist page). */
import type { Api } from "./api.server";
import type { ApiWishlistEntry, Paged } from "./api-types";

export type WishlistEntry = ApiWishlistEntry;
export async function loadWishlist(api: Api): Promise<WishlistEntry[]> {
  const user = api.user;
  if (!user) return [];
  const r = await api.get<Paged<WishlistEntry>>(`/carts/wishlist/user/${user.id}/?page_size=500`);
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) throw new Response("Your wishlist could not be loaded. Please try again.", { status: 502 });
  return r.data.results;
}

export async function loadWishlistProductIds(api: Api): Promise<number[]> {
  const user = api.user;
  if (!user) return [];
  const r = await api.get<Paged<WishlistEntry>>(`/carts/wishlist/user/${user.id}/?page_size=500`);
  return r.ok ? r.data.results.map((w) => w.product_id) : [];
}

/** Adds the product when it is not in the wishlist, removes it when it is. Answers the new state. */
export async function toggleWishlist(api: Api, productId: number): Promise<{ ok: boolean; inWishlist: boolean }> {
  const user = api.user;
  if (!user) return { ok: false, inWishlist: false };
  const entries = await loadWishlist(api);
  const found = entries.find((e) => e.product_id === productId);
  if (found) {
    const r = await api.delete(`/carts/carts/wishlist/${found.id}/`);
    return { ok: r.ok || r.status === 404, inWishlist: !(r.ok || r.status === 404) };
  }
  const r = await api.post(`/carts/carts/wishlist/`, { user_id: user.id, product_id: productId });
  return { ok: r.ok, inWishlist: r.ok };
}

export async function removeWishlistEntry(api: Api, entryId: number): Promise<boolean> {
  const r = await api.delete(`/carts/carts/wishlist/${entryId}/`);
  return r.ok || r.status === 404;
}
