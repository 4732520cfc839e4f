/**
 * The Content-Security-Policy of every HTML page (set in entry.server.tsx). Scripts only from
 * our origin, plus Remix's inline scripts, which carry the request's nonce (`<Scripts nonce>`,
 * `<ScrollRestoration nonce>`, `<RemixServer nonce>`). Style attributes are allowed (React's
 * `style={{…}}` props); scripts without the nonce are not, nor <style> elements other than the
 * stylesheet that lite pages inline, allowed by its hash (its text is cut to each page's rules,
 * ~/ops/lite-css.server.ts, so the hash is the page's; no nonce, so a kept lite page is the same
 * bytes for everyone and can be sent precompressed: ~/ops/page-cache.server.ts).
 */
import { env } from "~/config.server";
import { googleEnabled, googleIssuer } from "~/integrations/google.server";
import { getStorage } from "~/integrations/storage.server";

/** Images under /media/ redirect to the bucket when storage is S3 (routes/_resources+/media.$.tsx). */
function mediaOrigins(): string[] {
  const s = getStorage();
  return s.origin ? [s.origin()] : [];
}

/** `styleHashes`: the hash sources ('sha256-…') of the page's inline stylesheet (lite pages). */
export function contentSecurityPolicy(nonce: string, styleHashes: readonly string[] = []): string {
  // Without JavaScript, "Sign in with Google" posts a form that redirects to the issuer, and
  // form-action applies to that redirect.
  const formTargets = ["'self'"];
  if (googleEnabled()) {
    try {
      formTargets.push(new URL(googleIssuer()).origin);
    } catch {
      // an unusable issuer fails elsewhere with a clear message
    }
  }
  formTargets.push(...paystackFormTargets());
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", ...styleHashes],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...mediaOrigins()],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": formTargets,
    "frame-ancestors": ["'self'"],
  };
  if (env().PUBLIC_URL?.startsWith("https:")) directives["upgrade-insecure-requests"] = [];
  return Object.entries(directives)
    .map(([k, v]) => [k, ...v].join(" "))
    .join("; ");
}

/**
 * Without JavaScript, Place order / Try again / Complete Payment post a form that redirects (303)
 * to Paystack's hosted checkout page, and form-action applies to that redirect: real Paystack's
 * page (checkout.paystack.com) with a key, the configured base URL's origin when it is not
 * Paystack's API (a stand-in started by tests), and the local stand-in on the loopback address
 * (any port: it picks a free one) when there is no key.
 */
function paystackFormTargets(): string[] {
  const e = env();
  if (e.PAYSTACK_SECRET_KEY) {
    const base = e.PAYSTACK_BASE_URL;
    if (!base) return ["https://checkout.paystack.com"];
    try {
      const origin = new URL(base).origin;
      return origin === "https://api.paystack.co" ? ["https://checkout.paystack.com"] : [origin];
    } catch {
      return ["https://checkout.paystack.com"];
    }
  }
  return ["http://127.0.0.1:*"];
}
