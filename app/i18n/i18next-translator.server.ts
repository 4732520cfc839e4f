/**
 * The server's Translator (./react): the page's i18next instance (~/i18n/i18next.server
 * createPageI18n), so what the server renders is i18next's own text, as with react-i18next.
 */
import type { i18n as I18n } from "i18next";
import { isLang, SERVER_ONLY_NAMESPACES } from "./languages";
import type { PageMessages } from "./page-messages";
import type { TFunction, Translator } from "./react";

/** Namespaces never sent to the browser (texts of e-mails and SMS, category names). */
const SERVER_ONLY = new Set<string>(SERVER_ONLY_NAMESPACES);

export function i18nextTranslator(i18n: I18n): Translator {
  return {
    get language() {
      return i18n.language;
    },
    getFixedT: (ns) => i18n.getFixedT(null, ns) as unknown as TFunction,
    exists: (key, options) => i18n.exists(key, options),
    interpolate: (text, data) => i18n.services.interpolator.interpolate(text, data, i18n.language, undefined as unknown as object),
    // The page's namespaces are bundled and loaded with the instance: nothing to wait for (a
    // namespace the page did not declare shows its keys, as it did with react-i18next).
    load: () => null,
    pageMessages() {
      const lang = isLang(i18n.language) ? i18n.language : "en";
      const namespaces = ([] as string[]).concat(i18n.options.ns ?? []).filter((ns) => !SERVER_ONLY.has(ns));
      const messages: PageMessages["messages"] = {};
      for (const ns of namespaces) {
        const bundle = i18n.getResourceBundle(lang, ns) as Record<string, unknown> | undefined;
        if (bundle) messages[ns] = bundle;
      }
      return { lang, messages };
    },
  };
}
