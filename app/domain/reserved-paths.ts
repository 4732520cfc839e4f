/**
 * Top-level path segments the app uses or will use. Category pages live at /{categorySlug}, so a
 * category slug must never be one of these (it would shadow the page, or be shadowed by it).
 * Client-safe.
 */
export const RESERVED_TOP_LEVEL: ReadonlySet<string> = new Set([
  // pages and areas
  "about", "account", "admin", "all", "api", "auth", "build", "calculators", "cart", "checkout", "contact", "create-store",
  "dashboard", "email", "faq", "invitations", "favicon.ico", "favicon.svg", "featured", "forget-password", "healthz", "readyz",
  "language", "lite", "login", "logout", "media", "newsletter", "notifications", "orders", "payment", "privacy", "products",
  "claim-photo", "register", "reset-password", "return-photo", "robots.txt", "search", "secure-shopping", "shop", "sitemap.xml", "static", "stores",
  "terms", "users", "vendor", "wishlist",
  // build output and well-known files
  "assets", "_data", "manifest.json", "site.webmanifest", ".well-known", "apple-touch-icon.png",
]);

/** True when `slug` (as it would appear as the first path segment) is reserved, ignoring case. */
export function isReservedSlug(slug: string): boolean {
  const s = slug.trim().toLowerCase().replace(/^\/+|\/+$/g, "");
  if (!s) return true;
  let decoded = s;
  try {
    decoded = decodeURIComponent(s);
  } catch {
    // keep s
  }
  return RESERVED_TOP_LEVEL.has(s) || RESERVED_TOP_LEVEL.has(decoded) || decoded.startsWith(".") || decoded.startsWith("_");
}
