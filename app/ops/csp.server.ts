/**
 * The Content-Security-Policy of every HTML page (set in entry.server.tsx). Scripts only from
 * our origin, plus Remix's inline scripts, which carry the request's nonce (`<Scripts nonce>`,
 * `<ScrollRestoration nonce>`, `<RemixServer nonce>`). Style attributes are allowed (React's
 * `style={{…}}` props); <style> elements and scripts without the nonce are not.
 */
import { env } from "~/config.server";
import { googleEnabled, googleIssuer } from "~/integrations/google.server";

export function contentSecurityPolicy(nonce: string): string {
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
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
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
