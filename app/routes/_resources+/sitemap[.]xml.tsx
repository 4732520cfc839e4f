/**
 * /sitemap.xml: home, every category and the published products (up to 45,000 URLs), from the API,
 * each with its page in every language (`?lang=`, ~/i18n/languages) as `hreflang` alternates and
 * `x-default` (the visitor's own language), as the pages' own `<link rel="alternate">` say.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCategories, productCanonicalPath, siteOrigin } from "~/storefront/catalog.server";
import { apiFor } from "~/storefront/api.server";
import type { ApiProduct, Paged } from "~/storefront/api-types";
import { LANGUAGES, withLangParam } from "~/i18n/languages";

const MAX_PRODUCT_PAGES = 450; // x 100 products; a sitemap holds at most 50,000 URLs

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const origin = siteOrigin(request);
  const categories = await loadCategories(api);
  const urls: Array<{ loc: string; lastmod?: string }> = [{ loc: `${origin}/` }, { loc: `${origin}/all` }, { loc: `${origin}/featured` }];
  for (const c of categories) urls.push({ loc: `${origin}/${c.slug}` });
  for (let page = 1; page <= MAX_PRODUCT_PAGES; page++) {
    const r = await api.get<Paged<ApiProduct>>(
      `/products/?page=${page}&page_size=100&ordering=created_at`,
      { auth: false },
    );
    if (!r.ok) break;
    for (const p of r.data.results) urls.push({ loc: `${origin}${productCanonicalPath(p)}`, lastmod: p.created_at.slice(0, 10) });
    if (!r.data.next) break;
  }
  const alternates = (loc: string) =>
    [...LANGUAGES.map((l) => [l, withLangParam(loc, l)]), ["x-default", loc]].map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(href)}"/>`).join("");
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    urls.map((u) => `  <url><loc>${esc(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}${alternates(u.loc)}</url>`).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
