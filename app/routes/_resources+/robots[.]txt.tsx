/** /robots.txt: crawl the catalogue, not carts, accounts, checkout, the seller area or the API. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/storefront/catalog.server";

export function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /users",
    "Disallow: /stores",
    "Disallow: /create-store",
    "Disallow: /auth/",
    "Disallow: /admin",
    "Disallow: /logout",
    "Disallow: /lite",
    "Disallow: /*?*search=",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
