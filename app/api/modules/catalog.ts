/** Catalogue reads: categories and products (spec section 7; api-contract.md). */
import * as z from "zod";
import type { Queryable } from "~/db/client.server";
import { json, notFound, paged, pageParams } from "../http";
import type { ApiContext, RouteDef } from "../router";
import {
  PRODUCT_COLUMNS,
  PRODUCT_FROM,
  serializeCategory,
  serializeProducts,
  type CategoryRow,
  type ProductRow,
} from "../serializers";

const idParam = (ctx: ApiContext, name = "id") => {
  const n = Number(ctx.params[name]);
  if (!Number.isInteger(n) || n <= 0) throw notFound();
  return n;
};

/** The category and all its descendants. */
export async function categoryTreeIds(q: Queryable, rootId: number): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    `WITH RECURSIVE t(id) AS (SELECT id FROM categories WHERE id = $1
       UNION ALL SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id)
     SELECT id FROM t`,
    [rootId],
  );
  return r.rows.map((x) => x.id);
}

async function getCategory(q: Queryable, id: number): Promise<CategoryRow> {
  const r = await q.query<CategoryRow>("SELECT id, name, slug, parent_id FROM categories WHERE id = $1", [id]);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

const truthy = (v: string | null) => v !== null && ["true", "1", "yes", "y", "True"].includes(v);
const money = (v: string | null) => {
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

export interface ProductFilters {
  categoryIds?: number[];
  featured?: boolean;
  type?: "sale" | "rent";
  search?: string;
  minKobo?: number | null;
  maxKobo?: number | null;
  storeId?: number;
  includeUnpublished?: boolean;
  order?: "newest" | "oldest" | "price_asc" | "price_desc" | "relevance";
}

/** WHERE clause and parameters for a product listing. Used by the list, category and store endpoints. */
export function productWhere(f: ProductFilters): { where: string; params: unknown[]; rankExpr: string | null } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    clauses.push(sql.replace("$?", `$${params.length}`));
  };
  if (!f.includeUnpublished) clauses.push("p.published");
  if (f.categoryIds) add("p.category_id = ANY($?::int[])", f.categoryIds);
  if (f.featured) clauses.push("p.featured");
  if (f.type) add("p.type = $?", f.type);
  if (f.storeId) add("p.store_id = $?", f.storeId);
  if (f.minKobo != null) add("p.selling_price_kobo > $?", f.minKobo);
  if (f.maxKobo != null) add("p.selling_price_kobo < $?", f.maxKobo);
  let rankExpr: string | null = null;
  if (f.search && f.search.trim()) {
    params.push(`%${f.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const n = params.length;
    clauses.push(`(p.name ILIKE $${n} OR p.description ILIKE $${n} OR c.name ILIKE $${n})`);
    rankExpr = `(p.name ILIKE $${n})::int`;
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params, rankExpr };
}

export function orderBy(order: ProductFilters["order"], rankExpr: string | null): string {
  switch (order) {
    case "oldest":
      return "p.created_at ASC, p.id ASC";
    case "price_asc":
      return "p.selling_price_kobo ASC, p.id ASC";
    case "price_desc":
      return "p.selling_price_kobo DESC, p.id DESC";
    case "relevance":
      return rankExpr ? `${rankExpr} DESC, p.created_at DESC, p.id DESC` : "p.created_at DESC, p.id DESC";
    default:
      return "p.created_at DESC, p.id DESC";
  }
}

export async function listProducts(ctx: ApiContext, f: ProductFilters, defaultPageSize = 20) {
  const { page, pageSize, offset } = pageParams(ctx.url, defaultPageSize);
  const { where, params, rankExpr } = productWhere(f);
  const count = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${PRODUCT_FROM} ${where}`, params);
  const rows = await ctx.db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} ${where}
     ORDER BY ${orderBy(f.order ?? (f.search ? "relevance" : "newest"), rankExpr)}
     LIMIT ${pageSize} OFFSET ${offset}`,
    params,
  );
  const n = count.rows[0]?.n ?? 0;
  if (page > 1 && rows.rows.length === 0) throw notFound();
  return paged(ctx.url, await serializeProducts(ctx.db, rows.rows, ctx.url.origin), n, page, pageSize);
}

/** Filters from the query string, with the spellings clients send. */
export function filtersFromQuery(url: URL): ProductFilters {
  const q = url.searchParams;
  const type = q.get("type")?.toLowerCase();
  const ordering = q.get("ordering") ?? q.get("sort") ?? "";
  const order: ProductFilters["order"] =
    ordering === "created_at" || ordering === "oldest"
      ? "oldest"
      : ordering === "-created_at" || ordering === "newest"
        ? "newest"
        : ordering === "selling_price" || ordering === "price"
          ? "price_asc"
          : ordering === "-selling_price" || ordering === "-price"
            ? "price_desc"
            : undefined;
  return {
    featured: truthy(q.get("featured")) || truthy(q.get("f")),
    type: type === "sale" || type === "rent" ? type : undefined,
    search: q.get("search") ?? undefined,
    minKobo: money(q.get("selling_price__gt") ?? q.get("price__gt")),
    maxKobo: money(q.get("selling_price__lt") ?? q.get("price__lt")),
    order,
  };
}

const CategorySchema = z.object({ id: z.number(), name: z.string(), slug: z.string(), parent: z.number().nullable() });

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/products/categories/",
    summary: "All categories, paginated; parent is null for root categories",
    tag: "catalog",
    response: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(CategorySchema) }),
    async handler(ctx) {
      const { page, pageSize, offset } = pageParams(ctx.url, 100, 500);
      const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM categories");
      const rows = await ctx.db.query<CategoryRow>(
        `SELECT id, name, slug, parent_id FROM categories ORDER BY parent_id NULLS FIRST, position, name LIMIT ${pageSize} OFFSET ${offset}`,
      );
      return json(paged(ctx.url, rows.rows.map(serializeCategory), count.rows[0].n, page, pageSize));
    },
  },
  {
    method: "GET",
    path: "/products/categories/root_categories/",
    summary: "Root categories (array)",
    tag: "catalog",
    response: z.array(CategorySchema),
    async handler(ctx) {
      const rows = await ctx.db.query<CategoryRow>(
        "SELECT id, name, slug, parent_id FROM categories WHERE parent_id IS NULL ORDER BY position, name",
      );
      return json(rows.rows.map(serializeCategory));
    },
  },
  {
    method: "GET",
    path: "/products/categories/:id/",
    summary: "One category",
    tag: "catalog",
    response: CategorySchema,
    async handler(ctx) {
      return json(serializeCategory(await getCategory(ctx.db, idParam(ctx))));
    },
  },
  {
    method: "GET",
    path: "/products/categories/:id/subcategories/",
    summary: "Direct subcategories of a category (array)",
    tag: "catalog",
    response: z.array(CategorySchema),
    async handler(ctx) {
      const id = idParam(ctx);
      await getCategory(ctx.db, id);
      const rows = await ctx.db.query<CategoryRow>(
        "SELECT id, name, slug, parent_id FROM categories WHERE parent_id = $1 ORDER BY position, name",
        [id],
      );
      return json(rows.rows.map(serializeCategory));
    },
  },
  {
    method: "GET",
    path: "/products/categories/:id/products/",
    summary: "Published products of a category; levels_deep=all includes every subcategory (paginated)",
    tag: "catalog",
    async handler(ctx) {
      const id = idParam(ctx);
      await getCategory(ctx.db, id);
      const deep = ctx.url.searchParams.get("levels_deep") === "all";
      const ids = deep ? await categoryTreeIds(ctx.db, id) : [id];
      return json(await listProducts(ctx, { ...filtersFromQuery(ctx.url), categoryIds: ids }));
    },
  },
  {
    method: "GET",
    path: "/products/categories/:id/random_products/",
    summary: "Six random published products from a category and its subcategories (array)",
    tag: "catalog",
    async handler(ctx) {
      const id = idParam(ctx);
      await getCategory(ctx.db, id);
      const ids = await categoryTreeIds(ctx.db, id);
      const rows = await ctx.db.query<ProductRow>(
        `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM}
          WHERE p.published AND p.category_id = ANY($1::int[]) ORDER BY random() LIMIT 6`,
        [ids],
      );
      return json(await serializeProducts(ctx.db, rows.rows, ctx.url.origin));
    },
  },
  {
    method: "GET",
    path: "/products/",
    summary:
      "Published products, paginated. Query: page, page_size, featured|f, category_id (with subcategories), type, search, selling_price__lt/__gt (naira; also price__lt/__gt), ordering (-created_at|created_at|selling_price|-selling_price)",
    tag: "catalog",
    async handler(ctx) {
      const f = filtersFromQuery(ctx.url);
      const cat = Number(ctx.url.searchParams.get("category_id") ?? ctx.url.searchParams.get("category") ?? "");
      if (Number.isInteger(cat) && cat > 0) f.categoryIds = await categoryTreeIds(ctx.db, cat);
      return json(await listProducts(ctx, f));
    },
  },
  {
    method: "GET",
    path: "/products/:id/",
    summary: "One product (404 when missing, or unpublished and not yours)",
    tag: "catalog",
    async handler(ctx) {
      const id = idParam(ctx);
      const r = await ctx.db.query<ProductRow & { owner_id: number }>(
        `SELECT ${PRODUCT_COLUMNS}, s.owner_id FROM ${PRODUCT_FROM} WHERE p.id = $1`,
        [id],
      );
      const row = r.rows[0];
      if (!row) throw notFound();
      if (!row.published) {
        const user = await ctx.user();
        if (!user || (user.id !== row.owner_id && user.role !== "admin")) throw notFound();
      }
      const [product] = await serializeProducts(ctx.db, [row], ctx.url.origin);
      return json(product);
    },
  },
];
