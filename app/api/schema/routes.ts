/** GET /schema/: the OpenAPI 3.1 document, generated from the route table and its zod schemas. */
import * as z from "zod";
import { json } from "../core/http";
import { isPagedSchema, PAGE_QUERY } from "../core/query";
import { listRoutes } from "../core/router";
import type { RouteDef } from "../core/types";

function toJsonSchema(s: z.ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(s, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * `in: query` parameters of a route: the keys of its `query` object schema, and page/page_size
 * for every paged answer ({count, next, previous, results}) that does not declare them.
 */
function queryParameters(r: RouteDef) {
  const shape: Record<string, z.ZodType> = {};
  if (r.method === "GET" && isPagedSchema(r.response)) Object.assign(shape, PAGE_QUERY);
  if (r.query instanceof z.ZodObject) Object.assign(shape, r.query.shape);
  return Object.entries(shape).map(([name, s]) => {
    const { $schema: _drop, description, ...schema } = toJsonSchema(s);
    return { name, in: "query", required: !s.safeParse(undefined).success, ...(typeof description === "string" ? { description } : {}), schema };
  });
}

export function buildOpenApi(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of listRoutes()) {
    if (r.path === "/schema/") continue;
    const p = r.path.replace(/:([a-zA-Z_]+)/g, "{$1}");
    const params: Record<string, unknown>[] = [...r.path.matchAll(/:([a-zA-Z_]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.tag ?? "api"],
      "x-access": r.access,
      parameters: [...params, ...queryParameters(r)],
      responses: {
        [String(r.status ?? 200)]: {
          description: "Success",
          ...(r.response ? { content: { "application/json": { schema: toJsonSchema(r.response) } } } : {}),
        },
        ...(r.access !== "public" && r.access !== "holder" ? { "401": { description: "Missing, invalid or expired access token" } } : {}),
      },
    };
    if (r.body) {
      op.requestBody = {
        required: true,
        content: { [r.multipart ? "multipart/form-data" : "application/json"]: { schema: toJsonSchema(r.body) } },
      };
    }
    if (r.access !== "public" && r.access !== "holder") op.security = [{ bearer: [] }];
    (paths[p] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Marketplace API", version: "1.0.0" },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/schema/",
    access: "public",
    summary: "This API's OpenAPI document",
    handler: (ctx) => json(buildOpenApi(ctx.base)),
  },
];
