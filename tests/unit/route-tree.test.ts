/**
 * The storefront's route tree (remix.config.js + remix-flat-routes) against the reserved names:
 * every static first URL segment a route answers must be in RESERVED_TOP_LEVEL, so no category
 * slug (/{categorySlug}) can shadow a page or be shadowed by one. Also pins the URLs of the
 * route files that moved into area folders.
 */
import { UNSAFE_defineRoutes as defineRoutes } from "@remix-run/dev";
import { describe, expect, it } from "vitest";
import { RESERVED_TOP_LEVEL, isReservedSlug } from "~/domain/reserved-paths";
import config from "../../remix.config.js";

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  file: string;
}

async function routeTree(): Promise<Record<string, RouteEntry>> {
  return (await config.routes!(defineRoutes)) as Record<string, RouteEntry>;
}

function fullPath(routes: Record<string, RouteEntry>, r: RouteEntry): string {
  const parts: string[] = [];
  for (let cur: RouteEntry | undefined = r; cur; cur = cur.parentId ? routes[cur.parentId] : undefined) {
    if (cur.path) parts.unshift(cur.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

describe("route tree", () => {
  it("every static top-level segment is reserved", async () => {
    const routes = await routeTree();
    const segments = new Set<string>();
    for (const r of Object.values(routes)) {
      const first = fullPath(routes, r).split("/")[1];
      if (first && !first.startsWith(":") && first !== "*") segments.add(first);
    }
    // the tree was read (a broken config would make this test pass vacuously)
    expect(segments.size).toBeGreaterThan(15);
    for (const s of ["cart", "auth", "users", "logout", "api", "media", "sitemap.xml", "about"]) expect(segments).toContain(s);
    const missing = [...segments].filter((s) => !RESERVED_TOP_LEVEL.has(s) || !isReservedSlug(s));
    expect(missing).toEqual([]);
  });

  it("keeps every URL of the routes moved into area folders", async () => {
    const routes = await routeTree();
    const byFile = new Map(Object.values(routes).map((r) => [r.file.replace(/^routes\//, ""), fullPath(routes, r)]));
    expect(Object.fromEntries(byFile)).toMatchObject({
      "_shop+/_index.tsx": "/",
      "_shop+/$category._index.tsx": "/:category",
      "_shop+/$category.$productId._index.tsx": "/:category/:productId",
      "_shop+/$category.$productId.reviews.tsx": "/:category/:productId/reviews",
      "_shop+/cart.tsx": "/cart",
      "auth+/login.tsx": "/auth/login",
      "auth+/register.tsx": "/auth/register",
      "auth+/google.tsx": "/auth/google",
      "auth+/google.callback.tsx": "/auth/google/callback",
      "_auth+/logout.tsx": "/logout",
      "_auth+/forget-password.tsx": "/forget-password",
      "_auth+/reset-password.$uid.$token.tsx": "/reset-password/:uid/:token",
      "_auth+/email.verify.tsx": "/email/verify",
      "_auth+/email.confirm.$key.tsx": "/email/confirm/:key",
      "users+/_layout.tsx": "/users",
      "users+/_index.tsx": "/users",
      "users+/account.addresses.tsx": "/users/account/addresses",
      "users+/account.addresses.edit.tsx": "/users/account/addresses/edit",
      "users+/orders._index.tsx": "/users/orders",
      "users+/orders.$orderId.tsx": "/users/orders/:orderId",
      "users+/wishlist.tsx": "/users/wishlist",
      "admin+/_index.tsx": "/admin",
      "_pages+/about.tsx": "/about",
      "_pages+/contact.tsx": "/contact",
      "_pages+/faq.tsx": "/faq",
      "_pages+/privacy.tsx": "/privacy",
      "_pages+/terms.tsx": "/terms",
      "_pages+/secure-shopping.tsx": "/secure-shopping",
      "_resources+/media.$.tsx": "/media/*",
      "_resources+/sitemap[.]xml.tsx": "/sitemap.xml",
      "_resources+/robots[.]txt.tsx": "/robots.txt",
      "_resources+/lite.tsx": "/lite",
      "newsletter+/_index.tsx": "/newsletter", // a page too: a refused address without JavaScript
      "_resources+/api.v1.$.tsx": "/api/v1/*",
      "_resources+/api.v1._index.tsx": "/api/v1",
      "$.tsx": "/*",
    });
  });
});
