/** Which products are in the signed-in shopper's wishlist (for the hearts on cards and product pages). */
import type { Api } from "./api.server";

export async function loadWishlistProductIds(api: Api): Promise<number[]> {
  const user = api.user;
  if (!user) return [];
  const r = await api.get<{ results: { product_id: number }[] }>(`/carts/wishlist/user/${user.id}/?page_size=500`);
  return r.ok ? r.data.results.map((w) => w.product_id) : [];
}
