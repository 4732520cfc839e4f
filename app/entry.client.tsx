import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { browserTranslator } from "~/i18n/browser-translator";
import { PAGE_MESSAGES_ID, type PageMessages } from "~/i18n/page-messages";
import { TranslatorProvider } from "~/i18n/react";

/**
 * The page's messages come inline with the document (the same the server rendered with); a
 * namespace that a later page needs is fetched when that page is opened. While it loads, the
 * page's components suspend and the navigation (a transition) keeps showing the previous page,
 * so no key ever shows. The translator is our small one (~/i18n/translate), not i18next
 * (docs/decisions/0019-a-small-translator-in-the-browser.md).
 */
function pageMessages(): PageMessages {
  try {
    const text = document.getElementById(PAGE_MESSAGES_ID)?.textContent;
    if (text) return JSON.parse(text) as PageMessages;
  } catch {
    // fall through: English, fetched per namespace
  }
  return { lang: "en", messages: {} };
}

const translator = browserTranslator(pageMessages());

startTransition(() => {
  hydrateRoot(
    document,
    <TranslatorProvider value={translator}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslatorProvider>,
  );
});
