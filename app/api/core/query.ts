/**
 * Query-string parameters as a route declares them (RouteDef.query) for the OpenAPI document:
 * a zod object of optional strings, one key per parameter, with a description. Handlers read
 * the query string themselves; this is what clients are told they may send.
 */
import * as z from "zod";

/** A query parameter: an optional string with what it means. */
export const q = (description: string) => z.string().optional().describe(description);

/** A query parameter taking one of `values`. */
export const qOneOf = <T extends readonly [string, ...string[]]>(values: T, description: string) => z.enum(values).optional().describe(description);

/** page and page_size of every DRF-style paged list (core/http pageParams). */
export const PAGE_QUERY = {
  page: q("Page number, from 1 (a page past the end is 404)"),
  page_size: q("Items per page (the list's default when absent; capped at its maximum, usually 100)"),
};

/** A paged list's query: page, page_size and the list's own parameters. */
export const pagedQuery = (extra: Record<string, z.ZodType> = {}) => z.object({ ...PAGE_QUERY, ...extra });

/** True for a DRF-style page answer schema ({count, next, previous, results}). */
export function isPagedSchema(s: z.ZodType | undefined): boolean {
  if (!(s instanceof z.ZodObject)) return false;
  const shape = s.shape as Record<string, unknown>;
  return ["count", "next", "previous", "results"].every((k) => k in shape);
}
