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
import { textsFor } from "~/i18n/texts.server";
import type { Lang } from "~/i18n/languages";

/** A category as the pages use it: `name` in the reader's language, `api_name` as the API has it. */
export type FlatCategory = ApiCategory & { api_name?: string };

/** The whole category list as the API has it, fetched at most once per request. */
function apiCategoriesAnswer(api: Api): Promise<ApiResponse<Paged<ApiCategory>>> {
  return api.once("categories", () => api.get<Paged<ApiCategory>>("/products/categories/?page_size=500", { auth: false }));
}

/**
 * A category's name in `lang` (decision 0030): `categories:<slug>` of the message files, else the
 * API's name (a category an admin added after the translations were written).
 */
export function categoryNamer(lang: Lang): (slug: string, apiName: string) => string {
  const t = textsFor(lang, "categories");
  return (slug, apiName) => (lang === "en" ? apiName : t(slug, { defaultValue: apiName }));
}

/**
 * The whole category list with each name in the reader's language (the header menu, the home
 * page, listings, breadcrumbs, filters and product pages share it), once per request. The page
 * cache keys on the language already, so a cached page holds its own language's names.
 */
export function categoriesAnswer(api: Api): Promise<ApiResponse<Paged<FlatCategory>>> {
  return api.once("categories:reader", async () => {
    const r = await apiCategoriesAnswer(api);
    if (!r.ok) return r;
    const say = categoryNamer(await api.language);
    return { ...r, data: { ...r.data, results: r.data.results.map((c) => ({ ...c, api_name: c.name, name: say(c.slug, c.name) })) } };
  });
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

/**
 * Root categories with their children (header menu, home page, the seller's product form); [] when
 * the API fails. Names in the reader's language.
 */
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
  return all.find((c) => c.slug === p) ?? all.find((c) => (c.api_name ?? c.name).toLowerCase() === p || c.name.toLowerCase() === p) ?? null;
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
  // The product's category in the reader's language too (its API answer has the API's name).
  return { product: cat ? { ...product, category_name: cat.name } : product, path, categorySegment: seg };
}

export function productCanonicalPath(p: Pick<PageProduct, "id" | "category_slug">) {
  return p.category_slug ? `/${p.category_slug}/${p.id}` : `/products/${p.id}`;
}
