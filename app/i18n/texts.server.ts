/**
 * Synchronous translators for texts written outside a request's rendering: e-mails, SMS and
 * WhatsApp parameters are composed inside database transactions by plain functions, so they need
 * a `t` at hand rather than `tFor`'s promise. One i18next instance over the bundled resources,
 * initialised synchronously once (nothing is loaded from disk).
 */
import i18next, { type TFunction } from "i18next";
import { DEFAULT_LANG, isLang, LANGUAGES, type Lang, type Namespace } from "./languages";
import { resources } from "./resources";
import { INTERPOLATION } from "./translate";

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.en),
  defaultNS: "common",
  initImmediate: false,
  interpolation: INTERPOLATION,
  returnNull: false,
});

/** The language a stored code stands for: unknown or empty means English. */
export const langOf = (code: string | null | undefined): Lang => (isLang(code) ? code : DEFAULT_LANG);

/** A translator for one language and namespace (English when `lang` is unknown or empty). */
export function textsFor(lang: string | null | undefined, ns: Namespace): TFunction {
  return instance.getFixedT(langOf(lang), ns);
}
