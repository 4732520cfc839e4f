/**
 * The browser's Translator (./react): the page's inline messages (./page-messages), and a
 * namespace a later page needs fetched from `GET /language/{lang}/{ns}` when a component asks for
 * it (it suspends until then). Only the client entry imports this module.
 */
import type { PageMessages } from "./page-messages";
import type { TFunction, Translator } from "./react";
import { hasMessage, interpolate, tOptions, translate, type Bundles, type TOptions } from "./translate";

export function browserTranslator(page: PageMessages): Translator {
  const { lang } = page;
  const bundles: Bundles = { ...page.messages };
  const loading = new Map<string, Promise<void>>();

  const fetchNamespace = (ns: string): Promise<void> => {
    let p = loading.get(ns);
    if (!p) {
      p = fetch(`/language/${encodeURIComponent(lang)}/${encodeURIComponent(ns)}`, { credentials: "same-origin" })
        .then((r) => (r.ok ? (r.json() as Promise<Record<string, unknown>>) : Promise.reject(new Error(`messages ${lang}/${ns}: ${r.status}`))))
        // A namespace that cannot be fetched counts as loaded and empty (its keys show), as it did
        // with i18next: a failed request must not leave the page suspended for ever.
        .then(
          (data) => void (bundles[ns] = data),
          () => void (bundles[ns] = {}),
        );
      loading.set(ns, p);
    }
    return p;
  };

  return {
    language: lang,
    getFixedT(ns) {
      const t = ((key: string, options?: TOptions | string) => translate(bundles, lang, key, tOptions(options, ns))) as TFunction;
      t.ns = ns;
      return t;
    },
    exists: (key, options) => hasMessage(bundles, lang, key, tOptions(options, "common")),
    interpolate: (text, data) => interpolate(text, data),
    load(namespaces) {
      const missing = namespaces.filter((ns) => !bundles[ns]);
      return missing.length ? Promise.all(missing.map(fetchNamespace)) : null;
    },
    pageMessages: () => ({ lang, messages: page.messages }),
  };
}
