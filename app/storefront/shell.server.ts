/** What every page's header and footer need, loaded once per document by the root loader. */
import type { Api } from "./api.server";
import type { ApiMemberHeader, ApiStore } from "./api-types";
import { loadCart } from "./cart.server";
import { loadCategoryTree, type MenuCategory } from "./catalog.server";
import { isLite } from "./session.server";

export { loadCategoryTree, type MenuCategory };

export interface ShellData {
  user: { id: number; firstName: string; lastName: string; email: string } | null;
  cartCount: number;
  /** The bell: the signed-in member's unread notifications plus their stores' (0 for a visitor). */
  unread: number;
  /** The member's stores with unread notifications (their lists are /stores/{slug}/notification). */
  storeUnread: Array<{ name: string; slug: string; unread: number }>;
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

/**
 * The signed-in member's stores (header link) and unread notification count (the bell): ONE small
 * API call (GET /users/{id}/header/), only when signed in; none and 0 for a visitor or if it fails.
 */
export async function loadMemberHeader(api: Api): Promise<Pick<ShellData, "stores" | "unread" | "storeUnread">> {
  const user = api.user;
  const none = { stores: [], unread: 0, storeUnread: [] };
  if (!user) return none;
  const r = await api.get<ApiMemberHeader>(`/users/${user.id}/header/`);
  if (!r.ok || !r.data) return none;
  return {
    stores: Array.isArray(r.data.stores) ? r.data.stores.map(({ id, name, slug }) => ({ id, name, slug })) : [],
    unread: typeof r.data.unread === "number" ? r.data.unread : 0,
    storeUnread: Array.isArray(r.data.store_unread) ? r.data.store_unread.map(({ name, slug, unread }) => ({ name, slug, unread })) : [],
  };
}

export async function loadShell(api: Api, request: Request): Promise<ShellData> {
  const flash = api.takeFlash();
  const [categories, cartCount, { stores, unread, storeUnread }, lite] = await Promise.all([
    loadCategoryTree(api),
    loadCartCount(api, request),
    loadMemberHeader(api),
    isLite(request),
  ]);
  return { user: api.user, cartCount, unread, storeUnread, stores, categories, lite, flash };
}
