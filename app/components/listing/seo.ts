/** Per-page meta tags: title, description, canonical, OpenGraph and Twitter cards, JSON-LD. */
import type { MetaDescriptor } from "@remix-run/node";

export interface Seo {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** Absolute image URL (JPEG for link previews). */
  image?: string;
  imageAlt?: string;
  type?: "website" | "product";
  /** Extra OpenGraph tags, e.g. product:price:amount. */
  extra?: Record<string, string>;
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

export const SITE_NAME = "BuildMart NG";

/**
 * A route's `meta`: the tags its loader made with `seoMeta` (call it in the loader and return
 * them as `meta`), so the page's code carries none of this module but this function.
 */
export function routeMeta({ data }: { data?: { meta?: MetaDescriptor[] } }): MetaDescriptor[] {
  return data?.meta ?? [{ title: SITE_NAME }];
}

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: SITE_NAME }];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: seo.type === "product" ? "product" : "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
  ];
  if (seo.image) {
    tags.push(
      { property: "og:image", content: seo.image },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: "640" },
      { property: "og:image:height", content: "640" },
      { property: "og:image:alt", content: seo.imageAlt ?? seo.title },
      { name: "twitter:image", content: seo.image },
    );
  }
  for (const [property, content] of Object.entries(seo.extra ?? {})) tags.push({ property, content });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}

/** Plain text of at most n characters, cut at a word. */
export function excerpt(text: string, n = 155): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= n) return t;
  return `${t.slice(0, t.lastIndexOf(" ", n - 1) > 0 ? t.lastIndexOf(" ", n - 1) : n - 1)}…`;
}
