/**
 * Server helpers for the catalogue pages: the category list (once per request),: resolving /{category} (slug or URL-encoded name),
 * the breadcrumb path, the listing's query string for /api/v1/products/, and absolute URLs.
 * Data comes only through the API client.
 */
import { env } from "~/config.server";
import type { ListingFilters } from "~/storefront/listing-filters";
import { SORTS, priceBounds } from "~/storefront/listing-filters";

/**
 * The listing rules and card data the catalogue routes' loaders use, taken from here: a module a route imports
 * statically is loaded with the page even when only the loader uses it (esbuild keeps the import
 * of its chunk), while a `.server` module is left out of the browser build.
 */
export { SORTS, filterChips, hasFilters, parseFilters, sortOptions } from "~/storefront/listing-filters";
export { imageUrl, toCard } from "./cards";
import type { Api, ApiResponse } from "./api.server";
import type { ApiCategory, ApiProduct, Paged } from "./api-types";
import { formatDate } from "~/i18n/dates";

export type FlatCategory = ApiCategory;

/** The whole category list, fetched at most once per request (the header menu and the page share it). */
export function categoriesAnswer(api: Api): Promise<ApiResponse<Paged<ApiCategory>>> {
  return api.once("categories", () => api.get<Paged<ApiCategory>>("/products/categories/?page_size=500", { auth: false }));
}

export async function loadCategories(api: Api): Promise<FlatCategory[]> {
  const r = await categoriesAnswer(api);
  if (!r.ok) throw new Response("Catalogue unavailable", { status: 502 });
  return r.data.results;
}

export interface MenuCategory {
  id: number;
  name: string;
  slug: string;
  children: { id: number; name: string; slug: string }[];
}

/** Root categories with their children (header menu, home page); [] when the API fails. */
export async function loadCategoryTree(api: Api): Promise<MenuCategory[]> {
  const r = await categoriesAnswer(api);
  if (!r.ok) return [];
  const all = r.data.results;
  return all
    .filter((c) => c.parent === null)
    .map((root) => ({
      id: root.id,
      name: root.name,
      slug: root.slug,
      children: all.filter((c) => c.parent === root.id).map(({ id, name, slug }) => ({ id, name, slug })),
    }));
}

/** Path segments that are listings rather than categories. */
export const SPECIAL_LISTINGS: Record<string, { title: string; featured?: boolean }> = {
  all: { title: "All products" },
  products: { title: "Products" },
  featured: { title: "Featured", featured: true },
};

/** A category by slug, or by its name as the spec's URLs spell it (URL-encoded, any case). */
export function findCategory(all: FlatCategory[], param: string): FlatCategory | null {
  const p = param.trim().toLowerCase();
  return all.find((c) => c.slug === p) ?? all.find((c) => c.name.toLowerCase() === p) ?? null;
}

export function categoryPath(all: FlatCategory[], cat: FlatCategory): FlatCategory[] {
  const path: FlatCategory[] = [];
  let cur: FlatCategory | undefined = cat;
  while (cur && path.length < 10) {
    path.unshift(cur);
    cur = cur.parent === null ? undefined : all.find((c) => c.id === cur!.parent);
  }
  return path;
}

/** The /api/v1/products/ query for a listing page. */
export function apiListingQuery(f: ListingFilters, opts: { categoryId?: number; featured?: boolean; page: number; pageSize: number }) {
  const q = new URLSearchParams();
  q.set("page", String(opts.page));
  q.set("page_size", String(opts.pageSize));
  if (opts.categoryId) q.set("category_id", String(opts.categoryId));
  if (opts.featured) q.set("featured", "true");
  if (f.search) q.set("search", f.search);
  if (f.type) q.set("type", f.type);
  const b = priceBounds(f);
  if (b.gt !== null) q.set("selling_price__gt", String(b.gt));
  if (b.lt !== null) q.set("selling_price__lt", String(b.lt));
  for (const s of f.states) q.append("state", s);
  if (f.sort) q.set("ordering", SORTS[f.sort].ordering);
  return q.toString();
}

/** The site's public origin for canonical and OpenGraph URLs. */
/** "November 2026": the month a store opened, in the reader's words (a store page's line; written on the server so its JavaScript carries no dates). */
export const storeSince = (createdAt: string, t: (key: string) => string) => formatDate(createdAt, (key) => t(key), "monthYear");

export function siteOrigin(request: Request): string {
  const configured = env().PUBLIC_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/$/, "");
}

export type PageProduct = ApiProduct;

/**
 * The product of /{category}/{productId} or /products/{productId}: the first segment must be
 * "products" or a known category; the id a positive integer; the product visible to this user.
 */
export async function loadProductForRoute(api: Api, params: { category?: string; productId?: string }) {
  const id = Number(params.productId);
  if (!/^\d+$/.test(params.productId ?? "") || !Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const seg = params.category ?? "";
  const [all, product] = await Promise.all([loadCategories(api), api.must(api.get<PageProduct>(`/products/${id}/`))]);
  if (seg.toLowerCase() !== "products" && !findCategory(all, decodeURIComponent(seg))) throw new Response("Not Found", { status: 404 });
  const cat = all.find((c) => c.id === product.category_id) ?? null;
  const path = cat ? categoryPath(all, cat) : [];
  return { product, path, categorySegment: seg };
}

export function productCanonicalPath(p: Pick<PageProduct, "id" | "category_slug">) {
  return p.category_slug ? `/${p.category_slug}/${p.id}` : `/products/${p.id}`;
}
