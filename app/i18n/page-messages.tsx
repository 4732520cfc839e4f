/**
 * The messages a page was rendered with, handed to the browser inline so hydration uses exactly
 * the server's texts without another request (entry.client.tsx reads them before hydrating).
 * Namespaces a later page needs are fetched then (`/language/{lang}/{ns}`, see entry.client.tsx).
 */
import { useTranslation } from "react-i18next";
import { isLang, type Lang } from "./languages";

export const PAGE_MESSAGES_ID = "i18n-messages";

export interface PageMessages {
  lang: Lang;
  messages: Record<string, Record<string, unknown>>;
}

/** Namespaces never sent to the browser (texts of e-mails and SMS). */
const SERVER_ONLY = new Set(["email", "sms"]);

/** JSON that cannot end the script element it sits in. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function PageMessagesScript({ nonce }: { nonce?: string }) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const namespaces = ([] as string[]).concat(i18n.options.ns ?? []).filter((ns) => !SERVER_ONLY.has(ns));
  const messages: PageMessages["messages"] = {};
  for (const ns of namespaces) {
    const bundle = i18n.getResourceBundle(lang, ns) as Record<string, unknown> | undefined;
    if (bundle) messages[ns] = bundle;
  }
  const data: PageMessages = { lang, messages };
  // The browser's copy re-renders the same element; its text is never run (JSON, not a script).
  return <script id={PAGE_MESSAGES_ID} type="application/json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}
