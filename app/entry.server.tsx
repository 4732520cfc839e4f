import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { startBackgroundJobs } from "~/jobs.server";
import { contentSecurityPolicy } from "~/ops/csp.server";
import { log } from "~/ops/logger.server";
import { NonceProvider } from "~/ops/nonce";

// The HTTP server (server/app.mjs) reaches these through the build's entry module.
export { readiness, shutdown } from "~/ops/health.server";

startBackgroundJobs();

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
  log().error({ err: error, requestId, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Our server always gives a nonce; anything else (a test calling the build) gets a fresh one.
  const nonce = loadContext?.cspNonce || crypto.randomBytes(16).toString("base64");
  // Bots and no-JS clients get the whole document at once; browsers stream.
  const waitForAll = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
          for (const [k, v] of Object.entries(SECURITY_HEADERS)) responseHeaders.set(k, v);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
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
