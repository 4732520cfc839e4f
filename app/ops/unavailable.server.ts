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
