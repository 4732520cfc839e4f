/**
 * Catalogue reads: categories and products (spec section 7; docs/api-contract.md). The SQL lives in
 * ./queries.server.ts (see its comment on scale); this is the route table.
 */
import * as z from "zod";
import { json, notFound, paged, pageParams } from "../core/http";
import { isIntId, parseIntId } from "../core/params";
import type { RouteDef } from "../core/types";
import {
  categoryTreeIds,
  filtersFromQuery,
  findProduct,
  productOptions,
  getCategory,
  listCategories,
  listProducts,
  listingCacheSeconds,
  randomProducts,
  rootCategories,
  serializeProducts,
  sellerOf,
  certificateOf,
  subcategories,
} from "./queries.server";
import { q } from "../core/query";
import { CategoryPageSchema, CategorySchema, ProductListQuery, ProductPageSchema, ProductSchema, StoreProductPageSchema } from "./schemas";
import { serializeCategory } from "./serialize";

export const routes: RouteDef[] = [
  {
    method: "GET",
    access: "public",
    path: "/products/categories/",
    cache: "catalog",
    summary: "All categories, paginated (page_size up to 500); parent is null for root categories",
    tag: "catalog",
    response: CategoryPageSchema,
    async handler(ctx) {
      const { page, pageSize, offset } = pageParams(ctx.url, 100, 500);
      const { rows, count } = await listCategories(ctx.db, pageSize, offset);
      if (page > 1 && rows.length === 0) throw notFound();
      return json(paged(ctx.url, rows.map(serializeCategory), count, page, pageSize));
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/products/categories/root_categories/",
    cache: "catalog",
    summary: "Root categories (array)",
    tag: "catalog",
    response: z.array(CategorySchema),
    async handler(ctx) {
      return json((await rootCategories(ctx.db)).map(serializeCategory));
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/products/categories/:id/",
    cache: "catalog",
    summary: "One category",
    tag: "catalog",
    response: CategorySchema,
    async handler(ctx) {
      return json(serializeCategory(await getCategory(ctx.db, ctx.intParam("id"))));
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/products/categories/:id/subcategories/",
    cache: "catalog",
    summary: "Direct subcategories of a category (array)",
    tag: "catalog",
    response: z.array(CategorySchema),
    async handler(ctx) {
      const id = ctx.intParam("id");
      await getCategory(ctx.db, id);
      return json((await subcategories(ctx.db, id)).map(serializeCategory));
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/products/categories/:id/products/",
    cache: "catalog",
    cacheSeconds: listingCacheSeconds,
    summary:
      "Published products of a category, paginated; levels_deep=all includes every subcategory. Takes the same filters as GET /products/",
    tag: "catalog",
    response: ProductPageSchema,
    query: ProductListQuery.extend({ levels_deep: q("all: include every subcategory") }),
    async handler(ctx) {
      const id = ctx.intParam("id");
      const deep = ctx.url.searchParams.get("levels_deep") === "all";
      const ids = deep ? await categoryTreeIds(ctx.db, id) : [(await getCategory(ctx.db, id)).id];
      if (ids.length === 0) throw notFound();
      return json(await listProducts(ctx.db, ctx.url, { ...filtersFromQuery(ctx.url), categoryIds: ids }));
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/products/categories/:id/random_products/",
    // The home page's sections: one random pick per category reused for a minute by each server.
    cache: "catalog",
    cacheSeconds: 60,
    summary: "Six random published products from a category and its subcategories (array); exclude={productId} leaves one out",
    tag: "catalog",
    response: z.array(ProductSchema),
    query: z.object({ exclude: q("A product id to leave out") }),
    async handler(ctx) {
      const ids = await categoryTreeIds(ctx.db, ctx.intParam("id"));
      if (ids.length === 0) throw notFound();
      const exclude = parseIntId(ctx.url.searchParams.get("exclude"));
      const rows = await randomProducts(ctx.db, ids, 6, exclude);
      return json(await serializeProducts(ctx.db, rows, ctx.url.origin));
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/products/",
    cache: "catalog",
    cacheSeconds: listingCacheSeconds,
    query: ProductListQuery,
    summary:
      "Published products, paginated. Query: page, page_size, featured|f, category_id (with subcategories), type (sale|rent), search (ranked, typo-tolerant), selling_price__gt/__lt (naira, strict; also price__gt/__lt), state (the seller's state; several as repeated state= or a comma list; unknown: 400), ordering (-created_at|newest, created_at|oldest, selling_price|price_asc, -selling_price|price_desc, -popularity|popular: units ordered in 30 days, -rating|rated: average of approved reviews, relevance). Items carry store_state",
    tag: "catalog",
    response: ProductPageSchema,
    async handler(ctx) {
      const f = filtersFromQuery(ctx.url);
      const raw = ctx.url.searchParams.get("category_id") ?? ctx.url.searchParams.get("category") ?? "";
      if (raw !== "") {
        const cat = Number(raw);
        f.categoryIds = isIntId(cat) ? await categoryTreeIds(ctx.db, cat) : [];
      }
      return json(await listProducts(ctx.db, ctx.url, f));
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/products/:id/",
    cache: "catalog",
    summary: "One product with its options, `seller` (store name, slug, logo, verified, state, average rating of its products; additive) and `certificate` (its SON certificate: required, number, image, waived; additive) (404 when missing or deleted, or unpublished and not yours)",
    tag: "catalog",
    response: ProductSchema,
    async handler(ctx) {
      const id = ctx.intParam("id");
      const row = await findProduct(ctx.db, id);
      if (!row || row.deleted) throw notFound();
      if (!row.listed) {
        // Unpublished, or its store suspended or its category retired (listed.ts): only the store's members (and admins) see it.
        if (!(await ctx.hasStoreRole(await ctx.user(), row.store_id, "member"))) throw notFound();
      }
      const [product] = await serializeProducts(ctx.db, [row], ctx.url.origin);
      const options = await productOptions(ctx.db, id);
      const seller = await sellerOf(ctx.db, row.store_id, ctx.url.origin);
      const certificate = await certificateOf(ctx.db, id, ctx.url.origin);
      return json({ ...product, options, ...(seller ? { seller } : {}), ...(certificate ? { certificate } : {}) });
    },
  },
  {
    method: "GET",
    access: "store-member",
    path: "/products/store/:storeId/",
    summary: "A store's products for its members (and admins), published or not, newest first; 10 a page; images as [{imageId: url}]",
    tag: "catalog",
    auth: "required",
    response: StoreProductPageSchema,
    query: ProductListQuery,
    async handler(ctx) {
      const storeId = ctx.intParam("storeId");
      const f = { ...filtersFromQuery(ctx.url), storeId, includeUnpublished: true };
      return json(await listProducts(ctx.db, ctx.url, f, 10, { storeView: true }));
    },
  },
];
