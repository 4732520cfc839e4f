/** What every page's header and footer need, loaded once per document by the root loader. */
import type { Api } from "./api.server";
import { getGuestCartId, isLite } from "./session.server";

export interface MenuCategory {
  id: number;
  name: string;
  slug: string;
  children: { id: number; name: string; slug: string }[];
}

export interface ShellData {
  user: { id: number; firstName: string; lastName: string; email: string } | null;
  cartCount: number;
  stores: { id: number; name: string; slug: string }[];
  categories: MenuCategory[];
  lite: boolean;
  flash: { kind: "success" | "error" | "info"; message: string } | null;
}

interface ApiCategory {
  id: number;
  name: string;
  slug: string;
  parent: number | null;
}

export async function loadCategoryTree(api: Api): Promise<MenuCategory[]> {
  const r = await api.get<{ results: ApiCategory[] }>("/products/categories/?page_size=500", { auth: false });
  if (!r.ok) return [];
  const roots = r.data.results.filter((c) => c.parent === null);
  return roots.map((root) => ({
    id: root.id,
    name: root.name,
    slug: root.slug,
    children: r.data.results.filter((c) => c.parent === root.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
}

/** Number of items in the shopper's cart (member cart, else the guest cart of the cookie). */
export async function loadCartCount(api: Api, request: Request): Promise<number> {
  const user = api.user;
  const guestId = await getGuestCartId(request);
  const path = user ? `/carts/user/${user.id}/` : guestId ? `/carts/${guestId}/` : null;
  if (!path) return 0;
  const r = await api.get<{ total_quantity?: number }>(path);
  return r.ok ? Number(r.data.total_quantity ?? 0) : 0;
}

export async function loadShell(api: Api, request: Request): Promise<ShellData> {
  const flash = api.session.get("flash") ?? null;
  if (flash) api.dirty = true; // reading a flash consumes it; the cookie must be re-committed
  const user = api.user;
  const [categories, cartCount, stores, lite] = await Promise.all([
    loadCategoryTree(api),
    loadCartCount(api, request),
    user
      ? api.get<{ id: number; name: string; slug: string }[]>(`/stores/owner/${user.id}/`).then((r) =>
          r.ok && Array.isArray(r.data) ? r.data.map(({ id, name, slug }) => ({ id, name, slug })) : [],
        )
      : Promise.resolve([]),
    isLite(request),
  ]);
  return { user: api.user, cartCount, stores, categories, lite, flash };
}
