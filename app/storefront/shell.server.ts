/** What every page's header and footer need, loaded once per document by the root loader. */
import type { Api } from "./api.server";
import type { ApiStore } from "./api-types";
import { loadCart } from "./cart.server";
import { loadCategoryTree, type MenuCategory } from "./catalog.server";
import { isLite } from "./session.server";

export { loadCategoryTree, type MenuCategory };

export interface ShellData {
  user: { id: number; firstName: string; lastName: string; email: string } | null;
  cartCount: number;
  /** The signed-in member's unread notifications (0 for a visitor). */
  unread: number;
  stores: Pick<ApiStore, "id" | "name" | "slug">[];
  categories: MenuCategory[];
  lite: boolean;
  flash: { kind: "success" | "error" | "info"; message: string } | null;
}

/** Number of items in the shopper's cart (shares the cart answer with the cart page's loader). */
export async function loadCartCount(api: Api, request: Request): Promise<number> {
  try {
    const cart = await loadCart(api, request);
    return cart ? Number(cart.total_quantity ?? 0) : 0;
  } catch {
    return 0;
  }
}

/** The signed-in user's stores (header link); the API answers [] for a user without one. */
export async function loadOwnStores(api: Api): Promise<ShellData["stores"]> {
  const user = api.user;
  if (!user) return [];
  const r = await api.get<ApiStore[]>(`/stores/owner/${user.id}/`);
  return r.ok && Array.isArray(r.data) ? r.data.map(({ id, name, slug }) => ({ id, name, slug })) : [];
}

/** The member's unread notification count: one small API call, only when signed in; 0 if it fails. */
export async function loadUnreadCount(api: Api): Promise<number> {
  const user = api.user;
  if (!user) return 0;
  const r = await api.get<{ unread: number }>(`/users/${user.id}/notifications/unread/`);
  return r.ok && typeof r.data?.unread === "number" ? r.data.unread : 0;
}

export async function loadShell(api: Api, request: Request): Promise<ShellData> {
  const flash = api.takeFlash();
  const [categories, cartCount, stores, unread, lite] = await Promise.all([
    loadCategoryTree(api),
    loadCartCount(api, request),
    loadOwnStores(api),
    loadUnreadCount(api),
    isLite(request),
  ]);
  return { user: api.user, cartCount, unread, stores, categories, lite, flash };
}
