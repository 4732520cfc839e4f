import crypto from "node:crypto";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { createPageI18n, documentNamespaces, resolveLanguage } from "~/i18n/i18next.server";
import { i18nextTranslator } from "~/i18n/i18next-translator.server";
import { TranslatorProvider } from "~/i18n/react";
import { startBackgroundJobs } from "~/jobs.server";
import { contentSecurityPolicy } from "~/ops/csp.server";
import { log } from "~/ops/logger.server";
import { NonceProvider } from "~/ops/nonce";
import { LiteAssetsProvider } from "~/ops/lite-assets";
import { liteAssets } from "~/ops/lite-assets.server";
import { withPageStylesheet } from "~/ops/lite-css.server";
import { ACCEPT_CH, LITE_HINTS } from "~/storefront/lite";
import { ANONYMOUS, SlotTokenProvider, type PersonalT } from "~/components/personal";
import { appendVary, etagMatches, isPublicPage, pageEtag, PRIVATE_PAGE, PUBLIC_PAGE, routeMarksPersonal } from "~/ops/http-cache.server";
import { keepPage } from "~/ops/page-cache.server";
import { closingTagsLast } from "~/ops/document-end.server";
import { withoutNulBytes } from "~/ops/nul-bytes.server";
import { fill, parseTemplate } from "~/ops/personal-fill.server";
import { isDatabaseAway } from "~/db/away";
import { databaseAwayData, databaseAwayPage, markDatabaseAway, metDatabaseAway } from "~/ops/unavailable.server";

// The HTTP server (server/app.mjs) reaches these through the build's entry module.
export { readiness, shutdown } from "~/ops/health.server";
// Anonymous public pages kept whole, served before any loader runs (~/ops/page-cache.server).
export { cachedPage, pageDone } from "~/ops/page-cache.server";
// Image variants already served once, answered from memory (~/ops/media-memory.server).
export { cachedMedia } from "~/ops/media-memory.server";

startBackgroundJobs();

/**
 * For server/app.mjs's last error handler: the 503 page when `err` says the database is away
 * (thrown outside Remix's own handling, e.g. by the page cache), else null.
 */
export function databaseAwayAnswer(err: unknown, req: { method: string; url: string; headers: Record<string, string | string[] | undefined>; requestId?: string }): Promise<Response> | null {
  if (!isDatabaseAway(err)) return null;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return databaseAwayPage(new Request(req.url, { method: req.method === "HEAD" ? "HEAD" : "GET", headers }), { requestId: req.requestId });
}

export const streamTimeout = 5_000;

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
};

