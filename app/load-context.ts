/**
 * What every loader and action gets as `context` (built per request by server/app.mjs's
 * getLoadContext): the client's address (the socket peer, or X-Forwarded-For from
 * TRUSTED_PROXIES only), the request id of the log line and the X-Request-Id header, and the
 * nonce of this page's Content-Security-Policy.
 */
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp: string;
    requestId: string;
    cspNonce: string;
    /** A storefront form post's body, as read by server/security.mjs (not enumerable). */
    formBody?: Uint8Array;
  }
}
