/**
 * HTTP answers in the shape DRF clients expect: JSON bodies, DRF-style errors, CORS and
 * `X-Content-Type-Options: nosniff` on everything, and request bodies read without ever turning
 * a client's mistake into a 500.
 */
import type * as z from "zod";
import { NUL_MESSAGE, findNul, specSpelling } from "~/domain/text";

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "authorization, content-type",
  "Access-Control-Max-Age": "86400",
  Vary: "Origin",
};

/** Headers on every API answer, errors included. */
export const API_HEADERS: Record<string, string> = { ...CORS_HEADERS, "X-Content-Type-Options": "nosniff" };

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** An error that becomes a DRF-style JSON response. Throw it from any handler. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public body: unknown,
  ) {
    super(typeof body === "object" && body && "detail" in body ? String((body as { detail: unknown }).detail) : `API error ${status}`);
  }
}

export const notFound = () => new ApiError(404, { detail: "Not found." });
export const unauthorized = (detail = "Authentication credentials were not provided.") =>
  new ApiError(401, { detail });
export const forbidden = (detail = "You do not have permission to perform this action.") => new ApiError(403, { detail });
export const badRequest = (body: unknown) => new ApiError(400, body);
export const unsupportedMediaType = (type: string) =>
  new ApiError(415, { detail: `Unsupported media type "${type.replace(/[^\x20-\x7e]/g, "?").slice(0, 100)}" in request.` });

/** zod issues as DRF's `{"field": ["message"]}` (top-level problems under non_field_errors). */
export function zodToDrf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "non_field_errors";
    (out[key] ??= []).push(specSpelling(issue.message));
  }
  return out;
}

/** Parses a value with a schema or throws a 400 with DRF-style field errors. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(zodToDrf(r.error));
  return r.data;
}

const JSON_TYPE = /^(application\/(json|[\w.+-]+\+json)|text\/plain)$/;
const FORM_TYPE = "application/x-www-form-urlencoded";
const MULTIPART_TYPE = "multipart/form-data";

/**
 * Reads a JSON, form or multipart body into a plain object. A client's mistake is never a 500:
 * malformed JSON or form data is a 400, a content type the API does not take (or multipart
 * without a boundary) a 415, and a NUL character in any text value a 400 naming the field.
 * An empty body is `{}`.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const header = request.headers.get("content-type") ?? "";
  const type = header.split(";")[0].trim().toLowerCase();
  let out: Record<string, unknown>;
  if (type === MULTIPART_TYPE || type === FORM_TYPE) {
    if (type === MULTIPART_TYPE && !/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(header)) throw unsupportedMediaType(header);
    let fd: FormData;
    try {
      fd = await request.formData();
    } catch (e) {
      throw badRequest({ detail: `${type === FORM_TYPE ? "Form" : "Multipart form"} parse error - ${(e as Error).message}` });
    }
    out = {};
    for (const [k, v] of fd.entries()) out[k] = v;
  } else {
    let text: string;
    try {
      text = await request.text();
    } catch (e) {
      throw badRequest({ detail: `Body read error - ${(e as Error).message}` });
    }
    if (!text.trim()) return {};
    if (type !== "" && !JSON_TYPE.test(type)) throw unsupportedMediaType(header);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw badRequest({ detail: `JSON parse error - ${(e as Error).message}` });
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) throw badRequest({ non_field_errors: ["Expected a JSON object."] });
    out = data as Record<string, unknown>;
  }
  const nul = findNul(out);
  if (nul) {
    // The field's path as validate() names it ("a.b.0"); a NUL in a key is dropped from the name.
    const field = nul.map((k) => k.replace(/\0/g, "")).join(".") || "non_field_errors";
    throw badRequest({ [field]: [NUL_MESSAGE] });
  }
  return out;
}

/** DRF-style page: `{count, next, previous, results}` with absolute next/previous links. */
export function paged<T>(url: URL, results: T[], count: number, page: number, pageSize: number) {
  const link = (p: number) => {
    const u = new URL(url);
    u.searchParams.set("page", String(p));
    return u.toString();
  };
  return {
    count,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? (page === 2 ? (() => { const u = new URL(url); u.searchParams.delete("page"); return u.toString(); })() : link(page - 1)) : null,
    results,
  };
}

/** page and page_size from the query string, with DRF's 404 for a page past the end handled by callers. */
/** Highest page number looked at: anything beyond is past the end (404), never a huge OFFSET. */
export const MAX_PAGE = 1_000_000;

export function pageParams(url: URL, defaultSize = 20, maxSize = 100) {
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const requested = Number.parseInt(url.searchParams.get("page_size") ?? "", 10);
  const pageSize = Number.isFinite(requested) && requested > 0 ? Math.min(requested, maxSize) : defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