/** Errors of loaders, actions and rendering, with the request id of the request's log line. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // The visitor went away: nothing went wrong.
  if (request.signal.aborted) return;
  // 4xx answers (no such page, a refused form) are not errors; the request line shows them.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const requestId = (context as Partial<AppLoadContext> | undefined)?.requestId;
  // The database is away: the page becomes "We're back in a moment" (handleRequest), not a 500.
  if (isDatabaseAway(error)) {
    markDatabaseAway(context);
    log().warn({ err: error, requestId, method: request.method, path: new URL(request.url).pathname }, "the database cannot be reached: 503");
    return;
  }
  log().error({ err: error, requestId, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

/**
 * Client navigations, forms and fetchers (single fetch, `*.data`) that met the database away: 503
 * with Retry-After whose routes' results are the back-in-a-moment error, which the route's error
 * boundary shows (~/components/error-page) as the document request shows the page.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) =>
  metDatabaseAway(context) ? databaseAwayData(response, request, { formBody: (context as Partial<AppLoadContext> | undefined)?.formBody }) : response;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A loader, action or API call of this request met the database away (~/ops/unavailable.server).
  if (metDatabaseAway(loadContext)) return databaseAwayPage(request, { requestId: loadContext?.requestId, formBody: loadContext?.formBody });
  // Our server always gives a nonce; anything else (a test calling the build) gets a fresh one.
  const nonce = loadContext?.cspNonce || crypto.randomBytes(16).toString("base64");
  // Anonymous catalogue and static pages may be kept by browsers and CDNs (~/ops/http-cache.server):
  // rendered whole, with a weak ETag, and 304 when the browser's copy is still the page.
  const cacheable = isPublicPage(request, responseStatusCode, responseHeaders, remixContext);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", cacheable ? PUBLIC_PAGE : PRIVATE_PAGE);
  // Lite mode follows the connection hints (app/storefront/lite.ts): ask for them, and say the
  // page depends on them and on the cookies (the switch, the session).
  responseHeaders.set("Accept-CH", ACCEPT_CH);
  // The language follows the switch's cookie, else Accept-Language (~/i18n/i18next.server).
  appendVary(responseHeaders, [...LITE_HINTS, "Cookie", "Accept-Language"]);
  // One i18next instance per document: the page's language, the namespaces its routes declare
  // (`handle.i18n`, ~/i18n/i18next.server documentNamespaces), plus the layout's and the form messages'.
  const lang = await resolveLanguage(request);
  const i18n = await createPageI18n(lang, [...documentNamespaces(remixContext), "common", "forms"]);
  // A lite page (root loader's `lite`) carries its stylesheet and LCP image inline (~/ops/lite-assets).
  const lite = (remixContext.staticHandlerContext.loaderData?.root as { lite?: unknown } | undefined)?.lite === true;
  // Bots, no-JS clients, lite and cacheable pages get the whole document at once; other pages stream.
  const waitForAll = cacheable || lite || isbot(request.headers.get("user-agent") || "");
  const assets = lite ? liteAssets() : null;
  // A page that may be kept is rendered with marks in place of the visitor's parts
  // (~/components/personal): filled below for this visitor, and per answer by the page cache.
  const token = cacheable ? crypto.randomBytes(12).toString("hex") : null;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <TranslatorProvider value={i18nextTranslator(i18n)}>
        <NonceProvider value={nonce}>
          <LiteAssetsProvider value={assets}>
            <SlotTokenProvider value={token}>
              <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
            </SlotTokenProvider>
          </LiteAssetsProvider>
        </NonceProvider>
      </TranslatorProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // React 18.3 may put NUL bytes inside multibyte text (~/ops/nul-bytes.server).
          const sink = withoutNulBytes();
          // The streamed tail (loader data scripts) goes inside the body (~/ops/document-end.server).
          const body = sink.pipe(closingTagsLast());
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          for (const [k, v] of Object.entries(SECURITY_HEADERS)) responseHeaders.set(k, v);
          if (token) {
            const chunks: Buffer[] = [];
            body.on("data", (c: Buffer) => chunks.push(c));
            body.on("error", reject);
            body.on("end", async () => {
              const requestId = loadContext?.requestId ?? "";
              // The header's texts in the page's language (the same keys and rules as the render).
              const t = i18n.getFixedT(lang, "common") as unknown as PersonalT;
              let template: ReturnType<typeof parseTemplate>;
              let text: string;
              // A lite page's inline stylesheet: only this page's rules, allowed by their hash (~/ops/lite-css.server).
              let styleHashes: string[] = [];
              try {
                const rendered = Buffer.concat(chunks).toString("utf8");
                const styled = lite ? await withPageStylesheet(rendered) : { html: rendered, styleHash: null };
                if (styled.styleHash) styleHashes = [styled.styleHash];
                template = parseTemplate(styled.html, token, nonce, requestId);
                // This visitor has no cookies of their own (isPublicPage): the anonymous parts.
                text = fill(template, { nonce, requestId, personal: ANONYMOUS, t });
              } catch (error) {
                reject(error);
                return;
              }
              const html = Buffer.from(text);
              if (responseStatusCode !== 200) {
                responseHeaders.set("Cache-Control", PRIVATE_PAGE);
                responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, styleHashes));
                resolve(new Response(request.method === "HEAD" ? null : html, { headers: responseHeaders, status: responseStatusCode }));
                return;
              }
              const etag = pageEtag(text, [nonce, loadContext?.requestId]);
              responseHeaders.set("ETag", etag);
              // The next visitor of this URL gets it without rendering (with its own nonce, and
              // their own parts when the route marks them all). A lite page whose LCP image was
              // not ready in time is not kept (the next render inlines it).
              if (!assets?.gaveUp) keepPage(loadContext, template, nonce, loadContext?.requestId, etag, responseHeaders, { shared: routeMarksPersonal(remixContext), t, styleHashes });
              if (etagMatches(request.headers.get("If-None-Match"), etag)) {
                // No CSP here: the browser keeps its copy, whose nonce is the one of its stored
                // policy; a new policy would replace the stored one and block the copy's scripts.
                responseHeaders.delete("Content-Type");
                resolve(new Response(null, { status: 304, headers: responseHeaders }));
                return;
              }
              responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, styleHashes));
              resolve(new Response(request.method === "HEAD" ? null : html, { headers: responseHeaders, status: responseStatusCode }));
            });
            pipe(sink);
            return;
          }
          if (cacheable) responseHeaders.set("Cache-Control", PRIVATE_PAGE);
          if (lite) {
            // Rendered whole already (waitForAll): its inline stylesheet cut to its rules, as above.
            const chunks: Buffer[] = [];
            body.on("data", (c: Buffer) => chunks.push(c));
            body.on("error", reject);
            body.on("end", () => {
              withPageStylesheet(Buffer.concat(chunks).toString("utf8")).then(({ html, styleHash }) => {
                responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, styleHash ? [styleHash] : []));
                resolve(new Response(request.method === "HEAD" ? null : html, { headers: responseHeaders, status: responseStatusCode }));
              }, reject);
            });
            pipe(sink);
            return;
          }
          responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ err: error, requestId: loadContext?.requestId }, "rendering failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
