/**
 * The storefront while the database is away (app/db/away.ts): a page whose loader, action or API
 * call met a lost or refused database connection answers a short "We're back in a moment" page,
 * 503 with Retry-After, in the visitor's language, without scripts, stack or internal words. A
 * form post's fields (but passwords and files) come back in a "Try again" form that sends them
 * once more, so nothing typed is lost. `app/entry.server.tsx` answers it; the request is marked
 * by `markDatabaseAway` (from `handleError` and the storefront's API client).
 */
import { DATABASE_RETRY_AFTER_S } from "~/db/away";
import { resolveLanguage, tFor } from "~/i18n/i18next.server";

const away = new WeakSet<object>();

/** Marks the request of this load context as one that met the database away. */
export function markDatabaseAway(context: unknown): void {
  if (context && typeof context === "object") away.add(context);
}

export function metDatabaseAway(context: unknown): boolean {
  return !!context && typeof context === "object" && away.has(context);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Form fields never written back into a page: passwords and one-time codes. */
const SECRET_FIELD = /pass|secret|otp|cvv|^pin$|^code$/i;
const MAX_KEPT_BYTES = 64 * 1024;

/** The fields of an urlencoded form body worth sending again (not secrets; bounded). */
function keptFields(body: Uint8Array | undefined, contentType: string | null): Array<[string, string]> {
  if (!body || !/^application\/x-www-form-urlencoded\b/i.test(contentType ?? "") || body.byteLength > MAX_KEPT_BYTES) return [];
  return [...new URLSearchParams(Buffer.from(body).toString("utf8"))].filter(([name]) => !SECRET_FIELD.test(name));
}

/**
 * The 503 page for a request that met the database away. `formBody` is the post's raw body
 * (server/app.mjs keeps it on the load context), for the "Try again" form.
 */
export async function databaseAwayPage(request: Request, opts: { requestId?: string; nonce?: string; formBody?: Uint8Array } = {}): Promise<Response> {
  const lang = await resolveLanguage(request).catch(() => "en" as const);
  const t = await tFor(lang, "pages");
  const tc = await tFor(lang, "common");
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const isPost = request.method === "POST";
  const fields = isPost ? keptFields(opts.formBody, request.headers.get("Content-Type")) : [];
  const again = isPost
    ? `<form method="post" action="${esc(here)}">${fields.map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join("")}${
        fields.length ? `<p>${esc(t("unavailable.formKept"))}</p>` : ""
      }<button type="submit" style="font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#b45309;color:#fff">${esc(t("unavailable.again"))}</button></form>`
    : `<p><a href="${esc(here)}" style="display:inline-block;padding:.6rem 1.2rem;border-radius:.4rem;background:#b45309;color:#fff;text-decoration:none">${esc(t("unavailable.again"))}</a></p>`;
  const body = `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(t("unavailable.title"))} | BuildMart NG</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937">
<h1>${esc(t("unavailable.title"))}</h1>
<p>${esc(t("unavailable.text"))}</p>
${again}
<p style="color:#6b7280;font-size:.875rem">${esc(tc("error.reference"))} <code>${esc(opts.requestId ?? "")}</code></p>
</body></html>`;
  return new Response(request.method === "HEAD" ? null : body, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(DATABASE_RETRY_AFTER_S),
      "Content-Security-Policy": "default-src 'none'; style-src-attr 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Content-Language": lang,
    },
  });
}

/**
 * What a route's error boundary gets when a JavaScript navigation, form or fetcher met the
 * database away (`isDatabaseAway` in ~/components/error-page): the page's texts in the visitor's
 * language, and for a post the fields to send again (not passwords or codes).
 */
export interface DatabaseAwayData {
  reason: "database-away";
  title: string;
  text: string;
  again: string;
  formKept: string;
  retryAfter: number;
  /** Where "Try again" goes: the page (GET) or the form's action (POST). */
  action: string;
  method: "get" | "post";
  fields: Array<[string, string]>;
}

const SINGLE_FETCH_REDIRECT_STATUS = 202;

/**
 * The single-fetch answer (`*.data`, a client navigation, form or fetcher) of a request that met
 * the database away: 503 with Retry-After whose every route's result is an error response 503
 * carrying `DatabaseAwayData`, so the route's error boundary shows "We're back in a moment" with
 * Try again rather than whatever the loaders made of the failure. A redirect passes as it is.
 */
export async function databaseAwayData(response: Response, request: Request, opts: { formBody?: Uint8Array } = {}): Promise<Response> {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data") || response.status === SINGLE_FETCH_REDIRECT_STATUS) return response;
  const { encode, decode } = await import("turbo-stream");
  const isPost = request.method !== "GET" && request.method !== "HEAD";
  const lang = await resolveLanguage(request).catch(() => "en" as const);
  const t = await tFor(lang, "pages");
  const page = new URL(url);
  page.pathname = page.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  page.searchParams.delete("_routes");
  const away: DatabaseAwayData = {
    reason: "database-away",
    title: t("unavailable.title"),
    text: t("unavailable.text"),
    again: t("unavailable.again"),
    formKept: t("unavailable.formKept"),
    retryAfter: DATABASE_RETRY_AFTER_S,
    action: `${page.pathname}${page.search}`,
    method: isPost ? "post" : "get",
    fields: isPost ? keptFields(opts.formBody, request.headers.get("Content-Type")) : [],
  };
  const marker = { away: true };
  let result: unknown;
  if (isPost) result = { error: marker };
  else {
    // The routes this answer was for: each gets the error (their data may be what a loader made of the failure).
    let routes: string[] = ["root"];
    try {
      if (response.body) {
        const decoded = await decode(response.body, { plugins: [() => ({ value: null })] });
        if (decoded.value && typeof decoded.value === "object") routes = Object.keys(decoded.value);
      }
    } catch {
      // Not decodable: the root's boundary shows it.
    }
    result = Object.fromEntries(routes.map((id) => [id, { error: marker }]));
  }
  const body = encode(result, { plugins: [(v: unknown) => (v === marker ? ["ErrorResponse", away, 503, "Service Unavailable"] : undefined)] });
  return new Response(request.method === "HEAD" ? null : body, {
    status: 503,
    headers: { "Content-Type": "text/x-script", "Cache-Control": "no-store", "Retry-After": String(DATABASE_RETRY_AFTER_S), "X-Remix-Response": "yes", "Content-Language": lang },
  });
}
