/**
 * HTTP answers in the shape DRF clients expect: JSON bodies, DRF-style errors, CORS and
 * `X-Content-Type-Options: nosniff` on everything, and request bodies read without ever turning
 * a client's mistake into a 500.
 */
import type * as z from "zod";
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE, findLoneSurrogate, findNul, specSpelling } from "~/domain/text";

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
export const payloadTooLarge = (limit: number) => new ApiError(413, { detail: `Request body too large: at most ${limit / (1024 * 1024)} MB.` });
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

/** Largest JSON or urlencoded body read (bytes); the HTTP server refuses larger ones first (server/security.mjs). */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Largest multipart body read (bytes). */
export const MAX_MULTIPART_BYTES = 20 * 1024 * 1024;

/** The body's bytes, or a 413 when Content-Length or the bytes read pass `limit` (reading stops there). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (length > limit) throw payloadTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => {});
        throw payloadTooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw badRequest({ detail: `Body read error - ${(e as Error).message}` });
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Reads a JSON, form or multipart body into a plain object (at most MAX_JSON_BYTES, multipart
 * MAX_MULTIPART_BYTES: larger is a 413). A client's mistake is never a 500:
 * malformed JSON or form data is a 400, a content type the API does not take (or multipart
 * without a boundary) a 415, and a NUL character or a lone UTF-16 surrogate (JSON's "\ud800",
 * which could only be stored as U+FFFD) in any text value a 400 naming the field.
 * An empty body is `{}`.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const header = request.headers.get("content-type") ?? "";
  const type = header.split(";")[0].trim().toLowerCase();
  let out: Record<string, unknown>;
  if (type === MULTIPART_TYPE || type === FORM_TYPE) {
    if (type === MULTIPART_TYPE && !/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(header)) throw unsupportedMediaType(header);
    const bytes = await readLimited(request, type === MULTIPART_TYPE ? MAX_MULTIPART_BYTES : MAX_JSON_BYTES);
    let fd: FormData;
    try {
      fd = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": header } }).formData();
    } catch (e) {
      throw badRequest({ detail: `${type === FORM_TYPE ? "Form" : "Multipart form"} parse error - ${(e as Error).message}` });
    }
    out = {};
    for (const [k, v] of fd.entries()) out[k] = v;
  } else {
    const text = new TextDecoder().decode(await readLimited(request, MAX_JSON_BYTES));
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
  const lone = findLoneSurrogate(out);
  if (lone) throw badRequest({ [lone.join(".") || "non_field_errors"]: [LONE_SURROGATE_MESSAGE] });
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
