/** Per-page meta tags: title, description, canonical, OpenGraph and Twitter cards, JSON-LD. */
import type { MetaDescriptor } from "@remix-run/node";
import { LANGUAGES, urlLang, withLangParam, type Lang } from "~/i18n/languages";

/** OpenGraph's locale per language (language_TERRITORY). */
const OG_LOCALE: Record<Lang, string> = { en: "en_NG", pcm: "pcm_NG", yo: "yo_NG", ha: "ha_NG", ig: "ig_NG" };

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

/**
 * The page's tags. `request`: the page's own, for its language URL (`?lang=`, ~/i18n/languages):
 * the canonical is the page in the language it was asked in, and `hreflang` alternates name the
 * page in every language, plus `x-default` (no `?lang=`: the visitor's own language).
 */
export function seoMeta(seo: Seo | undefined, request?: Request): MetaDescriptor[] {
  if (!seo) return [{ title: SITE_NAME }];
  const asked = request ? urlLang(request.url) : null;
  const url = withLangParam(seo.url, asked);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: seo.type === "product" ? "product" : "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALE[asked ?? "en"] },
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
  else {
    for (const l of LANGUAGES) tags.push({ tagName: "link", rel: "alternate", hrefLang: l, href: withLangParam(seo.url, l) });
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: withLangParam(seo.url, null) });
  }
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}

/** Plain text of at most n characters, cut at a word. */
export function excerpt(text: string, n = 155): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= n) return t;
  return `${t.slice(0, t.lastIndexOf(" ", n - 1) > 0 ? t.lastIndexOf(" ", n - 1) : n - 1)}…`;
}
