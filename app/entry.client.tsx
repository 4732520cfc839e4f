import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { seedPluralRules } from "~/i18n/plurals";
import { PAGE_MESSAGES_ID, type PageMessages } from "~/i18n/page-messages";

/**
 * The page's messages come inline with the document (the same the server rendered with); a
 * namespace that a later page needs is fetched when that page is opened. While it loads, the
 * page's components suspend and the navigation (a transition) keeps showing the previous page,
 * so no key ever shows.
 */
const fetchNamespace: BackendModule = {
  type: "backend",
  init() {},
  read(lang, ns, callback) {
    fetch(`/language/${encodeURIComponent(lang)}/${encodeURIComponent(ns)}`, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`messages ${lang}/${ns}: ${r.status}`))))
      .then((data) => callback(null, data), (err: Error) => callback(err, false));
  },
};

function pageMessages(): PageMessages {
  try {
    const text = document.getElementById(PAGE_MESSAGES_ID)?.textContent;
    if (text) return JSON.parse(text) as PageMessages;
  } catch {
    // fall through: English, fetched per namespace
  }
  return { lang: "en", messages: {} };
}

async function hydrate() {
  const { lang, messages } = pageMessages();
  await i18next
    .use(fetchNamespace)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      ns: Object.keys(messages),
      defaultNS: "common",
      resources: { [lang]: messages },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  seedPluralRules(i18next);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
