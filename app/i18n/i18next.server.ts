/**
 * Language detection and server-side translation (remix-i18next over i18next).
 *
 * The language is the footer switch's cookie when set, else the best match of the browser's
 * Accept-Language, else English. Message files are bundled into the server build (no file reads
 * per request). `tFor(lang, ns)` serves e-mails, SMS and WhatsApp texts, which are written for the
 * recipient's saved language rather than the current request's.
 */
import { createCookie, type EntryContext } from "@remix-run/node";
import { createInstance, type i18n as I18n } from "i18next";
import { seedPluralRules } from "./plurals";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, isLang, LANG_COOKIE, urlLang, LANGUAGES, NAMESPACES, OWN_PAGE_NAMESPACES, type Lang, type Namespace } from "./languages";
import { resources } from "./resources";
import { INTERPOLATION } from "./translate";
import { sayFormMessage } from "./form-messages";

export const langCookie = createCookie(LANG_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANG,
    cookie: langCookie,
    // The switch and the browser only: a `?lng=` link must not change a cached page's language.
    order: ["cookie", "header"],
  },
  i18next: { resources, fallbackLng: DEFAULT_LANG, supportedLngs: [...LANGUAGES], defaultNS: "common", interpolation: INTERPOLATION },
});

/**
 * The request's language: the page URL's `?lang=` (one URL per language, for search engines),
 * else the switch's cookie, else Accept-Language, else English.
 */
export async function resolveLanguage(request: Request): Promise<Lang> {
  return urlLang(request.url) ?? (await visitorLanguage(request));
}

/** The visitor's own language, whatever the URL asks: the switch's cookie, else Accept-Language, else English. */
export async function visitorLanguage(request: Request): Promise<Lang> {
  const lang = await i18nServer.getLocale(request);
  return isLang(lang) ? lang : DEFAULT_LANG;
}

/** A translator for one language and namespace, for texts not tied to a request (mail, SMS). */
export function tFor(lang: string | null | undefined, ns: Namespace) {
  return i18nServer.getFixedT(isLang(lang) ? lang : DEFAULT_LANG, ns);
}

/**
 * The language of a request known only by its headers (the page cache looks a page up before
 * Remix builds a Request): the visitor's own, as `visitorLanguage` (the page cache adds the URL's `?lang=`).
 */
export function languageOfHeaders(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Promise<Lang> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return visitorLanguage(new Request("http://localhost/", { headers }));
}

/**
 * The namespaces a document loads (and hands to the browser inline). remix-i18next's
 * getRouteNamespaces reads the `handle.i18n` of every route module of the build, not only the
 * page's, so a namespace any route declares rides on every page; that is kept as it is for the
 * shared ones, but an OWN_PAGE_NAMESPACES one (the information pages' `pages`) comes only when one
 * of the page's matched routes declares it.
 */
export function documentNamespaces(context: EntryContext): string[] {
  const declared = (routeId: string): string[] => {
    const i18n = (context.routeModules[routeId]?.handle as { i18n?: unknown } | undefined)?.i18n;
    return typeof i18n === "string" ? [i18n] : Array.isArray(i18n) ? i18n.filter((n): n is string => typeof n === "string") : [];
  };
  const own = new Set(context.staticHandlerContext.matches.flatMap((m) => declared(m.route.id)));
  const ownOnly = new Set<string>(OWN_PAGE_NAMESPACES);
  return i18nServer.getRouteNamespaces(context).filter((ns) => !ownOnly.has(ns) || own.has(ns));
}

/**
 * One i18next instance per rendered document, with the messages bundled (no backend, nothing read
 * per request): only the page's language, whose files are complete (tests/unit/i18n-keys.test.ts),
 * so no English is loaded beside it.
 */
export async function createPageI18n(lang: Lang, namespaces: readonly string[]): Promise<I18n> {
  const instance = createInstance();
  const ns = [...new Set(["common", ...namespaces])].filter((n): n is Namespace => (NAMESPACES as readonly string[]).includes(n));
  await instance.init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns,
    defaultNS: "common",
    resources: { [lang]: Object.fromEntries(ns.map((n) => [n, resources[lang][n]])) },
    interpolation: INTERPOLATION,
    initImmediate: false,
  });
  seedPluralRules(instance);
  return instance;
}

/** A translator in the request's language, for what loaders and actions write (titles, flashes). */
export async function requestT(request: Request, ns: Namespace) {
  return tFor(await resolveLanguage(request), ns);
}

/**
 * An English domain or API message in the request's language (as is when it is not a known one),
 * for the flashes actions write. Through this `.server` module, so a route's action does not put
 * the form messages' table in its page's first view.
 */
export async function requestFormMessage(request: Request, message: string, sayValue?: (name: string, value: string) => string): Promise<string> {
  return sayFormMessage(await requestT(request, "forms"), message, sayValue);
}
