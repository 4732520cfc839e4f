/**
 * The storefront's languages. English is the default and the language of the API and the admin
 * pages; the others are for shoppers and for the seller's area (the store wizard and the store
 * pages done so far: `seller` namespace). Naira amounts stay en-NG in every language
 * (~/domain/money), dates are the reader's (./dates), and catalogue data stays as the vendor wrote it.
 *
 * Isomorphic and tiny: the footer switch and `<html lang>` use it in the browser too.
 */
export const LANGUAGES = ["en", "pcm", "yo", "ha", "ig"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "en";

/** Each language's name as its speakers write it (the footer switch shows these). */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: "English",
  pcm: "Naijá (Pidgin)",
  yo: "Yorùbá",
  ha: "Hausa",
  ig: "Igbo",
};

/** The cookie the footer switch sets (`POST /language`). */
export const LANG_COOKIE = "lang";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * One URL per language for search engines (issue 38 item 6): `?lang=yo` renders a page in that
 * language whatever the cookie or the browser says; the page's `hreflang` alternates and the
 * sitemap name each language's URL. Without it, the visitor's own language (cookie, browser).
 */
export const LANG_PARAM = "lang";

/** The language a URL asks for with `?lang=`, or null. */
export function urlLang(url: URL | string): Lang | null {
  const v = (typeof url === "string" ? new URL(url, "http://x") : url).searchParams.get(LANG_PARAM);
  return isLang(v) ? v : null;
}

/** `href` with `?lang=` set to `lang` (null: without it, the visitor's own language). */
export function withLangParam(href: string, lang: Lang | null): string {
  const u = new URL(href);
  u.searchParams.delete(LANG_PARAM);
  if (lang) u.searchParams.set(LANG_PARAM, lang);
  return u.toString();
}

/**
 * The namespaces of message files (app/i18n/messages/<lang>/<ns>.json). `email` and `sms` are
 * server-only (e-mails, SMS and WhatsApp texts); the others reach the browser for hydration.
 * `pages` holds the information pages' long texts (about, FAQ, privacy, ...), carried only by
 * the pages that declare it (OWN_PAGE_NAMESPACES); `calc` the project calculators' (/calculators).
 */
export const NAMESPACES = ["common", "shop", "checkout", "account", "orders", "forms", "email", "sms", "pages", "calc", "categories", "seller", "quotes"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces never sent to the browser: e-mail and SMS texts, and the category names, which the
 * loaders put into the data in the reader's language (~/storefront/catalog.server categoriesAnswer).
 */
export const SERVER_ONLY_NAMESPACES: readonly Namespace[] = ["email", "sms", "categories"];

/**
 * Namespaces a page carries only when one of its own routes declares it (the others ride on
 * every page: ~/i18n/i18next.server documentNamespaces). `pages` is the information pages' long
 * texts, tens of KB per language, which no other page needs; `calc` the calculators' formulas and words;
 * `seller` the seller's area (the store wizard /create-store and the store pages /stores/{slug}/...);
 * `quotes` the bulk quotes' pages (the buyer's, the store's, the invoices: issue 35).
 */
export const OWN_PAGE_NAMESPACES: readonly Namespace[] = ["pages", "calc", "seller", "quotes"];
